// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/SimulateDialog.h"

#include "app/ModalJob.h"
#include "app/TaskListDock.h"
#include "core/NodeOrders.h"
#include "core/OfferedLoad.h"
#include "core/Topology.h"
#include "services/OptionParsers.h"
#include "services/Simulation.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTimer>

#include <chrono>
#include <thread>

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
    , m_byCores(new QCheckBox(tr("Jobs hold &cores and GPUs, sharing nodes (by cores)"), this))
    , m_sweep(new QGroupBox(this))
    , m_sweepPolicies(new QLineEdit(this))
    , m_sweepSpeedups(new QLineEdit(this))
    , m_sweepSeeds(new QLineEdit(this))
    , m_sweepName(new QLineEdit(this))
    , m_sweepWhere(new QComboBox(this))
    , m_sweepWorkers(new QSpinBox(this))
    , m_sweepError(new QLabel(this))
    , m_load(new QLabel(this))
    , m_unavailable(new QLabel(this))
    , m_loadTimer(new QTimer(this))
    , m_machineNodes(topology.usableNodeCount())
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
    m_byCores->setObjectName(QStringLiteral("byCores"));
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
    for (BackfillPolicy backfill : backfillChoices())
        m_backfill->addItem(QString::fromLatin1(backfillName(backfill)));
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
    form->addRow(m_byCores);

    // A sweep: every combination of the lists, the settings above for the rest.
    m_sweep->setObjectName(QStringLiteral("sweep"));
    m_sweep->setTitle(tr("S&weep: every combination of these lists"));
    m_sweep->setCheckable(true);
    m_sweep->setChecked(false);
    m_sweep->setToolTip(tr("Replay the jobs under every combination of the policies, speed-ups and seeds listed "
                           "(comma-separated; an empty list takes the value chosen above), as placement sweep "
                           "does. Each run is stored as it finishes; a sweep started again skips the points "
                           "already stored."));
    m_sweepPolicies->setObjectName(QStringLiteral("sweepPolicies"));
    m_sweepSpeedups->setObjectName(QStringLiteral("sweepSpeedups"));
    m_sweepSeeds->setObjectName(QStringLiteral("sweepSeeds"));
    m_sweepName->setObjectName(QStringLiteral("sweepName"));
    m_sweepWhere->setObjectName(QStringLiteral("sweepWhere"));
    m_sweepWorkers->setObjectName(QStringLiteral("sweepWorkers"));
    m_sweepPolicies->setPlaceholderText(tr("first-fit, ta, jigsaw (empty: the policy above)"));
    m_sweepSpeedups->setPlaceholderText(tr("none, 5, v2 (empty: the speed-up above)"));
    m_sweepSeeds->setPlaceholderText(tr("1, 2, 3 (empty: the seed above)"));
    m_sweepName->setText(QStringLiteral("sweep"));
    m_sweepWhere->addItem(tr("on this computer"));
    m_sweepWhere->addItem(tr("on the Slurm cluster (a job array)"));
    QString noSlurm;
    if (!slurmAvailable(&noSlurm)) {
        if (auto* model = qobject_cast<QStandardItemModel*>(m_sweepWhere->model()))
            model->item(1)->setEnabled(false);
        m_sweepWhere->setItemData(1, noSlurm, Qt::ToolTipRole);
        m_sweepWhere->setToolTip(noSlurm);
    } else {
        m_sweepWhere->setItemData(1,
                                  tr("Submit the points not stored yet with sbatch, one array task per point, each "
                                     "writing its own result file; then placement sweep --collect stores them"),
                                  Qt::ToolTipRole);
    }
    m_sweepWorkers->setRange(1, 256);
    m_sweepWorkers->setValue(std::max(1, static_cast<int>(std::thread::hardware_concurrency())));
    m_sweepWorkers->setToolTip(tr("Points replayed at once on this computer"));
    m_sweepError->setObjectName(QStringLiteral("sweepError"));
    m_sweepError->setWordWrap(true);
    m_sweepError->hide();
    auto* sweepForm = new QFormLayout(m_sweep);
    sweepForm->addRow(tr("Policies:"), m_sweepPolicies);
    sweepForm->addRow(tr("Speed-ups:"), m_sweepSpeedups);
    sweepForm->addRow(tr("Seeds:"), m_sweepSeeds);
    sweepForm->addRow(tr("Sweep name:"), m_sweepName);
    sweepForm->addRow(tr("Run:"), m_sweepWhere);
    sweepForm->addRow(tr("Points at once:"), m_sweepWorkers);
    sweepForm->addRow(m_sweepError);
    form->addRow(m_sweep);
    connect(m_sweepWhere, &QComboBox::currentIndexChanged, this,
            [this](int where) { m_sweepWorkers->setEnabled(where == 0); });
    connect(m_sweep, &QGroupBox::toggled, this, [this](bool on) {
        m_name->setEnabled(!on);
        updateEnabled();
    });
    connect(m_byCores, &QCheckBox::toggled, this, &SimulateDialog::updateEnabled);

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
    m_byCores->setChecked(settings.value(QStringLiteral("byCores"), false).toBool());
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
    settings.setValue(QStringLiteral("byCores"), m_byCores->isChecked());
}

