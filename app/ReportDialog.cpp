// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ReportDialog.h"

#include "app/ExplorerSession.h"
#include "app/JobTableModel.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

namespace placement {

QString ReportDialog::preselectedRuns(const ExplorerSession& session)
{
    QStringList names{QStringLiteral("logged")};
    if (!session.runName().isEmpty())
        names << session.runName();
    if (!session.comparedName().isEmpty() && !names.contains(session.comparedName()))
        names << session.comparedName();
    if (names.size() == 1)
        for (const RunRecord& run : session.runs()) {
            if (names.size() == 4)
                break;
            names << QString::fromStdString(run.name);
        }
    return names.join(QStringLiteral(","));
}

ReportDialog::ReportDialog(const ExplorerSession& session, QWidget* parent)
    : QDialog(parent)
    , m_database(session.databasePath())
    , m_runs(new QLineEdit(preselectedRuns(session), this))
    , m_time(new QLineEdit(formatTime(session.time()), this))
    , m_html(new QLineEdit(this))
    , m_pdf(new QCheckBox(tr("Also as PDF (same name, .pdf)"), this))
{
    setWindowTitle(tr("Export Report"));
    const int index = session.machineIndex();
    if (index >= 0 && static_cast<size_t>(index) < session.machines().size())
        m_machine = QString::fromStdString(session.machines()[static_cast<size_t>(index)].name);
    m_runs->setObjectName(QStringLiteral("reportRuns"));
    m_runs->setToolTip(tr("Names or ids as the runs table and placement runs list them, separated by commas; the "
                          "first is the one the others are compared with"));
    m_time->setObjectName(QStringLiteral("reportTime"));
    m_time->setToolTip(tr("The moment of the 3D snapshots, UTC"));
    const QString folder = m_database.isEmpty() ? QDir::homePath() : QFileInfo(m_database).path();
    m_html->setText(QDir(folder).filePath(m_machine + QStringLiteral("-report.html")));
    m_html->setObjectName(QStringLiteral("reportHtml"));
    m_pdf->setChecked(true);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Export Report"), m_html->text(), tr("HTML files (*.html)"));
        if (!path.isEmpty())
            m_html->setText(path);
    });
    auto* file = new QHBoxLayout;
    file->addWidget(m_html, 1);
    file->addWidget(browse);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Machine:"), new QLabel(m_machine, this));
    form->addRow(tr("Runs:"), m_runs);
    form->addRow(tr("Snapshots at (UTC):"), m_time);
    form->addRow(tr("HTML file:"), file);
    form->addRow(QString(), m_pdf);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ReportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ReportDialog::reject);
    form->addRow(buttons);
    resize(560, sizeHint().height());
}

ReportRequest ReportDialog::request(QString* error) const
{
    ReportRequest request;
    request.database = m_database;
    request.machine = m_machine;
    request.runs = m_runs->text().trimmed();
    request.htmlPath = m_html->text().trimmed();
    if (request.htmlPath.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) && m_pdf->isChecked())
        request.pdfPath = request.htmlPath.chopped(5) + QStringLiteral(".pdf");
    else if (m_pdf->isChecked())
        request.pdfPath = request.htmlPath + QStringLiteral(".pdf");
    if (const auto time = parseIsoTime(m_time->text()))
        request.at = *time;
    else if (error)
        *error = tr("'%1' is not a time (yyyy-MM-dd HH:mm:ss, UTC).").arg(m_time->text());
    if (error && request.runs.isEmpty())
        *error = tr("Name at least one run.");
    if (error && request.htmlPath.isEmpty())
        *error = tr("Choose the HTML file.");
    return request;
}

void ReportDialog::accept()
{
    QString error;
    request(&error);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export Report"), error);
        return;
    }
    QDialog::accept();
}

} // namespace placement
