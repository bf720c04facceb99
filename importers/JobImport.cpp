// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobImport.h"

#include "core/MachineSpec.h"
#include "core/SwitchTreeTopology.h"
#include "core/Topology.h"
#include "importers/AleaMachines.h"
#include "importers/BatchWriter.h"
#include "importers/JobImportInput.h"
#include "importers/JobLog.h"
#include "importers/LineReader.h"
#include "importers/MachineFiles.h"
#include "importers/NodeNameIndex.h"
#include "importers/SlurmNodeConf.h"
#include "store/Schema.h"
#include "store/Store.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>
#include <unordered_map>
#include <xxhash.h>

namespace placement {
namespace {

class StrictStop : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// The trace an SWF log comes from, part of its jobs' identity (SWF job numbers are unique
/// within one trace only): XXH3-128 of its header comments (`; Key: value` lines before the
/// first job), or, in a log without them, of its first job line. White space is folded, so
/// that a copy with other line ends or spacing is the same trace.
std::string swfTrace(const std::string& beginning)
{
    std::string folded;
    std::size_t from = 0;
    while (from < beginning.size()) {
        const std::size_t end = std::min(beginning.find('\n', from), beginning.size());
        std::string line;
        for (std::size_t i = from; i < end; ++i) {
            const char c = beginning[i];
            if (c == ' ' || c == '\t' || c == '\r') {
                if (!line.empty() && line.back() != ' ')
                    line.push_back(' ');
            } else {
                line.push_back(c);
            }
        }
        from = end + 1;
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        if (line.empty())
            continue;
        if (line.front() != ';') {
            if (folded.empty())
                folded = line;
            break;
        }
        folded += line + "\n";
    }
    const XXH128_hash_t hash = XXH3_128bits(folded.data(), folded.size());
    char text[40];
    std::snprintf(text, sizeof text, "swf %016llx%016llx", static_cast<unsigned long long>(hash.high64),
                  static_cast<unsigned long long>(hash.low64));
    return text;
}

/// Imports one member of an input (a file, or a file of an archive) as one source. False
/// when the import stops without storing anything (cancelled, strict mode): result says why.
/// The runs an import stores and their time span, for marking the jobs that share nodes
/// once all are stored (docs/importing.md, "Jobs that share nodes").
struct RunSpan
{
    std::int64_t from = std::numeric_limits<std::int64_t>::max();
    std::int64_t to = std::numeric_limits<std::int64_t>::min();
    NewRuns added;
    /// Per node, the run read last on it. A run overlapping it shares that node: stored
    /// marked, so that the marks left to write once all are stored are few (in logs of
    /// shared nodes a job mostly overlaps the one before it on its nodes).
    std::vector<std::pair<std::int64_t, std::int64_t>> lastRun;
    /// Per node, the earliest start and the latest end of the runs read on it: a run that
    /// begins at or after that end, or ends at or before that start, overlaps none of them.
    std::vector<std::pair<std::int64_t, std::int64_t>> covered;

    RunSpan()
    {
        added.shareNothing = true; // until a run is read that may overlap another
    }