void SimulateDialog::accept()
{
    if (m_sweep->isChecked()) {
        // A list that does not parse is said here, and the dialog stays open.
        try {
            const std::optional<SweepRequest> request = sweepRequest();
            expandSweep({request->target}, "check");
        } catch (const std::exception& error) {
            m_sweepError->setText(QStringLiteral("<font color=\"#b02020\">%1</font>")
                                      .arg(QString::fromUtf8(error.what()).toHtmlEscaped()));
            m_sweepError->show();
            return;
        }
    }
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

void SimulateDialog::setCoresKnown(bool known)
{
    m_coresKnown = known;
    updateEnabled();
}

void SimulateDialog::updateEnabled()
{
    const QString policy = m_policy->currentText();
    const bool coresPolicy = policy == QLatin1String("first-fit") || policy == QLatin1String("slurm-tree")
        || policy == QLatin1String("aucsched3");
    m_byCores->setEnabled(m_coresKnown && coresPolicy && !m_sweep->isChecked());
    m_byCores->setToolTip(
        !m_coresKnown      ? tr("The machine's nodes do not say how many cores they have: import its description with "
                                     "them (slurm.conf, an Alea .machines file), or use placement simulate --by-cores "
                                     "--cores-per-node K")
            : !coresPolicy ? tr("Places by cores: first-fit, slurm-tree (cons_tres) and aucsched3")
                           : tr("Each job asks for the CPUs (and GPUs) its log says it held, and jobs share nodes; "
                                "the run is stored with the cores and GPUs each job held on each node"));
    const bool byCores = m_byCores->isEnabled() && m_byCores->isChecked();
    const int auctionRow = m_backfill->findText(QStringLiteral("auction"));
    const int conservativeRow = m_backfill->findText(QStringLiteral("conservative"));
    if (auto* model = qobject_cast<QStandardItemModel*>(m_backfill->model())) {
        model->item(auctionRow)->setEnabled(policy == QLatin1String("aucsched3"));
        if (conservativeRow >= 0)
            model->item(conservativeRow)->setEnabled(!byCores);
    }
    if (byCores && m_backfill->currentText() == QLatin1String("conservative"))
        m_backfill->setCurrentText(QStringLiteral("easy"));
    m_order->setEnabled(!byCores && m_policy->currentData().toBool());
    m_window->setEnabled(m_backfill->currentText() != QLatin1String("fcfs"));
    m_arrivalScale->setEnabled(!byCores && m_arrivals->currentData().toString() == QLatin1String("scale"));
    // A replay by cores takes the jobs as logged: no transforms, no processor count per node.
    for (QWidget* widget : std::initializer_list<QWidget*>{m_speedup, m_seed, m_scaleNodes, m_arrivals, m_cpusPerNode})
        widget->setEnabled(!byCores);
    m_sweep->setEnabled(!byCores);
}

std::optional<CoreRunSetup> SimulateDialog::coreSetup() const
{
    if (!m_byCores->isEnabled() || !m_byCores->isChecked())
        return std::nullopt;
    CoreRunSetup setup;
    setup.machine = m_machine;
    setup.policy = m_policy->currentText().toStdString();
    setup.backfill = parseCoreBackfillSetting(m_backfill->currentText().toStdString(), "Backfilling");
    setup.window = m_window->value();
    setup.runName = m_name->text().trimmed().toStdString();
    return setup;
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
    return baseSetup();
}

namespace {

std::vector<std::string> listOf(const QString& text)
{
    std::vector<std::string> values;
    for (const QString& value : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!value.trimmed().isEmpty())
            values.push_back(value.trimmed().toStdString());
    return values;
}

QString joined(const std::vector<std::string>& values)
{
    QStringList list;
    for (const std::string& value : values)
        list << QString::fromStdString(value);
    return list.join(QLatin1Char(','));
}

} // namespace

std::optional<SweepRequest> SimulateDialog::sweepRequest() const
{
    if (!m_sweep->isChecked())
        return std::nullopt;
    SweepRequest request;
    request.target.database = m_databasePath.toStdString();
    request.target.base = baseSetup();
    request.target.base.runName.clear();
    const std::pair<const char*, QLineEdit*> lists[]
        = {{"policy", m_sweepPolicies}, {"speedup", m_sweepSpeedups}, {"seed", m_sweepSeeds}};
    for (const auto& [parameter, edit] : lists) {
        std::vector<std::string> values = listOf(edit->text());
        if (values.empty())
            continue; // the value chosen above, in the base
        for (const std::string& value : values) {
            SimulationSetup probe = request.target.base;
            applySweepParameter(probe, parameter, value); // throws, naming the parameter and the value
        }
        request.target.dimensions.emplace_back(parameter, std::move(values));
    }
    if (std::none_of(request.target.dimensions.begin(), request.target.dimensions.end(),
                     [](const auto& dimension) { return dimension.first == "policy"; })) {
        if (const auto refused = m_refused.find(m_policy->currentText()); refused != m_refused.end())
            throw std::invalid_argument(refused->second.toStdString());
    }
    const QString name = m_sweepName->text().trimmed();
    request.name = name.isEmpty() ? "sweep" : name.toStdString();
    request.workers = m_sweepWorkers->value();
    request.slurm = m_sweepWhere->currentIndex() == 1;
    return request;
}

bool SimulateDialog::slurmAvailable(QString* why)
{
    QString reason;
    if (QStandardPaths::findExecutable(QStringLiteral("sbatch")).isEmpty())
        reason = tr("No Slurm here: sbatch is not on the PATH (run the explorer on a login node of the cluster, "
                    "or use placement sweep --slurm there).");
    else if (SweepRunner::placementProgram().isEmpty())
        reason = tr("The placement command is neither beside the explorer nor on the PATH: the array tasks run it.");
    if (why)
        *why = reason;
    return reason.isEmpty();
}

QStringList SweepRequest::commandLine() const
{
    const SimulationSetup& base = target.base;
    QStringList arguments{QStringLiteral("sweep"),
                          QStringLiteral("--db"),
                          QFileInfo(QString::fromStdString(target.database)).absoluteFilePath(),
                          QStringLiteral("--machine"),
                          QString::fromStdString(base.machine),
                          QStringLiteral("--name"),
                          QString::fromStdString(name),
                          QStringLiteral("--cpus-per-node"),
                          QString::number(base.cpusPerNode)};
    // The settings not swept, each as a list of one value: the points are the same.
    std::map<std::string, std::string> fixed{
        {"policy", base.allocator.policy},
        {"order", base.allocator.order},
        {"backfill", backfillName(base.options.backfill)},
        {"window", std::to_string(base.options.window)},
        {"speedup", base.transform.speedup.name()},
        {"seed", std::to_string(base.allocator.seed)},
        {"arrivals", base.transform.arrivalsName()},
        {"scale-nodes", std::to_string(base.transform.nodeScale)},
    };
    for (const auto& [parameter, values] : target.dimensions)
        fixed[parameter] = joined(values).toStdString();
    for (const std::string& parameter : sweepParameters())
        if (const auto value = fixed.find(parameter); value != fixed.end())
            arguments << QStringLiteral("--") + QString::fromStdString(parameter)
                      << QString::fromStdString(value->second);
    if (slurm)
        arguments << QStringLiteral("--slurm");
    else
        arguments << QStringLiteral("--jobs") << QString::number(workers);
    return arguments;
}

SimulationSetup SimulateDialog::baseSetup() const
{
    SimulationSetup setup;
    setup.machine = m_machine;
    setup.allocator.policy = m_policy->currentText().toStdString();
    setup.allocator.order = m_order->isEnabled() ? m_order->currentText().toStdString() : "index";
    setup.allocator.seed = static_cast<std::uint64_t>(m_seed->value());
    setup.options.backfill = parseBackfill(m_backfill->currentText().toStdString(), "Backfilling");
    setup.options.window = m_window->value();
    setup.transform = transform();
    setup.cpusPerNode = m_cpusPerNode->value();
    setup.runName = m_name->text().trimmed().toStdString();
    return setup;
}

QString SweepRunner::placementProgram()
{
    const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("placement"));
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QStandardPaths::findExecutable(QStringLiteral("placement"));
}

