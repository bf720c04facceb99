// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// TorqueParser (importers/TorqueParser.h) line by line, with the checks docs/formats/torque-accounting.md
// implies.

#include "importers/TorqueParser.h"
#include "tests/fuzz/FuzzSupport.h"

#include <set>

using namespace placement;
using namespace placement::test;

namespace {

void checkTorqueJob(const ImportedJob& job, std::string_view line)
{
    const auto where = [&] { return jobContext(job, line); };
    static const std::set<std::string> states = {"", "CANCELLED", "COMPLETED", "FAILED"};
    FUZZ_CHECK(states.contains(job.state), "a state an E record cannot give" + where());
    FUZZ_CHECK(!job.id.ends_with("[]"), "an array parent record as a job" + where());
    // Epoch attributes: 0 means "not set" and negative ones are rejected.
    for (const std::optional<std::int64_t>& time : {job.submit, job.eligible, job.start, job.end})
        FUZZ_CHECK(!time || *time > 0, "a time of 0 or less" + where());
    // Every exec_host item holds at least one slot on a named host.
    if (!job.nodeNames.empty())
        FUZZ_CHECK(job.allocatedCpus >= static_cast<int>(job.nodeNames.size()), "fewer slots than hosts" + where());
    // More hosts than Resource_List.nodect is rejected (docs/formats/README.md rule 5).
    if (job.requestedNodes > 0)
        FUZZ_CHECK(job.nodeNames.size() <= static_cast<std::size_t>(job.requestedNodes),
                   "more hosts than nodes requested" + where());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    TorqueParser parser;
    feedLines(parser, textOf(data, size), checkTorqueJob);
    return 0;
}
