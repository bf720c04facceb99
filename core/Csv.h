// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace placement {

/// Comma-separated values as RFC 4180 writes them: fields joined by commas, records ended by
/// CRLF; a field holding a comma, a double quote, CR or LF is enclosed in double quotes, its
/// double quotes doubled. Any other field is written as it is (spaces included).
std::string csvField(std::string_view text);
/// One record, CRLF included.
std::string csvRecord(const std::vector<std::string>& fields);

/// Reads RFC 4180 text back into records of fields. Lenient where the RFC allows senders
/// to differ: records may end with LF alone, the last one with nothing. Throws
/// std::invalid_argument (naming the record) for a quote inside an unquoted field, text
/// after a closing quote, or a quoted field that never closes.
std::vector<std::vector<std::string>> parseCsv(std::string_view text);

} // namespace placement