int SweepRunner::start(TaskListDock& tasks, const SweepRequest& request, std::shared_ptr<TaskProgress> progress,
                       std::function<void()> pointStored, std::function<QString(const SweepRunOutcome&)> done)
{
    auto outcome = std::make_shared<SweepRunOutcome>();
    const QString label
        = QObject::tr("Sweep %1 on %2 (%3 points at once)")
              .arg(QString::fromStdString(request.name), QString::fromStdString(request.target.base.machine))
              .arg(request.workers);
    // Told after each stored point, on the GUI thread (through the dock: never after it is gone).
    QPointer<TaskListDock> dock(&tasks);
    return tasks.start(
        label, progress,
        [outcome, request, progress, dock, pointStored = std::move(pointStored)] {
            try {
                SweepOptions options;
                options.name = request.name;
                options.version = PLACEMENT_BUILD_ID;
                options.workers = request.workers;
                options.stop = &progress->cancel;
                const std::vector<SweepPoint> points = expandSweep({request.target}, options.version);
                const auto outcomes = runSweep(
                    {request.target}, points, options, [&](const SweepPointOutcome& point, const SweepProgress& state) {
                        progress->permille = state.total ? static_cast<int>(1000LL * state.finished / state.total) : 0;
                        if (point.state == SweepPointOutcome::State::Stored && dock)
                            QMetaObject::invokeMethod(dock, pointStored, Qt::QueuedConnection);
                    });
                for (const SweepPointOutcome& point : outcomes) {
                    switch (point.state) {
                    case SweepPointOutcome::State::Stored: ++outcome->stored; break;
                    case SweepPointOutcome::State::AlreadyStored: ++outcome->storedBefore; break;
                    case SweepPointOutcome::State::Empty: ++outcome->empty; break;
                    case SweepPointOutcome::State::Stopped: ++outcome->stopped; break;
                    case SweepPointOutcome::State::Failed:
                        ++outcome->failed;
                        outcome->failures
                            << QString::fromStdString(point.runName.empty() ? point.point->id : point.runName)
                                + QStringLiteral(": ") + QString::fromStdString(point.error);
                        break;
                    }
                }
            } catch (const std::exception& error) {
                outcome->error = QString::fromUtf8(error.what());
            }
        },
        [outcome, done = std::move(done)] { return done(*outcome); });
}

