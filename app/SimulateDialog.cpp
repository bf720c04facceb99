// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/SimulateDialog.h"

#include "app/BackgroundTask.h"
#include "app/TaskListDock.h"
#include "core/NodeOrders.h"
#include "core/OfferedLoad.h"
#include "core/Topology.h"
#include "services/Simulation.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTimer>

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
    , m_load(new QLabel(this))
    , m_unavailable(new QLabel(this))
    , m_loadTimer(new QTimer(this))
    , m_machineNodes(topology.nodeCount())
{
    setObjectName(QStringLiteral("simulateDialog"));
    setWindowTitle(tr("Simulate %1").arg(QString::fromStdString(machine)));
    m_policy->setObjectName(QStringLiteral("policy"));
    m_backfill->setObjectName(QStringLiteral("backfill"));
    m_order->setObjectName(QStringLiteral("order"));
    m_window->setObjectName(QStringLiteral("window"));
    m_speedup->setObjectName(QStringLiteral("speedup"));
    m_seed->setObjectName(QStringLiteral("seed"));
    m_scaleNodes->setObjectName(QStringLiteral("scaleNodes"));
    m_arrivals->setObjectName(QStringLiteral("arrivals"));
    m_arrivalScale->setObjectName(QStringLiteral("arrivalFactor"));
    m_cpusPerNode->setObjectName(QStringLiteral("cpusPerNode"));
    m_name->setObjectName(QStringLiteral("runName"));
    for (const AllocatorPolicyInfo& info : allocatorPolicies()) {
        AllocatorChoice probe;
        probe.policy = info.name;
        QString refused;
        try {
            makeAllocator(topology, probe); // the policies this machine can have
        } catch (const std::invalid_argument& error) {
            refused = QString::fromUtf8(error.what());
        }
        m_policy->addItem(QString::fromLatin1(info.name), info.usesOrder);
        const int row = m_policy->count() - 1;
        m_policy->setItemData(row, refused.isEmpty() ? QString::fromLatin1(info.summary) : refused, Qt::ToolTipRole);
        if (!refused.isEmpty()) {
            // Listed, not offered: the reason is in its tooltip and below the form.
            m_refused[QString::fromLatin1(info.name)] = refused;
            if (auto* model = qobject_cast<QStandardItemModel*>(m_policy->model()))
                model->item(row)->setEnabled(false);
        }
    }
    for (int row = 0; row < m_policy->count(); ++row)
        if (!m_refused.count(m_policy->itemText(row))) {
            m_policy->setCurrentIndex(row);
            break;
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
    m_load->setObjectName(QStringLiteral("offeredLoad"));
    m_load->setWordWrap(true);
    form->addRow(m_load);
    m_unavailable->setObjectName(QStringLiteral("unavailablePolicies"));
    m_unavailable->setWordWrap(true);
    QStringList refused;
    for (const auto& [name, reason] : m_refused)
        refused << QStringLiteral("<b>%1</b>: %2").arg(name.toHtmlEscaped(), reason.toHtmlEscaped());
    m_unavailable->setText(tr("<small>Not for this machine: %1</small>").arg(refused.join(QStringLiteral("; "))));
    m_unavailable->setVisible(!refused.isEmpty());
    form->addRow(m_unavailable);
    m_load->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Run"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_policy, &QComboBox::currentIndexChanged, this, &SimulateDialog::policyChanged);
    connect(m_backfill, &QComboBox::currentIndexChanged, this, &SimulateDialog::updateEnabled);
    connect(m_arrivals, &QComboBox::currentIndexChanged, this, &SimulateDialog::updateEnabled);
    policyChanged();
    restoreSettings();
    // The load follows the transforms; reading a large workload again waits for a pause.
    m_loadTimer->setSingleShot(true);
    m_loadTimer->setInterval(200);
    connect(m_loadTimer, &QTimer::timeout, this, &SimulateDialog::updateLoad);
    const auto later = [this] { m_loadTimer->start(); };
    connect(m_cpusPerNode, &QSpinBox::valueChanged, this, later);
    connect(m_scaleNodes, &QSpinBox::valueChanged, this, later);
    connect(m_arrivals, &QComboBox::currentIndexChanged, this, later);
    connect(m_arrivalScale, &QDoubleSpinBox::valueChanged, this, later);
    connect(m_speedup, &QComboBox::currentIndexChanged, this, later);
}

void SimulateDialog::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("simulate/") + QString::fromStdString(m_machine));
    const auto restoreText = [&](QComboBox* box, const char* key) {
        const int index = box->findText(settings.value(QLatin1String(key)).toString());
        const auto* model = qobject_cast<QStandardItemModel*>(box->model());
        if (index >= 0 && (!model || model->item(index)->isEnabled()))
            box->setCurrentIndex(index);
    };
    restoreText(m_policy, "policy");
    restoreText(m_order, "order");
    restoreText(m_backfill, "backfill");
    restoreText(m_speedup, "speedup");
    const int arrivals = m_arrivals->findData(settings.value(QStringLiteral("arrivals")));
    if (arrivals >= 0)
        m_arrivals->setCurrentIndex(arrivals);
    m_window->setValue(settings.value(QStringLiteral("window"), m_window->value()).toInt());
    m_seed->setValue(settings.value(QStringLiteral("seed"), m_seed->value()).toInt());
    m_scaleNodes->setValue(settings.value(QStringLiteral("scaleNodes"), m_scaleNodes->value()).toInt());
    m_arrivalScale->setValue(settings.value(QStringLiteral("arrivalFactor"), m_arrivalScale->value()).toDouble());
    m_cpusPerNode->setValue(settings.value(QStringLiteral("cpusPerNode"), m_cpusPerNode->value()).toInt());
    updateEnabled();
}

