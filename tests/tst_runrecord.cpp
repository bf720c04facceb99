// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/JsonValue.h"
#include "core/JsonWriter.h"
#include "core/LcsAllocator.h"
#include "core/LoggedRun.h"
#include "core/RunRecord.h"
#include "core/SimulationReport.h"
#include "importers/JobImport.h"
#include "services/Simulation.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace placement;

namespace {

/// The byte offset parseJson() reports for `text`, or -1 when it parses.
long long errorOffset(const std::string& text)
{
    try {
        parseJson(text);
    } catch (const JsonParseError& error) {
        return static_cast<long long>(error.offset());
    }
    return -1;
}

SystemMetrics someMetrics(int seed)
{
    SystemMetrics m;
    m.machineNodes = 128 + seed;
    m.jobs = 3145 + seed;
    m.makespan = 8'640'000 + seed;
    m.steadyFrom = 3600 + seed;
    m.steadyTo = 7'200'000;
    m.steadyStateFound = seed % 2 == 0;
    m.steadyUtilization = 0.712345678901234 + seed * 1e-3;
    m.makespanUtilization = 0.6 / 7;
    m.steadyIdleAllocated = seed ? 0.0125 : 0;
    m.wait = {10, 1234.5678, 60, 98765.4321, 123456.0};
    m.turnaround = {10, 5000.25, 4000, 80000, 90000.5};
    m.boundedSlowdown = {10, 3.14159, 1.5, 27.2, 31.0 / 3};
    m.schedulingMicroseconds = {10, 12.5, 9, 101.25, 250};
    int start = 1;
    for (int end : {4, 16, 64, 256, 0}) {
        SizeBinMetrics bin;
        bin.minNodes = start;
        bin.maxNodes = end;
        bin.wait = {start, 100.0 / start, 50.0 + start, 0, 0};
        bin.turnaround = {start, 200.0 / start + 0.1, 0, 0, 0};
        bin.boundedSlowdown = {start, 1.0 + 1.0 / 3 / start, 0, 0, 0};
        m.bins.push_back(bin);
        start = end + 1;
    }
    return m;
}

void compareMetrics(const RunSummary& read, const SystemMetrics& m)
{
    QCOMPARE(read.machineNodes, std::int64_t(m.machineNodes));
    QCOMPARE(read.jobs, std::int64_t(m.jobs));
    QCOMPARE(read.utilization, m.steadyUtilization);
    QCOMPARE(read.utilizationOverMakespan, m.makespanUtilization);
    QCOMPARE(read.internalFragmentation, m.steadyIdleAllocated);
    QCOMPARE(read.steadyStateFound, m.steadyStateFound);
    QCOMPARE(read.steadyFrom, m.steadyFrom);
    QCOMPARE(read.steadyTo, m.steadyTo);
    QCOMPARE(read.makespan, m.makespan);
    QCOMPARE(read.meanWait, m.wait.mean);
    QCOMPARE(read.medianWait, m.wait.median);
    QCOMPARE(read.meanTurnaround, m.turnaround.mean);
    QCOMPARE(read.meanBoundedSlowdown, m.boundedSlowdown.mean);
    const std::pair<const RunDistribution*, const Distribution*> distributions[]
        = {{&read.wait, &m.wait}, {&read.turnaround, &m.turnaround}, {&read.boundedSlowdown, &m.boundedSlowdown}};
    for (const auto& [got, expected] : distributions) {
        QCOMPARE(got->mean, expected->mean);
        QCOMPARE(got->median, expected->median);
        QCOMPARE(got->p99, expected->p99);
        QCOMPARE(got->max, expected->max);
    }
    QCOMPARE(read.bySize.size(), m.bins.size());
    for (size_t i = 0; i < m.bins.size(); ++i) {
        const RunSizeBin& got = read.bySize[i];
        const SizeBinMetrics& expected = m.bins[i];
        QCOMPARE(got.minNodes, std::int64_t(expected.minNodes));
        QCOMPARE(got.maxNodes, expected.maxNodes > 0 ? std::optional<std::int64_t>(expected.maxNodes) : std::nullopt);
        QCOMPARE(got.jobs, std::int64_t(expected.wait.count));
        QCOMPARE(got.meanWait, expected.wait.mean);
        QCOMPARE(got.medianWait, expected.wait.median);
        QCOMPARE(got.meanTurnaround, expected.turnaround.mean);
        QCOMPARE(got.meanBoundedSlowdown, expected.boundedSlowdown.mean);
        QCOMPARE(read.sizeBin(expected.minNodes), &got);
    }
}

void compareParameters(const RunParameters& read, const SimulationSetup& setup, const std::string& version)
{
    QCOMPARE(read.machine, setup.machine);
    QCOMPARE(read.policy, setup.allocator.policy);
    QCOMPARE(read.order, std::optional(setup.allocator.order));
    QCOMPARE(read.backfill, std::optional<std::string>(backfillName(setup.options.backfill)));
    QCOMPARE(read.window, std::optional<std::int64_t>(setup.options.window));
    QCOMPARE(read.seed, std::optional(static_cast<std::int64_t>(setup.allocator.seed)));
    const bool dual = setup.allocator.policy == "dual-ended";
    QCOMPARE(read.sizeDemarcation, dual ? std::optional<std::int64_t>(setup.allocator.sizeDemarcation) : std::nullopt);
    QCOMPARE(read.wallTimeDemarcation, dual ? std::optional(setup.allocator.wallTimeDemarcation) : std::nullopt);
    QCOMPARE(read.quadrantSide,
             setup.allocator.policy == "quadrant" ? std::optional<std::int64_t>(setup.allocator.quadrantSide)
                                                  : std::nullopt);
    const bool lcs = setup.allocator.policy == "lcs";
    QCOMPARE(read.lcsTimeoutSeconds, lcs ? std::optional(setup.allocator.searchTimeout) : std::nullopt);
    QCOMPARE(read.lcsStepBudget, lcs ? std::optional(setup.allocator.searchSteps) : std::nullopt);
    QCOMPARE(read.speedup, std::optional(setup.transform.speedup.name()));
    QCOMPARE(read.speedupSeed, std::optional(static_cast<std::int64_t>(setup.transform.seed)));
    QCOMPARE(read.scaleNodes, std::optional<std::int64_t>(setup.transform.nodeScale));
    QCOMPARE(read.arrivals, std::optional(setup.transform.arrivalsName()));
    QCOMPARE(read.from, setup.transform.from);
    QCOMPARE(read.to, setup.transform.to);
    QCOMPARE(read.cpusPerNode, std::optional<std::int64_t>(setup.cpusPerNode));
    QCOMPARE(read.sizeBins, setup.sizeBins);
    QCOMPARE(read.version, std::optional(version));
    QCOMPARE(read.inputDigest, setup.inputDigest.empty() ? std::nullopt : std::optional(setup.inputDigest));
    QCOMPARE(read.sweep, setup.sweep.empty() ? std::nullopt : std::optional(setup.sweep));
    QCOMPARE(read.sweepPoint, setup.sweep.empty() ? std::nullopt : std::optional(setup.sweepPoint));
}

void compareSummary(const RunSummary& read, const SimulationSetup& setup, const SimulationSummary& summary)
{
    QCOMPARE(read.runId, summary.runId);
    QCOMPARE(read.runName, summary.runName);
    QCOMPARE(read.machine, setup.machine);
    QCOMPARE(read.policy, setup.allocator.policy);
    QCOMPARE(read.backfill, std::optional<std::string>(backfillName(setup.options.backfill)));
    compareMetrics(read, summary.metrics);
    QCOMPARE(read.meanAph, std::optional(summary.meanAph));
    QCOMPARE(read.lowestCommonSwitch.has_value(), summary.mapping.hasLevels);
    if (summary.mapping.hasLevels) {
        QCOMPARE(read.lowestCommonSwitch->mean, summary.mapping.lowestCommonSwitch.mean);
        QCOMPARE(read.lowestCommonSwitch->sd, summary.mapping.lowestCommonSwitch.deviation);
    }
    QVERIFY(read.spread);
    QCOMPARE(read.spread->mean, summary.mapping.spread.mean);
    QCOMPARE(read.spread->sd, summary.mapping.spread.deviation);
    QCOMPARE(read.groupsPerJob.has_value(), summary.mapping.hasGroups);
    if (summary.mapping.hasGroups) {
        QCOMPARE(read.groupsPerJob->mean, summary.mapping.groups.mean);
        QCOMPARE(read.groupsPerJob->sd, summary.mapping.groups.deviation);
    }
    QVERIFY(read.schedulingUsPerJob);
    QCOMPARE(read.schedulingUsPerJob->mean, summary.metrics.schedulingMicroseconds.mean);
    QCOMPARE(read.schedulingUsPerJob->p99, summary.metrics.schedulingMicroseconds.p99);
    QCOMPARE(read.schedulingUsPerJob->max, summary.metrics.schedulingMicroseconds.max);
    QCOMPARE(read.simulationSeconds, std::optional(summary.simulationSeconds));
    QCOMPARE(read.skipped, summary.skippedByReason);
    QCOMPARE(read.offeredLoad, summary.offeredLoad);
    QCOMPARE(read.neverFit, std::optional(static_cast<std::int64_t>(summary.neverFit.size())));
    QCOMPARE(read.neverFitJobs, summary.neverFit);
    const LcsCounters* counters = setup.allocator.searchCounters.get();
    QCOMPARE(read.lcs.has_value(), counters != nullptr);
    if (counters) {
        QCOMPARE(read.lcs->timeoutSeconds, setup.allocator.searchTimeout);
        QCOMPARE(read.lcs->stepBudget, setup.allocator.searchSteps);
        QCOMPARE(read.lcs->searches, counters->searches);
        QCOMPARE(read.lcs->timeouts, counters->timeouts);
        QCOMPARE(read.lcs->jobsTimedOut, static_cast<std::int64_t>(counters->jobsTimedOut.size()));
        QCOMPARE(read.lcs->steps, counters->steps);
    }
    // Simulated runs have none of the logged run's counts.
    QVERIFY(!read.jobsWithNodeLists && !read.jobsWithoutStart && !read.jobsWithoutSize && !read.jobsSharingNodes);
}

} // namespace

