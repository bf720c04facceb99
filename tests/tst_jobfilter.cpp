// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

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
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <map>
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

    void fewRowsSortAsTheRanksDoWithoutRankingEveryJob()
    {
        // Up to DirectSortRows rows are compared directly: no job is ranked for them, and the
        // order is the ranks' one (blank metric cells last in either order, ties by row).
        SplitMix64 random(17);
        const auto topology = parseMachineSpec("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
        Workload w = randomWorkload(random, 400, topology->nodeCount());
        for (size_t i = 0; i < w.jobs.size(); i += 5)
            w.jobs[i].nodes.clear(); // blank metric cells
        for (size_t i = 0; i < w.jobs.size(); i += 7)
            w.jobs[i].user = w.jobs[0].user; // ties
        JobTableModel model;
        JobFilterModel filter;
        filter.setSourceModel(&model);
        filter.setRunningOnly(false);
        model.setJobs(&w.jobs, &w.labels, false);
        model.setMetrics(std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*topology, w.jobs)));
        auto shownOrder = [&] {
            std::vector<int> rows;
            for (int row = 0; row < filter.rowCount(); ++row)
                rows.push_back(filter.index(row, 0).data(JobTableModel::JobIndexRole).toInt());
            return rows;
        };
        for (int column = 0; column < JobTableModel::NumColumns; ++column) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                filter.sort(column, order);
                QVERIFY2(!model.hasSortRanks(column), qPrintable(QString::number(column)));
                const std::vector<int> direct = shownOrder();
                model.sortRanks(column);
                QVERIFY(model.hasSortRanks(column));
                filter.invalidate();
                QCOMPARE(shownOrder(), direct);
                // New metrics drop the ranks of the metric columns only.
                model.setMetrics(std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*topology, w.jobs)));
                const bool metric = column >= JobTableModel::AphColumn && column <= JobTableModel::SpreadColumn;
                QCOMPARE(model.hasSortRanks(column), !metric);
                model.setJobs(&w.jobs, &w.labels, false); // every rank goes with the jobs
                model.setMetrics(std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*topology, w.jobs)));
                QVERIFY(!model.hasSortRanks(column));
            }
        }
    }

    void idsSortNaturally()
    {
        const std::vector<Job> jobs{{"10_2", "", 0, 0, 1, {}}, {"9", "", 0, 0, 1, {}},  {"abc", "", 0, 0, 1, {}},
                                    {"11", "", 0, 0, 1, {}},   {"10", "", 0, 0, 1, {}}, {"10_10", "", 0, 0, 1, {}}};
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
            record.job = {std::to_string(i), "u", random.between(0, 100), 200, 300, {}};
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
    /// take about a second at most. Times are printed, not asserted (shared machines).
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
        QCOMPARE(filter.rowCount(), count);
        qInfo("setJobs + sort by nodes: %.2f s", seconds(timer));

        timer.restart();
        auto metrics = std::make_shared<const JobMetricsTable>(JobMetricsCache::compute(*titan, w.jobs));
        qInfo("placement metrics of every job: %.2f s", seconds(timer));
        timer.restart();
        model.setMetrics(metrics);
        QCOMPARE(filter.rowCount(), count);
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
        qInfo("sort by APH: %.2f s", seconds(timer));
        const int top = filter.index(0, 0).data(JobTableModel::JobIndexRole).toInt();
        const int next = filter.index(1, 0).data(JobTableModel::JobIndexRole).toInt();
        QVERIFY(metrics->rows[static_cast<size_t>(top)].aph >= metrics->rows[static_cast<size_t>(next)].aph);

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
            const int kept = filter.rowCount();
            qInfo("filter by %s: %d rows in %.2f s", c.what, kept, seconds(timer));
            QCOMPARE(kept, countSlowly(c.criteria));
        }
        timer.restart();
        filter.setTime(1'600'000'000 + 15'000'000);
        filter.setRunningOnly(true);
        qInfo("running at the cursor: %d rows in %.2f s", filter.rowCount(), seconds(timer));
        timer.restart();
        filter.setRunningOnly(false);
        qInfo("and back to every job: %.2f s", seconds(timer));
        QCOMPARE(filter.rowCount(), count);
        QApplication::processEvents();
        // Formatting happened for the rows on screen (and the rows measured for column
        // widths), not for a million.
        qInfo("data() calls: %lld", static_cast<long long>(model.calls.load()));
        QVERIFY2(model.calls < 200'000, qPrintable(QString::number(model.calls.load())));
    }
};

QTEST_MAIN(TestJobFilter)
#include "tst_jobfilter.moc"
