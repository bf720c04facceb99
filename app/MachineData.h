// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/LinkUserCounter.h"
#include "core/NodeLayout.h"
#include "core/PlacementMetrics.h"
#include "core/Timeline.h"
#include "core/Topology.h"
#include "store/JobLabels.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace placement {

/// Everything the explorer shows about one machine of a database, loaded at once.
struct MachineData
{
    MachineRecord record;
    std::unique_ptr<Topology> topology;
    NodeLayout layout;
    std::vector<Job> jobs;
    JobLabels labels; ///< the jobs' names and states, in the order of `jobs`
    std::vector<std::string> nodeNames; ///< the machine's real node names (may be empty: the topology's own)
    std::string nodeName(int node) const
    {
        return static_cast<size_t>(node) < nodeNames.size() ? nodeNames[static_cast<size_t>(node)]
                                                            : topology->nodeName(node);
    }
    std::int64_t firstTime = 0; ///< earliest job start
    std::int64_t lastTime = 0; ///< latest job end
    std::int64_t openingTime = 0; ///< where the view opens: the busiest moment
    /// Nodes held over time, each once, jobs without node lists with their logged sizes
    /// (core/Timeline.h busyNodesOverTime()): the utilization curve, found with the opening
    /// time and shared with the charts that draw it. Never null.
    std::shared_ptr<const StepSeries> busyNodes = std::make_shared<const StepSeries>();
    std::unique_ptr<PlacementAnalyzer> analyzer; ///< metrics of this machine's placements
    std::int64_t runId = 0; ///< the simulated run shown; 0: the logged placements
    /// Jobs without a node list (logged jobs whose log names no nodes): in no picture.
    std::int64_t jobsWithoutNodes = 0;
    /// The logged run: each job's size (store/LoggedRun.h), also where the log names no
    /// nodes; empty for a simulated run, and where every job names its nodes (its sizes are
    /// the lengths of its node lists: 12 MB less for 3 million jobs).
    std::vector<int> nodeCounts;
    int cpusPerNode = 1; ///< the logged run: what processor counts were divided by
    /// The log names no node for any job: where the logged jobs ran is unknown.
    bool hasNoNodeLists() const { return !jobs.empty() && jobsWithoutNodes == static_cast<std::int64_t>(jobs.size()); }
    /// Per job of a simulated run, what it held beyond its nodes (owned links, idle nodes);
    /// empty for the logged placements.
    std::vector<RunHoldings> holdings;
    /// What the machine's nodes offer (cores, GPUs; -1 unknown) and what each job of `jobs`
    /// holds besides its nodes (same order): docs/importing.md, "Cores and GPUs". For a
    /// simulated run, the cores and GPUs of a run by cores; empty for a run of whole nodes.
    NodeResources resources;
    std::vector<JobHolding> jobHoldings;
    /// The machine's cores (or GPUs) are known, or some job says what it holds: the views
    /// then count cores and GPUs too.
    bool countsCores() const { return resources.totalCores() > 0 || resources.totalGpus() > 0; }
    /// The cores job `index` holds on `node` during its run: its per-node count (0 for a node
    /// it does not hold; -1 when the log does not say per node).
    int coresOn(std::size_t index, int node) const;
    /// The GPUs job `index` holds on `node`: its GPUs when it holds that one node only, 0 for
    /// a job without GPUs or not on the node; -1 unknown.
    int gpusOn(std::size_t index, int node) const;

    /// The links' users at the last moment coloured by users (app/LinkColoring.h), kept so
    /// that the next moment changes only by the jobs that started or ended: a cache of the
    /// GUI thread, made when first needed.
    mutable std::unique_ptr<LinkUserCounter> linkUsers;

    /// Reads one machine with the placements of the logged run (`runId` 0) or of a stored
    /// simulated run; throws StoreError (bad file, bad spec).
    static MachineData load(Store& store, const MachineRecord& record, std::int64_t runId = 0);
    /// The machine alone, without jobs: its topology, layout and analyzer, for run `runId`
    /// (what the views draw while the run's jobs are read). Throws StoreError for a bad spec,
    /// naming `databasePath`.
    static MachineData outline(const std::string& databasePath, const MachineRecord& record, std::int64_t runId);
};

} // namespace placement
