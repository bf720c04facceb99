// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Jobs that hold cores and GPUs, not whole nodes (docs/importing.md, "Cores and GPUs"). The
// wagap-2013.swf log (one host id per CPU, several jobs per host) imported with the CPUs per
// node of its Alea .machines file: what `placement info` says at moments across the log is
// checked against counts taken straight from the SWF text; a real sacct export with the
// NodeName= lines of the slurm.conf it ran under; GPUs from AllocTRES and Gres=.

#include "core/CoreHoldings.h"
#include "importers/JobImport.h"
#include "importers/SlurmNodeConf.h"
#include "store/Store.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace placement;

namespace {

/// One job line of the SWF file as its fields give it.
struct LoggedRun
{
    std::int64_t start = 0, end = 0;
    std::map<QString, int> cpusOnHost; ///< field 19 names a host once per CPU held there
    int cpus = 0; ///< field 5
};

std::vector<LoggedRun> readRuns(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    std::vector<LoggedRun> runs;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char(';')))
            continue;
        const QStringList fields = line.split(QRegularExpression(QStringLiteral("\\s+")));
        if (fields[3].toLongLong() < 0) // malformed (tests/data/traces/README.md §2)
            continue;
        LoggedRun run;
        run.start = fields[1].toLongLong() + fields[2].toLongLong();
        run.end = run.start + fields[3].toLongLong();
        run.cpus = fields[4].toInt();
        QString hosts = fields[18];
        for (const QString& host : hosts.remove(QLatin1Char('{')).remove(QLatin1Char('}')).split(QLatin1Char(',')))
            ++run.cpusOnHost[host];
        runs.push_back(run);
    }
    return runs;
}

struct Counted
{
    int jobs = 0, hosts = 0;
    std::int64_t cpus = 0;
};

Counted countAt(const std::vector<LoggedRun>& runs, std::int64_t time)
{
    Counted counted;
    std::set<QString> hosts;
    for (const LoggedRun& run : runs)
        if (run.start <= time && time < run.end) {
            ++counted.jobs;
            counted.cpus += run.cpus;
            for (const auto& [host, cpus] : run.cpusOnHost)
                hosts.insert(host);
        }
    counted.hosts = static_cast<int>(hosts.size());
    return counted;
}

