// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SacctParser.h"

#include "importers/SlurmFields.h"
#include "importers/TextFields.h"

#include <string_view>

namespace placement {
namespace {

struct ColumnName
{
    std::string_view name; ///< the field name, lower-cased
    SacctParser::Column column;
};

constexpr ColumnName columnNames[] = {
    {"jobid", SacctParser::JobId},       {"state", SacctParser::State},         {"exitcode", SacctParser::ExitCode},
    {"submit", SacctParser::Submit},     {"eligible", SacctParser::Eligible},   {"start", SacctParser::Start},
    {"end", SacctParser::End},           {"timelimit", SacctParser::Timelimit}, {"nnodes", SacctParser::NNodes},
    {"reqnodes", SacctParser::ReqNodes}, {"ncpus", SacctParser::AllocCpus},     {"alloccpus", SacctParser::AllocCpus},
    {"reqcpus", SacctParser::ReqCpus},   {"nodelist", SacctParser::NodeList},   {"user", SacctParser::User},
    {"account", SacctParser::Account},   {"partition", SacctParser::Partition}, {"qos", SacctParser::Qos},
    {"jobname", SacctParser::JobName},   {"elapsed", SacctParser::Elapsed},     {"alloctres", SacctParser::AllocTres},
};

/// The GPUs and CPUs of an AllocTRES list ("billing=16,cpu=16,gres/gpu=8,gres/gpu:a100=8,
/// mem=240G,node=2"): gres/gpu=N, else the sum of the typed gres/gpu:TYPE=N entries (sacct
/// writes both for a typed request: not counted twice); -1 where absent. False for an entry
/// whose count is no whole number.
bool readAllocTres(std::string_view tres, int& cpus, int& gpus)
{
    cpus = gpus = -1;
    int typedGpus = -1;
    for (std::string_view entry : splitAll(tres, ",")) {
        const std::size_t equals = entry.find('=');
        if (equals == std::string_view::npos)
            continue;
        const std::string_view key = entry.substr(0, equals);
        const bool cpu = key == "cpu", gpu = key == "gres/gpu", typed = key.starts_with("gres/gpu:");
        if (!cpu && !gpu && !typed)
            continue;
        const std::optional<std::int64_t> count = parseInteger(entry.substr(equals + 1));
        if (!count || *count < 0 || *count > 2'000'000'000)
            return false;
        if (cpu)
            cpus = static_cast<int>(*count);
        else if (gpu)
            gpus = static_cast<int>(*count);
        else
            typedGpus = std::max(typedGpus, 0) + static_cast<int>(*count);
    }
    if (gpus < 0)
        gpus = typedGpus;
    return true;
}

// Fields whose text is free and may contain the delimiter (docs/formats/slurm-sacct.md, "No escaping").
constexpr std::string_view freeTextFields[]
    = {"jobname", "comment", "admincomment", "systemcomment", "constraints", "submitline", "workdir", "reason"};

// Field sets of files without a header (docs/formats/slurm-sacct.md): Open XDMoD's xdmod-slurm-helper,
// the older manual export of XDMoD's docs/resource-manager-slurm.md, and the note's
// recommended command. XDMoD's two sets both have 26 fields; the time columns tell them apart.
const std::vector<std::vector<std::string>> knownFieldSets = {
    {"jobid", "jobidraw", "cluster",  "partition", "qos",       "account",   "group",    "gid",    "user",
     "uid",   "submit",   "eligible", "start",     "end",       "elapsed",   "exitcode", "state",  "nnodes",
     "ncpus", "reqcpus",  "reqmem",   "reqtres",   "alloctres", "timelimit", "nodelist", "jobname"},
    {"jobid",   "jobidraw", "cluster", "partition", "account",   "group",     "gid",      "user",   "uid",
     "submit",  "eligible", "start",   "end",       "elapsed",   "exitcode",  "state",    "nnodes", "ncpus",
     "reqcpus", "reqmem",   "reqgres", "reqtres",   "alloctres", "timelimit", "nodelist", "jobname"},
    {"jobid",     "jobidraw", "user",     "account", "partition", "qos",       "state",  "exitcode",
     "submit",    "eligible", "start",    "end",     "elapsed",   "timelimit", "nnodes", "ncpus",
     "alloccpus", "reqnodes", "nodelist", "reqtres", "alloctres", "jobname"},
};

std::string lower(std::string_view text)
{
    std::string result(text);
    for (char& c : result)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return result;
}

/// "JobName%30" -> "jobname": widths do not matter in parsable output.
std::string normalisedFieldName(std::string_view name)
{
    name = trimmed(name);
    return lower(name.substr(0, name.find('%')));
}

bool isFieldName(std::string_view text)
{
    if (text.empty() || !((text[0] >= 'A' && text[0] <= 'Z') || (text[0] >= 'a' && text[0] <= 'z')))
        return false;
    for (char c : text)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    return true;
}

/// A header line: every piece a field name, one of them JobID (sacct prints names, -n omits them).
bool isHeader(const std::vector<std::string_view>& pieces)
{
    bool hasJobId = false;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (pieces[i].empty() && i + 1 == pieces.size() && i > 0)
            continue; // the -p trailing delimiter
        if (!isFieldName(pieces[i]))
            return false;
        hasJobId = hasJobId || equalsIgnoringCase(pieces[i], "JobID");
    }
    return hasJobId;
}

/// "N", "A_T" (array task) or "H+K" (het component); steps and pending array ranges are
/// handled before this check.
bool isJobId(std::string_view text)
{
    const std::size_t separator = text.find_first_of("_+");
    if (separator == std::string_view::npos)
        return isDigits(text);
    return isDigits(text.substr(0, separator)) && isDigits(text.substr(separator + 1));
}

/// Why a header without NodeList matters, naming the fields that look like a misspelling of it.
std::string nodeListMissing(const std::vector<std::string>& names)
{
    std::string near;
    for (const std::string& name : names)
        if (name.find("node") != std::string::npos && name != "nnodes" && name != "reqnodes")
            near += (near.empty() ? "" : ", ") + name;
    return "every job is stored without its nodes"
        + (near.empty() ? std::string() : "; the header has " + near + ", not NodeList");
}

} // namespace

bool SacctParser::recognises(std::string_view line)
{
    const std::vector<std::string_view> pieces = splitAll(line, "|");
    if (pieces.size() < 2)
        return false;
    if (isHeader(pieces))
        return true;
    // "81234", "81234.batch", "81240_7", "81240_[8-50]", "90001+0".
    const std::string_view id = pieces[0];
    const std::size_t digits = std::min(id.find_first_not_of("0123456789"), id.size());
    return digits > 0 && (digits == id.size() || id[digits] == '_' || id[digits] == '+' || id[digits] == '.');
}

SacctParser::SacctParser(const ImportOptions& options)
    : m_delimiter(options.sacctDelimiter.empty() ? "|" : options.sacctDelimiter)
    , m_zone(slurmTimeZone(options))
    , m_resolver(options.nodeIndex
                     ? std::make_unique<NodeListResolver>(*options.nodeIndex, options.nodeListsWithinMachine)
                     : nullptr)
{
    if (!options.sacctFields.empty()) {
        std::vector<std::string> names;
        for (const std::string& name : options.sacctFields)
            names.push_back(normalisedFieldName(name));
        m_declaredWithoutJobId = !useFieldNames(names);
    }
}

bool SacctParser::useFieldNames(const std::vector<std::string>& names)
{
    m_index.fill(-1);
    for (std::size_t i = 0; i < names.size(); ++i)
        for (const ColumnName& known : columnNames)
            if (names[i] == known.name && m_index[known.column] < 0)
                m_index[known.column] = static_cast<int>(i);
    if (m_index[JobId] < 0) {
        m_names.clear();
        return false;
    }
    m_names = names;
    m_lastIsFreeText = false;
    for (const std::string_view freeText : freeTextFields)
        m_lastIsFreeText = m_lastIsFreeText || names.back() == freeText;
    return true;
}

bool SacctParser::inferLayout(const std::vector<std::string_view>& pieces)
{
    for (const std::vector<std::string>& names : knownFieldSets) {
        const std::size_t count = names.size();
        // -P gives exactly `count` pieces, -p one more, empty, after the trailing delimiter.
        const bool parsable2 = pieces.size() == count;
        const bool parsable = pieces.size() == count + 1 && pieces.back().empty();
        if (!parsable2 && !parsable)
            continue;
        bool timesFit = true;
        for (std::size_t i = 0; i < count; ++i)
            if (names[i] == "submit" || names[i] == "eligible" || names[i] == "start" || names[i] == "end")
                timesFit = timesFit && parseSlurmTime(pieces[i], LocalTimeZone()).valid;
        if (!timesFit)
            continue;
        useFieldNames(names);
        m_trailingDelimiter = parsable;
        return true;
    }
    return false;
}

LineOutcome SacctParser::parseLine(const LogLine& line)
{
    if (trimmed(line.text).empty())
        return LineOutcome::nothing();
    splitAll(line.text, m_delimiter, m_pieces);
    const std::vector<std::string_view>& pieces = m_pieces;
    if (isHeader(pieces)) {
        // A header may repeat when exports are concatenated, and then also change the layout.
        const bool trailing = pieces.size() > 1 && pieces.back().empty();
        std::vector<std::string> names;
        for (std::size_t i = 0; i < pieces.size() - (trailing ? 1 : 0); ++i)
            names.push_back(normalisedFieldName(pieces[i]));
        useFieldNames(names); // a header wins over a declared field list
        m_declaredWithoutJobId = false;
        m_trailingDelimiter = trailing;
        if (m_index[NodeList] < 0)
            return LineOutcome::warn("no NodeList field", nodeListMissing(names));
        return LineOutcome::nothing();
    }
    if (m_declaredWithoutJobId)
        return LineOutcome::reject("unknown field list", "the declared field list has no JobID");
    if (m_names.empty() && !inferLayout(pieces))
        return LineOutcome::reject("unknown field list",
                                   std::to_string(pieces.size()) + " fields, no header and no declared field list");
    // Declared fields: the first record tells -p (one more, empty piece) from -P.
    if (!m_trailingDelimiter)
        m_trailingDelimiter = pieces.size() == m_names.size() + 1 && pieces.back().empty();
    return parseRecord(line);
}

LineOutcome SacctParser::parseRecord(const LogLine& line)
{
    std::vector<std::string_view>& pieces = m_pieces;
    if (*m_trailingDelimiter) {
        if (pieces.size() < 2 || !pieces.back().empty())
            return line.terminated ? LineOutcome::reject("missing trailing delimiter")
                                   : LineOutcome::reject("truncated last line", "no trailing delimiter");
        pieces.pop_back();
    }
    const std::size_t expected = m_names.size();
    if (pieces.size() < expected || (pieces.size() > expected && !m_lastIsFreeText))
        return LineOutcome::reject("wrong field count",
                                   std::to_string(pieces.size()) + ", expected " + std::to_string(expected));
    if (pieces.size() > expected) {
        // Open XDMoD's remedy: the overflow belongs to the free-text last field.
        const char* lastBegin = pieces[expected - 1].data();
        const char* lastEnd = pieces.back().data() + pieces.back().size();
        pieces[expected - 1] = std::string_view(lastBegin, static_cast<std::size_t>(lastEnd - lastBegin));
        pieces.resize(expected);
    }
    const auto field = [&](Column column) {
        return m_index[column] < 0 ? std::string_view() : pieces[static_cast<std::size_t>(m_index[column])];
    };
    const auto has = [&](Column column) { return m_index[column] >= 0; };

    const std::string_view jobId = field(JobId);
    if (jobId.empty())
        return LineOutcome::reject("missing job id");
    if (jobId.find('.') != std::string_view::npos)
        return LineOutcome::ignore("job step");
    // "81240_[8-50%4]": tasks still pending, without nodes, possibly cut to 64 bytes.
    if (jobId.find('[') != std::string_view::npos)
        return LineOutcome::ignore("pending array tasks");
    if (!isJobId(jobId))
        return LineOutcome::reject("bad job id", std::string(jobId));

    ImportedJob job;
    job.id = std::string(jobId);
    job.name = std::string(field(JobName));
    job.user = std::string(field(User));
    job.account = std::string(field(Account));
    job.partition = std::string(field(Partition));
    job.qos = std::string(field(Qos));
    // "CANCELLED by 5003": the state is the first word.
    const std::string_view state = trimmed(field(State));
    job.state = toUpper(state.substr(0, state.find(' ')));

    const std::string_view exitCode = field(ExitCode);
    if (!exitCode.empty()) {
        job.exitCode = parseSlurmExitCode(exitCode);
        if (!job.exitCode)
            return LineOutcome::reject("bad exit code", std::string(exitCode));
    }

    std::pair<std::string, std::string> warning;
    if (std::optional<LineOutcome> rejection
        = assignSlurmTimes({field(Submit), field(Eligible), field(Start), field(End)},
                           {"Submit", "Eligible", "Start", "End"}, field(Elapsed), m_zone, job, warning))
        return std::move(*rejection);

    const std::string_view limit = field(Timelimit);
    if (!limit.empty() && limit != "UNLIMITED" && limit != "Partition_Limit" && limit != "INVALID") {
        job.timeLimit = parseSlurmDuration(limit);
        if (!job.timeLimit)
            return LineOutcome::reject("bad duration", "Timelimit '" + std::string(limit) + "'");
    }

    static constexpr std::pair<Column, const char*> countColumns[]
        = {{NNodes, "NNodes"}, {ReqNodes, "ReqNodes"}, {AllocCpus, "NCPUS"}, {ReqCpus, "ReqCPUS"}};
    int counts[std::size(countColumns)] = {-1, -1, -1, -1};
    for (std::size_t i = 0; i < std::size(countColumns); ++i) {
        const std::string_view text = field(countColumns[i].first);
        if (text.empty())
            continue;
        const std::optional<int> count = parseCount(text);
        if (!count)
            return LineOutcome::reject("bad number",
                                       std::string(countColumns[i].second) + " '" + std::string(text) + "'");
        counts[i] = *count;
    }
    const int nodeCount = counts[0];
    job.requestedNodes = counts[1];
    job.allocatedCpus = counts[2];
    job.requestedCpus = counts[3];
    if (has(AllocTres) && !field(AllocTres).empty()) {
        int tresCpus = -1;
        if (!readAllocTres(field(AllocTres), tresCpus, job.allocatedGpus))
            return LineOutcome::reject("bad number", "AllocTRES '" + std::string(field(AllocTres)) + "'");
        if (job.allocatedCpus < 0)
            job.allocatedCpus = tresCpus;
    }

    if (has(NodeList))
        if (std::optional<LineOutcome> rejection
            = assignSlurmNodeList(field(NodeList), nodeCount, "NNodes", job, m_resolver.get()))
            return std::move(*rejection);
    // NNodes means allocated nodes for a job that ran and requested nodes for one that did not.
    const bool ran = has(NodeList) ? job.nodeNameCount() != 0 : job.start.has_value();
    if (ran) {
        job.allocatedNodes = has(NodeList) ? static_cast<int>(job.nodeNameCount()) : nodeCount;
    } else {
        if (job.requestedNodes < 0)
            job.requestedNodes = nodeCount;
        if (has(NodeList))
            job.allocatedNodes = 0;
    }
    if (!warning.first.empty())
        return LineOutcome::acceptWithWarning(std::move(job), std::move(warning.first), std::move(warning.second));
    return LineOutcome::accept(std::move(job));
}

} // namespace placement
