// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLog.h"
#include "importers/JobLogParser.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace placement::test {

/// What parseJobLog() delivered for one file: the jobs and the summary.
struct ParsedLog
{
    std::vector<ImportedJob> jobs;
    ImportSummary summary;
};

inline ParsedLog parseLog(const QString& path, LogFormat format, const ImportOptions& options = {})
{
    ParsedLog parsed;
    parsed.summary = parseJobLog(path.toStdString(), format, options,
                                 [&](ImportedJob&& job) { parsed.jobs.push_back(std::move(job)); });
    return parsed;
}

/// "line: describe(job)" for every job.
inline QStringList describeAll(const ParsedLog& parsed)
{
    QStringList lines;
    for (const ImportedJob& job : parsed.jobs)
        lines << QString::number(job.line) + QStringLiteral(": ") + QString::fromStdString(describe(job));
    return lines;
}

/// "line: reason" for every rejected line.
inline QStringList issuesOf(const ParsedLog& parsed)
{
    QStringList lines;
    for (const ImportIssue& issue : parsed.summary.issues)
        lines << QString::number(issue.line) + QStringLiteral(": ") + QString::fromStdString(issue.reason);
    return lines;
}

/// A job as describe() writes it, or a rejection as parseJobLog words it.
inline QString outcomeOf(const LineOutcome& outcome)
{
    switch (outcome.kind) {
    case LineOutcome::Kind::Job: return QString::fromStdString(describe(outcome.job));
    case LineOutcome::Kind::Rejected:
        return QString::fromStdString(outcome.detail.empty() ? outcome.category
                                                             : outcome.category + " (" + outcome.detail + ")");
    case LineOutcome::Kind::Ignored: return QStringLiteral("ignored: ") + QString::fromStdString(outcome.category);
    case LineOutcome::Kind::Nothing: break;
    }
    return QStringLiteral("nothing");
}

} // namespace placement::test
