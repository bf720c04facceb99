// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/RunChartData.h"
#include "store/Store.h"

#include <cstdint>
#include <string>

namespace placement {

/// The chart numbers (core/RunChartData.h, Pollard's size bins) of one run of a machine:
/// its logged run (`runId` 0: the logged times and sizes, with or without node lists) or a
/// stored simulated run. Opens its own connection
/// to the database, so it may run on any thread. Throws StoreError or std::invalid_argument.
RunChartData loadRunChartData(const std::string& databasePath, const MachineRecord& machine, std::int64_t runId);

} // namespace placement
