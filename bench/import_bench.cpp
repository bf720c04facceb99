// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Import speed: a generated Slurm `sacct -P` export of 1,000,000 jobs with node lists on
// Cab (1,296 nodes), imported into a new database as `placement import --db NEW` does it
// (built unpublished, then synced and renamed into place), and into a database that exists
// (through its write-ahead log), each run (target: >= 500,000 jobs/s here).
//
// Reference measured in the same run: the `sqlite3` shell's `.import` of the same rows as
// CSV into a plain table (no parsing of times or host lists, no node lookup); the goal is
// our time / its time <= 2.
//
// Both are timed `--runs` times (default 5), alternating, each into a fresh database; the
// medians count. CPU seconds (user + system, both of our threads; the sqlite3 child's) are
// reported too: on a shared machine they vary much less than wall-clock time.

#include "importers/JobImport.h"
#include "store/DatabaseFiles.h"
#include "store/Store.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace placement;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

/// User + system CPU seconds of this process (RUSAGE_SELF) or of its waited-for children.
double cpuSeconds(int who)
{
    rusage usage{};
    getrusage(who, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::string loadAverage()
{
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) != 3)
        return "unknown";
    char text[64];
    std::snprintf(text, sizeof text, "%.2f %.2f %.2f", load[0], load[1], load[2]);
    return text;
}

struct Timing
{
    double wall = 0, cpu = 0;
};

std::string isoTime(std::int64_t epoch)
{
    const std::time_t time = static_cast<std::time_t>(epoch);
    std::tm parts{};
    gmtime_r(&time, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
    return text;
}

/// How the generated jobs sit on the nodes.
enum class Schedule {
    /// As a whole-node cluster runs them: a job starts once every node it names is free
    /// (no job shares a node), run times keep the machine about 90 % busy.
    Feasible,
    /// Each job on random nodes whatever runs there, run times up to 10 h: about 15 jobs
    /// per node at a time, so nearly every job shares nodes and is marked (the worst case
    /// of docs/importing.md, "Jobs that share nodes").
    Oversubscribed,
};

/// Writes the same jobs twice: as sacct -P (with header) and as CSV for sqlite3 .import.
void generate(const std::string& sacct, const std::string& csv, long long jobs, Schedule schedule)
{
    constexpr int machineNodes = 1296;
    std::vector<std::int64_t> freeAt(machineNodes + 1, 0); // per node (1-based), Feasible only
    std::ofstream out(sacct);
    std::ofstream table(csv);
    const char* header = "JobID|User|Account|Partition|QOS|State|ExitCode|Submit|Eligible|Start|End|Timelimit|"
                         "NNodes|NCPUS|NodeList|JobName";
    out << header << '\n';
    std::string csvHeader = header;
    for (char& c : csvHeader)
        if (c == '|')
            c = ',';
    table << csvHeader << '\n';
    std::uint64_t state = 88172645463325252ULL;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    std::int64_t clock = 1709251200;
    for (long long job = 1; job <= jobs; ++job) {
        const int size = 1 << (next() % 7); // 1 .. 64 nodes
        const int first = 1 + static_cast<int>(next() % static_cast<std::uint64_t>(machineNodes - 2 * size));
        // Two runs of nodes, as Slurm prints them: cab[first-..,other-..]
        const int split = size / 2;
        std::string nodes;
        if (split == 0)
            nodes = "cab" + std::to_string(first);
        else
            nodes = "cab[" + std::to_string(first) + "-" + std::to_string(first + split - 1) + ","
                + std::to_string(first + size) + "-" + std::to_string(first + size + (size - split) - 1) + "]";
        clock += static_cast<std::int64_t>(next() % 30);
        std::int64_t start = clock + static_cast<std::int64_t>(next() % 600);
        std::int64_t end = 0;
        if (schedule == Schedule::Oversubscribed) {
            end = start + 60 + static_cast<std::int64_t>(next() % 36000);
        } else {
            // Mean demand 18.1 nodes every 14.5 s for a mean 860 s: 0.83 of 1,296 nodes,
            // about 0.9 once the gaps the random node choice leaves are counted.
            // The nodes named: cab<first> alone, or the two runs of the list.
            const auto both = [&](auto&& apply) {
                if (split == 0) {
                    apply(first);
                    return;
                }
                for (int node = first; node < first + split; ++node)
                    apply(node);
                for (int node = first + size; node < first + size + (size - split); ++node)
                    apply(node);
            };
            both([&](int node) { start = std::max(start, freeAt[static_cast<size_t>(node)]); });
            end = start + 60 + static_cast<std::int64_t>(next() % 1600);
            both([&](int node) { freeAt[static_cast<size_t>(node)] = end; });
        }
        const std::string fields[] = {std::to_string(job),
                                      "user" + std::to_string(next() % 200),
                                      "acct",
                                      "batch",
                                      "normal",
                                      "COMPLETED",
                                      "0:0",
                                      isoTime(clock),
                                      isoTime(clock),
                                      isoTime(start),
                                      isoTime(end),
                                      "12:00:00",
                                      std::to_string(size),
                                      std::to_string(size * 36),
                                      nodes,
                                      "job" + std::to_string(job % 97)};
        for (size_t i = 0; i < std::size(fields); ++i) {
            out << (i ? "|" : "") << fields[i];
            const bool quote = fields[i].find(',') != std::string::npos;
            table << (i ? "," : "") << (quote ? "\"" : "") << fields[i] << (quote ? "\"" : "");
        }
        out << '\n';
        table << '\n';
    }
}

} // namespace