void SimulateDialog::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("simulate/") + QString::fromStdString(m_machine));
    settings.setValue(QStringLiteral("policy"), m_policy->currentText());
    settings.setValue(QStringLiteral("order"), m_order->currentText());
    settings.setValue(QStringLiteral("backfill"), m_backfill->currentText());
    settings.setValue(QStringLiteral("speedup"), m_speedup->currentText());
    settings.setValue(QStringLiteral("arrivals"), m_arrivals->currentData());
    settings.setValue(QStringLiteral("window"), m_window->value());
    settings.setValue(QStringLiteral("seed"), m_seed->value());
    settings.setValue(QStringLiteral("scaleNodes"), m_scaleNodes->value());
    settings.setValue(QStringLiteral("arrivalFactor"), m_arrivalScale->value());
    settings.setValue(QStringLiteral("cpusPerNode"), m_cpusPerNode->value());
}

void SimulateDialog::accept()
{
    saveSettings();
    QDialog::accept();
}

void SimulateDialog::setWorkload(const QString& databasePath, std::int64_t machineId)
{
    m_databasePath = databasePath;
    m_machineId = machineId;
    m_workloadCpus = 0;
    updateLoad();
}

void SimulateDialog::updateLoad()
{
    m_loadTimer->stop();
    if (m_databasePath.isEmpty())
        return;
    m_loadValue.reset();
    try {
        if (m_workloadCpus != m_cpusPerNode->value()) {
            Store store = Store::openExisting(m_databasePath.toStdString());
            m_workload = loadWorkload(store, m_machineId, m_cpusPerNode->value()).jobs;
            m_workloadCpus = m_cpusPerNode->value();
        }
        m_loadValue = placement::offeredLoad(transformWorkload(m_workload, transform()), m_machineNodes);
    } catch (const std::exception& error) {
        m_load->setText(tr("Cannot read the workload: %1").arg(QString::fromUtf8(error.what()).toHtmlEscaped()));
        m_load->show();
        return;
    }
    m_load->setText(loadText());
    m_load->setVisible(!m_load->text().isEmpty());
}

