// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The minimum APH of one job size (PlacementAnalyzer::minimumAph(), core/MinimumAph.h), each
// size on a fresh analyzer so nothing is cached, on the machines given (default: titan, the
// torus where the search is longest); then all the sizes in a row on one analyzer, as the
// explorer's job table computes them (the analyzer keeps what serves every size). Reference
// in the same run: the APH of 1,000 placements of 256 nodes scattered at random
// (PlacementAnalyzer::measure()), best of 5.
//
//   minaph_bench [--machines titan,... | --machine SPEC] [--sizes 2,16,...] [--values]
//
// --values prints each value with 17 digits, to compare two builds' results.

#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/SplitMix64.h"
#include "core/Topology.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "bench/CommaList.h"

using namespace placement;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> machines{"titan"};
    std::vector<int> sizes{2,   3,   4,   5,    8,    12,   16,   24,   32,   48,   64,    100,   128,  200,
                           256, 400, 512, 1000, 1024, 2000, 2048, 4000, 4096, 8192, 10000, 16384, 19000};
    bool values = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--machines") && i + 1 < argc) {
            machines = splitCommaList(argv[++i]);
        } else if (!std::strcmp(argv[i], "--machine") && i + 1 < argc) {
            machines = {argv[++i]}; // one spec, commas and all (empty=3,17-20)
        } else if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
            sizes.clear();
            for (const std::string& size : splitCommaList(argv[++i]))
                sizes.push_back(std::stoi(size));
        } else if (!std::strcmp(argv[i], "--values")) {
            values = true;
        } else {
            std::fprintf(stderr,
                         "usage: minaph_bench [--machines titan,... | --machine SPEC] [--sizes 2,16,...] [--values]\n");
            return 2;
        }
    }
    for (const std::string& name : machines) {
        const auto topology = parseMachineSpec(name);
        std::vector<int> all(static_cast<size_t>(topology->nodeCount()));
        std::iota(all.begin(), all.end(), 0);
        all.erase(std::remove_if(all.begin(), all.end(), [&](int node) { return topology->isEmptySlot(node); }),
                  all.end());
        std::vector<std::vector<int>> scattered(1000);
        SplitMix64 random(7);
        for (auto& placement : scattered) {
            std::vector<int> pool = all;
            for (size_t i = 0; i < std::min<size_t>(256, pool.size()); ++i) {
                std::swap(pool[i], pool[i + random.next() % (pool.size() - i)]);
                placement.push_back(pool[i]);
            }
            std::sort(placement.begin(), placement.end());
        }
        double reference = 1e300;
        for (int run = 0; run < 5; ++run) {
            PlacementAnalyzer analyzer(*topology);
            const auto start = std::chrono::steady_clock::now();
            for (const auto& placement : scattered)
                analyzer.measure(placement);
            reference = std::min(reference, secondsSince(start));
        }
        std::printf("%s: %s\nreference: 1,000 scattered placements of 256 nodes measured, %.3f ms\n\n", name.c_str(),
                    topology->describe().c_str(), reference * 1e3);
        std::printf("| size | ms | vs reference |%s\n|---:|---:|---:|%s\n", values ? " minimum APH |" : "",
                    values ? "---:|" : "");
        double longest = 0;
        double total = 0;
        int measured = 0;
        for (int size : sizes) {
            if (size < 1 || size > topology->usableNodeCount())
                continue;
            PlacementAnalyzer analyzer(*topology);
            const auto start = std::chrono::steady_clock::now();
            const double value = analyzer.minimumAph(size);
            const double seconds = secondsSince(start);
            longest = std::max(longest, seconds);
            total += seconds;
            ++measured;
            std::printf("| %d | %.2f | %.1f |", size, seconds * 1e3, seconds / reference);
            if (values)
                std::printf(" %.17g |", value);
            std::printf("\n");
        }
        std::printf("\n%d sizes, each on a fresh analyzer: longest %.2f ms, mean %.2f ms (%.2f and %.2f times the "
                    "reference)\n",
                    measured, longest * 1e3, measured ? total / measured * 1e3 : 0.0, longest / reference,
                    measured ? total / measured / reference : 0.0);
        PlacementAnalyzer shared(*topology);
        const auto start = std::chrono::steady_clock::now();
        for (int size : sizes)
            if (size >= 1 && size <= topology->usableNodeCount())
                shared.minimumAph(size);
        const double inRow = secondsSince(start);
        std::printf("the same sizes in a row on one analyzer: %.2f ms, %.2f ms per size (%.2f times the reference)\n\n",
                    inRow * 1e3, measured ? inRow / measured * 1e3 : 0.0,
                    measured ? inRow / measured / reference : 0.0);
    }
    return 0;
}