class TestRunRecord : public QObject
{
    Q_OBJECT
private slots:
    void readsEveryKindOfValue()
    {
        const JsonValue v
            = parseJson(" {\"null\": null, \"yes\": true, \"no\": false, \"int\": -42, \"big\": 9007199254740993,"
                        " \"real\": 2.5e-3, \"whole\": 1.5E3, \"zero\": -0, \"text\": \"a b\","
                        " \"list\": [1, [2, {\"deep\": [[]]}], {}], \"empty\": {}}\n\t");
        QVERIFY(v.isObject());
        QCOMPARE(v.toObject().size(), size_t(11));
        QVERIFY(v.find("null")->isNull());
        QCOMPARE(v.find("yes")->toBool(), true);
        QCOMPARE(v.find("no")->toBool(), false);
        QCOMPARE(v.find("int")->toInt(), std::optional<std::int64_t>(-42));
        QCOMPARE(v.find("int")->toDouble(), -42.0);
        // Integers beyond a double's 53 bits are kept exactly.
        QCOMPARE(v.find("big")->toInt(), std::optional<std::int64_t>(9007199254740993LL));
        QCOMPARE(v.find("real")->toDouble(), 2.5e-3);
        QVERIFY(!v.find("real")->toInt());
        QCOMPARE(v.find("whole")->toInt(), std::optional<std::int64_t>(1500));
        QCOMPARE(v.find("zero")->toInt(), std::optional<std::int64_t>(0));
        QCOMPARE(v.find("text")->toString(), std::string("a b"));
        const JsonValue::Array& list = v.find("list")->toArray();
        QCOMPARE(list.size(), size_t(3));
        QCOMPARE(list[0].toDouble(), 1.0);
        QCOMPARE(list[1].toArray()[0].toDouble(), 2.0);
        QVERIFY(list[1].toArray()[1].find("deep")->toArray()[0].toArray().empty());
        QVERIFY(list[2].toObject().empty());
        QVERIFY(v.find("empty")->toObject().empty());
        QVERIFY(v.find("absent") == nullptr);
        QVERIFY(list[0].find("x") == nullptr);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, v.find("text")->toDouble());
        QVERIFY_THROWS_EXCEPTION(std::logic_error, v.find("int")->toString());
        QCOMPARE(parseJson("7").toDouble(), 7.0);
        QVERIFY(parseJson("null").isNull());
        // A 64-bit integer too large to be exact stays a double only.
        const JsonValue huge = parseJson("123456789012345678901234567890");
        QVERIFY(!huge.toInt());
        QCOMPARE(huge.toDouble(), 1.2345678901234568e29);
    }

    void decodesEscapesToUtf8()
    {
        QCOMPARE(parseJson("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"").toString(), std::string("\" \\ / \b \f \n \r \t"));
        QCOMPARE(parseJson("\"\\u0041\\u00e9\\u20AC\"").toString(), std::string("A\xC3\xA9\xE2\x82\xAC"));
        // A surrogate pair is one character of four UTF-8 bytes (U+1F600).
        QCOMPARE(parseJson("\"\\ud83d\\ude00\"").toString(), std::string("\xF0\x9F\x98\x80"));
        // UTF-8 in the text passes through; so does \u0000.
        QCOMPARE(parseJson("\"\xE2\x80\x93\"").toString(), std::string("\xE2\x80\x93"));
        QCOMPARE(parseJson("\"a\\u0000b\"").toString(), std::string("a\0b", 3));
        // What JsonWriter writes reads back.
        JsonWriter writer;
        writer.beginObject().key("k\"ey\n").value(std::string_view("tab\there \x01 \xE2\x80\x93")).endObject();
        QCOMPARE(parseJson(writer.str()).find("k\"ey\n")->toString(), std::string("tab\there \x01 \xE2\x80\x93"));
    }

    void rejectsBadInputWithItsOffset_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("offset");
        QTest::newRow("empty") << QByteArray("") << 0;
        QTest::newRow("blank") << QByteArray("   ") << 3;
        QTest::newRow("truncated object") << QByteArray("{\"a\":1") << 6;
        QTest::newRow("truncated array") << QByteArray("[1,2") << 4;
        QTest::newRow("truncated string") << QByteArray("\"abc") << 4;
        QTest::newRow("truncated key") << QByteArray("{\"a\"") << 4;
        QTest::newRow("trailing garbage") << QByteArray("[1] x") << 4;
        QTest::newRow("two values") << QByteArray("1 2") << 2;
        QTest::newRow("bad escape") << QByteArray("[\"ab\\x\"]") << 4;
        QTest::newRow("short unicode escape") << QByteArray("\"\\u12\"") << 5;
        QTest::newRow("lone high surrogate") << QByteArray("\"\\ud83d\"") << 1;
        QTest::newRow("lone low surrogate") << QByteArray("\"x\\ude00\"") << 2;
        QTest::newRow("leading zero") << QByteArray("[01]") << 2;
        QTest::newRow("negative leading zero") << QByteArray("-012") << 2;
        QTest::newRow("bare minus") << QByteArray("-") << 1;
        QTest::newRow("no fraction digits") << QByteArray("1.") << 2;
        QTest::newRow("no exponent digits") << QByteArray("1e+") << 3;
        QTest::newRow("plus sign") << QByteArray("+1") << 0;
        QTest::newRow("out of range") << QByteArray("[1e400]") << 1;
        QTest::newRow("trailing comma in array") << QByteArray("[1,]") << 3;
        QTest::newRow("trailing comma in object") << QByteArray("{\"a\":1,}") << 7;
        QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << 5;
        QTest::newRow("unquoted key") << QByteArray("{a:1}") << 1;
        QTest::newRow("duplicate key") << QByteArray("{\"a\":1,\"a\":2}") << 7;
        QTest::newRow("bad literal") << QByteArray("tru") << 0;
        QTest::newRow("single quotes") << QByteArray("'a'") << 0;
        QTest::newRow("control character") << QByteArray("\"a\nb\"") << 2;
        QTest::newRow("comment") << QByteArray("[1 /* x */]") << 3;
        QTest::newRow("nan") << QByteArray("NaN") << 0;
        QTest::newRow("too deep") << QByteArray(600, '[') << 513;
    }

    void rejectsBadInputWithItsOffset()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, offset);
        QCOMPARE(errorOffset(text.toStdString()), static_cast<long long>(offset));
        try {
            parseJson(text.toStdString());
        } catch (const JsonParseError& error) {
            QVERIFY2(std::string(error.what()).find("at byte " + std::to_string(offset)) != std::string::npos,
                     error.what());
        }
    }

    void parametersReadBackAsWritten()
    {
        std::vector<SimulationSetup> setups(5);
        setups[0].machine = "cab";
        setups[1].machine = "seth";
        setups[1].allocator.policy = "dual-ended";
        setups[1].allocator.order = "zyx";
        setups[1].allocator.seed = 0xFFFF'FFFF'FFFF'FFFFULL; // stored as -1: read back bit for bit
        setups[1].allocator.sizeDemarcation = 32;
        setups[1].allocator.wallTimeDemarcation = 7200;
        setups[1].options.backfill = BackfillPolicy::Conservative;
        setups[1].options.window = 7;
        setups[1].transform.speedup = Speedup::parse("v2");
        setups[1].transform.seed = 99;
        setups[1].transform.nodeScale = 3;
        setups[1].transform.parseArrivals("zero");
        setups[1].transform.from = 1'000'000'000;
        setups[1].transform.to = 1'100'000'000;
        setups[1].cpusPerNode = 16;
        setups[1].sizeBins = {1, 2, 8, 1000};
        setups[1].inputDigest = std::string(32, 'a');
        setups[1].sweep = "policies \"2026\"";
        setups[1].sweepPoint = std::string(32, 'f');
        setups[2].machine = "theta";
        setups[2].allocator.policy = "quadrant";
        setups[2].allocator.quadrantSide = 4;
        setups[2].options.backfill = BackfillPolicy::Fcfs;
        setups[2].transform.to = 5;
        setups[3].machine = "fat";
        setups[3].allocator.policy = "lcs";
        setups[3].allocator.searchTimeout = 0.25;
        setups[3].allocator.searchSteps = 5000;
        setups[3].transform.speedup = Speedup::parse("20");
        setups[4].machine = "\xC3\xA9t\xC3\xA9 \\ machine";
        setups[4].sizeBins = {};
        for (const SimulationSetup& setup : setups) {
            const std::string json = simulationParametersJson(setup, "1.2.3-test");
            const RunParameters read = readRunParameters(json);
            compareParameters(read, setup, "1.2.3-test");
            if (QTest::currentTestFailed()) {
                qWarning("%s", json.c_str());
                return;
            }
        }
        QCOMPARE(static_cast<std::uint64_t>(*readRunParameters(simulationParametersJson(setups[1], "v")).seed),
                 setups[1].allocator.seed);

        // By key, as the run tables pick columns.
        const RunParameters read = readRunParameters(simulationParametersJson(setups[1], "v"));
        QCOMPARE(read.value("policy"), std::optional<RunValue>(std::string("dual-ended")));
        QCOMPARE(read.value("window"), std::optional<RunValue>(7.0));
        QCOMPARE(read.value("from"), std::optional<RunValue>(1e9));
        QCOMPARE(read.value("sweep"), std::optional<RunValue>(setups[1].sweep));
        QCOMPARE(read.value("lcs_timeout_seconds"), std::nullopt);
        QCOMPARE(read.value("no such key"), std::nullopt);
        QCOMPARE(readRunParameters(simulationParametersJson(setups[0], "v")).value("from"), std::nullopt);
    }

    void loggedRunDocumentsReadBack()
    {
        LoggedRunSummary logged;
        logged.machine = "seth";
        logged.cpusPerNode = 2;
        logged.sizeBins = {1, 5, 17};
        logged.metrics = someMetrics(3);
        logged.jobsWithNodeLists = 0;
        logged.jobsWithoutStart = 12;
        logged.jobsWithoutSize = 3;
        logged.jobsSharingNodes = 2;
        const RunParameters parameters = readRunParameters(loggedRunParametersJson(logged));
        QCOMPARE(parameters.machine, std::string("seth"));
        QCOMPARE(parameters.policy, std::string("logged"));
        QCOMPARE(parameters.cpusPerNode, std::optional<std::int64_t>(2));
        QCOMPARE(parameters.sizeBins, logged.sizeBins);
        QVERIFY(!parameters.backfill && !parameters.window && !parameters.seed && !parameters.order);
        QVERIFY(!parameters.speedup && !parameters.version && !parameters.sweep && !parameters.from);

        const RunSummary summary = readRunSummary(loggedRunSummaryJson(logged));
        QCOMPARE(summary.runId, std::int64_t(0));
        QCOMPARE(summary.runName, std::string("logged"));
        QCOMPARE(summary.policy, std::string("logged"));
        compareMetrics(summary, logged.metrics);
        QCOMPARE(summary.meanAph, std::nullopt);
        QCOMPARE(summary.number("mean_aph"), std::nullopt);
        QCOMPARE(summary.cpusPerNode, std::optional<std::int64_t>(2));
        QCOMPARE(summary.jobsWithNodeLists, std::optional<std::int64_t>(0));
        QCOMPARE(summary.jobsWithoutStart, std::optional<std::int64_t>(12));
        QCOMPARE(summary.jobsWithoutSize, std::optional<std::int64_t>(3));
        QCOMPARE(summary.jobsSharingNodes, std::optional<std::int64_t>(2));
        QVERIFY(!summary.backfill && !summary.spread && !summary.schedulingUsPerJob && !summary.neverFit);
        QVERIFY(!summary.simulationSeconds && !summary.lcs && summary.skipped.empty());
    }

    void summariesReadBackAsWritten()
    {
        SimulationSetup plain;
        plain.machine = "cab";
        SimulationSummary bare;
        bare.runId = 7;
        bare.runName = "first-fit easy";
        bare.metrics = someMetrics(0);
        bare.meanAph = 3.25;
        bare.mapping.spread = {2.5, 0.75};
        bare.simulationSeconds = 0.125;

        SimulationSetup tree = plain;
        tree.allocator.policy = "lcs";
        tree.allocator.searchTimeout = 0.5;
        tree.allocator.searchSteps = 100;
        tree.allocator.searchCounters = std::make_shared<LcsCounters>();
        tree.allocator.searchCounters->searches = 40;
        tree.allocator.searchCounters->timeouts = 3;
        tree.allocator.searchCounters->steps = 123456789012LL;
        tree.allocator.searchCounters->jobsTimedOut = {4, 9};
        SimulationSummary full = bare;
        full.runId = 1234567890123LL;
        full.runName = "lcs easy \xE2\x80\x93 \"quoted\"";
        full.metrics = someMetrics(1);
        full.meanAph = 1.0 / 3;
        full.jobsWithPairs = 10;
        full.mapping.hasLevels = true;
        full.mapping.lowestCommonSwitch = {1.75, 0.5};
        full.mapping.hasGroups = true;
        full.mapping.groups = {1.1, 0.2};
        full.neverFit = {"17", "job \"x\""};
        full.skippedByReason = {{"no size", 4}, {"larger than the machine", 2}};
        full.offeredLoad = 1.0625;

        const std::pair<const SimulationSetup*, const SimulationSummary*> cases[] = {{&plain, &bare}, {&tree, &full}};
        for (const auto& [setup, summary] : cases) {
            const std::string json = simulationSummaryJson(*setup, *summary);
            compareSummary(readRunSummary(json), *setup, *summary);
            if (QTest::currentTestFailed()) {
                qWarning("%s", json.c_str());
                return;
            }
        }

        // Not finite numbers are written as null: read as NaN, and as no number by key.
        SimulationSummary odd = bare;
        odd.metrics.steadyUtilization = std::numeric_limits<double>::infinity();
        odd.meanAph = std::numeric_limits<double>::quiet_NaN();
        const RunSummary read = readRunSummary(simulationSummaryJson(plain, odd));
        QVERIFY(std::isnan(read.utilization));
        QCOMPARE(read.number("utilization"), std::nullopt);
        QCOMPARE(read.meanAph, std::nullopt);
        QCOMPARE(read.number("jobs"), std::optional<double>(bare.metrics.jobs));
        QCOMPARE(read.number("mean_wait"), std::optional(bare.metrics.wait.mean));
        QCOMPARE(read.number("jobs_without_start"), std::nullopt);
        QCOMPARE(read.number("no such key"), std::nullopt);
        QVERIFY(read.sizeBin(2) == nullptr);
    }

    void wrongTypesNameTheKey_data()
    {
        QTest::addColumn<bool>("summary");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("named");
        QTest::newRow("policy a number") << false << QByteArray("{\"policy\": 3}") << "\"policy\"";
        QTest::newRow("window a string") << false << QByteArray("{\"window\": \"50\"}") << "\"window\"";
        QTest::newRow("seed a fraction") << false << QByteArray("{\"seed\": 1.5}") << "\"seed\"";
        QTest::newRow("size bins no array") << false << QByteArray("{\"size_bins\": 4}") << "\"size_bins\"";
        QTest::newRow("size bin a string") << false << QByteArray("{\"size_bins\": [1, \"5\"]}") << "\"size_bins\"";
        QTest::newRow("not an object") << false << QByteArray("[1]") << "not a JSON object";
        QTest::newRow("bad JSON") << false << QByteArray("{\"policy\": }") << "at byte 11";
        QTest::newRow("jobs a string") << true << QByteArray("{\"jobs\": \"12\"}") << "\"jobs\"";
        QTest::newRow("steady found a number")
            << true << QByteArray("{\"steady_state\": {\"found\": 1}}") << "summary.steady_state: key \"found\"";
        QTest::newRow("bin wait a string") << true << QByteArray("{\"by_size\": [{}, {\"mean_wait\": \"x\"}]}")
                                           << "summary.by_size[1]: key \"mean_wait\"";
        QTest::newRow("bin no object") << true << QByteArray("{\"by_size\": [3]}") << "summary.by_size[0]";
        QTest::newRow("skipped count a string")
            << true << QByteArray("{\"skipped\": {\"no size\": \"4\"}}") << "summary.skipped: key \"no size\"";
        QTest::newRow("spread an array") << true << QByteArray("{\"spread\": []}") << "\"spread\"";
        QTest::newRow("never fit ids numbers")
            << true << QByteArray("{\"never_fit_jobs\": [17]}") << "\"never_fit_jobs\"";
    }

    void wrongTypesNameTheKey()
    {
        QFETCH(bool, summary);
        QFETCH(QByteArray, json);
        QFETCH(QString, named);
        try {
            summary ? (void)readRunSummary(json.toStdString()) : (void)readRunParameters(json.toStdString());
            QFAIL("no error");
        } catch (const std::runtime_error& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(named), error.what());
        }
    }

    void unknownAndMissingKeysAreTolerated()
    {
        // A newer program's keys are ignored; a run stored before its summary reads empty.
        const RunSummary newer = readRunSummary(
            "{\"jobs\": 5, \"future\": {\"x\": [1, 2]}, \"by_size\": [{\"min_nodes\": 1, \"new\": true}]}");
        QCOMPARE(newer.jobs, std::int64_t(5));
        QCOMPARE(newer.bySize.size(), size_t(1));
        QVERIFY(newer.hasSystemMetrics);
        QCOMPARE(newer.number("jobs"), std::optional<double>(5));
        // Not known is not zero: the tables and the sweep chart show nothing for it.
        const RunSummary empty = readRunSummary("{}");
        QVERIFY(!empty.hasSystemMetrics);
        for (const char* key : {"jobs", "utilization", "makespan", "mean_wait", "mean_bounded_slowdown"})
            QVERIFY2(!empty.number(key), key);
        QCOMPARE(readRunSummary("").bySize.size(), size_t(0));
        QCOMPARE(readRunParameters("{\"policy\": \"ta\", \"unknown\": null}").policy, std::string("ta"));
        // Null is "not stored" for optional parameters.
        QCOMPARE(readRunParameters("{\"window\": null}").window, std::nullopt);
    }

    // A real replay of a shipped trace, stored: the stored summary reads back as the numbers
    // the simulation returned.
    void storedSummaryOfARealRunMatchesTheSimulation()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("hpc2n.sqlite")).toStdString();
        Store store = Store::openOrCreate(path);
        ImportRequest request;
        request.files = {QFINDTESTDATA("data/traces/hpc2n.swf").toStdString()};
        request.machine = "seth";
        request.topology = "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8";
        const ImportResult imported = importJobLogs(store, request);
        QVERIFY2(imported.committed, imported.failure.c_str());

        SimulationSetup setup;
        setup.machine = "seth";
        setup.allocator.policy = "ta";
        setup.cpusPerNode = 2;
        setup.transform.speedup = Speedup::parse("v2");
        const SimulationSummary simulated = runStoredSimulation(store, setup, "test-version");
        QVERIFY(simulated.runId > 0);
        QCOMPARE(simulated.metrics.jobs, 3145);

        const std::vector<RunRecord> stored = runs(store, store.machine("seth")->id);
        QCOMPARE(stored.size(), size_t(1));
        const RunSummary summary = readRunSummary(stored.front().summary);
        compareSummary(summary, setup, simulated);
        QVERIFY(summary.lowestCommonSwitch); // a fat tree has switch levels
        QCOMPARE(summary.bySize.size(), size_t(5));

        // The stored parameters: the digest of the replayed jobs is set by the replay.
        const RunParameters parameters = readRunParameters(stored.front().parameters);
        QVERIFY(parameters.inputDigest && parameters.inputDigest->size() == 32);
        setup.inputDigest = *parameters.inputDigest;
        compareParameters(parameters, setup, "test-version");
    }
};

QTEST_GUILESS_MAIN(TestRunRecord)
#include "tst_runrecord.moc"
