// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "services/Inspection.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace placement {

struct MachineData;

// What the fragmentation inspector says, in words (rich text), from what it found.

/// The job's placement: APH against the minimum, partitions, and the caption of its hop
/// histogram.
QString jobPlacementText(const Job& job, const InspectedJob& inspected);
/// Jigsaw's verdict on the job's nodes (HPDC'21 §3.2).
QString jigsawText(const JigsawVerdict& verdict);
/// The links the job shares, naming the other jobs by their ids in `jobs`.
QString linksText(const InspectedLinks& links, const std::vector<Job>& jobs, std::int64_t routeBudget);
/// The machine at the cursor; `searching`: the largest job is still being looked for.
QString machineText(const InspectedMachine& machine, bool searching);
/// What the views cannot show of a run's placements (plain text): "This log has no node
/// lists…" for the logged run of a log naming no nodes, the jobs left out when some have
/// none; empty when every job has its nodes.
QString missingPlacementsText(const MachineData& machine);
/// The jobs running at `time` on the nodes of job `jobIndex` (a node shared by several jobs,
/// docs/importing.md): per job its id and the cores it holds there where the log says, and
/// the cores and GPUs left free on those nodes (where the machine's cores are known). Each
/// line starts with "<br>". Empty when the job does not run at `time`.
QString colocatedText(const MachineData& machine, int jobIndex, std::int64_t time);

} // namespace placement