/// The CPUs per host of the .machines file, by the switch of wagap-2013.topology.conf that
/// names the host: zewura hosts have 80, zegox hosts 12 (read from the two files here).
std::map<QString, int> hostCpus(const QString& topology, const QString& machines)
{
    std::map<QString, int> perCluster;
    QFile alea(machines);
    if (!alea.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    while (!alea.atEnd()) {
        const QStringList fields = QString::fromUtf8(alea.readLine()).trimmed().split(QLatin1Char('\t'));
        if (fields.size() >= 4)
            perCluster[fields[1]] = fields[3].toInt();
    }
    std::map<QString, int> result;
    QFile conf(topology);
    if (!conf.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QRegularExpression leaf(QStringLiteral("^SwitchName=(\\w+) Nodes=\\[([0-9,-]+)\\]"));
    while (!conf.atEnd()) {
        const auto match = leaf.match(QString::fromUtf8(conf.readLine()));
        if (!match.hasMatch())
            continue;
        for (const QString& range : match.captured(2).split(QLatin1Char(','))) {
            const QStringList ends = range.split(QLatin1Char('-'));
            for (int host = ends[0].toInt(); host <= ends.back().toInt(); ++host)
                result[QString::number(host)] = perCluster[match.captured(1)];
        }
    }
    return result;
}

QString run(const QStringList& arguments, int* exitCode = nullptr)
{
    QProcess process;
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"), arguments);
    if (!process.waitForFinished(120000))
        return QStringLiteral("(timed out)");
    if (exitCode)
        *exitCode = process.exitCode();
    return QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
}

} // namespace

class TestCores : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_trace = QFINDTESTDATA("data/traces/wagap-2013.swf");
        m_topology = QFINDTESTDATA("data/traces/wagap-2013.topology.conf");
        m_machines = QFINDTESTDATA("data/traces/wagap-2013.swf.machines");
        QVERIFY(!m_trace.isEmpty() && !m_topology.isEmpty() && !m_machines.isEmpty());
        m_runs = readRuns(m_trace);
        QCOMPARE(m_runs.size(), size_t(17898));
        m_database = m_dir.filePath(QStringLiteral("wagap.sqlite"));
        int exitCode = -1;
        const QString report = run({QStringLiteral("import"), QStringLiteral("--db"), m_database,
                                    QStringLiteral("--topology"), m_topology, QStringLiteral("--alea-machines"),
                                    m_machines, QStringLiteral("--machine"), QStringLiteral("wagap"), m_trace},
                                   &exitCode);
        QVERIFY2(exitCode == 0, qPrintable(report));
    }

    void machineCoresComeFromTheMachinesFile()
    {
        const std::map<QString, int> cpus = hostCpus(m_topology, m_machines);
        QCOMPARE(cpus.size(), size_t(44));
        Store store = Store::openExisting(m_database.toStdString());
        const std::int64_t id = store.machine("wagap")->id;
        const NodeResources resources = store.nodeResources(id);
        const std::vector<std::string> names = store.nodeNames(id);
        QCOMPARE(resources.cores.size(), names.size());
        std::int64_t total = 0;
        for (size_t node = 0; node < names.size(); ++node) {
            QCOMPARE(resources.cores[node], cpus.at(QString::fromStdString(names[node])));
            total += cpus.at(QString::fromStdString(names[node]));
        }
        QCOMPARE(resources.totalCores(), total);
        QCOMPARE(total, std::int64_t(1752));
    }

    void runningJobsAndCoresMatchTheLog()
    {
        // Moments across the log: every 997th start and end, and the instant the file's jobs
        // hold the most CPUs (found here by a sweep over the file's own fields).
        std::vector<std::int64_t> moments;
        std::vector<std::pair<std::int64_t, std::int64_t>> events;
        for (const LoggedRun& logged : m_runs)
            if (logged.end > logged.start) {
                events.emplace_back(logged.start, logged.cpus);
                events.emplace_back(logged.end, -logged.cpus);
            }
        std::sort(events.begin(), events.end());
        std::int64_t held = 0, most = 0, mostAt = 0;
        for (const auto& [time, change] : events) {
            held += change;
            if (held > most) {
                most = held;
                mostAt = time;
            }
        }
        for (size_t i = 0; i < events.size(); i += 997)
            moments.push_back(events[i].first);
        moments.push_back(mostAt);
        QStringList arguments{QStringLiteral("info")};
        for (const std::int64_t moment : moments)
            arguments << QStringLiteral("--at") << QString::number(moment);
        arguments << m_database;
        int exitCode = -1;
        const QString info = run(arguments, &exitCode);
        QVERIFY2(exitCode == 0, qPrintable(info));
        QVERIFY2(info.contains(QStringLiteral("cores: 1752 on 44 nodes")), qPrintable(info));

        const QRegularExpression line(QStringLiteral("  (at|most cores held at) [^(]+\\(epoch (\\d+)\\): (\\d+) jobs "
                                                     "running, (\\d+) of 44 nodes busy \\([0-9.]+%\\), (\\d+) of 1752 "
                                                     "cores held \\(([0-9.]+)%\\)\\n"));
        int checked = 0;
        bool sawMost = false;
        for (auto it = line.globalMatch(info); it.hasNext();) {
            const auto match = it.next();
            const std::int64_t time = match.captured(2).toLongLong();
            const Counted counted = countAt(m_runs, time);
            QCOMPARE(match.captured(3).toInt(), counted.jobs);
            QCOMPARE(match.captured(4).toInt(), counted.hosts);
            QCOMPARE(match.captured(5).toLongLong(), counted.cpus);
            QVERIFY(match.captured(6).toDouble() <= 100.0);
            if (match.captured(1) == QLatin1String("most cores held at")) {
                sawMost = true;
                QCOMPARE(match.captured(5).toLongLong(), most);
                QCOMPARE(time, mostAt);
            }
            ++checked;
        }
        QCOMPARE(checked, static_cast<int>(moments.size()) + 1);
        QVERIFY(sawMost);
        QVERIFY(most <= 1752);
        QVERIFY2(!info.contains(QStringLiteral("more cores than they have")), qPrintable(info));
    }

    void coresPerNodeNeverExceedTheNode()
    {
        // At every job start, per host: the CPUs the file's running jobs hold there, and the
        // same from the database, within the host's CPUs.
        const std::map<QString, int> cpus = hostCpus(m_topology, m_machines);
        Store store = Store::openExisting(m_database.toStdString());
        const std::int64_t id = store.machine("wagap")->id;
        const std::vector<Job> jobs = store.jobs(id);
        const std::vector<JobHolding> holdings = store.jobHoldings(id);
        const NodeResources resources = store.nodeResources(id);
        const std::vector<std::string> names = store.nodeNames(id);
        QCOMPARE(holdings.size(), jobs.size());
        QVERIFY(store.jobCores(id) == coresInAll(holdings)); // the logged run's summary reads these alone
        std::vector<std::int64_t> starts;
        for (const LoggedRun& logged : m_runs)
            starts.push_back(logged.start);
        std::sort(starts.begin(), starts.end());
        starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
        int compared = 0;
        for (size_t i = 0; i < starts.size(); i += 41) {
            std::map<QString, int> fromFile;
            for (const LoggedRun& logged : m_runs)
                if (logged.start <= starts[i] && starts[i] < logged.end)
                    for (const auto& [host, count] : logged.cpusOnHost)
                        fromFile[host] += count;
            const std::vector<int> stored
                = coresHeldPerNode(jobs, holdings, static_cast<int>(names.size()), resources, starts[i]);
            for (size_t node = 0; node < names.size(); ++node) {
                const QString host = QString::fromStdString(names[node]);
                const int logged = fromFile.count(host) ? fromFile.at(host) : 0;
                QCOMPARE(stored[node], logged);
                QVERIFY(logged <= cpus.at(host));
            }
            ++compared;
        }
        QVERIFY(compared > 100);
    }

    void coreSlotsStackJobsOnANode()
    {
        // By hand: one node of 4 cores, one of 2 with unknown per-node counts for job 4.
        const auto job = [](std::int64_t start, std::int64_t end, std::vector<int> nodes) {
            Job j;
            j.start = start;
            j.end = end;
            j.nodes = std::move(nodes);
            return j;
        };
        const std::vector<Job> jobs{job(0, 10, {0}),  job(0, 10, {0}),   job(5, 15, {0}),
                                    job(10, 20, {0}), job(0, 5, {0, 1}), job(20, 30, {0})};
        std::vector<JobHolding> holdings(jobs.size());
        holdings[0].cores = 2;
        holdings[1].setNodeCores({1});
        holdings[2].cores = 1;
        holdings[3].cores = 3;
        holdings[4].cores = 3; // on two nodes, split unknown
        holdings[5].cores = 6; // more than the node has
        NodeResources resources;
        resources.cores = {4, 2};
        const CoreSlots stacked(jobs, holdings, resources);
        const auto runs = [&](size_t j, size_t k) {
            std::vector<std::pair<int, int>> out;
            for (const CoreSlots::Run& run : stacked.runs(j, k))
                out.push_back({run.first, run.count});
            return out;
        };
        using Runs = std::vector<std::pair<int, int>>;
        QCOMPARE(runs(0, 0), (Runs{{0, 2}}));
        QCOMPARE(runs(1, 0), (Runs{{2, 1}}));
        QCOMPARE(runs(2, 0), (Runs{{3, 1}})); // starts at 5: cores 0-2 busy until 10
        QCOMPARE(runs(3, 0), (Runs{{0, 3}})); // at 10: jobs 0 and 1 ended, job 2 holds core 3
        QVERIFY(runs(4, 0).empty() && runs(4, 1).empty());
        QCOMPARE(runs(5, 0), (Runs{{0, 4}})); // the free cores only
        QVERIFY(stacked.runs(6, 0).empty());

        // wagap-2013.swf: every job gets exactly its cores on each host, and the jobs running
        // at any of their starts never hold one core twice.
        Store store = Store::openExisting(m_database.toStdString());
        const std::int64_t id = store.machine("wagap")->id;
        const std::vector<Job> logged = store.jobs(id);
        const std::vector<JobHolding> held = store.jobHoldings(id);
        const NodeResources machine = store.nodeResources(id);
        const CoreSlots wagap(logged, held, machine);
        for (size_t j = 0; j < logged.size(); ++j)
            for (size_t k = 0; k < logged[j].nodes.size(); ++k) {
                int total = 0;
                for (const CoreSlots::Run& run : wagap.runs(j, k))
                    total += run.count;
                if (logged[j].end > logged[j].start)
                    QCOMPARE(total, held[j].nodeCores().empty() ? held[j].cores : held[j].nodeCores()[k]);
            }
        int checked = 0;
        for (size_t s = 0; s < logged.size(); s += 97) {
            const std::int64_t t = logged[s].start;
            std::vector<std::vector<char>> taken(machine.cores.size());
            for (size_t node = 0; node < taken.size(); ++node)
                taken[node].assign(static_cast<size_t>(machine.cores[node]), 0);
            for (size_t j = 0; j < logged.size(); ++j) {
                if (!(logged[j].start <= t && t < logged[j].end))
                    continue;
                for (size_t k = 0; k < logged[j].nodes.size(); ++k)
                    for (const CoreSlots::Run& run : wagap.runs(j, k))
                        for (int core = run.first; core < run.first + run.count; ++core) {
                            char& slot = taken[static_cast<size_t>(logged[j].nodes[k])].at(static_cast<size_t>(core));
                            QVERIFY2(!slot, qPrintable(QStringLiteral("core %1 held twice at %2").arg(core).arg(t)));
                            slot = 1;
                        }
            }
            ++checked;
        }
        QVERIFY(checked > 150);
    }

    void slurmConfGivesCoresAndSacctGivesJobCores()
    {
        // A real sacct export and the NodeName= lines of the slurm.conf of the cluster that
        // wrote it (tests/data/slurm/README.md): 2 CPUs per node; each job holds NCPUS.
        const QString sacct = QFINDTESTDATA("data/slurm/sacct-steps.txt");
        const QString nodes = QFINDTESTDATA("data/slurm/slurm-conf-nodes.txt");
        const QString topology = QFINDTESTDATA("data/slurm/topology.conf");
        QVERIFY(!sacct.isEmpty() && !nodes.isEmpty() && !topology.isEmpty());
        const std::vector<SlurmConfNode> conf = readSlurmConfNodes(nodes.toStdString());
        QCOMPARE(conf.size(), size_t(128));
        QCOMPARE(conf.front().cpus, 2);
        QCOMPARE(conf.front().gpus, -1);
        const QString path = m_dir.filePath(QStringLiteral("slurm.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        ImportRequest request;
        request.files = {sacct.toStdString()};
        request.topology = topology.toStdString();
        request.slurmConf = nodes.toStdString();
        request.machine = "localhost";
        const ImportResult result = importJobLogs(store, request);
        QVERIFY2(result.committed, result.failure.c_str());
        const std::int64_t id = store.machine("localhost")->id;
        QCOMPARE(store.nodeResources(id).totalCores(), std::int64_t(256));
        const std::vector<Job> jobs = store.jobs(id);
        const std::vector<JobHolding> holdings = store.jobHoldings(id);
        QVERIFY(!jobs.empty());
        for (size_t i = 0; i < jobs.size(); ++i) {
            // Exclusive nodes of 2 CPUs: NCPUS is twice the nodes.
            QCOMPARE(holdings[i].cores, 2 * static_cast<int>(jobs[i].nodes.size()));
            QCOMPARE(holdings[i].gpus, -1); // AllocTRES names no gres
            const HeldAt held = heldAt(jobs, holdings, 128, store.nodeResources(id), jobs[i].start);
            QCOMPARE(held.overfullNodes, 0);
        }
    }

    void gpusFromGresAndAllocTres()
    {
        // slurm.conf defaults and Gres, as the AUCSCHED3 paper's nodes: 16 cores, 3 GPUs.
        const QString conf = m_dir.filePath(QStringLiteral("gpu-slurm.conf"));
        {
            QFile file(conf);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
            file.write("NodeName=DEFAULT Sockets=2 CoresPerSocket=8 ThreadsPerCore=1 Gres=gpu:3\n"
                       "NodeName=gpu[01-03]\n"
                       "NodeName=gpu04 CPUs=32 Gres=gpu:a100:2(S:0-1),gpu:t4:1\n"
                       "NodeName=cpu01 CPUs=64 Gres=mps:100\n");
        }
        const std::vector<SlurmConfNode> nodes = readSlurmConfNodes(conf.toStdString());
        QCOMPARE(nodes.size(), size_t(5));
        QCOMPARE(nodes[0].cpus, 16);
        QCOMPARE(nodes[0].gpus, 3);
        QCOMPARE(nodes[3].cpus, 32);
        QCOMPARE(nodes[3].gpus, 3);
        QCOMPARE(nodes[4].cpus, 64);
        QCOMPARE(nodes[4].gpus, 0);
        // A sacct line in the shape Slurm writes for a GPU job (docs/formats/slurm-sacct.md):
        // typed and untyped gres/gpu both given, counted once.
        const QString log = m_dir.filePath(QStringLiteral("gpu.sacct"));
        {
            QFile file(log);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
            file.write("JobID|JobIDRaw|User|Account|Partition|QOS|State|ExitCode|Submit|Eligible|Start|End|Elapsed|"
                       "Timelimit|NNodes|NCPUS|AllocCPUS|ReqNodes|NodeList|ReqTRES|AllocTRES|JobName\n"
                       "7001|7001|alice|chem|gpu|normal|COMPLETED|0:0|2024-03-02T09:58:11|2024-03-02T09:58:11|"
                       "2024-03-02T10:00:00|2024-03-02T11:00:00|01:00:00|02:00:00|2|20|20|2|gpu[01-02]|"
                       "billing=20,cpu=20,gres/gpu=4,node=2|billing=20,cpu=20,gres/gpu=4,gres/gpu:tesla=4,mem=40G,"
                       "node=2|train\n"
                       "7002|7002|bob|chem|gpu|normal|COMPLETED|0:0|2024-03-02T09:58:11|2024-03-02T09:58:11|"
                       "2024-03-02T10:30:00|2024-03-02T11:30:00|01:00:00|02:00:00|1|6|6|1|gpu01|"
                       "billing=6,cpu=6,node=1|billing=6,cpu=6,gres/gpu:tesla=1,mem=8G,node=1|infer\n");
        }
        const QString topology = m_dir.filePath(QStringLiteral("gpu-topology.conf"));
        {
            QFile file(topology);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
            file.write("SwitchName=s0 Nodes=gpu[01-04],cpu01\n");
        }
        const QString path = m_dir.filePath(QStringLiteral("gpu.sqlite"));
        int exitCode = -1;
        QString output
            = run({QStringLiteral("import"), QStringLiteral("--db"), path, QStringLiteral("--topology"), topology,
                   QStringLiteral("--slurm-conf"), conf, QStringLiteral("--machine"), QStringLiteral("g"), log},
                  &exitCode);
        QVERIFY2(exitCode == 0, qPrintable(output));
        Store store = Store::openExisting(path.toStdString());
        const std::int64_t id = store.machine("g")->id;
        const NodeResources resources = store.nodeResources(id);
        QCOMPARE(resources.totalCores(), std::int64_t(3 * 16 + 32 + 64));
        QCOMPARE(resources.totalGpus(), std::int64_t(12));
        const std::vector<JobHolding> holdings = store.jobHoldings(id);
        QCOMPARE(holdings.size(), size_t(2));
        QCOMPARE(holdings[0].gpus, 4);
        QCOMPARE(holdings[1].gpus, 1);
        QCOMPARE(holdings[1].nodeCores(), std::vector<int>{6});
        // 10:45 UTC: both run, 26 cores of 144, 5 GPUs of 12.
        output = run({QStringLiteral("info"), QStringLiteral("--at"), QStringLiteral("1709376300"), path}, &exitCode);
        QVERIFY2(exitCode == 0, qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("2 jobs running, 2 of 5 nodes busy (40.0%), 26 of 144 cores held "
                                                "(18.1%), 5 of 12 GPUs held (41.7%)")),
                 qPrintable(output));
    }

    void badDescriptionsAreNamed()
    {
        const QString conf = m_dir.filePath(QStringLiteral("bad-slurm.conf"));
        {
            QFile file(conf);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
            file.write("NodeName=n[1-2] CPUs=lots\n");
        }
        try {
            readSlurmConfNodes(conf.toStdString());
            QFAIL("a bad CPUs= was accepted");
        } catch (const ImportError& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral(":1:")), error.what());
            QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("CPUs=lots")), error.what());
        }
        int exitCode = -1;
        const QString output
            = run({QStringLiteral("import"), QStringLiteral("--db"), m_dir.filePath(QStringLiteral("x.sqlite")),
                   QStringLiteral("--machine"), QStringLiteral("wagap"), QStringLiteral("--cores-per-node"),
                   QStringLiteral("8"), m_trace},
                  &exitCode);
        QCOMPARE(exitCode, 2);
        QVERIFY2(output.contains(QStringLiteral("--cores-per-node describes a machine being created")),
                 qPrintable(output));
    }

private:
    QTemporaryDir m_dir;
    QString m_trace, m_topology, m_machines, m_database;
    std::vector<LoggedRun> m_runs;
};

QTEST_GUILESS_MAIN(TestCores)
#include "tst_cores.moc"
