// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/PlacementMetrics.h"

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace placement {

class Allocator;
class Topology;

/// What a run's jobs held beyond their nodes (a stored run of a link-owning policy).
struct WhatIfHoldings
{
    std::vector<int> links; ///< links owned, ids of Topology::links()
    std::vector<int> idleNodes; ///< nodes allocated but idle (LaaS's whole leaves)
};

/// One logged decision replayed under another policy.
struct WhatIfDecision
{
    int job = -1; ///< index in the run's job list
    std::vector<int> chosen; ///< the policy's nodes (ascending); empty: it found no room
    bool placed = false; ///< the policy found room for the job
    bool same = false; ///< the policy chose exactly the logged node set
    /// Another job of the run ended in the second this one started: which of its nodes the
    /// scheduler saw free then is not in the log (see whatIf()).
    bool ambiguous = false;
    PlacementMetrics logged, policy; ///< `policy` is meaningful when placed
    /// Nodes of the job that another job of the run also held at its start (an
    /// inconsistent log): left to the other job.
    int overlappingNodes = 0;
};

struct WhatIfSummary
{
    int jobs = 0; ///< decisions replayed (jobs that ran on at least one node)
    int placed = 0; ///< of those, how many the policy found room for
    int agreeing = 0; ///< the policy chose the logged node set
    double agreement = 0; ///< agreeing / jobs
    int ambiguous = 0; ///< decisions taken in a second in which another job ended
    int clearAgreeing = 0; ///< agreeing among the other decisions
    double clearAgreement = 0; ///< clearAgreeing / (jobs - ambiguous)
    double meanAphChange = 0; ///< mean of policy APH - logged APH over placed jobs
    double moreCompactShare = 0; ///< share of placed jobs the policy places with a lower APH
    int overlappingJobs = 0; ///< jobs with nodes another job held at their start
};

struct WhatIfReport
{
    std::vector<WhatIfDecision> decisions; ///< in replay order (see whatIf())
    WhatIfSummary summary;
};

/// Whether a job ending in the second another starts has given its nodes back at that start.
enum class EndingSecond {
    /// Yes: a job holds its nodes on [start, end) (the default).
    Released,
    /// No: a job holds its nodes through the second it ends in, [start, end + 1). Exact for a
    /// log of a cluster on which no job starts in the second another ended after that end:
    /// Slurm with CompleteWait (nothing is scheduled while a job is completing) and an Epilog
    /// that keeps every node of an ended job until a later second (tests/slurm/cluster.sh
    /// --settled-log; docs/slurm.md, "Ties").
    Held,
};

/// For every job of a run: the nodes `prototype`'s policy would have chosen at the moment
/// the job started, given the nodes (and, for link-owning policies, the links in
/// `holdings`) that the run's other jobs held at that moment.
///
/// Ties: a job holds its nodes on [start, end). A job ending in the second another starts
/// has released its nodes. That decision is flagged ambiguous: a scheduler may still see the
/// nodes busy then (Slurm keeps a job's nodes COMPLETING until each slurmd has ended it,
/// sometimes seconds after the logged end), and the log does not tell; the summary gives
/// the agreement over the other decisions too. With EndingSecond::Held such a job still
/// holds its nodes at that start instead (the flag stays: it describes the log). Jobs starting in the same second are
/// placed one after the other, in order of submit time, then job id read as Slurm's (the number before `_` or
/// `+`, then the array task or component number; ids that are not numbers after those, in
/// text order), then position in the run: each sees the ones before it as running. This
/// is the order in which Slurm's FIFO scheduling and backfill pass start jobs.
///
/// `holdings` is empty or has one entry per job. Jobs without nodes are skipped.
WhatIfReport whatIf(const Topology& topology, const std::vector<Job>& jobs, const std::vector<WhatIfHoldings>& holdings,
                    const Allocator& prototype, EndingSecond endingSecond = EndingSecond::Released);

/// The decision of whatIf() for one job (index into `jobs`): the same replay, stopped after
/// that job, so that the answer is the one `placement whatif` reports for it. Throws
/// std::invalid_argument for an index out of range or a job without nodes, and
/// WhatIfStopped when `stop` (read every few hundred decisions) turns true on the way.
WhatIfDecision whatIfForJob(const Topology& topology, const std::vector<Job>& jobs,
                            const std::vector<WhatIfHoldings>& holdings, const Allocator& prototype, int job,
                            const std::atomic<bool>* stop = nullptr);

/// whatIfForJob() was asked to stop before it reached the job.
struct WhatIfStopped : std::runtime_error
{
    WhatIfStopped()
        : std::runtime_error("what-if replay stopped")
    {}
};

} // namespace placement
