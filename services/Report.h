// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/RunChartData.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace placement {

/// A report for operators comparing runs of one machine (docs/user-guide.md, "Present to
/// operators"): what `placement report` and the explorer's File › Export Report… write. The
/// content is gathered here, Qt-free, from the services `placement runs --json` reads
/// (services/LoggedRun.h loggedRun(), store/Runs.h runs()): the report's numbers are those of
/// the runs' stored summaries, parsed by SQLite's JSON functions. The HTML (reportHtml()) is
/// text; the 3D snapshots and the PDF are made in app/ (app/ReportRenderer.h).

/// A run named on the command line that the machine does not have; the message lists the runs
/// it has, by id and name.
class UnknownRunError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// "logged,jigsaw x2,ta" → {"logged", "jigsaw x2", "ta"}: names or ids as `placement runs`
/// lists them, separated by commas, spaces around each trimmed; empty parts dropped.
std::vector<std::string> splitRunList(const std::string& list);

/// A job of a run whose placement is farthest from the best one of its size.
struct FragmentedJob
{
    std::string id;
    int nodes = 0;
    double aph = 0; ///< switch-to-switch hops (Pollard SC'18 eq. 1)
    double minimumAph = 0; ///< the smallest APH of a job of its size on the empty machine
    int partitions = 0; ///< torus: groups one hop apart; trees: leaves touched
    std::int64_t start = 0;
};

struct ReportRun
{
    RunRecord record; ///< id (0: logged), name, parameters and summary JSON as stored
    /// The summary's and the parameters' scalar members by JSON path ("$.utilization",
    /// "$.by_size[0].mean_wait"), each as its JSON text.
    std::map<std::string, std::string> summary, parameters;
    std::vector<Job> jobs; ///< by start time
    std::vector<int> nodeCounts; ///< the logged run of a log without node lists: sizes (else empty)
    RunChartData charts; ///< Pollard SC'18 Figs. 7, 8, 10
    int runningAt = 0; ///< jobs running at the report's moment
    int busyNodesAt = 0; ///< nodes they hold
    /// Of those jobs (with nodes), the ones whose statically routed channels another running job
    /// can use too (core/LinkSharing.h): 0 is full link isolation.
    int sharingLinksAt = 0;
    std::vector<FragmentedJob> mostFragmented; ///< APH - minimum APH, largest first
    bool hasPlacements = true; ///< false: a logged run without node lists

    /// The summary's number at `path`, if any.
    std::optional<double> number(const std::string& path) const;
    std::string parameter(const std::string& key) const; ///< "" when absent
};

struct ReportContent
{
    MachineRecord machine;
    std::string topology; ///< Topology::describe()
    int machineNodes = 0;
    std::string version; ///< of the program that wrote the report
    std::int64_t at = 0; ///< the moment of the snapshots and the isolation counts (Unix seconds)
    std::int64_t firstSubmit = 0, lastEnd = 0; ///< of the first run's jobs
    std::int64_t workloadJobs = 0;
    double nodeHours = 0; ///< of the first run's jobs
    int medianNodes = 0, largestNodes = 0;
    std::vector<int> sizeBins;
    std::vector<ReportRun> runs; ///< in the order asked for
};

/// Gathers the report of `runNames` (splitRunList()) of `machine`. `at` unset: the busiest
/// moment of the first run (core/Occupancy.h busiestTime()). `cpusPerNode` 0: as `placement
/// runs` (the logged run sized like the machine's latest run). Throws UnknownRunError, and
/// StoreError for a machine the database does not have (the message lists the machines).
ReportContent buildReport(Store& store, const std::string& machine, const std::vector<std::string>& runNames,
                          std::optional<std::int64_t> at, const std::string& version, int cpusPerNode = 0);

/// One 3D snapshot of a run, made by the explorer (app/ReportRenderer.h): a PNG, or why there is
/// none.
struct ReportSnapshot
{
    std::string png; ///< bytes; empty: see `note`
    std::string note;
};

/// The names of the report's sections, in order: the ids of its <section> elements.
const std::vector<std::string>& reportSectionIds();

/// The report as one self-contained XHTML file (well-formed XML): figures as inline SVG, the
/// snapshots as data: URIs. `snapshots` one per run, or empty with `snapshotNote` saying why.
/// Every number of the runs table carries data-run, data-key (the summary's JSON path) and
/// data-value (the stored value, shortest round-trip text). `imagesByName`: figures and snapshots
/// as <img src="fig-aph"/>, <img src="snapshot-0"/> instead, for a renderer given them apart
/// (the PDF: QTextDocument draws no inline SVG).
std::string reportHtml(const ReportContent& content, const std::vector<ReportSnapshot>& snapshots,
                       const std::string& snapshotNote, bool imagesByName = false);

/// The figures of reportHtml() alone, as SVG documents: id ("fig-aph", "fig-utilization",
/// "fig-waits") to SVG text (the PDF draws them as vectors).
std::vector<std::pair<std::string, std::string>> reportFigures(const ReportContent& content);

} // namespace placement