QString SimulateDialog::loadText() const
{
    if (!m_loadValue)
        return {};
    const QString load = tr("Offered load: %1% of the machine (node-hours asked over node-hours it has while "
                            "jobs arrive).")
                             .arg(100 * *m_loadValue, 0, 'f', 1);
    if (*m_loadValue <= 1)
        return load;
    return load
        + tr("<br><b><font color=\"#b02020\">More work than the machine can do: the queue grows for as long as "
             "jobs arrive and every policy shows long waits.</font></b> Check the processors per node, the node "
             "scale and the arrivals.");
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

WorkloadTransform SimulateDialog::transform() const
{
    WorkloadTransform transform;
    transform.speedup = Speedup::parse(m_speedup->currentText().toStdString());
    transform.seed = static_cast<std::uint64_t>(m_seed->value());
    transform.nodeScale = m_scaleNodes->value();
    const QString arrivals = m_arrivals->currentData().toString();
    transform.parseArrivals(arrivals == QLatin1String("scale")
                                ? "scale:" + QString::number(m_arrivalScale->value()).toStdString()
                                : arrivals.toStdString());
    return transform;
}

SimulationSetup SimulateDialog::setup() const
{
    if (const auto refused = m_refused.find(m_policy->currentText()); refused != m_refused.end())
        throw std::invalid_argument(refused->second.toStdString());
    SimulationSetup setup;
    setup.machine = m_machine;
    setup.allocator.policy = m_policy->currentText().toStdString();
    setup.allocator.order = m_order->isEnabled() ? m_order->currentText().toStdString() : "index";
    setup.allocator.seed = static_cast<std::uint64_t>(m_seed->value());
    const QString backfill = m_backfill->currentText();
    setup.options.backfill = backfill == QLatin1String("fcfs") ? BackfillPolicy::Fcfs
        : backfill == QLatin1String("conservative")            ? BackfillPolicy::Conservative
        : backfill == QLatin1String("auction")                 ? BackfillPolicy::Auction
                                                               : BackfillPolicy::Easy;
    setup.options.window = m_window->value();
    setup.transform = transform();
    setup.cpusPerNode = m_cpusPerNode->value();
    setup.runName = m_name->text().trimmed().toStdString();
    return setup;
}

namespace {

/// The work of a simulation: on the calling thread, into `outcome`.
void simulateInto(SimulationOutcome& outcome, const QString& databasePath, SimulationSetup setup,
                  TaskProgress& progress, int cancelAfter)
{
    setup.options.progress = [&progress, cancelAfter](int done, int total) {
        progress.permille = total ? static_cast<int>(1000LL * done / total) : 0;
        if (cancelAfter > 0 && done >= cancelAfter)
            progress.cancel = true;
        return !progress.cancel.load();
    };
    try {
        Store store = Store::openExisting(databasePath.toStdString());
        outcome.summary = runStoredSimulation(store, setup, PLACEMENT_BUILD_ID);
        outcome.finished = true;
    } catch (const SimulationCancelled&) {
        outcome.cancelled = true;
    } catch (const std::exception& exception) {
        outcome.error = QString::fromUtf8(exception.what());
    }
}

} // namespace

SimulationOutcome SimulationRunner::run(const QString& databasePath, SimulationSetup setup, QWidget* parent,
                                        int cancelAfter)
{
    TaskProgress progress;
    SimulationOutcome outcome;
    runInBackground(QObject::tr("Simulating…"), parent, progress,
                    [&] { simulateInto(outcome, databasePath, std::move(setup), progress, cancelAfter); });
    return outcome;
}

int SimulationRunner::start(TaskListDock& tasks, const QString& databasePath, SimulationSetup setup,
                            std::shared_ptr<TaskProgress> progress,
                            std::function<QString(const SimulationOutcome&)> done)
{
    auto outcome = std::make_shared<SimulationOutcome>();
    const QString label
        = QObject::tr("Simulating %1 on %2")
              .arg(QString::fromStdString(setup.runName.empty() ? defaultRunName(setup) : setup.runName),
                   QString::fromStdString(setup.machine));
    return tasks.start(
        label, progress,
        [outcome, databasePath, setup = std::move(setup), progress] {
            simulateInto(*outcome, databasePath, setup, *progress, 0);
        },
        [outcome, done = std::move(done)] { return done(*outcome); });
}

} // namespace placement
