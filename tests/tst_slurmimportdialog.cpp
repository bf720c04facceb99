// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// File > Import from Slurm on a machine without Slurm's clients: a clear message, nothing
// written. (The import from a real Slurm is tests/tst_slurmexplorer.cpp, label slurm.)
#include "app/MainWindow.h"
#include "app/SlurmImportDialog.h"
#include "app/TaskListDock.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"

#include <QApplication>
#include <QLineEdit>
#include <QTest>
#include <QTimer>

using namespace placement;

class TestSlurmImportDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        placement::test::isolateSettings(m_dir.path(), QStringLiteral("tst_slurmimportdialog"));
    }

    void dialogGivesTheRequest()
    {
        SlurmImportDialog dialog;
        FromSlurmRequest defaults = dialog.request();
        QCOMPARE(QString::fromStdString(defaults.since), QStringLiteral("1970-01-01T00:00:00"));
        QCOMPARE(QString::fromStdString(defaults.until), QStringLiteral("now"));
        QVERIFY(defaults.machine.empty() && defaults.cluster.empty());
        dialog.findChild<QLineEdit*>(QStringLiteral("clusterEdit"))->setText(QStringLiteral(" tux "));
        dialog.findChild<QLineEdit*>(QStringLiteral("sinceEdit"))->setText(QStringLiteral("2026-11-01"));
        dialog.findChild<QLineEdit*>(QStringLiteral("untilEdit"))->clear();
        dialog.findChild<QLineEdit*>(QStringLiteral("machineEdit"))->setText(QStringLiteral("tux-2026"));
        const FromSlurmRequest request = dialog.request();
        QCOMPARE(QString::fromStdString(request.cluster), QStringLiteral("tux"));
        QCOMPARE(QString::fromStdString(request.since), QStringLiteral("2026-11-01"));
        QCOMPARE(QString::fromStdString(request.until), QStringLiteral("now")); // empty: sacct's default
        QCOMPARE(QString::fromStdString(request.machine), QStringLiteral("tux-2026"));
    }

    void withoutSlurmOnPathSaysSoAndWritesNothing()
    {
        QTemporaryDir emptyPath;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", emptyPath.path().toUtf8());
        MainWindow window;
        window.show();
        const QString database = m_dir.filePath(QStringLiteral("no-slurm.db"));
        QVERIFY2(window.createDatabase(database), qPrintable(window.lastError()));
        QTimer::singleShot(0, [] {
            auto* dialog = qobject_cast<SlurmImportDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->accept();
        });
        window.findChild<QAction*>(QStringLiteral("importFromSlurmAction"))->trigger();
        TaskListDock* tasks = window.tasksDock();
        QTRY_VERIFY_WITH_TIMEOUT(tasks->taskCount() == 1 && tasks->runningCount() == 0, 30000);
        qputenv("PATH", path);
        const QString text = tasks->taskText(0);
        QVERIFY2(text.contains(QStringLiteral("Nothing imported: --from-slurm: sacct is not on PATH (Slurm's client "
                                              "commands sacct and scontrol are needed)")),
                 qPrintable(text));
        QCOMPARE(window.machineCount(), 0);
        Store store = Store::openExisting(database.toStdString());
        QVERIFY(store.machines().empty());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestSlurmImportDialog)
#include "tst_slurmimportdialog.moc"
