// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

/// `placement runs`: the runs of a machine, the logged one first, with their stored
/// parameters and system metrics, as a table, JSON or CSV.
int runRuns(const QStringList& arguments);
