#pragma once

#include <QStringList>

/// `placement simulate`: replays a machine's workload under a policy, stores the run and
/// prints (or writes) its JSON summary.
int runSimulate(const QStringList& arguments);
