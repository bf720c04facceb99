// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"
#include "core/WindowScheduler.h"

#include <string>
#include <vector>

namespace placement {

/// Settings of AUCSCHED3's bids and of its solver.
struct Aucsched3Options
{
    /// Bids kept per job, cheapest first. The paper gives no number; the public AUCSCHED
    /// plug-in keeps 15 (MAXBIDPERJOB).
    int maxBidsPerJob = 15;
    /// Branch-and-bound nodes per auction before GLPK stops with the best choice found (the
    /// plug-in stops CPLEX at a time limit; a node count gives the same answer on every
    /// machine). Auctions that hit it are counted (Aucsched3Auction::stoppedAuctions()); on
    /// the hpc2n replays about one in 2,700 does (docs/simulation.md).
    int nodeLimit = 5000;
};

/// One bid: a job's offer to run on a set of free nodes under one switch.
struct AuctionBid
{
    int job = -1; ///< position in the window (0: the head, highest priority)
    std::vector<int> nodes; ///< increasing
    int level = 0; ///< L_i: level of the lowest switch above all its nodes (leaves 0)
    int runs = 1; ///< runs of free nodes it is built from (1: contiguous)
    double cost = 0; ///< C_ji, eq. 5
    double value = 0; ///< P_j - alpha C_ji: its coefficient in objective (1)
};

/// One auction over a window of jobs: priorities, alpha, bids and the integer program's
/// choice.
struct Auction
{
    std::vector<double> priorities; ///< P_j per window position
    double alpha = 0; ///< P_min_diff / 3 (eq. 7)
    std::vector<AuctionBid> bids; ///< grouped by job, in window order
    std::vector<int> chosen; ///< per window position: index into bids, or -1
    double objective = 0; ///< sum of the chosen bids' values
    bool optimal = true; ///< false: the solver stopped at the node limit with the best found
};

/// AUCSCHED3 (Soner & Özturan, "Topologically aware job scheduling for SLURM", §2): the
/// jobs of a window bid for sets of free nodes under one switch; an integer program picks
/// at most one bid per job, no node in two chosen bids, maximising
/// sum (P_j - alpha C_ji) with C_ji = 1 + N_i/|N| + L_i/L_max - G_i/G_max (eq. 5) and
/// alpha = P_min_diff / 3 (eq. 7). Solved with GLPK (core/SetPacking.h).
///
/// What the paper leaves open, and what is built (docs/simulation.md):
/// - Nodes are whole: a node's capacity is one job (constraint 3 with one "core" per node);
///   no generic resources, so G_i/G_max = 0 and constraint (4) is void.
/// - Priorities: queue order, as Slurm's priority/basic (each later job one less), fixed at
///   P_j = |W| + 1 - j for window position j, so P_min_diff = 1, alpha = 1/3 and every
///   bid is worth at least 1.
/// - Bids: the free nodes are scanned in switch order (depth first, so every switch's nodes
///   are one stretch of it); a bid of an N-node job is N consecutive free nodes of that
///   scan, i.e. N free nodes of one switch taken run after run of free nodes. Its switch is
///   the lowest above them (L_i). A bid is aligned, as AUCSCHED's nodeset bids: it starts
///   where a run of free nodes of its switch starts or ends where one ends. Per job the
///   cheapest are kept: lowest level, then fewest runs, then fewest nodes already bid on by
///   higher-priority jobs of the window, then the tightest switch (fewest free nodes), then
///   scan order.
class Aucsched3Auction final : public WindowScheduler
{
public:
    /// Throws std::invalid_argument if the machine is not a tree.
    explicit Aucsched3Auction(const Topology& topology, Aucsched3Options options = {});

    /// The bids of every window job and their values; nothing chosen yet.
    Auction prepare(const MachineState& state, const std::vector<AllocationRequest>& window) const;
    /// The job's cheapest bid: the optimum of a window of one, found without a solver.
    std::vector<int> cheapestBid(const MachineState& state, const AllocationRequest& request) const;
    /// prepare() and the integer program solved by GLPK.
    Auction run(const MachineState& state, const std::vector<AllocationRequest>& window) const;
    std::vector<std::vector<int>> place(const MachineState& state,
                                        const std::vector<AllocationRequest>& window) override;

    /// P_j of window position j (0: the head) in a window of `size` jobs.
    static double priority(int position, int size);
    /// C of a bid of `nodes` nodes whose lowest common switch is at `level` (eq. 5, G = 0).
    double cost(int nodes, int level) const;
    int maxLevel() const { return m_maxLevel; }
    /// Nodes in switch order (depth first; index order on the machines built here).
    const std::vector<int>& switchOrder() const { return m_order; }
    /// Auctions solved by place() so far, and those the node limit stopped.
    long auctions() const { return m_auctions; }
    long stoppedAuctions() const { return m_stopped; }

private:
    Auction bidsFor(const MachineState& state, const std::vector<AllocationRequest>& window, int keep) const;

    const Topology& m_topology;
    Aucsched3Options m_options;
    std::vector<int> m_order;
    std::vector<int> m_position; ///< of each node in m_order
    std::vector<int> m_stretchBegin; ///< per switch: first position of its nodes in m_order
    std::vector<int> m_stretchEnd; ///< per switch: one past its last position
    int m_maxLevel = 0;
    long m_auctions = 0;
    long m_stopped = 0;
};

/// AUCSCHED3 as an allocator: a window of one job, for FCFS, EASY and conservative
/// backfilling. With one job the program's optimum is its cheapest bid, so no solver is
/// needed. Its windowScheduler() is the full auction, for the simulator's auction mode.
class Aucsched3Allocator final : public Allocator
{
public:
    explicit Aucsched3Allocator(const Topology& topology, Aucsched3Options options = {});
    std::string name() const override { return "aucsched3"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<Aucsched3Allocator>(*this); }
    /// The switch above all free nodes always holds a bid.
    bool placesAnyFreeNodes() const override { return true; }
    WindowScheduler* windowScheduler() override { return &m_auction; }

private:
    Aucsched3Auction m_auction;
};

} // namespace placement
