// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// SacctParser (importers/SacctParser.h) line by line. An optional first byte 0x01-0x04 picks
// the import options, so that declared field lists and other delimiters are reached too:
//   none  defaults: "|", field list from a header or recognised (docs/formats/slurm-sacct.md)
//   0x01  ASCII unit separator with a declared field list (JobID|State|Start|End|NodeList|JobName%20)
//   0x02  "|" with the note's recommended field list declared, UTC+1
//   0x03  the two-character delimiter "::", field list from a header or recognised
//   0x04  a declared field list without JobID (records are rejected until a header)

#include "importers/SacctParser.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace placement;
using namespace placement::test;

namespace {

ImportOptions optionsFor(std::string_view& input)
{
    ImportOptions options;
    if (input.empty() || input.front() < 0x01 || input.front() > 0x04)
        return options;
    const char mode = input.front();
    input.remove_prefix(1);
    switch (mode) {
    case 0x01:
        options.sacctDelimiter = "\x1f";
        options.sacctFields = {"JobID", "State", "Start", "End", "NodeList", "JobName%20"};
        break;
    case 0x02:
        options.utcOffsetSeconds = 3600;
        options.sacctFields
            = {"JobID",     "JobIDRaw", "User",     "Account", "Partition", "QOS",       "State",  "ExitCode",
               "Submit",    "Eligible", "Start",    "End",     "Elapsed",   "Timelimit", "NNodes", "NCPUS",
               "AllocCPUS", "ReqNodes", "NodeList", "ReqTRES", "AllocTRES", "JobName"};
        break;
    case 0x03: options.sacctDelimiter = "::"; break;
    case 0x04: options.sacctFields = {"State", "Start", "End", "NodeList", "JobName"}; break;
    }
    return options;
}

void checkSacctJob(const ImportedJob& job, std::string_view line)
{
    const auto where = [&] { return jobContext(job, line); };
    // Steps and pending array ranges are ignored; what is left is "N", "A_T" or "H+K".
    FUZZ_CHECK(isJobIdLike(job.id, "_+"), "a job id that is not a job's" + where());
    FUZZ_CHECK(job.state.find(' ') == std::string::npos, "a state of more than one word" + where());
    // "exit:signal" with both at most 255: the status, or 128 + signal.
    if (job.exitCode)
        FUZZ_CHECK(*job.exitCode >= 0 && *job.exitCode <= 128 + 255, "an exit code out of range" + where());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (hostlistNamesBound(textOf(data, size)) > expansionBudget)
        return -1; // costly by design, see FuzzSupport.h
    std::string_view input = textOf(data, size);
    const ImportOptions options = optionsFor(input);
    SacctParser parser(options);
    feedLines(parser, input, checkSacctJob);
    return 0;
}
