#pragma once

#include <QString>

#include <atomic>
#include <functional>

class QWidget;

namespace placement {

/// Progress shared between a worker thread and the GUI: the worker stores how far it is (in
/// thousandths) and reads whether Cancel was pressed.
struct TaskProgress
{
    std::atomic<int> permille = 0;
    std::atomic<bool> cancel = false;
};

/// Runs `work` on a worker thread behind a window-modal progress dialog with Cancel, and
/// blocks in a local event loop (the GUI stays live) until it returns.
void runInBackground(const QString& label, QWidget* parent, TaskProgress& progress, const std::function<void()>& work);

} // namespace placement
