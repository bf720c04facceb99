// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/fuzz/FuzzSupport.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <unistd.h>
#include <vector>

namespace placement::test {

void fuzzFailure(const char* file, int line, const char* condition, const std::string& what)
{
    std::fprintf(stderr, "\n==%d== INVARIANT VIOLATED at %s:%d: %s\n    %s\n", static_cast<int>(getpid()), file, line,
                 condition, what.c_str());
    std::fflush(stderr);
    std::abort();
}

std::string printable(std::string_view text)
{
    constexpr std::size_t shown = 300;
    std::string result = "'";
    for (std::size_t i = 0; i < text.size() && i < shown; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            result += static_cast<char>(c);
        } else {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\x%02x", c);
            result += escape;
        }
    }
    result += text.size() > shown ? "'..." : "'";
    return result;
}

std::string jobContext(const ImportedJob& job, std::string_view line)
{
    return " (job " + printable(describe(job)) + " from line " + printable(line) + ")";
}

void forEachLine(std::string_view input, const std::function<void(const LogLine&, std::size_t)>& visit)
{
    std::size_t number = 0;
    while (!input.empty()) {
        LogLine line;
        const std::size_t newline = input.find('\n');
        if (newline == std::string_view::npos) {
            line.text = input; // LineReader keeps a "\r" of an unterminated last line
            line.terminated = false;
            input = {};
        } else {
            line.text = input.substr(0, newline);
            input.remove_prefix(newline + 1);
            if (!line.text.empty() && line.text.back() == '\r')
                line.text.remove_suffix(1);
        }
        visit(line, ++number);
    }
}

void checkCommonInvariants(const ImportedJob& job, std::string_view line)
{
    const auto where = [&] { return jobContext(job, line); };
    FUZZ_CHECK(!job.id.empty(), "a job without an id" + where());
    std::vector<std::string_view> names(job.nodeNames.begin(), job.nodeNames.end());
    std::sort(names.begin(), names.end());
    for (std::size_t i = 0; i < names.size(); ++i) {
        FUZZ_CHECK(!names[i].empty(), "an empty node name" + where());
        FUZZ_CHECK(i == 0 || names[i] != names[i - 1], "node " + printable(names[i]) + " listed twice" + where());
    }
    if (!job.nodeNames.empty())
        FUZZ_CHECK(job.allocatedNodes == static_cast<int>(job.nodeNames.size()),
                   "allocated node count differs from the node names" + where());
    for (const int count : {job.requestedNodes, job.requestedCpus, job.allocatedNodes, job.allocatedCpus})
        FUZZ_CHECK(count >= -1, "a count below -1" + where());
    for (const char c : job.state)
        FUZZ_CHECK(c < 'a' || c > 'z', "a state not in upper case" + where());
    if (job.start && job.end)
        FUZZ_CHECK(*job.start <= *job.end, "end before start accepted" + where());
    if (job.timeLimit)
        FUZZ_CHECK(*job.timeLimit >= 0, "a negative time limit" + where());
}

std::size_t feedLines(JobLogParser& parser, std::string_view input, const JobCheck& check)
{
    std::size_t jobs = 0;
    forEachLine(input, [&](const LogLine& line, std::size_t) {
        const LineOutcome outcome = parser.parseLine(line);
        switch (outcome.kind) {
        case LineOutcome::Kind::Nothing: break;
        case LineOutcome::Kind::Job:
            FUZZ_CHECK(outcome.category.empty() && outcome.detail.empty(),
                       "a job with a rejection reason, line " + printable(line.text));
            checkCommonInvariants(outcome.job, line.text);
            if (check)
                check(outcome.job, line.text);
            ++jobs;
            break;
        case LineOutcome::Kind::Ignored:
        case LineOutcome::Kind::Rejected:
            FUZZ_CHECK(!outcome.category.empty(),
                       "an ignored or rejected line without a reason: " + printable(line.text));
            break;
        }
    });
    return jobs;
}

