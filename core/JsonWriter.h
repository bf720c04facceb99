// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace placement {

/// A small streaming JSON writer (RFC 8259) for reports: objects, arrays, strings, numbers,
/// booleans, null, indented two spaces. Non-finite numbers are written as null.
class JsonWriter
{
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    /// The key of the next value inside an object.
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(double number);
    JsonWriter& value(std::int64_t number);
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    JsonWriter& value(bool flag);
    JsonWriter& null();

    /// The document; throws std::logic_error while an object or array is still open.
    std::string str() const;

private:
    void beforeValue();
    JsonWriter& close(char bracket);
    void newline();

    std::string m_out;
    std::vector<bool> m_first; ///< per open container: nothing written in it yet
    bool m_afterKey = false;
};

} // namespace placement
