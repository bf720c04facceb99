// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/Exporter.h"
#include "app/JobFilterModel.h"
#include "app/JobMetricsCache.h"
#include "app/JobTableModel.h"
#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/Presets.h"
#include "core/SplitMix64.h"
#include "store/JobLabels.h"
#include "store/Store.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <variant>

using namespace placement;

namespace {

const char* const names[] = {"lammps", "NAMD-md", "vasp_relax", "", "Climate", "cp2k", "train_GPT", "bash"};
const char* const users[] = {"alice", "bob", "Carol", "", "dave", "eve7"};
const char* const states[] = {"COMPLETED", "FAILED", "TIMEOUT", "", "CANCELLED"};

std::string lower(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// The filter written out the plain way, to check jobMatches() against.
bool matchesSlowly(const JobFilterCriteria& c, const JobFilterFields& job)
{
    if (!c.text.empty()) {
        const std::string text = lower(c.text);
        bool found = false;
        for (std::string_view field : {job.id, job.name, job.user})
            found = found || lower(std::string(field)).find(text) != std::string::npos;
        if (!found)
            return false;
    }
    if (c.user && std::string(job.user) != *c.user)
        return false;
    if (c.state && std::string(job.state) != *c.state)
        return false;
    if (job.nodes < c.minNodes || job.nodes > c.maxNodes)
        return false;
    if (c.runningAt && (job.start > *c.runningAt || job.end <= *c.runningAt))
        return false;
    // Holding nodes during [start, end) at some instant of [from, to].
    const std::int64_t from = c.from.value_or(INT64_MIN);
    const std::int64_t to = c.to.value_or(INT64_MAX);
    return std::max(job.start, from) <= std::min(job.end - 1, to);
}

struct Workload
{
    std::vector<Job> jobs;
    JobLabels labels;
};

Workload randomWorkload(SplitMix64& random, int count, int nodeCount)
{
    Workload w;
    for (int i = 0; i < count; ++i) {
        Job job;
        const auto kind = random.between(0, 9);
        job.id = kind == 0 ? "x" + std::to_string(i) : std::to_string(random.between(1, 400));
        if (kind == 1)
            job.id = job.id + "_" + std::to_string(random.between(1, 12));
        job.user = users[random.between(0, 5)];
        job.submit = 1'000'000 + random.between(0, 10'000);
        job.start = job.submit + random.between(0, 2'000);
        job.end = job.start + random.between(0, 3'000);
        const int size = static_cast<int>(random.between(0, std::min(nodeCount, 12)));
        const int first = static_cast<int>(random.between(0, nodeCount - size));
        for (int node = first; node < first + size; ++node)
            job.nodes.push_back(node);
        w.jobs.push_back(std::move(job));
        w.labels.append(names[random.between(0, 7)], states[random.between(0, 4)]);
    }
    return w;
}

JobFilterCriteria randomCriteria(SplitMix64& random, const Workload& w)
{
    JobFilterCriteria c;
    const Job& some = w.jobs[static_cast<size_t>(random.between(0, static_cast<int>(w.jobs.size()) - 1))];
    switch (random.between(0, 5)) {
    case 0: c.text = some.id.str().substr(0, static_cast<size_t>(random.between(1, 2))); break;
    case 1: c.text = "a"; break;
    case 2: c.text = "NAMD"; break;
    case 3: c.text = "md-M"; break;
    case 4: c.text = "zzz"; break;
    default: break;
    }
    if (random.between(0, 3) == 0)
        c.user = users[random.between(0, 5)];
    if (random.between(0, 3) == 0)
        c.state = states[random.between(0, 4)];
    if (random.between(0, 2) == 0)
        c.minNodes = static_cast<int>(random.between(0, 6));
    if (random.between(0, 2) == 0)
        c.maxNodes = static_cast<int>(random.between(c.minNodes, 12));
    if (random.between(0, 3) == 0)
        c.runningAt = some.start + random.between(-500, 500);
    if (random.between(0, 3) == 0)
        c.from = some.start + random.between(-2000, 2000);
    if (random.between(0, 3) == 0)
        c.to = c.from.value_or(some.start) + random.between(0, 3000);
    return c;
}

/// A cell as the test sees it, from the jobs and the analyzer, not from the model.
using Key = std::variant<std::monostate, std::int64_t, double, std::string>;

/// Counts data() calls: rows nobody looks at must cost nothing.
class CountingJobTableModel : public JobTableModel
{
public:
    using JobTableModel::JobTableModel;
    QVariant data(const QModelIndex& index, int role) const override
    {
        ++calls;
        return JobTableModel::data(index, role);
    }
    mutable std::atomic<std::int64_t> calls = 0;
};

/// Waits for the rows a filter's worker computes.
bool settles(const JobFilterModel& filter)
{
    return QTest::qWaitFor([&] { return !filter.isSettling(); }, 60000);
}

double seconds(const QElapsedTimer& timer)
{
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

} // namespace

class TestJobFilter : public QObject
{
    Q_OBJECT
private slots:
    void predicateMatchesTheSlowOne()
    {
        SplitMix64 random(42);
        const Workload w = randomWorkload(random, 400, 40);
        int kept = 0;
        for (int trial = 0; trial < 300; ++trial) {
            const JobFilterCriteria c = randomCriteria(random, w);
            for (size_t i = 0; i < w.jobs.size(); ++i) {
                const Job& job = w.jobs[i];
                const JobFilterFields fields{
                    job.id,    w.labels.name(i), job.user, w.labels.state(i), static_cast<int>(job.nodes.size()),
                    job.start, job.end};
                const bool fast = jobMatches(c, fields);
                QCOMPARE(fast, matchesSlowly(c, fields));
                kept += fast ? 1 : 0;
            }
        }
        QVERIFY(kept > 1000); // the random criteria keep some jobs and drop others
        QVERIFY(kept < 300 * 400 / 2);
    }

    void proxyKeepsAndSortsWhatTheSlowFilterSays()
    {
        SplitMix64 random(9);
        const auto topology = parseMachineSpec("torus extents=4x4 wrap=yy nodes-per-router=2");
        const Workload w = randomWorkload(random, 300, topology->nodeCount());
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        JobFilterModel filter;
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        filter.setRunningOnly(false);
        model.setJobs(&w.jobs, &w.labels, true);
        QCOMPARE(filter.rowCount(), 300);
        QVERIFY(!model.columnApplies(JobTableModel::LeavesColumn));
        QVERIFY(model.columnApplies(JobTableModel::RoutersColumn));
        QVERIFY(!model.index(0, JobTableModel::AphColumn).data().isValid()); // blank until computed
        auto metrics = std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*topology, w.jobs));
        model.setMetrics(metrics);
        auto minimum = std::make_shared<MinimumAphTable>(static_cast<size_t>(topology->nodeCount()) + 1, std::nan(""));
        PlacementAnalyzer analyzer(*topology);
        for (int size = 1; size <= 6; ++size) // the rest stays blank: sorts last
            (*minimum)[static_cast<size_t>(size)] = analyzer.minimumAph(size);
        model.setMinimumAph(minimum);

        auto key = [&](int row, int column) -> Key {
            const Job& job = w.jobs[static_cast<size_t>(row)];
            const auto n = static_cast<int>(job.nodes.size());
            switch (column) {
            case JobTableModel::IdColumn: return job.id; // checked separately below
            case JobTableModel::NameColumn: return std::string(w.labels.name(static_cast<size_t>(row)));
            case JobTableModel::UserColumn: return job.user;
            case JobTableModel::StateColumn: return std::string(w.labels.state(static_cast<size_t>(row)));
            case JobTableModel::NodesColumn: return std::int64_t(n);
            case JobTableModel::SubmitColumn: return job.submit;
            case JobTableModel::StartColumn: return job.start;
            case JobTableModel::EndColumn: return job.end;
            case JobTableModel::WaitColumn: return job.start - job.submit;
            default: break;
            }
            if (n == 0)
                return {};
            if (column == JobTableModel::MinimumAphColumn)
                return n <= 6 ? Key(analyzer.minimumAph(n)) : Key();
            const PlacementMetrics m = analyzer.measure(job.nodes);
            switch (column) {
            case JobTableModel::AphColumn: return m.aph;
            case JobTableModel::PartitionsColumn: return std::int64_t(m.partitions);
            case JobTableModel::RoutersColumn: return std::int64_t(m.routers);
            case JobTableModel::SpreadColumn: return std::int64_t(m.spread);
            default: return {}; // leaves, pods, lowest common switch: trees only
            }
        };
        for (int trial = 0; trial < 60; ++trial) {
            const JobFilterCriteria c = randomCriteria(random, w);
            filter.setCriteria(c);
            std::set<int> expected;
            for (int row = 0; row < 300; ++row)
                if (matchesSlowly(c, model.filterFields(row)))
                    expected.insert(row);
            std::set<int> shown;
            for (int row = 0; row < filter.rowCount(); ++row)
                shown.insert(filter.index(row, 0).data(JobTableModel::JobIndexRole).toInt());
            QCOMPARE(shown, expected);
            QCOMPARE(filter.rowCount(), static_cast<int>(expected.size()));

            const int column = trial % JobTableModel::NumColumns;
            const auto order = trial % 2 ? Qt::DescendingOrder : Qt::AscendingOrder;
            filter.sort(column, order);
            for (int row = 1; row < filter.rowCount(); ++row) {
                const int a = filter.index(row - 1, 0).data(JobTableModel::JobIndexRole).toInt();
                const int b = filter.index(row, 0).data(JobTableModel::JobIndexRole).toInt();
                if (column == JobTableModel::IdColumn)
                    continue;
                // Blank cells last in either order, values ascending or descending.
                const Key before = key(a, column);
                const Key after = key(b, column);
                const bool blankBefore = std::holds_alternative<std::monostate>(before);
                const bool blankAfter = std::holds_alternative<std::monostate>(after);
                const bool ordered = blankAfter
                    || (!blankBefore && (order == Qt::AscendingOrder ? !(after < before) : !(before < after)));
                QVERIFY2(ordered, qPrintable(QStringLiteral("column %1, rows %2 and %3").arg(column).arg(a).arg(b)));
            }
        }
        filter.setCriteria({});
        QCOMPARE(filter.rowCount(), 300);
        model.setJobs(nullptr);
        QCOMPARE(filter.rowCount(), 0);
    }

    void aWorkerShowsWhatTheGuiThreadWould()
    {
        // Two proxies over one model: one computes at once, one on its worker. Same rows in
        // the same order for every column and order, with blank metric cells and ties; the
        // order itself is checked against a plain stable sort of the cells.
        SplitMix64 random(17);
        const auto topology = parseMachineSpec("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
        Workload w = randomWorkload(random, 400, topology->nodeCount());
        for (size_t i = 0; i < w.jobs.size(); i += 5)
            w.jobs[i].nodes.clear(); // blank metric cells
        for (size_t i = 0; i < w.jobs.size(); i += 7)
            w.jobs[i].user = w.jobs[0].user; // ties
        JobTableModel model;
        JobFilterModel atOnce;
        JobFilterModel worker;
        QAbstractItemModelTester tester(&worker, QAbstractItemModelTester::FailureReportingMode::QtTest);
        worker.setSynchronousLimit(0);
        for (JobFilterModel* filter : {&atOnce, &worker}) {
            filter->setSourceModel(&model);
            filter->setRunningOnly(false);
        }
        model.setJobs(&w.jobs, &w.labels, false);
        model.setMetrics(std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*topology, w.jobs)));
        QVERIFY(worker.isSettling()); // nothing computed on the GUI thread
        QCOMPARE(worker.rowCount(), 0);
        QTRY_VERIFY(!worker.isSettling());
        QCOMPARE(worker.rowCount(), 400);
        auto shownOrder = [](const JobFilterModel& filter) {
            std::vector<int> rows;
            for (int row = 0; row < filter.rowCount(); ++row)
                rows.push_back(filter.index(row, 0).data(JobTableModel::JobIndexRole).toInt());
            return rows;
        };
        auto cell = [&](int row, int column) -> std::optional<double> {
            const QVariant value = model.index(row, column).data(JobTableModel::SortRole);
            if (!value.isValid())
                return std::nullopt;
            return value.toDouble();
        };
        for (int trial = 0; trial < 3; ++trial) {
            JobFilterCriteria c;
            if (trial == 1)
                c.minNodes = 3;
            if (trial == 2)
                c.runningAt = w.jobs[10].start;
            for (int column = -1; column < JobTableModel::NumColumns; ++column) {
                for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                    for (JobFilterModel* filter : {&atOnce, &worker}) {
                        filter->setCriteria(c);
                        filter->sort(column, order);
                    }
                    QTRY_VERIFY(!worker.isSettling());
                    const std::vector<int> shown = shownOrder(atOnce);
                    QCOMPARE(shownOrder(worker), shown);
                    // Numeric columns: a stable sort of the kept rows by value, blanks last.
                    const bool text = column == JobTableModel::IdColumn || column == JobTableModel::NameColumn
                        || column == JobTableModel::UserColumn || column == JobTableModel::StateColumn;
                    std::vector<int> expected;
                    for (int row = 0; row < 400; ++row)
                        if (matchesSlowly(c, model.filterFields(row)))
                            expected.push_back(row);
                    if (column >= 0 && !text)
                        std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
                            const auto x = cell(a, column);
                            const auto y = cell(b, column);
                            if (!x || !y)
                                return x.has_value() && !y.has_value();
                            return order == Qt::AscendingOrder ? *x < *y : *y < *x;
                        });
                    if (!text)
                        QCOMPARE(shown, expected);
                    else
                        QCOMPARE(std::set<int>(shown.begin(), shown.end()),
                                 std::set<int>(expected.begin(), expected.end()));
                }
            }
        }
    }

    void rowsAreSeenAStepAtATime()
    {
        // Of 300 kept rows the views see 50 at a time; a sort or a filter keeps what they
        // saw, a job revealed is seen with its step, the selection stays seen, and the CSV
        // export writes every kept row.
        SplitMix64 random(31);
        const Workload w = randomWorkload(random, 300, 64);
        JobTableModel model;
        JobFilterModel filter;
        filter.setRowsAtATime(50); // no QAbstractItemModelTester: it fetches more itself
        filter.setSourceModel(&model);
        filter.setRunningOnly(false);
        model.setJobs(&w.jobs, &w.labels, false);
        QCOMPARE(filter.keptCount(), size_t{300});
        QCOMPARE(filter.rowCount(), 50);
        QVERIFY(filter.canFetchMore({}));
        filter.fetchMore({});
        QCOMPARE(filter.rowCount(), 100);
        QVERIFY(!filter.index(100, 0).isValid());
        QVERIFY(!filter.mapFromSource(model.index(250, 0)).isValid()); // kept, not seen yet

        filter.sort(JobTableModel::StartColumn, Qt::DescendingOrder);
        QCOMPARE(filter.rowCount(), 100);
        const int last = static_cast<int>(filter.keptIndex(299, 0).row()); // the model's row shown last
        const QModelIndex revealed = filter.reveal(last);
        QCOMPARE(revealed.row(), 299);
        QCOMPARE(filter.rowCount(), 300);
        QCOMPARE(filter.mapToSource(revealed).row(), last);

        QItemSelectionModel selection(&filter);
        selection.select(revealed, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        filter.sort(JobTableModel::StartColumn, Qt::AscendingOrder); // the selected job goes first
        QCOMPARE(filter.rowCount(), 300);
        QCOMPARE(filter.mapToSource(selection.selectedRows().value(0)).row(), last);
        model.setJobs(nullptr);
        model.setJobs(&w.jobs, &w.labels, false);
        QCOMPARE(filter.rowCount(), 50); // a new model: its first rows
        const int first = filter.mapToSource(filter.index(0, 0)).row();
        selection.select(filter.index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        filter.sort(JobTableModel::StartColumn, Qt::DescendingOrder);
        QCOMPARE(filter.rowCount(), 50); // no more seen for a row that moved beyond them
        const QModelIndex moved = filter.reveal(first);
        QVERIFY(moved.row() >= 50);
        QCOMPARE(filter.rowCount(), (moved.row() / 50 + 1) * 50);
        const int seen = filter.rowCount();
        JobFilterCriteria criteria;
        criteria.minNodes = 1;
        filter.setCriteria(criteria);
        QCOMPARE(filter.rowCount(), static_cast<int>(std::min(static_cast<size_t>(seen), filter.keptCount())));

        const QByteArray csv = tableCsv(filter);
        QCOMPARE(static_cast<size_t>(csv.count('\n')), filter.keptCount() + 1);
        QCOMPARE(tableRows(filter), static_cast<qsizetype>(filter.keptCount()));
        QVERIFY(filter.keptCount() > 200);
    }

    void theSelectionFollowsItsJobAcrossTheWorkersRows()
    {
        SplitMix64 random(5);
        const Workload w = randomWorkload(random, 300, 40);
        JobTableModel model;
        JobFilterModel filter;
        filter.setSynchronousLimit(0);
        filter.setSourceModel(&model);
        filter.setRunningOnly(false);
        model.setJobs(&w.jobs, &w.labels, false);
        QTRY_VERIFY(!filter.isSettling());
        QItemSelectionModel selection(&filter);
        int job = 100;
        while (w.jobs[static_cast<size_t>(job)].end <= w.jobs[static_cast<size_t>(job)].start)
            ++job;
        selection.setCurrentIndex(filter.mapFromSource(model.index(job, 0)), QItemSelectionModel::SelectCurrent);
        QCOMPARE(selection.currentIndex().data(JobTableModel::JobIndexRole).toInt(), job);
        for (const Qt::SortOrder order : {Qt::DescendingOrder, Qt::AscendingOrder}) {
            filter.sort(JobTableModel::EndColumn, order);
            QTRY_VERIFY(!filter.isSettling());
            QCOMPARE(selection.currentIndex().data(JobTableModel::JobIndexRole).toInt(), job);
        }
        // Many changes in a row: the last one shows, the job kept while it passes the filter.
        for (int i = 0; i < 50; ++i)
            filter.setTime(w.jobs[static_cast<size_t>(i)].start);
        filter.setRunningOnly(true);
        filter.setTime(w.jobs[static_cast<size_t>(job)].start);
        QTRY_VERIFY(!filter.isSettling());
        int running = 0;
        for (const Job& other : w.jobs)
            running += other.runsAt(w.jobs[static_cast<size_t>(job)].start) ? 1 : 0;
        QCOMPARE(filter.rowCount(), running);
        QCOMPARE(selection.currentIndex().data(JobTableModel::JobIndexRole).toInt(), job);
        // Filtered out: no current row.
        filter.setTime(w.jobs[static_cast<size_t>(job)].end);
        QTRY_VERIFY(!filter.isSettling());
        QVERIFY(!selection.currentIndex().isValid());
    }

    void theMetricsTableKeepsEveryValue()
    {
        // Counts in 8 bits until one needs more, then in 16 until one needs more than that
        // (a machine of 65,535 nodes or more), then every count of that column in 32; -1
        // (does not apply) and unmeasured jobs apart. Columns widen at different jobs, or
        // never.
        SplitMix64 random(77);
        const size_t jobs = 500;
        std::vector<std::optional<PlacementMetrics>> given(jobs);
        JobMetricsTable table(jobs);
        for (size_t job = 0; job < jobs; ++job) {
            if (random.between(0, 4) == 0)
                continue; // not measured
            PlacementMetrics m;
            m.nodes = static_cast<int>(random.between(1, 100));
            // Mostly as the analyzer gives them (a sum of hops over n(n - 1)), some not.
            const auto n = static_cast<size_t>(m.nodes);
            m.aph = random.between(0, 5) == 0 ? random.uniform() * 6
                : n > 1 ? static_cast<double>(random.between(0, 4'000'000'000)) / static_cast<double>(n * (n - 1))
                        : 0.0;
            // Up to 254 before job `narrowFrom`, up to 65,534 before `wideFrom`, then any.
            const auto count = [&](size_t narrowFrom, size_t wideFrom) {
                const auto kind = random.between(0, 9);
                return static_cast<int>(kind == 0                            ? -1
                                            : kind == 1 && job >= wideFrom   ? random.between(65535, 200000)
                                            : kind == 2 && job >= narrowFrom ? random.between(255, 65534)
                                                                             : random.between(0, 254));
            };
            m.partitions = std::max(0, count(150, 300));
            m.spread = std::max(0, count(0, jobs)); // 16 bits from the first, never 32
            m.leaves = count(jobs, jobs); // 8 bits throughout
            m.pods = count(jobs, 400); // from 8 bits straight to 32
            m.routers = job < 100 ? -1 : count(200, 450); // a column that starts without values
            m.lowestCommonLevel = -1; // one that never has one
            table.set(job, m);
            given[job] = m;
        }
        QCOMPARE(table.size(), jobs);
        for (size_t job = 0; job < jobs; ++job) {
            QCOMPARE(table.measured(job), given[job].has_value());
            if (!given[job])
                continue;
            const PlacementMetrics& m = *given[job];
            QCOMPARE(table.aph(job, static_cast<size_t>(m.nodes)), m.aph);
            QCOMPARE(table.partitions(job), m.partitions);
            QCOMPARE(table.spread(job), m.spread);
            QCOMPARE(table.leaves(job), m.leaves);
            QCOMPARE(table.pods(job), m.pods);
            QCOMPARE(table.routers(job), m.routers);
            QCOMPARE(table.lowestCommonLevel(job), -1);
        }
    }

    void aModelGoneLeavesNoRows()
    {
        SplitMix64 random(8);
        const Workload w = randomWorkload(random, 200, 20);
        JobFilterModel filter;
        filter.setSynchronousLimit(0);
        auto model = std::make_unique<JobTableModel>();
        filter.setSourceModel(model.get());
        filter.setRunningOnly(false);
        model->setJobs(&w.jobs, &w.labels, false);
        QTRY_COMPARE(filter.rowCount(), 200);
        filter.sort(JobTableModel::EndColumn); // on its way when the model goes
        model.reset();
        QCOMPARE(filter.rowCount(), 0);
        QTest::qWait(50);
        QCOMPARE(filter.rowCount(), 0); // no result arrives for a model gone
        filter.setCriteria({});
        filter.sort(JobTableModel::StartColumn);
        QCOMPARE(filter.rowCount(), 0);
    }

    void idsSortNaturally()
    {
        const std::vector<Job> jobs{{"10_2", "", {}, 0, 0, 1}, {"9", "", {}, 0, 0, 1},  {"abc", "", {}, 0, 0, 1},
                                    {"11", "", {}, 0, 0, 1},   {"10", "", {}, 0, 0, 1}, {"10_10", "", {}, 0, 0, 1}};
        JobTableModel model;
        model.setJobs(&jobs);
        JobFilterModel filter;
        filter.setSourceModel(&model);
        filter.setRunningOnly(false);
        filter.sort(JobTableModel::IdColumn, Qt::AscendingOrder);
        QStringList ids;
        for (int row = 0; row < filter.rowCount(); ++row)
            ids << filter.index(row, JobTableModel::IdColumn).data().toString();
        // Same leading number: by the whole text ("10_10" before "10_2", as text).
        QCOMPARE(ids, QStringList({"9", "10", "10_10", "10_2", "11", "abc"}));
    }

    void labelsKeepNamesAndSharingFromAnyJob()
    {
        // Names and sharing flags are kept from the first job that has one: before it, none.
        for (const size_t first : {size_t(0), size_t(1), size_t(7)}) {
            JobLabels labels;
            for (size_t job = 0; job < 12; ++job) {
                const std::string name = job >= first && job % 2 == first % 2 ? "job" + std::to_string(job) : "";
                labels.append(name, job % 3 ? "COMPLETED" : "FAILED", job >= first && job % 4 == 3);
            }
            QCOMPARE(labels.size(), size_t(12));
            QVERIFY(labels.hasNames());
            for (size_t job = 0; job < 12; ++job) {
                const bool named = job >= first && job % 2 == first % 2;
                QCOMPARE(std::string(labels.name(job)), named ? "job" + std::to_string(job) : std::string());
                QCOMPARE(std::string(labels.state(job)), std::string(job % 3 ? "COMPLETED" : "FAILED"));
                QCOMPARE(labels.sharesNodes(job), job >= first && job % 4 == 3);
            }
        }
        JobLabels plain;
        plain.append("", "COMPLETED");
        QVERIFY(!plain.hasNames());
        QVERIFY(!plain.anySharesNodes());
        QCOMPARE(std::string(plain.name(0)), std::string());
        QVERIFY(!plain.sharesNodes(0));
    }

    void labelsKeepStatesBeyond256()
    {
        // A state index in 8 bits each until a 257th state, then in 16: a site's own states
        // (or a log that puts reasons into them) are all kept.
        JobLabels labels;
        std::vector<std::string> given;
        for (int job = 0; job < 2000; ++job) {
            const int kind = job < 600 ? job % 7 : job % 400;
            given.push_back(kind == 0 ? std::string() : "STATE" + std::to_string(kind));
            labels.append("", given.back());
        }
        QCOMPARE(labels.size(), given.size());
        QCOMPARE(labels.states().size(), size_t(400));
        for (size_t job = 0; job < given.size(); ++job) {
            QCOMPARE(std::string(labels.state(job)), given[job]);
            QCOMPARE(labels.states()[static_cast<size_t>(labels.stateIndex(job))], given[job]);
        }
    }

    void labelsFollowTheJobOrder()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("labels.sqlite")).toStdString());
        const std::int64_t machine = store.addMachine("m", "torus extents=4 wrap=y nodes-per-router=1");
        JobWriter writer(store, machine, SourceRecord{0, "log", 0, "", "test", 0, 0, 0, 0, ""});
        SplitMix64 random(1);
        std::map<std::string, std::pair<std::string, std::string>> written;
        for (int i = 0; i < 50; ++i) {
            JobRecord record;
            record.job = {std::to_string(i), "u", {}, random.between(0, 100), 200, 300};
            record.name = names[random.between(0, 7)];
            record.state = states[random.between(0, 4)];
            written[record.job.id] = {record.name, record.state};
            writer.add(record);
        }
        writer.commit(50, 0);
        const std::vector<Job> jobs = store.jobs(machine);
        const JobLabels labels = jobLabels(store, machine);
        QCOMPARE(labels.size(), jobs.size());
        for (size_t i = 0; i < jobs.size(); ++i) {
            QCOMPARE(std::string(labels.name(i)), written[jobs[i].id].first);
            QCOMPARE(std::string(labels.state(i)), written[jobs[i].id].second);
        }
    }

    /// A million jobs on Titan: the model formats nothing up front, and filtering and sorting
    /// happen on the filter's worker. Times are printed, not asserted (shared machines):
    /// bench/ measures them.
    void aMillionJobsStayLazy()
    {
        const auto titan = parseMachineSpec(findMachinePreset("titan")->spec);
        const int machineNodes = titan->nodeCount();
        SplitMix64 random(2024);
        Workload w;
        const int count = 1'000'000;
        w.jobs.reserve(count);
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < count; ++i) {
            Job job;
            job.id = std::to_string(1'000'000 + i);
            job.user = "user" + std::to_string(random.between(0, 499));
            job.submit = 1'600'000'000 + i * 30;
            job.start = job.submit + random.between(0, 7200);
            job.end = job.start + random.between(60, 86'400);
            // Mostly small jobs, a few large ones, as in the traces; list allocators' runs.
            const auto draw = random.uniform();
            const int size = static_cast<int>(draw < 0.7        ? random.between(1, 8)
                                                  : draw < 0.98 ? random.between(9, 128)
                                                                : random.between(129, 1024));
            const int first = static_cast<int>(random.between(0, machineNodes - size));
            job.nodes.appendRun(first, static_cast<size_t>(size));
            w.jobs.push_back(std::move(job));
            w.labels.append(names[random.between(0, 7)], states[random.between(0, 4)]);
        }
        qInfo("generated %d jobs in %.2f s", count, seconds(timer));

        CountingJobTableModel model;
        JobFilterModel filter;
        filter.setSourceModel(&model);
        filter.setRunningOnly(false);
        filter.sort(JobTableModel::NodesColumn, Qt::DescendingOrder);
        timer.restart();
        model.setJobs(&w.jobs, &w.labels, true);
        qInfo("setJobs: %.2f s on the GUI thread", seconds(timer));
        QVERIFY(filter.isSettling()); // a million rows are sorted on the worker
        QVERIFY(settles(filter));
        QCOMPARE(filter.keptCount(), size_t{count});
        qInfo("and sorted by nodes: %.2f s", seconds(timer));

        timer.restart();
        auto metrics = std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*titan, w.jobs));
        qInfo("placement metrics of every job: %.2f s", seconds(timer));
        timer.restart();
        model.setMetrics(metrics);
        QVERIFY(!filter.isSettling()); // sorted by nodes: nothing to sort again
        QCOMPARE(filter.keptCount(), size_t{count});
        qInfo("metrics into the model: %.2f s", seconds(timer));

        QTableView view;
        view.setModel(&filter);
        view.horizontalHeader()->setResizeContentsPrecision(200);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.resizeColumnsToContents();

        timer.restart();
        filter.sort(JobTableModel::AphColumn, Qt::DescendingOrder);
        QVERIFY(settles(filter));
        qInfo("sort by APH: %.2f s", seconds(timer));
        const int top = filter.index(0, 0).data(JobTableModel::JobIndexRole).toInt();
        const int next = filter.index(1, 0).data(JobTableModel::JobIndexRole).toInt();
        QVERIFY(metrics->aph(static_cast<size_t>(top), w.jobs[static_cast<size_t>(top)].nodes.size())
                >= metrics->aph(static_cast<size_t>(next), w.jobs[static_cast<size_t>(next)].nodes.size()));

        const auto countSlowly = [&](const JobFilterCriteria& c) {
            int kept = 0;
            for (int row = 0; row < count; ++row)
                kept += matchesSlowly(c, model.filterFields(row)) ? 1 : 0;
            return kept;
        };
        struct Case
        {
            const char* what;
            JobFilterCriteria criteria;
        };
        JobFilterCriteria byText;
        byText.text = "NAMD";
        JobFilterCriteria byUser;
        byUser.user = "user42";
        JobFilterCriteria bySize;
        bySize.minNodes = 64;
        bySize.maxNodes = 512;
        JobFilterCriteria byTime;
        byTime.from = 1'600'000'000 + 20'000'000;
        byTime.to = byTime.from.value() + 3600;
        JobFilterCriteria bySizeOnly; // the way back: most rows return, scattered
        bySizeOnly.minNodes = 2;
        for (const Case& c : {Case{"text", byText}, Case{"user", byUser}, Case{"size range", bySize},
                              Case{"time range", byTime}, Case{"size from 2", bySizeOnly}, Case{"none", {}}}) {
            timer.restart();
            filter.setCriteria(c.criteria);
            QVERIFY(settles(filter));
            const int kept = static_cast<int>(filter.keptCount());
            qInfo("filter by %s: %d rows in %.2f s", c.what, kept, seconds(timer));
            QCOMPARE(kept, countSlowly(c.criteria));
        }
        timer.restart();
        filter.setTime(1'600'000'000 + 15'000'000);
        filter.setRunningOnly(true);
        QVERIFY(settles(filter));
        qInfo("running at the cursor: %zu rows in %.2f s", filter.keptCount(), seconds(timer));
        timer.restart();
        filter.setRunningOnly(false);
        QVERIFY(settles(filter));
        qInfo("and back to every job: %.2f s", seconds(timer));
        QCOMPARE(filter.keptCount(), size_t{count});
        QApplication::processEvents();
        // Formatting happened for the rows on screen (and the rows measured for column
        // widths), not for a million.
        qInfo("data() calls: %lld", static_cast<long long>(model.calls.load()));
        QVERIFY2(model.calls < 200'000, qPrintable(QString::number(model.calls.load())));
    }
};

QTEST_MAIN(TestJobFilter)
#include "tst_jobfilter.moc"
