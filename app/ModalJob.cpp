// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ModalJob.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>

namespace placement {

void runModally(const QString& label, QWidget* parent, TaskProgress& progress, const std::function<void()>& work)
{
    QProgressDialog dialog(label, QObject::tr("Cancel"), 0, 1000, parent);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(300);
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&] { progress.cancel = true; });
    QEventLoop loop;
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, &dialog, [&] { dialog.setValue(progress.permille.load()); });
    timer.start(100);
    {
        // The caller's `progress` outlives the job: the loop below waits for its delivery.
        JobTracker tracker(&loop);
        tracker.startJob([&work](const JobControl&) { work(); }, [&loop] { loop.quit(); });
        loop.exec();
    }
    dialog.setValue(1000);
}

} // namespace placement