SweepStatus parseSweepStatus(const QString& text)
{
    SweepStatus status;
    static const QRegularExpression points(QStringLiteral(
        R"(^points: (\d+); stored in the database: (\d+); finished, not collected: (\d+); left: (\d+)$)"));
    static const QRegularExpression problem(QStringLiteral(R"(^  (\S+) (\S+): see (.+)$)"));
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (const QRegularExpressionMatch match = points.match(line); match.hasMatch()) {
            status.valid = true;
            status.points = match.captured(1).toInt();
            status.inDatabase = match.captured(2).toInt();
            status.notCollected = match.captured(3).toInt();
            status.left = match.captured(4).toInt();
        } else if (line.startsWith(QLatin1String("array tasks: "))) {
            for (const QString& count : line.mid(13).split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
                const QStringList parts = count.split(QLatin1Char(' '));
                bool number = false;
                const int n = parts.size() == 2 ? parts[1].toInt(&number) : 0;
                if (number)
                    status.tasks[parts[0]] = n;
            }
        } else if (const QRegularExpressionMatch bad = problem.match(line); bad.hasMatch()) {
            status.problems << QStringLiteral("%1 %2 (%3)").arg(bad.captured(1), bad.captured(2), bad.captured(3));
        }
    }
    return status;
}

bool SweepStatus::tasksActive() const
{
    for (const auto& [state, count] : tasks)
        if (count > 0
            && (state == QLatin1String("pending") || state == QLatin1String("running")
                || state == QLatin1String("configuring") || state == QLatin1String("completing")
                || state == QLatin1String("requeued") || state == QLatin1String("resizing")
                || state == QLatin1String("suspended")))
            return true;
    return false;
}

