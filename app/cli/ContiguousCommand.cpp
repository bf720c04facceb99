// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "ContiguousCommand.h"

#include "core/ContiguousWindowScan.h"
#include "core/MachineSpec.h"
#include "core/NodeOrders.h"
#include "core/TorusTopology.h"

#include <QCommandLineParser>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace placement {
namespace {

const char* const usage = "placement: usage: placement contiguous --machine NAME --size N[,N...] --order NAME "
                          "[--cyclic] [--bins K] [--csv OUT]\n";

void printDistribution(std::FILE* out, const AphDistribution& aph)
{
    std::fprintf(out, "  APH  min %.4f  Q1 %.4f  median %.4f  Q3 %.4f  mean %.4f  max %.4f\n", aph.minimum,
                 aph.lowerQuartile, aph.median, aph.upperQuartile, aph.mean, aph.maximum);
    std::int64_t tallest = 1;
    for (std::int64_t count : aph.histogram)
        tallest = std::max(tallest, count);
    if (aph.histogram.size() == 1 && aph.binWidth == 0) {
        std::fprintf(out, "  histogram: every allocation has APH %.4f\n", aph.minimum);
        return;
    }
    std::fprintf(out, "  histogram, %zu bins of width %.4f:\n", aph.histogram.size(), aph.binWidth);
    for (size_t bin = 0; bin < aph.histogram.size(); ++bin) {
        const double low = aph.minimum + static_cast<double>(bin) * aph.binWidth;
        const bool last = bin + 1 == aph.histogram.size();
        const double high = last ? aph.maximum : low + aph.binWidth;
        const std::string bar(static_cast<size_t>(40 * aph.histogram[bin] / tallest), '#');
        std::fprintf(out, "    [%9.4f, %9.4f%c %8lld  %s\n", low, high, last ? ']' : ')',
                     static_cast<long long>(aph.histogram[bin]), bar.c_str());
    }
}

} // namespace

