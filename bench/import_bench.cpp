// Import speed: a generated Slurm `sacct -P` export of 1,000,000 jobs with node lists on
// Cab (1,296 nodes), imported into a fresh database (target: >= 500,000 jobs/s here).
//
// Reference measured in the same run: the `sqlite3` shell's `.import` of the same rows as
// CSV into a plain table (no parsing of times or host lists, no node lookup); the goal is
// our time / its time <= 2.

#include "importers/JobImport.h"
#include "store/Store.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

using namespace placement;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

std::string isoTime(std::int64_t epoch)
{
    const std::time_t time = static_cast<std::time_t>(epoch);
    std::tm parts{};
    gmtime_r(&time, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
    return text;
}

/// Writes the same jobs twice: as sacct -P (with header) and as CSV for sqlite3 .import.
void generate(const std::string& sacct, const std::string& csv, long long jobs)
{
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
        const int first = 1 + static_cast<int>(next() % static_cast<std::uint64_t>(1296 - 2 * size));
        // Two runs of nodes, as Slurm prints them: cab[first-..,other-..]
        const int split = size / 2;
        std::string nodes;
        if (split == 0)
            nodes = "cab" + std::to_string(first);
        else
            nodes = "cab[" + std::to_string(first) + "-" + std::to_string(first + split - 1) + ","
                + std::to_string(first + size) + "-" + std::to_string(first + size + (size - split) - 1) + "]";
        clock += static_cast<std::int64_t>(next() % 30);
        const std::int64_t start = clock + static_cast<std::int64_t>(next() % 600);
        const std::int64_t end = start + 60 + static_cast<std::int64_t>(next() % 36000);
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
    std::string folder = std::filesystem::temp_directory_path() / "placement-import-bench";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--jobs") && i + 1 < argc)
            jobs = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc)
            folder = argv[++i];
        else {
            std::fprintf(stderr, "usage: import_bench [--jobs N] [--dir FOLDER]\n");
            return 2;
        }
    }
    std::filesystem::create_directories(folder);
    const std::string sacct = folder + "/jobs.sacct";
    const std::string csv = folder + "/jobs.csv";
    const std::string db = folder + "/ours.sqlite";
    const std::string reference = folder + "/reference.sqlite";
    for (const std::string& stale : {db, db + "-wal", db + "-shm", reference})
        std::filesystem::remove(stale);
    auto start = Clock::now();
    generate(sacct, csv, jobs);
    std::printf("generated %lld jobs (%.0f MB sacct) in %.1f s\n", jobs,
                static_cast<double>(std::filesystem::file_size(sacct)) / 1e6, seconds(start));

    Store store = Store::openOrCreate(db);
    store.addMachine("cab", "cab");
    ImportRequest request;
    request.files = {sacct};
    request.machine = "cab";
    start = Clock::now();
    const ImportResult result = importJobLogs(store, request);
    const double ours = seconds(start);
    if (!result.committed || result.files[0].jobsStored != jobs) {
        std::fprintf(stderr, "import_bench: import failed:\n%s", formatImportReport(result).c_str());
        return 1;
    }

    const std::string command = "sqlite3 " + reference + " -cmd '.mode csv' '.import " + csv + " jobs' 2>&1";
    start = Clock::now();
    const int status = std::system(command.c_str());
    const double theirs = seconds(start);
    if (status != 0) {
        std::fprintf(stderr, "import_bench: %s failed\n", command.c_str());
        return 1;
    }
    std::printf("| measure | seconds | jobs/s |\n|---|---|---|\n");
    std::printf("| placement import (parse, hostlists, node lookup, SQLite) | %.2f | %.0f |\n", ours,
                static_cast<double>(jobs) / ours);
    std::printf("| reference: sqlite3 .import of the same rows as CSV | %.2f | %.0f |\n", theirs,
                static_cast<double>(jobs) / theirs);
    std::printf("ours / reference = %.2f (goal <= 2); jobs/s / 500,000 = %.2f (goal >= 1)\n", ours / theirs,
                static_cast<double>(jobs) / ours / 500000.0);
    return 0;
}
