// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// orderJobRows(), the job table's sort, on its own: every pass of the sort against a plain
// stable sort of the values.

#include "app/JobRows.h"
#include "app/JobTableModel.h"
#include "core/Job.h"
#include "core/SplitMix64.h"

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

using namespace placement;

class TestJobOrder : public QObject
{
    Q_OBJECT
private slots:
    void timesFarApartSortExactly()
    {
        // Times spread over more than 2^32 seconds (and before the epoch): sorted by their
        // leading bits, then exactly where those tie.
        SplitMix64 random(3);
        std::vector<Job> jobs(2000);
        for (size_t i = 0; i < jobs.size(); ++i) {
            jobs[i].id = std::to_string(i);
            jobs[i].submit = random.between(0, 3) == 0
                ? random.between(-4, 4)
                : random.between(-(std::int64_t{1} << 40), std::int64_t{1} << 40);
            jobs[i].start = jobs[i].submit + random.between(0, 5);
            jobs[i].end = jobs[i].start + 1;
        }
        JobRows rows;
        rows.jobs = &jobs;
        // Without names or states (no labels): every row ties, in row order.
        for (const int column : {int(JobTableModel::NameColumn), int(JobTableModel::StateColumn)}) {
            std::vector<std::uint32_t> all(jobs.size());
            std::iota(all.begin(), all.end(), 0u);
            QCOMPARE(orderJobRows(rows, {}, column, true), all);
        }
        for (const bool descending : {false, true}) {
            const std::vector<std::uint32_t> order = orderJobRows(rows, {}, JobTableModel::SubmitColumn, descending);
            std::vector<std::uint32_t> expected(jobs.size());
            std::iota(expected.begin(), expected.end(), 0u);
            std::stable_sort(expected.begin(), expected.end(), [&](std::uint32_t a, std::uint32_t b) {
                return descending ? jobs[b].submit < jobs[a].submit : jobs[a].submit < jobs[b].submit;
            });
            QCOMPARE(order, expected);
        }
    }

    void manyRowsSortAsAStableSortWould()
    {
        // Enough rows for every pass of the sort: keys all equal, a few values with long
        // ties, a narrow range, a range wider than 32 bits; all rows, and the rows a filter
        // keeps.
        SplitMix64 random(23);
        std::vector<Job> jobs(60'000);
        for (int spread = 0; spread < 4; ++spread) {
            for (size_t i = 0; i < jobs.size(); ++i) {
                Job& job = jobs[i];
                job.id = std::to_string(i);
                switch (spread) {
                case 0: job.submit = 7; break;
                case 1: job.submit = random.between(0, 5) * 1'000'003; break;
                case 2: job.submit = random.between(1'700'000'000, 1'700'000'900); break;
                default: job.submit = random.between(-(std::int64_t{1} << 45), std::int64_t{1} << 45); break;
                }
                job.start = job.submit;
                job.end = job.start + random.between(1, 100);
                job.nodes = {};
                const auto size
                    = static_cast<int>(random.between(0, 3) == 0 ? random.between(0, 300) : random.between(1, 4));
                for (int node = 0; node < size; ++node)
                    job.nodes.push_back(node);
            }
            JobRows rows;
            rows.jobs = &jobs;
            for (const bool filtered : {false, true}) {
                JobFilterCriteria criteria;
                if (filtered)
                    criteria.minNodes = 2;
                for (const int column : {int(JobTableModel::SubmitColumn), int(JobTableModel::NodesColumn)}) {
                    for (const bool descending : {false, true}) {
                        std::vector<std::uint32_t> expected;
                        for (std::uint32_t row = 0; row < jobs.size(); ++row)
                            if (jobs[row].nodes.size() >= static_cast<size_t>(criteria.minNodes))
                                expected.push_back(row);
                        const auto value = [&](std::uint32_t row) {
                            return column == JobTableModel::SubmitColumn
                                ? jobs[row].submit
                                : static_cast<std::int64_t>(jobs[row].nodes.size());
                        };
                        std::stable_sort(expected.begin(), expected.end(), [&](std::uint32_t a, std::uint32_t b) {
                            return descending ? value(b) < value(a) : value(a) < value(b);
                        });
                        QCOMPARE(orderJobRows(rows, criteria, column, descending), expected);
                    }
                }
            }
        }
    }
};

QTEST_MAIN(TestJobOrder)
#include "tst_joborder.moc"
