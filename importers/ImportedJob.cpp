// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/ImportedJob.h"

#include "importers/TextFields.h"

namespace placement {

const char* logFormatName(LogFormat format)
{
    switch (format) {
    case LogFormat::Sacct: return "sacct";
    case LogFormat::Jobcomp: return "jobcomp";
    case LogFormat::Moab: return "moab";
    case LogFormat::Torque: return "torque";
    case LogFormat::Swf: return "swf";
    }
    return "unknown";
}

std::size_t ImportSummary::rejectedLines() const
{
    std::size_t total = 0;
    for (const auto& [reason, count] : skippedByReason)
        total += count;
    return total;
}

ImportError::ImportError(std::string path, std::size_t lineNumber, const std::string& reason)
    : std::runtime_error(path + (lineNumber ? ":" + std::to_string(lineNumber) : std::string()) + ": " + reason)
    , file(std::move(path))
    , line(lineNumber)
{}

std::string describe(const ImportedJob& job)
{
    std::string text = job.id;
    const auto add = [&](const char* key, const std::string& value) {
        if (!value.empty())
            text += std::string(" ") + key + "=" + value;
    };
    const auto addTime = [&](const char* key, const std::optional<std::int64_t>& time) {
        if (time)
            add(key, formatIsoUtc(*time));
    };
    const auto addCount = [&](const char* key, int count) {
        if (count >= 0)
            add(key, std::to_string(count));
    };
    add("user", job.user);
    add("account", job.account);
    add("partition", job.partition);
    add("qos", job.qos);
    add("state", job.state);
    if (job.exitCode)
        add("exit", std::to_string(*job.exitCode));
    addTime("submit", job.submit);
    addTime("eligible", job.eligible);
    addTime("start", job.start);
    addTime("end", job.end);
    if (job.timeLimit)
        add("limit", std::to_string(*job.timeLimit));
    addCount("reqNodes", job.requestedNodes);
    addCount("reqCpus", job.requestedCpus);
    addCount("nodes", job.allocatedNodes);
    addCount("cpus", job.allocatedCpus);
    std::string names;
    for (const std::string& name : job.nodeNames)
        names += (names.empty() ? "" : ",") + name;
    add("on", names);
    add("name", job.name); // last: it may contain spaces
    return text;
}

} // namespace placement
