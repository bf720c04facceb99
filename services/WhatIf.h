// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/WhatIf.h"
#include "store/Runs.h"

#include <atomic>
#include <string>
#include <vector>

namespace placement {

class Store;

/// A what-if question: which policy, on which run of which machine.
struct WhatIfRequest
{
    std::string machine;
    std::string run; ///< a stored run's name; empty: the logged placements
    std::string policy;
    std::string order = "index"; ///< node order of first-fit and dual-ended
    EndingSecond endingSecond = EndingSecond::Released;
};

/// Its answer, with what is needed to write it out.
struct WhatIfOutcome
{
    std::string runName; ///< "logged" or the stored run's
    std::vector<Job> jobs; ///< the run's jobs, as WhatIfReport::decisions index them
    std::vector<std::string> nodeNames;
    WhatIfReport report;
};

/// Replays every job of a stored run (or the logged one) under the request's policy
/// (core/WhatIf.h whatIf()). Throws std::invalid_argument naming the machine or run not
/// found, and what makeAllocator() throws for a policy the machine cannot take.
WhatIfOutcome runWhatIf(Store& store, const WhatIfRequest& request);

/// The decision for one job (index into `jobs`) of a run already read (the explorer's
/// shown one), on a machine of its own built from `machineSpec`; throws WhatIfStopped when
/// `stop` turns true on the way.
WhatIfDecision whatIfForOneJob(const std::string& machineSpec, const std::vector<Job>& jobs,
                               const std::vector<RunHoldings>& holdings, const std::string& policy, int job,
                               const std::atomic<bool>* stop);

/// One CSV row per job: logged and policy metrics and node names (`placement whatif --csv`).
std::string whatIfCsv(const WhatIfOutcome& outcome);
/// The summary and every job as JSON (`placement whatif --json`).
std::string whatIfJson(const WhatIfOutcome& outcome, const WhatIfRequest& request);

} // namespace placement
