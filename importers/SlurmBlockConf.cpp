// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmBlockConf.h"

#include "core/SwitchTreeTopology.h"
#include "importers/Hostlist.h"
#include "importers/ImportedJob.h"
#include "importers/TextFields.h"

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <unordered_map>

namespace placement {
namespace {

struct BlockLine
{
    std::string name;
    std::size_t line = 0;
    std::vector<std::string> nodes;
};

/// BlockSizes= as _read_topo_file() reads it: the first size is bblock_node_cnt, each size a
/// power-of-two multiple of it (at most 2^15).
std::uint32_t parseBlockSizes(const std::string& value, const SlurmConfLine& line, const std::string& path,
                              int& baseSize)
{
    std::uint32_t levels = 0;
    for (std::string_view part : splitAll(value, ",")) {
        part = trimmed(part);
        int size = 0;
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), size);
        const auto invalid = [&](const std::string& why) {
            return ImportError(path, line.number, "invalid BlockSizes value '" + std::string(part) + "': " + why);
        };
        if (error != std::errc() || end != part.data() + part.size() || size <= 0)
            throw invalid("not a positive number of nodes");
        if (baseSize == 0)
            baseSize = size;
        if (size % baseSize != 0)
            throw invalid("not a multiple of the base block size " + std::to_string(baseSize));
        const int multiple = size / baseSize;
        if ((multiple & (multiple - 1)) != 0)
            throw invalid(std::to_string(multiple) + " base blocks is not a power of two");
        int level = 0;
        while ((1 << level) < multiple)
            ++level;
        if (level > 15)
            throw invalid("more than 2^15 base blocks");
        levels |= 1u << level;
    }
    if (levels == 0)
        throw ImportError(path, line.number, "BlockSizes= lists no size");
    return levels;
}

} // namespace

bool isSlurmBlockLine(const SlurmConfLine& line, const std::string& path)
{
    const auto pairs = slurmConfPairs(line, path);
    return !pairs.empty()
        && (equalsIgnoringCase(pairs.front().first, "BlockName")
            || equalsIgnoringCase(pairs.front().first, "BlockSizes"));
}

