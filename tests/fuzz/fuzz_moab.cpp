// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// MoabParser (importers/MoabParser.h) line by line: Moab event records and Maui traces.

#include "importers/MoabParser.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace placement;
using namespace placement::test;

namespace {

void checkMoabJob(const ImportedJob& job, std::string_view line)
{
    const auto where = [&] { return jobContext(job, line); };
    // Epoch fields: 0 means "not set" and negative ones are rejected.
    for (const std::optional<std::int64_t>& time : {job.submit, job.eligible, job.start, job.end})
        FUZZ_CHECK(!time || *time > 0, "a time of 0 or less" + where());
    FUZZ_CHECK(job.allocatedCpus >= 0, "no allocated processor count" + where());
    FUZZ_CHECK(job.allocatedNodes == static_cast<int>(job.nodeNames.size()),
               "allocated nodes differ from the host list" + where());
    // Host lists longer than the allocated tasks are cut or shifted ones, and rejected.
    if (job.allocatedCpus > 0)
        FUZZ_CHECK(job.nodeNames.size() <= static_cast<std::size_t>(job.allocatedCpus),
                   "more hosts than allocated processors" + where());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (hostlistNamesBound(textOf(data, size)) > expansionBudget)
        return -1; // costly by design, see FuzzSupport.h
    MoabParser parser;
    feedLines(parser, textOf(data, size), checkMoabJob);
    // The layout, once decided, is one of the three known ones.
    const int field = parser.hostListField();
    FUZZ_CHECK(field == 0 || field == 38 || field == 41 || field == 42, "host list field " + std::to_string(field));
    return 0;
}
