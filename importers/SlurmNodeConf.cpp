// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmNodeConf.h"

#include "core/SwitchTreeTopology.h"
#include "importers/Hostlist.h"
#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/SlurmConfLines.h"
#include "importers/TextFields.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <unordered_map>

namespace placement {
namespace {

struct Reading
{
    std::vector<SlurmConfNode> nodes;
    std::unordered_map<std::string, std::size_t> indexOf;
    std::uint32_t defaultWeight = 1;
    int defaultCpus = -1, defaultGpus = -1;
    int defaultSockets = -1, defaultCores = -1, defaultThreads = -1;
    std::vector<std::string> open; ///< the files being read, outermost first (include loops)
};

std::uint32_t parseWeight(const std::string& value, const SlurmConfLine& line, const std::string& path)
{
    const std::optional<std::int64_t> weight = parseInteger(value);
    // Slurm keeps weights as uint32_t, INFINITE (0xffffffff) being reserved.
    if (!weight || *weight < 0 || *weight >= std::numeric_limits<std::uint32_t>::max())
        throw ImportError(path, line.number, "Weight=" + value + " is not a whole number from 0 to 4294967294");
    return static_cast<std::uint32_t>(*weight);
}

int parseCount(const std::string& key, const std::string& value, const SlurmConfLine& line, const std::string& path)
{
    const std::optional<std::int64_t> count = parseInteger(value);
    if (!count || *count < 1 || *count > 1'000'000)
        throw ImportError(path, line.number, key + "=" + value + " is not a whole number from 1 to 1000000");
    return static_cast<int>(*count);
}

/// The GPUs a `Gres=` value gives: the counts of its `gpu` entries ("gpu:3",
/// "gpu:tesla:2,gpu:a100:4(S:0-1)", "mps:100,gpu:1"). An entry without a count is one.
int parseGpus(const std::string& value, const SlurmConfLine& line, const std::string& path)
{
    int gpus = 0;
    for (std::string_view entry : splitAll(value, ",")) {
        entry = trimmed(entry);
        if (const std::size_t paren = entry.find('('); paren != std::string_view::npos)
            entry = entry.substr(0, paren);
        const std::vector<std::string_view> parts = splitAll(entry, ":");
        if (parts.empty() || !equalsIgnoringCase(parts.front(), "gpu"))
            continue;
        if (parts.size() == 1) {
            ++gpus;
            continue;
        }
        const std::optional<std::int64_t> count = parseInteger(parts.back());
        if (parts.size() == 2 && !count) { // gpu:tesla, a type without a count: one
            ++gpus;
            continue;
        }
        if (!count || *count < 0 || *count > 1'000'000)
            throw ImportError(path, line.number, "Gres=" + value + ": a gpu entry's count is not a whole number");
        gpus += static_cast<int>(*count);
    }
    return gpus;
}

void readNodeLine(Reading& reading, const SlurmConfLine& line, const std::string& path)
{
    std::string names;
    std::optional<std::uint32_t> weight;
    int cpus = -1, gpus = -1, sockets = -1, cores = -1, threads = -1;
    for (const auto& [key, value] : slurmConfPairs(line, path)) {
        if (equalsIgnoringCase(key, "NodeName"))
            names = value;
        else if (equalsIgnoringCase(key, "Weight"))
            weight = parseWeight(value, line, path);
        else if (equalsIgnoringCase(key, "CPUs") || equalsIgnoringCase(key, "Procs"))
            cpus = parseCount("CPUs", value, line, path);
        else if (equalsIgnoringCase(key, "Sockets"))
            sockets = parseCount("Sockets", value, line, path);
        else if (equalsIgnoringCase(key, "CoresPerSocket"))
            cores = parseCount("CoresPerSocket", value, line, path);
        else if (equalsIgnoringCase(key, "ThreadsPerCore"))
            threads = parseCount("ThreadsPerCore", value, line, path);
        else if (equalsIgnoringCase(key, "Gres"))
            gpus = parseGpus(value, line, path);
    }
    if (equalsIgnoringCase(names, "DEFAULT")) {
        if (weight)
            reading.defaultWeight = *weight;
        for (auto [given, kept] : {std::pair{cpus, &reading.defaultCpus}, std::pair{gpus, &reading.defaultGpus},
                                   std::pair{sockets, &reading.defaultSockets}, std::pair{cores, &reading.defaultCores},
                                   std::pair{threads, &reading.defaultThreads}})
            if (given >= 0)
                *kept = given;
        return;
    }
    const auto orDefault = [](int value, int fallback) { return value >= 0 ? value : fallback; };
    cpus = orDefault(cpus, reading.defaultCpus);
    gpus = orDefault(gpus, reading.defaultGpus);
    sockets = orDefault(sockets, reading.defaultSockets);
    cores = orDefault(cores, reading.defaultCores);
    threads = orDefault(threads, reading.defaultThreads);
    if (cpus < 0 && (sockets > 0 || cores > 0 || threads > 0)) // Slurm's default for CPUs=
        cpus = std::max(sockets, 1) * std::max(cores, 1) * std::max(threads, 1);
    std::vector<std::string> expanded;
    try {
        expanded = expandHostlist(names);
    } catch (const HostlistError& error) {
        throw ImportError(path, line.number, "bad hostlist in NodeName= (" + std::string(error.what()) + ")");
    }
    for (std::string& name : expanded) {
        if (const auto [at, added] = reading.indexOf.emplace(name, reading.nodes.size()); !added) {
            const SlurmConfNode& first = reading.nodes[at->second];
            throw ImportError(path, line.number,
                              "node '" + name + "' already defined on line " + std::to_string(first.line)
                                  + (first.file == path ? std::string() : " of " + first.file));
        }
        reading.nodes.push_back(
            {std::move(name), weight.value_or(reading.defaultWeight), cpus, gpus, path, line.number});
    }
}

void readFile(Reading& reading, const std::string& path)
{
    reading.open.push_back(path);
    LineReader reader(path);
    SlurmConfLine line;
    while (nextSlurmConfLine(reader, line)) {
        const std::string_view text = trimmed(line.text);
        if (text.size() > 8 && equalsIgnoringCase(text.substr(0, 7), "include")
            && (text[7] == ' ' || text[7] == '\t')) {
            std::filesystem::path included(std::string(trimmed(text.substr(8))));
            if (included.is_relative())
                included = std::filesystem::path(path).parent_path() / included;
            if (std::find(reading.open.begin(), reading.open.end(), included.string()) != reading.open.end())
                throw ImportError(path, line.number, "Include " + included.string() + " includes itself");
            try {
                readFile(reading, included.string());
            } catch (const ImportError& error) {
                if (error.file != included.string() || error.line != 0)
                    throw; // a problem inside the included file, reported where it is
                throw ImportError(path, line.number, std::string("Include: ") + error.what());
            }
            continue;
        }
        const std::size_t equals = text.find('=');
        if (equals != std::string_view::npos && equalsIgnoringCase(trimmed(text.substr(0, equals)), "NodeName"))
            readNodeLine(reading, line, path);
    }
    reading.open.pop_back();
}

} // namespace

std::vector<SlurmConfNode> readSlurmConfNodes(const std::string& path)
{
    Reading reading;
    readFile(reading, path);
    if (reading.nodes.empty())
        throw ImportError(path, 0, "no NodeName= lines defining nodes");
    return std::move(reading.nodes);
}

void applySlurmNodeOrder(ImportedMachine& machine, const std::vector<SlurmConfNode>& nodes, const std::string& path)
{
    const auto* tree = dynamic_cast<const SwitchTreeTopology*>(machine.topology.get());
    if (!tree)
        return;
    std::unordered_map<std::string, std::size_t> position;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        position.emplace(nodes[i].name, i);
    // Slurm's order: weight, then index in slurm.conf; undefined nodes last.
    const auto key = [&](const std::string& name) {
        const auto found = position.find(name);
        return found == position.end()
            ? std::pair<std::uint64_t, std::size_t>(std::uint64_t{1} << 32, 0)
            : std::pair<std::uint64_t, std::size_t>(nodes[found->second].weight, found->second);
    };
    std::vector<std::string> undefined;
    int moved = 0;
    auto first = machine.nodeNames.begin();
    for (int count : tree->nodesPerSwitch()) { // nodes are numbered switch by switch
        const auto last = first + count;
        std::vector<std::string> before(first, last);
        std::stable_sort(first, last, [&](const std::string& a, const std::string& b) { return key(a) < key(b); });
        for (auto at = first; at != last; ++at) {
            moved += *at != before[static_cast<std::size_t>(at - first)];
            if (!position.count(*at))
                undefined.push_back(*at);
        }
        first = last;
    }
    const std::string file = std::filesystem::path(path).filename().string();
    if (moved > 0)
        machine.notes.push_back("nodes ordered within their leaf switches as Slurm orders them (Weight=, then "
                                "position in "
                                + file + "): " + std::to_string(moved) + " of "
                                + std::to_string(machine.nodeNames.size()) + " nodes moved");
    if (!undefined.empty())
        machine.notes.push_back(file + " does not define " + std::to_string(undefined.size())
                                + " of the topology's nodes (first: " + undefined.front()
                                + "); they follow the others of their leaf");
}

} // namespace placement
