// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "SlurmAucsched3.h"

#include "importers/Hostlist.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace placement {

namespace {

std::vector<std::string> splitBars(const std::string& line)
{
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '|'))
        fields.push_back(field);
    if (!line.empty() && line.back() == '|')
        fields.emplace_back();
    return fields;
}

/// "2026-11-28T05:30:00" in UTC (the cluster's clients run with TZ=UTC).
std::int64_t parseUtc(const std::string& text, const std::string& where)
{
    std::tm tm{};
    std::istringstream in(text);
    in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%S");
    if (in.fail())
        throw std::runtime_error(where + ": '" + text + "' is not a time (YYYY-MM-DDTHH:MM:SS)");
    return static_cast<std::int64_t>(timegm(&tm));
}

int parseCount(const std::string& text, const std::string& where, const char* what)
{
    size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty() || value < 0)
        throw std::runtime_error(where + ": " + what + " '" + text + "' is not a count");
    return value;
}

/// gres/gpu=N in an AllocTRES list ("billing=32,cpu=32,gres/gpu=6,node=2"), 0 without one.
int allocatedGpus(const std::string& tres, const std::string& where)
{
    std::istringstream in(tres);
    std::string item;
    while (std::getline(in, item, ','))
        if (item.rfind("gres/gpu=", 0) == 0)
            return parseCount(item.substr(9), where, "gres/gpu");
    return 0;
}

} // namespace

SlurmRun readSlurmRun(const std::string& path, const std::vector<CoreJob>& jobs, const Topology& topology,
                      double timeScale)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot be read");
    std::unordered_map<std::string, int> byId;
    for (size_t i = 0; i < jobs.size(); ++i)
        byId.emplace(jobs[i].id, static_cast<int>(i));
    std::unordered_map<std::string, int> nodeByName;
    for (int node = 0; node < topology.nodeCount(); ++node)
        nodeByName.emplace(topology.nodeName(node), node);

    struct Record
    {
        int job;
        std::int64_t start;
        std::int64_t end;
        std::vector<int> nodes;
        int gpus;
    };
    std::vector<Record> records;
    SlurmRun run;
    run.result.jobs.resize(jobs.size());
    std::vector<char> seen(jobs.size(), 0);
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string where = path + ":" + std::to_string(number);
        if (line.empty())
            continue;
        const std::vector<std::string> f = splitBars(line);
        if (f.size() != 9)
            throw std::runtime_error(where + ": " + std::to_string(f.size())
                                     + " fields, expected 9 (JobName|Eligible|Start|End|NCPUS|NNodes|NodeList|"
                                       "AllocTRES|State)");
        const size_t dash = f[0].rfind("-j");
        const auto id = byId.find(dash == std::string::npos ? std::string() : f[0].substr(dash + 2));
        if (f[0].rfind("a3-", 0) != 0 || id == byId.end())
            throw std::runtime_error(where + ": job name '" + f[0] + "' is not a job of this workload");
        const int job = id->second;
        if (seen[static_cast<size_t>(job)])
            throw std::runtime_error(where + ": job '" + f[0] + "' is listed twice");
        seen[static_cast<size_t>(job)] = 1;
        ++run.records;
        first = std::min(first, parseUtc(f[1], where));
        if (f[8] != "COMPLETED") {
            ++run.notCompleted;
            continue;
        }
        Record record{job, parseUtc(f[2], where), parseUtc(f[3], where), {}, 0};
        for (const std::string& name : expandHostlist(f[6])) {
            const auto node = nodeByName.find(name);
            if (node == nodeByName.end())
                throw std::runtime_error(where + ": node '" + name + "' is not on the machine");
            record.nodes.push_back(node->second);
        }
        std::sort(record.nodes.begin(), record.nodes.end());
        const int count = static_cast<int>(record.nodes.size());
        if (count == 0 || count != parseCount(f[5], where, "NNodes"))
            throw std::runtime_error(where + ": NodeList '" + f[6] + "' does not hold NNodes " + f[5] + " nodes");
        const ResourceRequest& asked = jobs[static_cast<size_t>(job)].request;
        run.differentCpus += parseCount(f[4], where, "NCPUS") != asked.cores;
        run.differentNodes += asked.nodes > 0 && count != asked.nodes;
        record.gpus = allocatedGpus(f[7], where);
        run.differentGpus += record.gpus != asked.gpusPerNode * count;
        records.push_back(std::move(record));
    }
    for (const Record& record : records) {
        const CoreJob& job = jobs[static_cast<size_t>(record.job)];
        CoreSimulatedJob& placed = run.result.jobs[static_cast<size_t>(record.job)];
        placed.start = job.submit + std::llround(static_cast<double>(record.start - first) * timeScale);
        placed.end = placed.start + job.runTime;
        run.meanExtraSeconds
            += static_cast<double>(record.end - record.start) * timeScale - static_cast<double>(job.runTime);
        const int count = static_cast<int>(record.nodes.size());
        placed.grant.nodes = record.nodes;
        for (int k = 0; k < count; ++k) {
            placed.grant.cores.push_back(job.request.cores / count + (k < job.request.cores % count ? 1 : 0));
            placed.grant.gpus.push_back(record.gpus / count);
        }
    }
    if (!records.empty())
        run.meanExtraSeconds /= static_cast<double>(records.size());
    return run;
}

} // namespace placement
