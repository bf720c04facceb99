// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// JobcompParser (importers/JobcompParser.h) line by line, as slurmctld in UTC+1 wrote them.

#include "importers/JobcompParser.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace placement;
using namespace placement::test;

namespace {

void checkJobcompJob(const ImportedJob& job, std::string_view line)
{
    const auto where = [&] { return jobContext(job, line); };
    // JobId, or sacct's "ArrayJobId_ArrayTaskId" / "HetJobId+HetJobOffset" spelling.
    FUZZ_CHECK(isJobIdLike(job.id, "_+"), "a job id that is not a job's" + where());
    // TimeLimit is in minutes.
    if (job.timeLimit)
        FUZZ_CHECK(*job.timeLimit % 60 == 0, "a time limit that is not whole minutes" + where());
    if (job.exitCode)
        FUZZ_CHECK(*job.exitCode >= 0 && *job.exitCode <= 128 + 255, "an exit code out of range" + where());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (hostlistNamesBound(textOf(data, size)) > expansionBudget)
        return -1; // costly by design, see FuzzSupport.h
    ImportOptions options;
    options.utcOffsetSeconds = 3600;
    JobcompParser parser(options);
    feedLines(parser, textOf(data, size), checkJobcompJob);
    return 0;
}
