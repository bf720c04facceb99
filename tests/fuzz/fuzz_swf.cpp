// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// SwfParser (importers/SwfParser.h) line by line, with the checks docs/formats/swf.md implies.

#include "importers/SwfParser.h"
#include "tests/fuzz/FuzzSupport.h"

#include <set>

using namespace placement;
using namespace placement::test;

namespace {

void checkSwfJob(const ImportedJob& job, std::string_view line)
{
    const auto where = [&] { return jobContext(job, line); };
    static const std::set<std::string> states
        = {"", "FAILED", "COMPLETED", "PARTIAL", "PARTIAL_COMPLETED", "PARTIAL_FAILED", "CANCELLED"};
    FUZZ_CHECK(isJobIdLike(job.id, ""), "a job number that is not a number" + where());
    FUZZ_CHECK(states.contains(job.state), "a state docs/formats/swf.md field 11 does not have" + where());
    // start = submit + wait and end = start + run: each needs the one before, and neither the
    // wait nor the run time may be negative.
    FUZZ_CHECK(!job.start || job.submit, "a start without a submit time" + where());
    FUZZ_CHECK(!job.end || job.start, "an end without a start" + where());
    if (job.submit && job.start)
        FUZZ_CHECK(*job.submit <= *job.start, "a start before the submit time" + where());
    FUZZ_CHECK(job.allocatedNodes == -1 || job.allocatedNodes == static_cast<int>(job.nodeNames.size()),
               "an allocated node count without a host list" + where());
    // One host list entry per processor: never more hosts than processors.
    if (job.allocatedCpus >= 0)
        FUZZ_CHECK(job.nodeNames.size() <= static_cast<std::size_t>(job.allocatedCpus),
                   "more hosts than allocated processors" + where());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    SwfParser parser;
    feedLines(parser, textOf(data, size), checkSwfJob);
    return 0;
}