int runContiguous(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Every contiguous allocation of a job size under a node order on a torus (Titan SC'16 §VI-C): each run of "
        "N consecutive nodes of the order, as a first-fit list allocator hands them out from any starting point, "
        "and the distribution of their average pairwise hops (APH, switch-to-switch links): min, quartiles, mean, "
        "max and a histogram. By default the runs stop at the end of the order; --cyclic also takes those that "
        "wrap round to its start."));
    parser.addHelpOption();
    const QCommandLineOption machineOption(QStringLiteral("machine"),
                                           QStringLiteral("A torus: preset name (see 'placement machines') or spec."),
                                           QStringLiteral("NAME"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        QStringLiteral("Job size(s) in nodes, comma-separated: 16,125,1024."),
                                        QStringLiteral("N"));
    const QCommandLineOption orderOption(
        QStringLiteral("order"),
        QStringLiteral("Node order: index, zyx, zyx-serpentine, row, column, hilbert, alps (alps-zyx), alps-zxy, "
                       "alps-balanced, alps-zxy-3d, alps-balanced-3d, ..."),
        QStringLiteral("NAME"));
    const QCommandLineOption cyclicOption(QStringLiteral("cyclic"),
                                          QStringLiteral("Also count runs that wrap from the end of the order."));
    const QCommandLineOption binsOption(QStringLiteral("bins"), QStringLiteral("Histogram bins (default 20)."),
                                        QStringLiteral("K"), QStringLiteral("20"));
    const QCommandLineOption csvOption(
        QStringLiteral("csv"),
        QStringLiteral("Also write one row per allocation (size, start, first_node, last_node, aph) to OUT; - for "
                       "stdout (the summary then goes to stderr)."),
        QStringLiteral("OUT"));
    parser.addOptions({machineOption, sizeOption, orderOption, cyclicOption, binsOption, csvOption});
    parser.process(arguments);
    if (!parser.isSet(machineOption) || !parser.isSet(sizeOption) || !parser.isSet(orderOption)
        || parser.positionalArguments().size() > 1) {
        std::fputs(usage, stderr);
        return 2;
    }
    std::vector<int> sizes;
    for (const QString& text : parser.value(sizeOption).split(QLatin1Char(','))) {
        bool ok = false;
        const int size = text.trimmed().toInt(&ok);
        if (!ok || size < 1) {
            std::fprintf(stderr, "placement: --size expects positive node counts, got '%s'\n", qPrintable(text));
            return 2;
        }
        sizes.push_back(size);
    }
    bool binsOk = false;
    const int bins = parser.value(binsOption).toInt(&binsOk);
    if (!binsOk || bins < 1) {
        std::fprintf(stderr, "placement: --bins expects a positive number, got '%s'\n",
                     qPrintable(parser.value(binsOption)));
        return 2;
    }
    const bool cyclic = parser.isSet(cyclicOption);
    const std::string machine = parser.value(machineOption).toStdString();
    const std::string orderName = parser.value(orderOption).toStdString();

    const auto topology = parseMachineSpec(machine);
    const auto* torus = dynamic_cast<const TorusTopology*>(topology.get());
    if (!torus)
        throw std::invalid_argument("contiguous allocations need a torus, not a " + topology->describe());
    // A list allocator never hands out a slot without a node (Topology::emptySlots()): the
    // order runs over the machine's nodes only.
    std::vector<int> order = nodeOrderByName(*topology, orderName);
    order.erase(std::remove_if(order.begin(), order.end(), [&](int node) { return topology->isEmptySlot(node); }),
                order.end());
    const ContiguousWindowScan scan(*torus, order);
    for (int size : sizes)
        if (size > scan.orderSize())
            throw std::invalid_argument("size " + std::to_string(size) + " is larger than the machine ("
                                        + std::to_string(scan.orderSize()) + " nodes)");

    const std::string out = parser.isSet(csvOption) ? parser.value(csvOption).toStdString() : std::string();
    std::FILE* summary = out == "-" ? stderr : stdout;
    // Written next to the target and renamed: a failed run leaves no half-written file.
    const std::string partial = out + ".partial";
    std::ofstream file;
    if (!out.empty() && out != "-") {
        file.open(partial, std::ios::binary | std::ios::trunc);
        if (!file)
            throw std::runtime_error(out + ": cannot write");
    }
    std::ostream* csv = out.empty() ? nullptr : out == "-" ? &std::cout : &file;
    if (csv)
        *csv << "size,start,first_node,last_node,aph\n";
    std::fprintf(summary, "%s: %s\norder %s: %d nodes; runs of consecutive nodes %s\n", machine.c_str(),
                 topology->describe().c_str(), orderName.c_str(), scan.orderSize(),
                 cyclic ? "wrapping round from the end of the order to its start" : "ending at the end of the order");
    for (int size : sizes) {
        const std::vector<double> aph = scan.windowAph(size, cyclic);
        std::fprintf(summary, "\nsize %d: %zu contiguous allocations\n", size, aph.size());
        printDistribution(summary, aphDistribution(aph, bins));
        if (!csv)
            continue;
        char value[32];
        for (size_t start = 0; start < aph.size(); ++start) {
            std::snprintf(value, sizeof value, "%.6f", aph[start]);
            const size_t last = (start + static_cast<size_t>(size) - 1) % order.size();
            *csv << size << ',' << start << ',' << order[start] << ',' << order[last] << ',' << value << '\n';
        }
    }
    if (csv) {
        csv->flush();
        if (!*csv) {
            if (out != "-")
                std::filesystem::remove(partial);
            throw std::runtime_error(out + ": write failed");
        }
    }
    if (!out.empty() && out != "-") {
        file.close();
        std::filesystem::rename(partial, out);
        std::fprintf(stderr, "wrote %s\n", out.c_str());
    }
    return 0;
}

} // namespace placement
