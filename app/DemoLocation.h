// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QString>

namespace placement {

/// Where the demo database that ships with the program lies: share/placement-explorer/demo.sqlite
/// beside the bin/ folder holding the running executable. The build tree has the same layout as
/// an installation (build/bin, build/share), and an installation moved elsewhere (a package
/// unpacked with `dpkg -x`) still finds its own copy. The file may be missing.
QString shippedDemoDatabase();

/// Path of the demo database in the user's data folder, put there on first use: copied from
/// shippedDemoDatabase() when that is current, else written afresh. A file already there is the
/// user's, whatever its demo version (they may have imported into it): it is opened, an older
/// schema migrated in place, and never replaced; one that is not a Placement Explorer database
/// is refused with a StoreError. The shipped file is never opened in place: SQLite needs to write
/// beside a database in write-ahead-log mode, and /usr/share is read-only. Throws StoreError when
/// it cannot be written.
QString ensureDemoDatabase();

} // namespace placement
