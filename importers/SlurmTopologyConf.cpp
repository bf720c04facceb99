// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmTopologyConf.h"

#include "core/SwitchTreeTopology.h"
#include "importers/Hostlist.h"
#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/SlurmBlockConf.h"
#include "importers/SlurmConfLines.h"
#include "importers/SwitchGroups.h"
#include "importers/TextFields.h"

#include <algorithm>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

namespace placement {
namespace {

/// "a, b, c" or, for long lists, "a, b, ..., z": notes and group names stay one line.
std::string abbreviatedList(const std::vector<std::string>& names, const char* separator)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names.size() > 4 && i == 2) {
            text += separator + std::string("...");
            i = names.size() - 1;
        }
        text += (i ? separator : "") + names[i];
    }
    return text;
}

struct SwitchLine
{
    std::string name;
    std::size_t line = 0;
    std::vector<std::string> nodes;
    std::vector<std::string> childNames;
    std::vector<int> children;
};

std::vector<std::string> expand(const std::string& value, const char* key, const SlurmConfLine& line,
                                const std::string& path)
{
    try {
        return expandHostlist(value);
    } catch (const HostlistError& error) {
        throw ImportError(path, line.number, std::string("bad hostlist in ") + key + "= (" + error.what() + ")");
    }
}

SwitchLine parseSwitchLine(const SlurmConfLine& line, const std::string& path)
{
    SwitchLine entry;
    entry.line = line.number;
    bool seen[4] = {false, false, false, false};
    for (auto& [key, value] : slurmConfPairs(line, path)) {
        static const char* const known[] = {"SwitchName", "Nodes", "Switches", "LinkSpeed"};
        int which = -1;
        for (int k = 0; k < 4; ++k)
            if (equalsIgnoringCase(key, known[k]))
                which = k;
        if (which < 0) {
            for (const char* other : {"BlockName", "BlockSizes"})
                if (equalsIgnoringCase(key, other))
                    throw ImportError(path, line.number,
                                      key
                                          + "= in a file of SwitchName= lines: topology/tree and topology/block are "
                                            "separate plugins (topology.yaml can hold both)");
            if (equalsIgnoringCase(key, "RingName"))
                throw ImportError(path, line.number, key + "= belongs to topology/ring, which is not read");
            throw ImportError(path, line.number, "unknown key '" + key + "'");
        }
        if (seen[which])
            throw ImportError(path, line.number, std::string(known[which]) + "= given twice");
        seen[which] = true;
        if (which == 0)
            entry.name = value;
        else if (which == 1)
            entry.nodes = expand(value, "Nodes", line, path);
        else if (which == 2)
            entry.childNames = expand(value, "Switches", line, path);
    }
    if (!seen[0])
        throw ImportError(path, line.number, "no SwitchName=");
    if (entry.name.empty())
        throw ImportError(path, line.number, "empty SwitchName=");
    // Switches= is a hostlist, so a name with these characters could never be referenced.
    if (entry.name.find_first_of("[],") != std::string::npos)
        throw ImportError(path, line.number, "switch name '" + entry.name + "' contains '[', ']' or ','");
    return entry;
}

void resolveChildren(std::vector<SwitchLine>& switches, const std::string& path)
{
    std::unordered_map<std::string, int> indexOf;
    for (std::size_t s = 0; s < switches.size(); ++s)
        indexOf.emplace(switches[s].name, static_cast<int>(s));
    for (SwitchLine& entry : switches) {
        std::unordered_set<std::string> listed;
        for (const std::string& child : entry.childNames) {
            const auto found = indexOf.find(child);
            if (found == indexOf.end())
                throw ImportError(path, entry.line, "switch '" + child + "' in Switches= is not defined");
            if (!listed.insert(child).second)
                throw ImportError(path, entry.line, "switch '" + child + "' listed twice in Switches=");
            entry.children.push_back(found->second);
        }
    }
}

/// Depth-first in file order; the first back edge found is reported at the line of the
/// switch whose Switches= closes the cycle.
void rejectCycles(const std::vector<SwitchLine>& switches, const std::string& path)
{
    std::vector<int> state(switches.size(), 0); // 0 unseen, 1 on the current path, 2 done
    std::vector<std::pair<int, std::size_t>> stack; // switch, next child
    for (std::size_t start = 0; start < switches.size(); ++start) {
        if (state[start] != 0)
            continue;
        stack.emplace_back(static_cast<int>(start), 0);
        state[start] = 1;
        while (!stack.empty()) {
            auto& [s, next] = stack.back();
            const SwitchLine& entry = switches[static_cast<std::size_t>(s)];
            if (next == entry.children.size()) {
                state[static_cast<std::size_t>(s)] = 2;
                stack.pop_back();
                continue;
            }
            const int child = entry.children[next++];
            if (state[static_cast<std::size_t>(child)] == 1) {
                std::string cycle;
                bool onCycle = false;
                for (const auto& [member, ignored] : stack) {
                    onCycle = onCycle || member == child;
                    if (onCycle)
                        cycle += switches[static_cast<std::size_t>(member)].name + " -> ";
                }
                throw ImportError(path, entry.line,
                                  "switch cycle " + cycle + switches[static_cast<std::size_t>(child)].name);
            }
            if (state[static_cast<std::size_t>(child)] == 0) {
                state[static_cast<std::size_t>(child)] = 1;
                stack.emplace_back(child, 0);
            }
        }
    }
}

} // namespace

