// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The explorer's what-if view (app/WhatIfPanel.h): on every kind of machine (presets: tori,
// fat-trees, k-ary n-trees; the topology fixtures; random switch trees), the nodes marked in
// the 3D view for the selected job are the node list `placement whatif` gives for that job.
#include "app/ExplorerSession.h"
#include "app/InspectorDock.h"
#include "app/MainWindow.h"
#include "app/WhatIfPanel.h"
#include "core/DemoWorkload.h"
#include "core/MachineSpec.h"
#include "store/Store.h"
#include "tests/support/EveryMachine.h"
#include "tests/support/IsolatedSettings.h"
#include "views/MachineView.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace placement;
using namespace placement::test;

class TestWhatIfView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_whatifview"));
        m_database = m_dir.filePath(QStringLiteral("whatif.sqlite"));
        Store store = Store::openOrCreate(m_database.toStdString());
        QVERIFY(forEveryMachine(
            QDir(QFINDTESTDATA("data/topology")), 10,
            [&](const std::string& name, const Topology& topology) { addMachine(store, name, topology); }));
    }

    void markedNodesAreWhatIfsNodes()
    {
        MainWindow window;
        QVERIFY2(window.openDatabase(m_database), qPrintable(window.lastError()));
        window.resize(1000, 700);
        window.show();
        WhatIfPanel* panel = window.inspectorDock()->whatIfPanel();
        int differing = 0;
        int asked = 0;
        int placed = 0;
        for (int index = 0; index < window.machineCount(); ++index) {
            window.selectMachine(index);
            const MachineData* machine = window.currentMachine();
            const QString name = QString::fromStdString(machine->record.name);
            // The job that starts last: the replay passes every other decision before it.
            int job = -1;
            for (size_t j = 0; j < machine->jobs.size(); ++j)
                if (!machine->jobs[j].nodes.empty()
                    && (job < 0 || machine->jobs[j].start >= machine->jobs[static_cast<size_t>(job)].start))
                    job = static_cast<int>(j);
            QVERIFY2(job >= 0, qPrintable(name));
            window.highlightJob(job);
            const QString id = QString::fromStdString(machine->jobs[static_cast<size_t>(job)].id);
            const bool tree = machine->topology->hierarchy() != nullptr;
            for (const QString& policy :
                 {QStringLiteral("first-fit"),
                  tree ? QStringLiteral("slurm-tree-22.05-cons-tres") : QStringLiteral("random")}) {
                window.session()->setWhatIfPolicy(policy);
                QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy(), 20000);
                const QString what = name + QStringLiteral(", ") + policy + QStringLiteral(", job ") + id;
                QVERIFY2(panel->inspected().error.empty(),
                         qPrintable(what + ": " + QString::fromStdString(panel->inspected().error)));
                const std::optional<QStringList> expected = whatIfNodes(name, policy, id);
                QVERIFY2(expected, qPrintable(what + ": placement whatif failed or has no such job"));
                // Empty when the policy finds no room (then nothing is marked).
                QCOMPARE(expected->isEmpty(), !panel->inspected().decision.placed);
                QStringList drawn;
                for (int node : window.machineView()->markedNodes())
                    drawn << QString::fromStdString(machine->nodeNames.empty()
                                                        ? machine->topology->nodeName(node)
                                                        : machine->nodeNames[static_cast<size_t>(node)]);
                QVERIFY2(drawn == *expected,
                         qPrintable(what + ": drawn " + drawn.join(' ') + ", whatif " + expected->join(' ')));
                QVERIFY2(panel->text().contains(QStringLiteral("What if %1 had placed job %2").arg(policy, id)),
                         qPrintable(panel->text()));
                differing += panel->inspected().decision.same ? 0 : 1;
                placed += panel->inspected().decision.placed ? 1 : 0;
                ++asked;
            }
        }
        qInfo("%d machines, %d answers, %d placed, %d on other nodes than logged", window.machineCount(), asked, placed,
              differing);
        // Not only the logged placements: the view shows other nodes where the policy differs.
        QVERIFY2(differing > 0 && differing < asked, qPrintable(QStringLiteral("%1 of %2").arg(differing).arg(asked)));
        QVERIFY2(placed > asked * 3 / 4, qPrintable(QStringLiteral("%1 of %2 placed").arg(placed).arg(asked)));

        // A policy the machine cannot have: said so, nothing marked; none: nothing marked.
        for (int index = 0; index < window.machineCount(); ++index) {
            window.selectMachine(index);
            if (window.currentMachine()->topology->hierarchy())
                continue;
            window.highlightJob(0);
            window.session()->setWhatIfPolicy(QStringLiteral("jigsaw"));
            QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy(), 20000);
            QVERIFY2(panel->text().contains(QStringLiteral("jigsaw cannot be asked here")), qPrintable(panel->text()));
            QVERIFY(window.machineView()->markedNodes().empty());
            break;
        }
        window.session()->setWhatIfPolicy(QStringLiteral("first-fit"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy(), 20000);
        QVERIFY(!window.machineView()->markedNodes().empty());
        window.session()->setWhatIfPolicy(QString());
        QVERIFY(window.machineView()->markedNodes().empty());
        QCOMPARE(panel->policyBox()->currentIndex(), 0);
    }

private:
    void addMachine(Store& store, const std::string& name, const Topology& topology)
    {
        DemoWorkloadOptions options;
        options.jobCount = 30;
        options.seed = m_machines + 1;
        store.addMachine(name, machineSpecOf(topology), generateDemoWorkload(topology, options));
        ++m_machines;
    }

    /// The node names `placement whatif` reports for job `id` under `policy`.
    std::optional<QStringList> whatIfNodes(const QString& machine, const QString& policy, const QString& id) const
    {
        const QString json = m_dir.filePath(QStringLiteral("whatif.json"));
        QProcess process;
        process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                      {QStringLiteral("whatif"), QStringLiteral("--db"), m_database, QStringLiteral("--machine"),
                       machine, QStringLiteral("--policy"), policy, QStringLiteral("--json"), json});
        if (!process.waitForFinished(60000) || process.exitCode() != 0)
            return std::nullopt;
        QFile file(json);
        if (!file.open(QIODevice::ReadOnly))
            return std::nullopt;
        for (const QJsonValue& job : QJsonDocument::fromJson(file.readAll()).object().value("jobs").toArray())
            if (job.toObject().value("id").toString() == id)
                return job.toObject().value("policy").toObject().value("nodes").toString().split(' ',
                                                                                                 Qt::SkipEmptyParts);
        return std::nullopt;
    }

    QTemporaryDir m_dir;
    QString m_database;
    int m_machines = 0;
};

QTEST_MAIN(TestWhatIfView)
#include "tst_whatifview.moc"