void checkImportError(const ImportError& error, const std::string& path, std::string_view input)
{
    std::size_t lines = 0;
    forEachLine(input, [&](const LogLine&, std::size_t) { ++lines; });
    FUZZ_CHECK(error.file == path, "an error naming " + printable(error.file));
    FUZZ_CHECK(error.line <= lines + 1,
               "an error on line " + std::to_string(error.line) + " of " + std::to_string(lines) + ": " + error.what()
                   + " in " + printable(input));
}

bool isJobIdLike(std::string_view text, std::string_view separators)
{
    const auto digits = [](std::string_view part) {
        return !part.empty() && part.find_first_not_of("0123456789") == std::string_view::npos;
    };
    const std::size_t separator = text.find_first_of(separators);
    if (separator == std::string_view::npos)
        return digits(text);
    return digits(text.substr(0, separator)) && digits(text.substr(separator + 1));
}

namespace {

constexpr std::size_t saturated = std::size_t(1) << 40;

std::size_t saturatedProduct(std::size_t a, std::size_t b)
{
    return b != 0 && a > saturated / b ? saturated : std::min(saturated, a * b);
}

/// Names one bracket group ("1-3,7") gives: the sum of its ranges; a malformed range counts 1.
std::size_t rangeCount(std::string_view ranges)
{
    const auto number = [](std::string_view digits) -> std::optional<std::size_t> {
        if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string_view::npos)
            return std::nullopt;
        return std::stoull(std::string(digits));
    };
    std::size_t count = 0;
    std::size_t begin = 0;
    while (begin <= ranges.size()) {
        const std::size_t end = std::min(ranges.find(',', begin), ranges.size());
        const std::string_view range = ranges.substr(begin, end - begin);
        const std::size_t dash = range.find('-');
        const std::optional<std::size_t> low = number(range.substr(0, dash));
        const std::optional<std::size_t> high = dash == std::string_view::npos ? low : number(range.substr(dash + 1));
        count = std::min(saturated, count + (low && high && *high >= *low ? std::min(saturated, *high - *low + 1) : 1));
        begin = end + 1;
    }
    return count;
}

} // namespace

std::size_t hostlistNamesBound(std::string_view input)
{
    std::size_t total = 0, product = 1;
    bool grouped = false;
    const auto endRun = [&] {
        if (grouped)
            total = std::min(saturated, total + product);
        product = 1;
        grouped = false;
    };
    for (std::size_t i = 0; i < input.size(); ++i) {
        const char c = input[i];
        if (c == '\n' || c == ',' || c == ' ' || c == '\t') {
            endRun();
        } else if (c == '[') {
            const std::size_t close = input.find_first_of("]\n", i + 1);
            if (close == std::string_view::npos || input[close] != ']')
                continue;
            product = saturatedProduct(product, rangeCount(input.substr(i + 1, close - i - 1)));
            grouped = true;
            i = close;
        }
    }
    endRun();
    return total;
}

namespace {

struct ScratchFile
{
    std::string path;
    ScratchFile()
    {
        std::error_code error;
        std::filesystem::path directory = "/dev/shm";
        if (!std::filesystem::is_directory(directory, error) || access(directory.c_str(), W_OK) != 0) {
            const char* tmp = std::getenv("TMPDIR");
            directory = tmp && *tmp ? tmp : "/tmp";
        }
        path = (directory / ("placement-fuzz-" + std::to_string(getpid()))).string();
    }
    ~ScratchFile() { std::remove(path.c_str()); }
};

} // namespace

const std::string& writeScratchFile(std::string_view data)
{
    static const ScratchFile scratch;
    std::FILE* file = std::fopen(scratch.path.c_str(), "wb");
    FUZZ_CHECK(file, "cannot write the scratch file " + scratch.path);
    const bool written = std::fwrite(data.data(), 1, data.size(), file) == data.size();
    FUZZ_CHECK(std::fclose(file) == 0 && written, "cannot write the scratch file " + scratch.path);
    return scratch.path;
}

} // namespace placement::test
