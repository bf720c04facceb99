// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

#include <cstdint>
#include <vector>

namespace placement {

class DragonflyTopology;

/// Dragonfly group packing: the fewest groups, then the fewest routers. Groups are taken
/// by most free nodes first until the rest fits one group, which is then the one with the
/// fewest free nodes that holds it (best fit); inside each group, routers by most free nodes
/// first (ties: lower index), their free nodes in index order (docs/simulation.md).
class GroupPackedAllocator final : public Allocator
{
public:
    explicit GroupPackedAllocator(const DragonflyTopology& topology);
    std::string name() const override { return "group-packed"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<GroupPackedAllocator>(*this); }
    bool placesAnyFreeNodes() const override { return true; }

private:
    const DragonflyTopology* m_topology;
};

/// Random routers (Jain, Bhatele, White, Gamblin and Kale, "Evaluating HPC networks via
/// simulation of parallel workloads", SC'14, random router placement on a dragonfly): routers
/// with a free node drawn at random (seeded), each giving all its free nodes, until the job
/// has enough; on the last router the lowest free nodes.
class RandomRoutersAllocator final : public Allocator
{
public:
    RandomRoutersAllocator(const DragonflyTopology& topology, std::uint64_t seed);
    std::string name() const override { return "random-routers"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<RandomRoutersAllocator>(*this); }
    bool lastAnswerRepeats() const override { return false; }
    bool placesAnyFreeNodes() const override { return true; }

private:
    const DragonflyTopology* m_topology;
    std::uint64_t m_state;
};

/// Slurm's topology/block best fit for whole nodes of equal weight, without required nodes
/// or segments: eval_nodes_block() and _choose_best_bblock() of
/// src/plugins/topology/block/eval_nodes_block.c (SchedMD/slurm, tag slurm-24-11-7-1), block
/// levels from BlockSizes as block_record.c reads them (default: levels 0-4).
///
/// Base blocks (`BlockName` lines, in order) hold the nodes; a block of level l is 2^l
/// consecutive base blocks. A job of n nodes needs ceil(n / base size) base blocks; the
/// block level is the lowest allowed level holding that many, the "llblock" level the
/// highest allowed one below it. Among the blocks of that level able to hold the job (within
/// its llblock limit) the one with the fewest free nodes is taken (the last on a tie); inside
/// it base blocks are added one at a time by _choose_best_bblock's rules (stay in llblocks
/// already used; prefer an llblock holding the rest, then the one with the fewest free
/// nodes; else the most; then a base block that holds the rest with the fewest free nodes,
/// else the one with the most), each giving its free nodes in index order.
class SlurmBlockAllocator final : public Allocator
{
public:
    /// `baseBlocks`: the nodes of each base block; `baseSize`: bblock_node_cnt (0: the size of
    /// the first base block); `levels`: bit l set when blocks of 2^l base blocks are allowed.
    SlurmBlockAllocator(std::vector<std::vector<int>> baseBlocks, int baseSize = 0, std::uint32_t levels = 0x1f);
    /// The groups of a dragonfly as base blocks, default levels.
    static std::vector<std::vector<int>> groupsOf(const DragonflyTopology& topology);
    std::string name() const override { return "slurm-block"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<SlurmBlockAllocator>(*this); }

private:
    std::vector<std::vector<int>> m_blocks;
    int m_baseSize;
    std::uint32_t m_levels;
};

} // namespace placement
