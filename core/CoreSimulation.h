// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"
#include "core/TopologyMapping.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// Simulation of jobs that hold cores and GPUs of nodes instead of whole nodes
// (docs/simulation.md, "Jobs that ask for cores and GPUs"). A separate replay from
// core/Simulator.h: whole-node runs there keep their rules and placements unchanged.

namespace placement {

/// What a job asks for, as Soner & Özturan's Table 2 writes it with srun:
/// - whole nodes: `nodes` > 0 and `cores` == 0 (srun -N y --exclusive): every core and GPU of
///   each node, no other job on them;
/// - cores: `cores` > 0 on any number of nodes (`nodes` == 0, srun -n x, type A) or on exactly
///   `nodes` nodes (srun -n x -N y, types B-E), each of them getting at least one core;
/// - `gpusPerNode`: GPUs on each node the job uses (--gres=gpu:g, types C-E).
struct ResourceRequest
{
    int nodes = 0;
    int cores = 0;
    int gpusPerNode = 0;

    bool wholeNodes() const { return cores == 0; }
};

/// One job of a workload to replay by cores.
struct CoreJob
{
    std::string id;
    std::int64_t submit = 0;
    std::int64_t runTime = 0; ///< as logged or generated
    std::int64_t timeLimit = 0; ///< <= 0: unknown (the run time is the estimate)
    ResourceRequest request;
};

/// What a job holds: its nodes (increasing) and the cores and GPUs it holds on each.
struct Grant
{
    std::vector<int> nodes;
    std::vector<int> cores; ///< per entry of `nodes`
    std::vector<int> gpus; ///< per entry of `nodes`

    bool empty() const { return nodes.empty(); }
    int totalCores() const;
};

/// Cores and GPUs of every node, and how many of them are free.
class CoreMachine
{
public:
    CoreMachine(const Topology& topology, std::vector<int> cores, std::vector<int> gpus);
    /// Every node with `coresPerNode` cores and `gpusPerNode` GPUs.
    CoreMachine(const Topology& topology, int coresPerNode, int gpusPerNode);

    const Topology& topology() const { return *m_topology; }
    int nodeCount() const { return static_cast<int>(m_cores.size()); }
    int cores(int node) const { return m_cores[static_cast<size_t>(node)]; }
    int gpus(int node) const { return m_gpus[static_cast<size_t>(node)]; }
    int freeCores(int node) const { return m_freeCores[static_cast<size_t>(node)]; }
    int freeGpus(int node) const { return m_freeGpus[static_cast<size_t>(node)]; }
    /// Whether nothing runs on `node`; never for an empty slot (Topology::emptySlots()), which
    /// has no cores.
    bool idle(int node) const
    {
        return cores(node) > 0 && freeCores(node) == cores(node) && freeGpus(node) == gpus(node);
    }
    int totalCores() const { return m_totalCores; }
    int totalGpus() const { return m_totalGpus; }
    int totalFreeCores() const { return m_totalFreeCores; }
    int maxGpusPerNode() const { return m_maxGpus; }
    /// Whether `node` can hold a part of a job asking `request`: idle for whole nodes, else a
    /// free core and the GPUs it asks for on every node.
    bool usable(int node, const ResourceRequest& request) const;