ImportedMachine readSlurmBlockConf(const std::vector<SlurmConfLine>& lines, const std::string& path)
{
    std::vector<BlockLine> blocks;
    std::unordered_map<std::string, std::size_t> lineOfBlock, lineOfNode;
    int baseSize = 0;
    std::uint32_t levels = 0;
    std::size_t sizesLine = 0;
    for (const SlurmConfLine& line : lines) {
        const auto pairs = slurmConfPairs(line, path);
        if (pairs.empty())
            continue;
        const std::string& first = pairs.front().first;
        if (equalsIgnoringCase(first, "BlockSizes")) {
            if (pairs.size() > 1)
                throw ImportError(path, line.number, "BlockSizes= stands on a line of its own");
            if (sizesLine != 0)
                throw ImportError(path, line.number,
                                  "BlockSizes= given twice (first on line " + std::to_string(sizesLine) + ")");
            sizesLine = line.number;
            levels = parseBlockSizes(pairs.front().second, line, path, baseSize);
            continue;
        }
        if (equalsIgnoringCase(first, "SwitchName"))
            throw ImportError(path, line.number,
                              "SwitchName= in a file of BlockName= lines: topology/tree and topology/block are "
                              "separate plugins (topology.yaml can hold both)");
        if (!equalsIgnoringCase(first, "BlockName"))
            throw ImportError(path, line.number, "unknown key '" + first + "' (expected BlockName= or BlockSizes=)");
        BlockLine block;
        block.name = pairs.front().second;
        block.line = line.number;
        if (block.name.empty())
            throw ImportError(path, line.number, "empty BlockName=");
        bool nodesGiven = false;
        for (std::size_t i = 1; i < pairs.size(); ++i) {
            const auto& [key, value] = pairs[i];
            if (!equalsIgnoringCase(key, "Nodes"))
                throw ImportError(path, line.number,
                                  "unknown key '" + key + "' (a block line has BlockName= and Nodes=)");
            if (nodesGiven)
                throw ImportError(path, line.number, "Nodes= given twice");
            nodesGiven = true;
            try {
                block.nodes = expandHostlist(value);
            } catch (const HostlistError& error) {
                throw ImportError(path, line.number, std::string("bad hostlist in Nodes= (") + error.what() + ")");
            }
        }
        if (block.nodes.empty())
            throw ImportError(path, line.number, "block '" + block.name + "' has no nodes (Nodes=)");
        if (const auto [at, added] = lineOfBlock.emplace(block.name, line.number); !added)
            throw ImportError(path, line.number,
                              "block '" + block.name + "' already defined on line " + std::to_string(at->second));
        for (const std::string& node : block.nodes)
            if (const auto [at, added] = lineOfNode.emplace(node, line.number); !added)
                throw ImportError(path, line.number,
                                  "node '" + node + "' already listed on line " + std::to_string(at->second));
        blocks.push_back(std::move(block));
    }
    if (blocks.empty())
        throw ImportError(path, 0, "no BlockName= lines");
    if (levels == 0)
        levels = 0x1f; // levels 0-4, block_record.c's default
    if (baseSize == 0)
        baseSize = static_cast<int>(blocks.front().nodes.size());
    for (const BlockLine& block : blocks)
        if (static_cast<int>(block.nodes.size()) < baseSize)
            throw ImportError(path, block.line,
                              "block '" + block.name + "' has " + std::to_string(block.nodes.size())
                                  + " nodes, fewer than the base block size " + std::to_string(baseSize)
                                  + " (bblock_node_cnt)");

    // The aggregated block sizes in base blocks, as block_record_validate() lists them.
    const int count = static_cast<int>(blocks.size());
    std::vector<int> sizes;
    for (int level = 0; level < 16; ++level)
        if (levels & (1u << level)) {
            sizes.push_back(1 << level);
            if ((1 << level) >= count)
                break;
        }
    if (sizes.front() != 1)
        sizes.insert(sizes.begin(), 1);

    ImportedMachine machine;
    machine.name = std::filesystem::path(path).filename().string();
    std::vector<int> parents(static_cast<std::size_t>(count), -1), nodesPerSwitch;
    for (BlockLine& block : blocks) {
        machine.switchNames.push_back(block.name);
        nodesPerSwitch.push_back(static_cast<int>(block.nodes.size()));
        for (std::string& node : block.nodes)
            machine.nodeNames.push_back(std::move(node));
    }
    // owner[b]: the smallest block made so far holding base block b.
    std::vector<int> owner(static_cast<std::size_t>(count));
    for (int b = 0; b < count; ++b)
        owner[static_cast<std::size_t>(b)] = b;
    for (std::size_t j = 1; j < sizes.size(); ++j) {
        for (int first = 0; first < count; first += sizes[j]) {
            const int remaining = count - first;
            if (sizes[j] > remaining && sizes[j - 1] >= remaining)
                continue; // the level below covers the rest already
            const int made = static_cast<int>(parents.size());
            parents.push_back(-1);
            nodesPerSwitch.push_back(0);
            const int last = std::min(count, first + sizes[j]) - 1;
            machine.switchNames.push_back(blocks[static_cast<std::size_t>(first)].name
                                          + (last > first ? "-" + blocks[static_cast<std::size_t>(last)].name : ""));
            for (int b = first; b <= last; ++b) {
                int& held = owner[static_cast<std::size_t>(b)];
                if (parents[static_cast<std::size_t>(held)] < 0 && held != made)
                    parents[static_cast<std::size_t>(held)] = made;
                held = made;
            }
        }
    }
    int tops = 0;
    for (const int parent : parents)
        tops += parent < 0 ? 1 : 0;
    if (tops > 1) {
        const int root = static_cast<int>(parents.size());
        for (int& parent : parents)
            if (parent < 0)
                parent = root;
        parents.push_back(-1);
        nodesPerSwitch.push_back(0);
        machine.switchNames.emplace_back("(all blocks)");
    }
    machine.notes.push_back(std::to_string(count) + " base blocks of at least " + std::to_string(baseSize)
                            + " nodes (topology/block); hops between blocks are counted through the block "
                              "levels, a model: topology/block does not describe the links between blocks");
    try {
        auto tree = std::make_unique<SwitchTreeTopology>(std::move(parents), std::move(nodesPerSwitch));
        tree->setBlockLayout({baseSize, levels});
        machine.topology = std::move(tree);
    } catch (const std::invalid_argument& error) {
        throw ImportError(path, 0, error.what());
    }
    return machine;
}

} // namespace placement
