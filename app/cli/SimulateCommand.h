// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

/// `placement simulate`: replays a machine's workload under a policy, stores the run and
/// prints (or writes) its JSON summary.
int runSimulate(const QStringList& arguments);
