// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

#include <string>
#include <vector>

namespace placement::test {

/// Names as a QStringList, for QCOMPARE against expected lists.
inline QStringList toList(const std::vector<std::string>& names)
{
    QStringList list;
    for (const std::string& name : names)
        list << QString::fromStdString(name);
    return list;
}

} // namespace placement::test
