// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace placement {

/// The items of a comma-separated option value ("titan,theta"), in order.
inline std::vector<std::string> splitCommaList(const std::string& text)
{
    std::vector<std::string> parts;
    std::istringstream stream(text);
    for (std::string part; std::getline(stream, part, ',');)
        parts.push_back(part);
    return parts;
}

} // namespace placement
