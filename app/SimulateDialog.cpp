// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/SimulateDialog.h"

#include "app/BackgroundTask.h"

#include "core/NodeOrders.h"
#include "core/Topology.h"
#include "store/SimulationRun.h"
#include "store/Store.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>


namespace placement {

SimulateDialog::SimulateDialog(const std::string& machine, const Topology& topology, QWidget* parent)
    : QDialog(parent)
    , m_machine(machine)
    , m_policy(new QComboBox(this))
    , m_order(new QComboBox(this))
    , m_backfill(new QComboBox(this))
    , m_window(new QSpinBox(this))
    , m_speedup(new QComboBox(this))
    , m_seed(new QSpinBox(this))
    , m_scaleNodes(new QSpinBox(this))
    , m_arrivals(new QComboBox(this))
    , m_arrivalScale(new QDoubleSpinBox(this))
    , m_cpusPerNode(new QSpinBox(this))
    , m_name(new QLineEdit(this))
{
    setObjectName(QStringLiteral("simulateDialog"));
    setWindowTitle(tr("Simulate %1").arg(QString::fromStdString(machine)));
    m_policy->setObjectName(QStringLiteral("policy"));
    m_backfill->setObjectName(QStringLiteral("backfill"));
    for (const AllocatorPolicyInfo& info : allocatorPolicies()) {
        AllocatorChoice probe;
        probe.policy = info.name;
        try {
            makeAllocator(topology, probe); // only the policies this machine can have
        } catch (const std::invalid_argument&) {
            continue;
        }
        m_policy->addItem(QString::fromLatin1(info.name), info.usesOrder);
        m_policy->setItemData(m_policy->count() - 1, QString::fromLatin1(info.summary), Qt::ToolTipRole);
    }
    for (const std::string& order : nodeOrderNames(topology))
        m_order->addItem(QString::fromStdString(order));
    for (const char* name : {"easy", "fcfs", "conservative", "auction"})
        m_backfill->addItem(QString::fromLatin1(name));
    m_window->setRange(0, 100000);
    m_window->setValue(50);
    for (const char* name : {"none", "5", "10", "20", "v1", "v2", "random"})
        m_speedup->addItem(QString::fromLatin1(name));
    m_seed->setRange(0, 1 << 30);
    m_seed->setValue(1);
    m_scaleNodes->setRange(1, 64);
    m_arrivals->addItem(tr("as logged"), QStringLiteral("keep"));
    m_arrivals->addItem(tr("all at time 0"), QStringLiteral("zero"));
    m_arrivals->addItem(tr("scaled by"), QStringLiteral("scale"));
    m_arrivalScale->setRange(0.01, 100);
    m_arrivalScale->setValue(0.5);
    m_cpusPerNode->setRange(1, 1024);
    m_name->setPlaceholderText(tr("policy, backfilling and speed-up"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Policy:"), m_policy);
    form->addRow(tr("Node &order:"), m_order);
    form->addRow(tr("&Backfilling:"), m_backfill);
    form->addRow(tr("&Window:"), m_window);
    form->addRow(tr("&Speed-up:"), m_speedup);
    form->addRow(tr("S&eed:"), m_seed);
    form->addRow(tr("Scale &node counts by:"), m_scaleNodes);
    form->addRow(tr("&Arrivals:"), m_arrivals);
    form->addRow(tr("Arrival &factor:"), m_arrivalScale);
    form->addRow(tr("&Processors per node:"), m_cpusPerNode);
    form->addRow(tr("Run &name:"), m_name);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Run"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_policy, &QComboBox::currentIndexChanged, this, &SimulateDialog::policyChanged);
    connect(m_backfill, &QComboBox::currentIndexChanged, this, &SimulateDialog::updateEnabled);
    connect(m_arrivals, &QComboBox::currentIndexChanged, this, &SimulateDialog::updateEnabled);
    policyChanged();
}

void SimulateDialog::policyChanged()
{
    // AUCSCHED3 is an auction over a window of jobs (as `placement simulate` defaults it);
    // the auction needs a policy that schedules windows, so others fall back to EASY.
    const bool auction = m_policy->currentText() == QLatin1String("aucsched3");
    if (auction)
        m_backfill->setCurrentText(QStringLiteral("auction"));
    else if (m_backfill->currentText() == QLatin1String("auction"))
        m_backfill->setCurrentText(QStringLiteral("easy"));
    updateEnabled();
}

void SimulateDialog::updateEnabled()
{
    const int auctionRow = m_backfill->findText(QStringLiteral("auction"));
    if (auto* model = qobject_cast<QStandardItemModel*>(m_backfill->model()))
        model->item(auctionRow)->setEnabled(m_policy->currentText() == QLatin1String("aucsched3"));
    m_order->setEnabled(m_policy->currentData().toBool());
    m_window->setEnabled(m_backfill->currentText() != QLatin1String("fcfs"));
    m_arrivalScale->setEnabled(m_arrivals->currentData().toString() == QLatin1String("scale"));
}

SimulationSetup SimulateDialog::setup() const
{
    SimulationSetup setup;
    setup.machine = m_machine;
    setup.allocator.policy = m_policy->currentText().toStdString();
    setup.allocator.order = m_order->isEnabled() ? m_order->currentText().toStdString() : "index";
    setup.allocator.seed = static_cast<std::uint64_t>(m_seed->value());
    const QString backfill = m_backfill->currentText();
    setup.options.backfill = backfill == QLatin1String("fcfs")           ? BackfillPolicy::Fcfs
                             : backfill == QLatin1String("conservative") ? BackfillPolicy::Conservative
                             : backfill == QLatin1String("auction")      ? BackfillPolicy::Auction
                                                                         : BackfillPolicy::Easy;
    setup.options.window = m_window->value();
    setup.transform.speedup = Speedup::parse(m_speedup->currentText().toStdString());
    setup.transform.seed = setup.allocator.seed;
    setup.transform.nodeScale = m_scaleNodes->value();
    const QString arrivals = m_arrivals->currentData().toString();
    setup.transform.parseArrivals(arrivals == QLatin1String("scale")
                                      ? "scale:" + QString::number(m_arrivalScale->value()).toStdString()
                                      : arrivals.toStdString());
    setup.cpusPerNode = m_cpusPerNode->value();
    setup.runName = m_name->text().trimmed().toStdString();
    return setup;
}

SimulationOutcome SimulationRunner::run(const QString& databasePath, SimulationSetup setup, QWidget* parent,
                                        int cancelAfter)
{
    TaskProgress progress;
    setup.options.progress = [&](int done, int total) {
        progress.permille = total ? static_cast<int>(1000LL * done / total) : 0;
        if (cancelAfter > 0 && done >= cancelAfter)
            progress.cancel = true;
        return !progress.cancel.load();
    };
    SimulationOutcome outcome;
    runInBackground(QObject::tr("Simulating…"), parent, progress, [&] {
        try {
            Store store = Store::openExisting(databasePath.toStdString());
            outcome.summary = runStoredSimulation(store, setup, PLACEMENT_BUILD_ID);
            outcome.finished = true;
        } catch (const SimulationCancelled&) {
            outcome.cancelled = true;
        } catch (const std::exception& exception) {
            outcome.error = QString::fromUtf8(exception.what());
        }
    });
    return outcome;
}

} // namespace placement