    /// Takes what `grant` holds; throws std::logic_error when a node has too little free.
    void take(const Grant& grant);
    void release(const Grant& grant);

private:
    const Topology* m_topology;
    std::vector<int> m_cores, m_gpus, m_freeCores, m_freeGpus;
    int m_totalCores = 0, m_totalGpus = 0, m_totalFreeCores = 0, m_maxGpus = 0;
};

/// Whether `grant` satisfies `request` on `resources` as they are (before taking it): the
/// node count, at least one core a node, the cores asked (all of them for whole nodes), the
/// GPUs on every node, and nothing beyond what is free. Empty string: it does; else why not.
std::string checkGrant(const CoreMachine& resources, const ResourceRequest& request, const Grant& grant);

/// A placement policy by cores and GPUs: what a job gets now, or an empty grant.
class ResourceAllocator
{
public:
    virtual ~ResourceAllocator() = default;
    virtual std::string name() const = 0;
    virtual Grant allocate(const CoreMachine& resources, const ResourceRequest& request) = 0;
    virtual std::unique_ptr<ResourceAllocator> clone() const = 0;
    /// Policies that decide for a window of queued jobs at once (AUCSCHED3's auction):
    /// one grant per request of `window` (queue order), each possibly empty, all of them
    /// fitting together. The default places them one after another with allocate().
    virtual std::vector<Grant> placeWindow(const CoreMachine& resources, const std::vector<ResourceRequest>& window);
    virtual bool decidesWindows() const { return false; }
};

/// First fit by cores: nodes in index order, each usable node giving as many cores as the
/// job still needs (keeping one for each node still to come when the node count is fixed).
class CoreFirstFitAllocator final : public ResourceAllocator
{
public:
    std::string name() const override { return "first-fit"; }
    Grant allocate(const CoreMachine& resources, const ResourceRequest& request) override;
    std::unique_ptr<ResourceAllocator> clone() const override { return std::make_unique<CoreFirstFitAllocator>(*this); }
};

/// Slurm 22.05's select/cons_tres on topology/tree by cores and GPUs (`_eval_nodes_topo` in
/// src/plugins/select/cons_tres/job_test.c at tag slurm-22-05-8-1): the usable nodes are
/// those with a free core and the GPUs asked per node; the top switch is the last switch of
/// the highest level with enough usable nodes; the job needs enough free cores on the usable
/// nodes below it; leaves are then chosen by the same distance and best-fit rule as whole
/// nodes, on counts of usable nodes (`_topo_choose_best_switch`), nodes of a leaf in index
/// order, each giving `_cpus_to_use`'s share: its free cores up to what the job still
/// needs, less one core for each node it still needs after this one.
class CoreSlurmConsTresAllocator final : public ResourceAllocator
{
public:
    std::string name() const override { return "slurm-tree-22.05-cons-tres"; }
    Grant allocate(const CoreMachine& resources, const ResourceRequest& request) override;
    std::unique_ptr<ResourceAllocator> clone() const override
    {
        return std::make_unique<CoreSlurmConsTresAllocator>(*this);
    }
};

/// One bid of AUCSCHED3 by cores: a nodeset of consecutive usable nodes (switch order) with
/// the cores and GPUs it takes on each.
struct ResourceBid
{
    int job = -1; ///< window position
    Grant grant;
    int level = 0; ///< L_i
    double cost = 0; ///< C_ji (eq. 5)
    double value = 0; ///< P_j - alpha C_ji
};

/// AUCSCHED3 (Soner & Özturan §2) with cores and generic resources: for every switch its
/// nodes are scanned (depth-first switch order) for runs of consecutive nodes with free
/// resources for the job (a free core and the GPUs asked per node: the paper's nodesets);
/// a bid is a window of such a run holding the job (its node count, or as few nodes as give
/// the cores), cores taken node after node as Slurm's `_cpus_to_use` does. Costs are
/// eq. 5 with the GRES term: C = 1 + N_i/|N| + L_i/L_max - R_i/G_max (R_i the GPUs per node
/// the bid takes); the integer program (1)-(4) picks at most one bid per job with the cores
/// and GPUs of no node over-committed, solved exactly by GLPK (up to a node limit).
class CoreAucsched3Allocator final : public ResourceAllocator
{
public:
    explicit CoreAucsched3Allocator(const Topology& topology, int maxBidsPerJob = 15, int nodeLimit = 5000);
    std::string name() const override { return "aucsched3"; }
    /// A window of one: the job's cheapest bid.
    Grant allocate(const CoreMachine& resources, const ResourceRequest& request) override;
    std::unique_ptr<ResourceAllocator> clone() const override
    {
        return std::make_unique<CoreAucsched3Allocator>(*this);
    }
    std::vector<Grant> placeWindow(const CoreMachine& resources, const std::vector<ResourceRequest>& window) override;
    bool decidesWindows() const override { return true; }

    /// The bids of every window job, cheapest first per job, at most `keep` each.
    std::vector<ResourceBid> bids(const CoreMachine& resources, const std::vector<ResourceRequest>& window,
                                  int keep) const;
    double cost(int nodes, int level, int gpusPerNode, int maxGpusPerNode) const;
    long auctions() const { return m_auctions; }
    long stoppedAuctions() const { return m_stopped; }

private:
    const Topology* m_topology;
    int m_maxBids, m_nodeLimit;
    std::vector<int> m_order; ///< nodes in depth-first switch order
    int m_maxLevel = 0;
    long m_auctions = 0, m_stopped = 0;
};

/// How queued jobs may overtake each other in a replay by cores.
enum class CoreBackfill {
    Fcfs,
    Easy, ///< one reservation for the head (found by replaying expected ends); later jobs start if it stays placeable
    Auction, ///< the head and `window` more go to the allocator's window decision (AUCSCHED3)
};

struct CoreSimulationOptions
{
    CoreBackfill backfill = CoreBackfill::Easy;
    int window = 50;
};

struct CoreSimulatedJob
{
    std::int64_t start = -1;
    std::int64_t end = -1;
    Grant grant;
    bool neverFits = false; ///< asks more than the machine has: skipped
};

struct CoreSimulationResult
{
    std::vector<CoreSimulatedJob> jobs; ///< in input order
    int neverFit = 0;
};

/// Replays `jobs` by cores and GPUs: event driven (submit, end), queue in submit order, run
/// time capped at the time limit, the estimate the limit. Throws std::logic_error if an
/// allocator gives a grant that does not satisfy its request or over-commits a node.
CoreSimulationResult simulateCores(const CoreMachine& machine, const std::vector<CoreJob>& jobs,
                                   ResourceAllocator& allocator, const CoreSimulationOptions& options = {});

/// The measures of a replay by cores (docs/simulation.md):
/// - utilization by cores: sum over jobs of held cores x run time, over the machine's cores x
///   the makespan (first submit to last end) — AUCSCHED3 §4's utilization;
/// - by GPUs: the same with GPUs (0 when the machine has none);
/// - by nodes: node-seconds in which a node held at least one job, over nodes x makespan (a
///   node shared by several jobs counts once);
/// - the mapping (lowest level common switch, spread) over placed jobs.
struct CoreRunSummary
{
    int jobs = 0; ///< placed
    int neverFit = 0;
    std::int64_t makespan = 0; ///< seconds, first submit to last end
    double coreUtilization = 0;
    double gpuUtilization = 0;
    double nodeUtilization = 0;
    double meanWait = 0; ///< seconds
    int jobsSharingNodes = 0; ///< placed jobs that shared a node with another job at some time
    TopologyMapping mapping;
};

CoreRunSummary summarizeCoreRun(const CoreMachine& machine, const std::vector<CoreJob>& jobs,
                                const CoreSimulationResult& result);

/// A request from a log that counts processors (SWF): `processors` cores on any nodes, or
/// whole nodes when `exclusive` (then ceil(processors / cores of a node)).
ResourceRequest requestFromProcessors(int processors, int coresPerNode, bool exclusive = false);

} // namespace placement