int SweepRunner::submit(TaskListDock& tasks, const SweepRequest& request, std::shared_ptr<TaskProgress> progress,
                        std::function<void()> pointStored, std::function<QString(const SweepRunOutcome&)> done,
                        int pollSeconds)
{
    auto outcome = std::make_shared<SweepRunOutcome>();
    const QString label
        = QObject::tr("Sweep %1 on %2 on Slurm")
              .arg(QString::fromStdString(request.name), QString::fromStdString(request.target.base.machine));
    const QString program = placementProgram();
    const QStringList arguments = request.commandLine();
    QStringList same = arguments; // the sweep's options without --slurm: for --collect and --status
    same.removeAll(QStringLiteral("--slurm"));
    QPointer<TaskListDock> dock(&tasks);
    return tasks.start(
        label, progress,
        [outcome, program, arguments, same, progress, dock, pointStored = std::move(pointStored), pollSeconds] {
            const auto run = [&](const QStringList& extra, QString* out, QString* err) {
                QProcess process;
                process.start(program, same + extra);
                const bool ran = process.waitForStarted(10000) && process.waitForFinished(600000)
                    && process.exitStatus() == QProcess::NormalExit;
                if (out)
                    *out = QString::fromUtf8(process.readAllStandardOutput());
                if (err)
                    *err = QString::fromUtf8(process.readAllStandardError()).trimmed();
                return ran && process.exitCode() == 0;
            };
            // The command's own code path: it writes the plan beside the database and runs sbatch.
            QProcess process;
            process.start(program, arguments);
            if (!process.waitForStarted(10000) || !process.waitForFinished(180000)) {
                outcome->error = QObject::tr("%1 did not run: %2").arg(program, process.errorString());
                return;
            }
            outcome->slurmJob = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
            outcome->slurmOutput = QString::fromUtf8(process.readAllStandardError()).trimmed();
            if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
                outcome->error = outcome->slurmOutput.isEmpty() ? QObject::tr("placement sweep --slurm failed")
                                                                : outcome->slurmOutput;
                return;
            }
            // Follow the array: collect what is finished, then ask how far it is.
            static const QRegularExpression collected(QStringLiteral(R"((\d+) runs stored now)"));
            while (true) {
                QString out, err;
                if (!run({QStringLiteral("--collect")}, nullptr, &err)) {
                    outcome->error = QObject::tr("placement sweep --collect failed: %1").arg(err);
                    return;
                }
                const QRegularExpressionMatch match = collected.match(err);
                const int now = match.hasMatch() ? match.captured(1).toInt() : 0;
                outcome->stored += now;
                if (now > 0 && dock)
                    QMetaObject::invokeMethod(dock, pointStored, Qt::QueuedConnection);
                if (!run({QStringLiteral("--status")}, &out, &err)) {
                    outcome->error = QObject::tr("placement sweep --status failed: %1").arg(err);
                    return;
                }
                const SweepStatus status = parseSweepStatus(out);
                if (!status.valid) {
                    outcome->error = QObject::tr("placement sweep --status said: %1").arg(out.trimmed());
                    return;
                }
                outcome->points = status.points;
                outcome->inDatabase = status.inDatabase;
                outcome->left = status.left + status.notCollected;
                outcome->taskProblems = status.problems;
                progress->permille
                    = status.points ? static_cast<int>(1000LL * status.inDatabase / status.points) : 1000;
                // Finished results are collected on the next pass; tasks that ended without
                // them leave points that no task will run.
                if (status.inDatabase == status.points || (!status.tasksActive() && status.notCollected == 0)) {
                    outcome->followed = true;
                    return;
                }
                for (int waited = 0; waited < pollSeconds * 10; ++waited) {
                    if (progress->cancel)
                        return;
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
                }
            }
        },
        [outcome, done = std::move(done)] { return done(*outcome); });
}

} // namespace placement
