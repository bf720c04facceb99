// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <Qt>

namespace placement {

/// What a table model answers for a CSV export (app/Exporter.h tableCsv()): a cell as a plain
/// value (seconds, fractions, counts, never "637 h 05 min" or "95.0%") and a column's name with
/// its unit ("wait_s", "utilization_fraction"). A model that answers neither is written as shown.
enum CsvRoles {
    CsvValueRole = Qt::UserRole + 64,
    CsvHeaderRole,
};

} // namespace placement
