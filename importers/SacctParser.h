// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"
#include "importers/LocalTime.h"
#include "importers/NodeListResolver.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace placement {

/// Slurm `sacct --parsable2` (-P) and `--parsable` (-p, trailing delimiter) output
/// (docs/formats/slurm-sacct.md). The field list comes from a header line, from ImportOptions::sacctFields,
/// or, for a file without either, is recognised as one of Open XDMoD's two 26-field sets or
/// the note's recommended 22-field set. Step lines are ignored; array tasks ("4711_3") and
/// het components ("4711+1") are separate records; times are local wall clock in
/// ImportOptions::timeZone (or shifted by ImportOptions::utcOffsetSeconds), Unix seconds, or
/// carry their offset; Elapsed settles ambiguous local times (assignSlurmTimes).
class SacctParser : public JobLogParser
{
public:
    explicit SacctParser(const ImportOptions& options);
    LineOutcome parseLine(const LogLine& line) override;

    /// Whether a line looks like `sacct -p/-P` output with the default delimiter: a header
    /// naming JobID, or a job id before the first '|' (detectLogFormat).
    static bool recognises(std::string_view line);

    /// The columns this parser reads; the others are skipped.
    enum Column {
        JobId,
        State,
        ExitCode,
        Submit,
        Eligible,
        Start,
        End,
        Timelimit,
        NNodes,
        ReqNodes,
        AllocCpus,
        ReqCpus,
        NodeList,
        User,
        Account,
        Partition,
        Qos,
        JobName,
        Elapsed,
        AllocTres,
        ColumnCount
    };

private:
    /// Sets the column layout from field names; false if JobID is missing.
    bool useFieldNames(const std::vector<std::string>& names);
    /// Recognises a known field set from the first data line of a file without a header.
    bool inferLayout(const std::vector<std::string_view>& pieces);
    /// Reads the record in m_pieces (which it may change).
    LineOutcome parseRecord(const LogLine& line);

    std::string m_delimiter;
    LocalTimeZone m_zone;
    std::vector<std::string> m_names; ///< lower case, without "%NN" widths; empty: layout unknown
    std::array<int, ColumnCount> m_index{};
    bool m_lastIsFreeText = false; ///< a delimiter inside the last field can be re-joined
    std::optional<bool> m_trailingDelimiter; ///< -p; unknown until the header or first record
    bool m_declaredWithoutJobId = false;
    std::vector<std::string_view> m_pieces; ///< of the current line, kept for its capacity
    std::unique_ptr<NodeListResolver> m_resolver; ///< with ImportOptions::nodeIndex
};

} // namespace placement
