#pragma once

#include "core/Job.h"

#include <cstdint>
#include <vector>

namespace placement {

/// A quantity that changes only at given times: values[i] holds from times[i] until
/// times[i + 1] (the last until forever); zero before times[0]. Times ascending, unique.
struct StepSeries
{
    std::vector<std::int64_t> times;
    std::vector<int> values;

    int valueAt(std::int64_t time) const;
};

/// Nodes held by running jobs over time (a job holds its nodes on [start, end)).
StepSeries busyNodesOverTime(const std::vector<Job>& jobs);
/// Jobs waiting over time: submitted, not yet started (on [submit, start)).
StepSeries queuedJobsOverTime(const std::vector<Job>& jobs);

/// One bar of a Gantt chart of node index over time: nodes first .. last (consecutive in
/// node order) held by job `job` from start to end.
struct GanttBar
{
    int job = 0;
    int first = 0;
    int last = 0;
    std::int64_t start = 0;
    std::int64_t end = 0;
};

/// The bars of every job: one per run of consecutive node indices among its nodes.
std::vector<GanttBar> ganttBars(const std::vector<Job>& jobs);
/// The bars of one job (index `jobIndex`), appended to `bars`; `scratch` is reused.
void appendGanttBars(const Job& job, int jobIndex, std::vector<GanttBar>& bars, std::vector<int>& scratch);

} // namespace placement