    /// Whether `job` (end > start) overlaps the run read last on one of its nodes; it is that
    /// run now. Clears added.shareNothing when it may overlap any run read before.
    bool overlapsLastRun(const Job& job)
    {
        bool overlaps = false;
        for (int node : job.nodes) {
            if (static_cast<size_t>(node) >= lastRun.size()) {
                lastRun.resize(static_cast<size_t>(node) + 1, {0, 0});
                covered.resize(static_cast<size_t>(node) + 1,
                               {std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()});
            }
            auto& [start, end] = lastRun[static_cast<size_t>(node)];
            overlaps = overlaps || (start < job.end && job.start < end);
            start = job.start;
            end = job.end;
            auto& [first, last] = covered[static_cast<size_t>(node)];
            added.shareNothing = added.shareNothing && (job.start >= last || job.end <= first);
            first = std::min(first, job.start);
            last = std::max(last, job.end);
        }
        return overlaps;
    }
};

bool importMember(Store& store, JobImportInput& input, const ImportRequest& request, const ImportOptions& options,
                  const MachineRecord& machine, const NodeNameIndex& index, const std::vector<std::string>& names,
                  std::vector<SourceRecord>& earlier, ImportResult& result, RunSpan& span)
{
    const std::string& path = input.memberName();
    FileImportResult file;
    file.path = path;
    SourceRecord source;
    source.path = std::filesystem::absolute(path).string();
    // The first lines are read twice (kept in memory, not read from the input again): to tell
    // the format, and the trace of an SWF log, then by the parser.
    std::optional<LogFormat> format = request.format;
    input.startRecording();
    LineReader firstLines(input, path);
    if (!format) {
        format = detectLogFormat(firstLines);
    } else {
        LineReader::Line line;
        firstLines.next(line);
    }
    input.rewind();
    if (!format)
        throw ImportError(path, 0, "cannot tell the log format; name it");
    file.format = *format;
    source.format = logFormatName(*format);
    if (*format == LogFormat::Swf)
        source.origin = swfTrace(input.recorded());

    JobWriter writer(store, machine.id, source);
    // Node lists are checked and encoded here, on the parsing thread, so that a bad one stops
    // the import at its job.
    NodeListEncoder encoder = writer.nodeListEncoder();
    std::set<std::string> unknown;
    // A job naming one node twice (two spellings the domain rule makes one node:
    // "gpu5" and "gpu5.example.org") has fewer nodes than it says: its line is rejected
    // (docs/formats/README.md rules 2, 4 and 5), reported with the others after the parse.
    std::vector<ImportIssue> namedTwice;
    std::vector<std::uint32_t> seenInJob(names.size(), 0);
    std::uint32_t jobStamp = 0;
    std::size_t records = 0; // handed to the writer
    std::vector<std::size_t> runRecords; // of the runs kept in span.added
    LineReader lines(input, path);
    // The runs are kept, and checked against the run read last on each node, on the writer
    // thread, in file order, before it stores the batch: the parsing thread is the slower.
    // Room for as many runs as the file can have lines of 100 bytes (a sacct line with a node
    // list has 150 or more): what is reserved and not used is never touched, so costs no memory.
    const auto lineEstimate = static_cast<std::size_t>(std::min<std::uint64_t>(lines.fileSize() / 100, 1u << 26));
    bool reserved = false;
    BatchWriter batches(writer, [&](std::span<JobRecord> jobs) {
        if (records == 0) {
            span.added.marked.reserve(span.added.marked.size() + lineEstimate);
            runRecords.reserve(lineEstimate);
        }
        for (JobRecord& record : jobs) {
            if (record.startKnown && !record.job.nodes.empty()) {
                span.from = std::min(span.from, record.job.start);
                span.to = std::max(span.to, record.job.end);
                runRecords.push_back(records);
                record.sharesNodes = record.job.end > record.job.start && span.overlapsLastRun(record.job);
                span.added.marked.push_back(record.sharesNodes ? 1 : 0);
                // While no run may share a node with another, none need be swept: none is kept.
                if (span.added.shareNothing) {
                    ++span.added.notKept;
                } else {
                    if (!reserved)
                        span.added.runs.reserve(lineEstimate - std::min(lineEstimate, records), lineEstimate);
                    reserved = true;
                    span.added.runs.add(record.job.start, record.job.end, record.job.nodes);
                }
            }
            ++records;
        }
    });
    file.summary = parseJobLog(lines, *format, options, [&](ImportedJob&& job) {
        JobRecord record;
        if (job.start && job.end) {
            record.job.start = *job.start;
            record.job.end = *job.end;
            record.job.submit = job.submit ? *job.submit : *job.start;
        } else if (job.submit && job.runTime) {
            // Submitted and ran for a known time, start unknown: the simulator can replay
            // it; the views that need the logged start leave it out (schema version 7). Its
            // identity's start is its submission time, the same in every import of the log.
            record.startKnown = false;
            record.job.submit = *job.submit;
            record.job.start = *job.submit;
            record.job.end = *job.submit + *job.runTime;
            ++file.jobsWithoutStart;
        } else {
            ++file.jobsWithoutRun;
            return;
        }
        record.job.id = std::move(job.id);
        record.job.user = std::move(job.user);
        record.name = std::move(job.name);
        record.account = std::move(job.account);
        record.partition = std::move(job.partition);
        record.qos = std::move(job.qos);
        record.state = std::move(job.state);
        record.exitCode = job.exitCode;
        record.eligible = job.eligible;
        record.timeLimit = job.timeLimit;
        record.requestedNodes = job.requestedNodes;
        record.requestedCpus = job.requestedCpus;
        record.allocatedCpus = job.allocatedCpus;
        record.sourceLine = static_cast<std::int64_t>(job.line);
        record.gpus = job.allocatedGpus;
        if (job.nodesResolved) {
            record.job.nodes = std::move(job.nodes);
            record.nodesIncomplete = !job.unknownNodeNames.empty();
            for (std::string& name : job.unknownNodeNames)
                unknown.insert(std::move(name));
        } else {
            record.job.nodes.reserve(job.nodeNames.size());
            const bool perNode = job.nodeCpus.size() == job.nodeNames.size();
            for (std::size_t k = 0; k < job.nodeNames.size(); ++k) {
                const std::string& name = job.nodeNames[k];
                const int node = index.find(name);
                if (node < 0) {
                    record.nodesIncomplete = true;
                    unknown.insert(name);
                    continue;
                }
                record.job.nodes.push_back(node);
                if (perNode)
                    record.nodeCores.push_back(job.nodeCpus[k]);
            }
        }
        ++jobStamp;
        for (int node : record.job.nodes) {
            if (seenInJob[static_cast<size_t>(node)] != jobStamp) {
                seenInJob[static_cast<size_t>(node)] = jobStamp;
                continue;
            }
            ImportIssue issue{path, job.line,
                              "job " + record.job.id + " names node " + names[static_cast<size_t>(node)]
                                  + " twice (under two spellings of its name)"};
            if (options.strict)
                throw ImportError(issue.file, issue.line, issue.reason + " (strict mode: nothing was imported)");
            namedTwice.push_back(std::move(issue));
            return;
        }
        file.jobsWithUnknownNodes += record.nodesIncomplete ? 1 : 0;
        encoder.encode(record);
        batches.add(std::move(record));
    });
    batches.finish();
    // The rows the writer stored for the runs kept (none for a job stored already).
    span.added.ids.reserve(span.added.ids.size() + runRecords.size());
    for (const std::size_t record : runRecords) {
        const std::int64_t id = writer.rowIds()[record];
        if (id == 0 && span.added.ids.size() >= span.added.notKept)
            span.added.runs.leaveOut(span.added.ids.size() - span.added.notKept);
        span.added.ids.push_back(id);
    }
    for (ImportIssue& issue : namedTwice) {
        ++file.summary.skippedByReason["a node named twice"];
        if (file.summary.issues.size() < ImportSummary::maxStoredIssues)
            file.summary.issues.push_back(std::move(issue));
    }
    file.unknownNodeCount = static_cast<std::int64_t>(unknown.size());
    for (auto it = unknown.begin(); it != unknown.end() && file.unknownNodes.size() < 20; ++it)
        file.unknownNodes.push_back(*it);
    file.jobsStored = writer.jobsAdded();
    file.jobsUnchanged = writer.jobsUnchanged();
    file.jobsUpdated = writer.jobsUpdated();
    file.conflicts = static_cast<std::int64_t>(writer.conflicts().size());
    for (const JobConflict& conflict : writer.conflicts()) {
        ++file.summary.skippedByReason["job stored already with other values"];
        if (file.summary.issues.size() < ImportSummary::maxStoredIssues)
            file.summary.issues.push_back({path, static_cast<std::size_t>(conflict.line), conflict.reason});
    }
    if (options.strict && !writer.conflicts().empty()) {
        std::sort(file.summary.issues.begin(), file.summary.issues.end(),
                  [](const ImportIssue& a, const ImportIssue& b) { return a.line < b.line; });
        file.summary.stoppedAtStrictError = true;
    }
    const bool cancelled = file.summary.cancelled;
    const bool strictStop = file.summary.stoppedAtStrictError;
    result.files.push_back(std::move(file));
    if (cancelled) {
        result.failure = "cancelled: nothing was imported";
        return false;
    }
    if (strictStop) {
        const auto& issue = result.files.back().summary.issues.front();
        result.failure = issue.file + ":" + std::to_string(issue.line) + ": " + issue.reason
            + " (strict mode: nothing was imported)";
        return false;
    }
    source.contentHash = input.finishMember(source.size);
    FileImportResult& done = result.files.back();
    for (const ImportIssue& warning : done.summary.warnings)
        result.warnings.push_back(warning.file + ":" + std::to_string(warning.line) + ": " + warning.reason);
    // A file that gave no job at all (none new, none stored already): also one of which no
    // line could be read (a cut .gz).
    if (done.jobsStored + done.jobsUnchanged + done.jobsUpdated + done.conflicts == 0 && source.size > 0) {
        std::string warning = path + ": no jobs stored from " + std::to_string(done.summary.linesRead) + " lines";
        if (done.jobsWithoutRun)
            warning += " (" + std::to_string(done.jobsWithoutRun) + " jobs without a start or run time)";
        if (options.strict) {
            result.failure = warning + " (strict mode: nothing was imported)";
            return false;
        }
        result.warnings.push_back(std::move(warning));
    }
    // The same content again is no error: the identity of its jobs decides what is new.
    for (const SourceRecord& old : earlier)
        if (old.contentHash == source.contentHash && old.size == source.size)
            done.sameContentAs = old.path;
    earlier.push_back(source);
    writer.commit(static_cast<std::int64_t>(done.summary.linesRead),
                  static_cast<std::int64_t>(done.summary.rejectedLines()), source.contentHash, source.size);
    return true;
}

/// What each node of a machine being created offers (docs/importing.md, "Cores and GPUs"):
/// slurm.conf's CPUs= and Gres=gpu:N, else an Alea .machines file (the cluster whose name is
/// the node's leaf switch, or the only cluster), else --cores-per-node / --gpus-per-node.
NodeResources machineResources(const ImportedMachine& machine, const ImportRequest& request,
                               std::vector<std::string>& notes)
{
    const std::size_t count = machine.nodeNames.size();
    NodeResources resources{std::vector<int>(count, -1), std::vector<int>(count, -1)};
    if (!request.slurmConf.empty()) {
        std::unordered_map<std::string, const SlurmConfNode*> byName;
        const std::vector<SlurmConfNode> nodes = readSlurmConfNodes(request.slurmConf);
        for (const SlurmConfNode& node : nodes)
            byName.emplace(node.name, &node);
        for (std::size_t i = 0; i < count; ++i)
            if (const auto found = byName.find(machine.nodeNames[i]); found != byName.end()) {
                resources.cores[i] = found->second->cpus;
                resources.gpus[i] = found->second->gpus;
            }
    }
    if (!request.aleaMachines.empty()) {
        const std::vector<AleaCluster> clusters = readAleaMachines(request.aleaMachines);
        const auto* tree = dynamic_cast<const SwitchTreeTopology*>(machine.topology.get());
        std::size_t first = 0;
        int leaf = 0;
        std::vector<int> leafOf(count, -1);
        if (tree)
            for (const int nodes : tree->nodesPerSwitch()) {
                for (std::size_t i = first; i < first + static_cast<std::size_t>(nodes) && i < count; ++i)
                    leafOf[i] = leaf;
                first += static_cast<std::size_t>(nodes);
                ++leaf;
            }
        for (std::size_t i = 0; i < count; ++i) {
            const AleaCluster* cluster = clusters.size() == 1 ? &clusters.front() : nullptr;
            if (tree && leafOf[i] >= 0 && static_cast<std::size_t>(leafOf[i]) < machine.switchNames.size())
                for (const AleaCluster& candidate : clusters)
                    if (candidate.name == machine.switchNames[static_cast<std::size_t>(leafOf[i])])
                        cluster = &candidate;
            if (cluster && resources.cores[i] < 0)
                resources.cores[i] = cluster->cpusPerNode;
        }
        const auto unknown = std::count(resources.cores.begin(), resources.cores.end(), -1);
        if (unknown > 0)
            notes.push_back(std::to_string(unknown) + " nodes are under no switch named as a cluster of "
                            + request.aleaMachines + ": their cores are unknown");
    }
    for (std::size_t i = 0; i < count; ++i) {
        if (resources.cores[i] < 0 && request.coresPerNode > 0)
            resources.cores[i] = request.coresPerNode;
        if (resources.gpus[i] < 0 && request.gpusPerNode >= 0)
            resources.gpus[i] = request.gpusPerNode;
    }
    const bool any = std::any_of(resources.cores.begin(), resources.cores.end(), [](int c) { return c >= 0; })
        || std::any_of(resources.gpus.begin(), resources.gpus.end(), [](int g) { return g >= 0; });
    return any ? resources : NodeResources{};
}

} // namespace

ImportResult importJobLogs(Store& store, const ImportRequest& request)
{
    ImportResult result;
    if (request.files.empty())
        throw ImportError("", 0, "no files to import");

    // Every reference the import writes is one it has just made valid itself: jobs.machine_id
    // names the machine found below by name (or created in this transaction), which
    // JobWriter looks up again by id before it writes a job; jobs.source_id the source row
    // JobWriter inserts first; nodes.machine_id (a machine created from a topology) the
    // machine just inserted. Checking them again for each of a million rows (two b-tree
    // look-ups per job) was ~9% of the writer thread's instructions, so the checks are off
    // for the import: back on when it ends, committed or not (declared before the
    // transaction, so that it ends after it).
    ForeignKeysOff uncheckedReferences(store.database());
    TemporaryFilesInMemory statementJournals(store.database());
    // Everything below commits together or not at all.
    SqliteTransaction transaction(store.database());
    std::optional<MachineRecord> machine;
    if (!request.topology.empty()) {
        ImportedMachine imported = readMachineDescription(request.topology);
        if (!request.slurmConf.empty())
            applySlurmNodeOrder(imported, readSlurmConfNodes(request.slurmConf), request.slurmConf);
        result.machine = request.machine.empty() ? imported.name : request.machine;
        result.machineNotes = imported.notes;
        if (store.machine(result.machine))
            throw StoreError(store.path() + ": a machine called '" + result.machine + "' exists already");
        store.addMachine(result.machine, machineSpecOf(*imported.topology), imported.nodeNames);
        result.machineCreated = true;
        machine = store.machine(result.machine);
        const NodeResources resources = machineResources(imported, request, result.machineNotes);
        if (!resources.cores.empty() || !resources.gpus.empty())
            store.setNodeResources(machine->id, resources);
    } else {
        if (request.machine.empty())
            throw StoreError("say which machine the jobs ran on: an existing machine, or a topology to create it from");
        machine = store.machine(request.machine);
        if (!machine)
            throw StoreError(store.path() + ": no machine called '" + request.machine + "'");
        result.machine = request.machine;
    }
    std::vector<std::string> names = store.nodeNames(machine->id);
    if (names.empty()) { // a machine stored before node names were kept
        const auto topology = parseMachineSpec(machine->spec);
        for (int node = 0; node < topology->nodeCount(); ++node)
            names.push_back(topology->nodeName(node));
    }
    const NodeNameIndex index(names);
    // Slurm node lists are resolved to node indices while parsing, without name strings.
    ImportOptions options = request.options;
    options.nodeIndex = &index;
    options.nodeListsWithinMachine = true;
    std::vector<SourceRecord> earlier = store.sources();
    RunSpan span;
    {
        SqliteStatement last(store.database(), "SELECT coalesce(max(id), 0) FROM jobs");
        span.added.storedBefore = last.step() ? last.integer(0) : 0;
    }

    for (const std::string& path : request.files) {
        // Each input is read once, also a pipe: its format is told from its first lines, kept
        // for the parser, and its fingerprint taken while it is parsed.
        JobImportInput input(path);
        while (input.nextMember()) {
            if (!importMember(store, input, request, options, *machine, index, names, earlier, result, span))
                return result;
        }
    }
    // Jobs holding a node another job holds at the same time (docs/importing.md, "Jobs that
    // share nodes"): the runs read, and the stored runs they overlap.
    result.jobsSharingNodes = machine->jobsSharingNodes; // marked before, and kept
    if (span.from < span.to)
        result.jobsSharingNodes += markJobsSharingNodes(store.database(), machine->id, span.from, span.to, &span.added);
    transaction.commit();
    result.committed = true;
    return result;
}

std::string formatImportReport(const ImportResult& result, std::size_t issuesPerFile)
{
    std::ostringstream out;
    for (const FileImportResult& file : result.files) {
        const ImportSummary& s = file.summary;
        out << file.path << " (" << logFormatName(file.format) << "): " << s.linesRead << " lines, " << file.jobsStored
            << " jobs " << (result.committed ? "imported" : "read") << "\n";
        if (!file.sameContentAs.empty())
            out << "  the same content as " << file.sameContentAs << ", imported before\n";
        if (file.jobsUnchanged)
            out << "  " << file.jobsUnchanged << " jobs stored already with the same values: skipped\n";
        if (file.jobsUpdated)
            out << "  " << file.jobsUpdated << " jobs stored already and updated (values added, or a run that had "
                << "not ended)\n";
        if (file.jobsWithoutStart)
            out << "  " << file.jobsWithoutStart
                << " jobs have no start time (nor end), only submit and run time: stored for simulation, left "
                   "out of the views and metrics that need the logged start\n";
        if (file.jobsWithoutRun)
            out << "  " << file.jobsWithoutRun
                << " jobs never ran, have not ended or give no run time (no placement): skipped\n";
        for (const auto& [kind, count] : s.ignoredByKind)
            out << "  ignored " << count << " " << kind << "\n";
        for (const auto& [reason, count] : s.skippedByReason)
            out << "  rejected " << count << " line" << (count == 1 ? "" : "s") << ": " << reason << "\n";
        for (size_t i = 0; i < s.issues.size() && i < issuesPerFile; ++i)
            out << "    " << s.issues[i].file << ":" << s.issues[i].line << ": " << s.issues[i].reason << "\n";
        if (s.rejectedLines() > issuesPerFile)
            out << "    ... " << (s.rejectedLines() - issuesPerFile) << " more\n";
        if (file.unknownNodeCount) {
            out << "  " << file.jobsWithUnknownNodes << " jobs named " << file.unknownNodeCount
                << " nodes the machine does not have (stored without them, flagged):";
            for (const std::string& name : file.unknownNodes)
                out << " " << name;
            out << (file.unknownNodeCount > static_cast<std::int64_t>(file.unknownNodes.size()) ? " ...\n" : "\n");
        }
    }
    for (const std::string& note : result.machineNotes)
        out << "note: " << note << "\n";
    for (const std::string& warning : result.warnings)
        out << "warning: " << warning << "\n";
    if (result.committed && result.jobsSharingNodes)
        out << "machine " << result.machine << ": " << result.jobsSharingNodes
            << " jobs share nodes with concurrent jobs (each busy node counted once in utilization)\n";
    if (result.committed)
        out << "machine " << result.machine << (result.machineCreated ? " (created)" : "") << ": import committed\n";
    else
        out << "nothing imported: " << result.failure << "\n";
    return out.str();
}

} // namespace placement
