// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

/// `placement whatif`: for every job of a run, the nodes a policy would have chosen at the
/// moment it started (core/WhatIf.h), with the agreement and compactness summary.
int runWhatIf(const QStringList& arguments);
