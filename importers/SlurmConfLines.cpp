// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmConfLines.h"

#include "importers/ImportedJob.h"
#include "importers/LineReader.h"

namespace placement {
namespace {

/// Cuts at the first '#' not escaped by an odd number of backslashes.
std::string_view withoutComment(std::string_view text)
{
    std::size_t backslashes = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '#' && backslashes % 2 == 0)
            return text.substr(0, i);
        backslashes = text[i] == '\\' ? backslashes + 1 : 0;
    }
    return text;
}

std::string withoutEscapes(const std::string& text)
{
    std::string plain;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size())
            ++i;
        plain += text[i];
    }
    return plain;
}

} // namespace

bool nextSlurmConfLine(LineReader& reader, SlurmConfLine& logical)
{
    LineReader::Line line;
    logical = {};
    while (reader.next(line)) {
        if (line.overlong)
            throw ImportError(reader.path(), line.number, "line too long");
        if (logical.number == 0)
            logical.number = line.number;
        std::string_view text = withoutComment(line.text);
        std::size_t trailing = 0;
        while (trailing < text.size() && text[text.size() - 1 - trailing] == '\\')
            ++trailing;
        logical.text += text.substr(0, text.size() - (trailing % 2));
        if (trailing % 2 == 0) {
            logical.text = withoutEscapes(logical.text);
            return true;
        }
    }
    if (!reader.error().empty())
        throw ImportError(reader.path(), line.number + 1, "unreadable data (" + reader.error() + ")");
    if (logical.number != 0) { // a continuation at the end of the file
        logical.text = withoutEscapes(logical.text);
        return true;
    }
    return false;
}

std::vector<std::pair<std::string, std::string>> slurmConfPairs(const SlurmConfLine& line, const std::string& path)
{
    std::vector<std::pair<std::string, std::string>> pairs;
    const std::string& text = line.text;
    std::size_t at = 0;
    const auto isBlank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (true) {
        while (at < text.size() && isBlank(text[at]))
            ++at;
        if (at == text.size())
            return pairs;
        std::size_t end = at;
        while (end < text.size() && !isBlank(text[end]) && text[end] != '=')
            ++end;
        if (end == text.size() || text[end] != '=' || end == at) {
            while (end < text.size() && !isBlank(text[end]))
                ++end;
            throw ImportError(path, line.number, "expected Key=Value, found '" + text.substr(at, end - at) + "'");
        }
        std::string key = text.substr(at, end - at);
        at = end + 1;
        if (at < text.size() && text[at] == '"') {
            end = text.find('"', at + 1);
            if (end == std::string::npos)
                throw ImportError(path, line.number, "unterminated quote in " + key + "=");
            pairs.emplace_back(std::move(key), text.substr(at + 1, end - at - 1));
            at = end + 1;
        } else {
            end = at;
            while (end < text.size() && !isBlank(text[end]))
                ++end;
            pairs.emplace_back(std::move(key), text.substr(at, end - at));
            at = end;
        }
    }
}

} // namespace placement