ImportedMachine readSlurmTopologyConf(const std::string& path)
{
    std::vector<SlurmConfLine> lines;
    {
        LineReader reader(path);
        SlurmConfLine line;
        while (nextSlurmConfLine(reader, line))
            if (!trimmed(line.text).empty())
                lines.push_back(line);
    }
    if (!lines.empty() && isSlurmBlockLine(lines.front(), path))
        return readSlurmBlockConf(lines, path);
    return readSlurmTreeConf(lines, path);
}

ImportedMachine readSlurmTreeConf(const std::vector<SlurmConfLine>& lines, const std::string& path)
{
    std::vector<SwitchLine> switches;
    std::unordered_map<std::string, std::size_t> lineOfSwitch, lineOfNode;
    for (const SlurmConfLine& line : lines) {
        SwitchLine entry = parseSwitchLine(line, path);
        if (const auto [at, added] = lineOfSwitch.emplace(entry.name, line.number); !added)
            throw ImportError(path, line.number,
                              "switch '" + entry.name + "' already defined on line " + std::to_string(at->second));
        for (const std::string& node : entry.nodes)
            if (const auto [at, added] = lineOfNode.emplace(node, line.number); !added)
                throw ImportError(path, line.number,
                                  "node '" + node + "' already listed on line " + std::to_string(at->second));
        switches.push_back(std::move(entry));
    }
    if (switches.empty())
        throw ImportError(path, 0, "no SwitchName= lines");
    if (lineOfNode.empty())
        throw ImportError(path, 0, "no nodes: no switch has Nodes=");
    resolveChildren(switches, path);
    rejectCycles(switches, path);

    std::vector<std::vector<int>> parentsOf(switches.size());
    for (std::size_t s = 0; s < switches.size(); ++s)
        for (int child : switches[s].children)
            parentsOf[static_cast<std::size_t>(child)].push_back(static_cast<int>(s));
    const SwitchGroups groups = groupSwitches(parentsOf);

    ImportedMachine machine;
    machine.name = std::filesystem::path(path).filename().string();
    std::vector<int> parents(groups.count, -1), nodesPerSwitch(groups.count, 0);
    std::vector<std::vector<std::string>> members(groups.count);
    for (std::size_t s = 0; s < switches.size(); ++s)
        members[static_cast<std::size_t>(groups.groupOf[s])].push_back(switches[s].name);
    for (std::size_t g = 0; g < groups.count; ++g) {
        parents[g] = groups.parent[g];
        machine.switchNames.push_back(abbreviatedList(members[g], "+"));
        if (members[g].size() > 1)
            machine.notes.push_back("merged " + std::to_string(members[g].size())
                                    + " switches with shared child switches into one switch group ("
                                    + machine.switchNames.back() + "): a tree has one parent per switch");
    }
    // SwitchTreeTopology numbers nodes switch by switch; a stable sort keeps file order
    // among the members of a group.
    std::vector<std::size_t> byGroup(switches.size());
    for (std::size_t s = 0; s < switches.size(); ++s)
        byGroup[s] = s;
    std::stable_sort(byGroup.begin(), byGroup.end(),
                     [&](std::size_t a, std::size_t b) { return groups.groupOf[a] < groups.groupOf[b]; });
    for (std::size_t s : byGroup) {
        nodesPerSwitch[static_cast<std::size_t>(groups.groupOf[s])] += static_cast<int>(switches[s].nodes.size());
        for (std::string& node : switches[s].nodes)
            machine.nodeNames.push_back(std::move(node));
    }
    std::vector<std::string> roots;
    for (std::size_t g = 0; g < groups.count; ++g)
        if (parents[g] < 0)
            roots.push_back(machine.switchNames[g]);
    if (roots.size() > 1) {
        for (int& parent : parents)
            if (parent < 0)
                parent = static_cast<int>(groups.count);
        parents.push_back(-1);
        nodesPerSwitch.push_back(0);
        machine.switchNames.emplace_back("(virtual root)");
        machine.notes.push_back("added a virtual root above " + std::to_string(roots.size()) + " islands ("
                                + abbreviatedList(roots, ", ")
                                + "): hops between islands pass through it, although Slurm runs no job across "
                                  "islands unless TopologyParam=TopoOptional");
    }
    try {
        machine.topology = std::make_unique<SwitchTreeTopology>(std::move(parents), std::move(nodesPerSwitch));
    } catch (const std::invalid_argument& error) {
        throw ImportError(path, 0, error.what());
    }
    return machine;
}

} // namespace placement
