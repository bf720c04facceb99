// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/BackgroundTask.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <pthread.h>
#include <sched.h>

namespace placement {

void runInBackground(const QString& label, QWidget* parent, TaskProgress& progress, const std::function<void()>& work)
{
    QProgressDialog dialog(label, QObject::tr("Cancel"), 0, 1000, parent);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(300);
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&] { progress.cancel = true; });
    QEventLoop loop;
    QThread* worker = QThread::create(work);
    QObject::connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, &dialog, [&] { dialog.setValue(progress.permille.load()); });
    timer.start(100);
    worker->start();
    loop.exec();
    worker->wait();
    delete worker;
    dialog.setValue(1000);
}

void runOnlyWhenIdle()
{
#ifdef SCHED_IDLE
    const sched_param parameters{};
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &parameters);
#endif
}

} // namespace placement
