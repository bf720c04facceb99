// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

/// `placement sweep`: every combination of the listed parameter values, replayed and stored.
int runSweep(const QStringList& arguments);