int main(int argc, char* argv[])
{
    long long jobs = 1'000'000;
    int runs = 5;
    Schedule schedule = Schedule::Feasible;
    std::string folder = std::filesystem::temp_directory_path() / "placement-import-bench";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--jobs") && i + 1 < argc)
            jobs = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc)
            folder = argv[++i];
        else if (!std::strcmp(argv[i], "--oversubscribed"))
            schedule = Schedule::Oversubscribed;
        else {
            std::fprintf(stderr, "usage: import_bench [--jobs N] [--runs N] [--dir FOLDER] [--oversubscribed]\n");
            return 2;
        }
    }
    std::filesystem::create_directories(folder);
    const std::string sacct = folder + "/jobs.sacct";
    const std::string csv = folder + "/jobs.csv";
    const std::string db = folder + "/ours.sqlite";
    const std::string reference = folder + "/reference.sqlite";
    auto start = Clock::now();
    generate(sacct, csv, jobs, schedule);
    std::printf("generated %lld jobs (%s, %.0f MB sacct) in %.1f s; load average %s\n", jobs,
                schedule == Schedule::Feasible ? "no node shared" : "oversubscribed: nodes shared",
                static_cast<double>(std::filesystem::file_size(sacct)) / 1e6, seconds(start), loadAverage().c_str());

    std::vector<Timing> ours, existing, theirs;
    std::int64_t sharing = 0;
    const auto check = [&](const ImportResult& result) {
        sharing = result.jobsSharingNodes;
        if (result.committed && result.files[0].jobsStored == jobs)
            return true;
        std::fprintf(stderr, "import_bench: import failed:\n%s", formatImportReport(result).c_str());
        return false;
    };
    for (int run = 0; run < runs; ++run) {
        for (const std::string& stale : {db, db + "-wal", db + "-shm", reference})
            std::filesystem::remove(stale);
        {
            // A first import: the database is built beside its path and published when the
            // import is committed, as `placement import --db NEW` does it.
            start = Clock::now();
            const double cpuBefore = cpuSeconds(RUSAGE_SELF);
            const std::string building = newFileBeside(db);
            ImportResult result;
            {
                Store store = Store::createUnpublished(building);
                store.addMachine("cab", "cab");
                ImportRequest request;
                request.files = {sacct};
                request.machine = "cab";
                result = importJobLogs(store, request);
                store.finishNew();
            }
            publishNewDatabase(building, db);
            ours.push_back({seconds(start), cpuSeconds(RUSAGE_SELF) - cpuBefore});
            if (!check(result))
                return 1;
        }
        for (const std::string& stale : {db, db + "-wal", db + "-shm"})
            std::filesystem::remove(stale);
        {
            // Into a database that exists (and that the explorer may be reading meanwhile):
            // through the write-ahead log.
            Store store = Store::openOrCreate(db);
            store.addMachine("cab", "cab");
            ImportRequest request;
            request.files = {sacct};
            request.machine = "cab";
            start = Clock::now();
            const double cpuBefore = cpuSeconds(RUSAGE_SELF);
            const ImportResult result = importJobLogs(store, request);
            existing.push_back({seconds(start), cpuSeconds(RUSAGE_SELF) - cpuBefore});
            if (!check(result))
                return 1;
        }

        const std::string command = "sqlite3 " + reference + " -cmd '.mode csv' '.import " + csv + " jobs' 2>&1";
        start = Clock::now();
        const double cpuBefore = cpuSeconds(RUSAGE_CHILDREN);
        const int status = std::system(command.c_str());
        theirs.push_back({seconds(start), cpuSeconds(RUSAGE_CHILDREN) - cpuBefore});
        if (status != 0) {
            std::fprintf(stderr, "import_bench: %s failed\n", command.c_str());
            return 1;
        }
        std::printf("run %d: ours %.2f s (%.2f s CPU), into an existing database %.2f s (%.2f s CPU), "
                    "reference %.2f s (%.2f s CPU), ratio %.2f\n",
                    run + 1, ours.back().wall, ours.back().cpu, existing.back().wall, existing.back().cpu,
                    theirs.back().wall, theirs.back().cpu, ours.back().wall / theirs.back().wall);
    }

    const auto wall = [](const std::vector<Timing>& timings) {
        std::vector<double> values;
        for (const Timing& timing : timings)
            values.push_back(timing.wall);
        return values;
    };
    const auto cpu = [](const std::vector<Timing>& timings) {
        std::vector<double> values;
        for (const Timing& timing : timings)
            values.push_back(timing.cpu);
        return values;
    };
    std::vector<double> ratios;
    for (size_t i = 0; i < ours.size(); ++i)
        ratios.push_back(ours[i].wall / theirs[i].wall);
    const auto row = [&](const char* what, const std::vector<Timing>& timings) {
        const std::vector<double> values = wall(timings);
        std::printf("| %s | %.2f | %.2f | %.2f | %.0f | %.2f |\n", what, median(values),
                    *std::min_element(values.begin(), values.end()), *std::max_element(values.begin(), values.end()),
                    static_cast<double>(jobs) / median(values), median(cpu(timings)));
    };
    std::printf("\n%d runs, load average %s; jobs marked as sharing nodes: %lld\n\n", runs, loadAverage().c_str(),
                static_cast<long long>(sharing));
    std::printf(
        "| measure | median s | min s | max s | jobs/s (median) | CPU s (median) |\n|---|---|---|---|---|---|\n");
    row("placement import into a new database (parse, hostlists, node lookup, SQLite, sync, publish)", ours);
    row("placement import into an existing database (write-ahead log, checkpoint)", existing);
    row("reference: sqlite3 .import of the same rows as CSV", theirs);
    std::vector<double> existingRatios;
    for (size_t i = 0; i < existing.size(); ++i)
        existingRatios.push_back(existing[i].wall / theirs[i].wall);
    std::printf("\nours / reference, same run: median %.2f, min %.2f, max %.2f (goal <= 2); "
                "jobs/s / 500,000 = %.2f (goal >= 1)\n",
                median(ratios), *std::min_element(ratios.begin(), ratios.end()),
                *std::max_element(ratios.begin(), ratios.end()),
                static_cast<double>(jobs) / median(wall(ours)) / 500000.0);
    std::printf("into an existing database / reference: median %.2f; jobs/s / 500,000 = %.2f\n", median(existingRatios),
                static_cast<double>(jobs) / median(wall(existing)) / 500000.0);
    return 0;
}
