// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/NodeNameIndex.h"
#include "tests/support/ParsedLog.h"

#include <QRegularExpression>

#include <set>

namespace placement::test {

/// Parses `path` twice, with node names (as before) and with ImportOptions::nodeIndex set to
/// a machine that has every other node name of the file (in reverse order, so that indices
/// are not positions in the file), and returns the first difference: other jobs, other
/// issues, or resolved nodes that are not the named ones looked up. Empty when none.
inline QString differenceOfResolvedAndNamed(const QString& path, LogFormat format, ImportOptions options = {})
{
    const ParsedLog named = parseLog(path, format, options);
    std::set<std::string> distinct;
    for (const ImportedJob& job : named.jobs)
        distinct.insert(job.nodeNames.begin(), job.nodeNames.end());
    std::vector<std::string> machine;
    bool keep = true;
    for (auto it = distinct.rbegin(); it != distinct.rend(); ++it, keep = !keep)
        if (keep)
            machine.push_back(*it);
    machine.push_back("spare1");
    const NodeNameIndex index(machine);
    options.nodeIndex = &index;
    const ParsedLog resolved = parseLog(path, format, options);

    if (issuesOf(resolved) != issuesOf(named))
        return QStringLiteral("issues: ") + issuesOf(resolved).join('\n') + " instead of " + issuesOf(named).join('\n');
    if (resolved.jobs.size() != named.jobs.size())
        return QStringLiteral("%1 jobs instead of %2").arg(resolved.jobs.size()).arg(named.jobs.size());
    // describe() lists node names ("on=...") only when they are not resolved.
    static const QRegularExpression names(QStringLiteral(" on=[^ ]*"));
    for (std::size_t i = 0; i < named.jobs.size(); ++i) {
        const ImportedJob& a = resolved.jobs[i];
        const ImportedJob& b = named.jobs[i];
        const QString describedA = QString::fromStdString(describe(a));
        const QString describedB = QString::fromStdString(describe(b)).remove(names);
        if (describedA != describedB)
            return describedA + " instead of " + describedB;
        std::vector<int> nodes;
        std::vector<std::string> unknown;
        for (const std::string& name : b.nodeNames) {
            const int node = index.find(name);
            if (node < 0)
                unknown.push_back(name);
            else
                nodes.push_back(node);
        }
        if (!a.nodesResolved || a.nodes != nodes || a.unknownNodeNames != unknown
            || a.nodeNameCount() != b.nodeNameCount())
            return QStringLiteral("line %1: other nodes").arg(b.line);
    }
    return {};
}

} // namespace placement::test
