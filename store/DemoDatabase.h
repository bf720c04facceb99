// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>

namespace placement {

/// Stored in the demo's meta table as `demo_version`; raise it whenever the demo's content
/// changes. A copy the explorer made earlier is the user's (they may have imported into it):
/// it is kept, migrated to the current schema, never replaced.
constexpr int DemoDatabaseVersion = 1;

/// True when `path` holds a demo database of the current DemoDatabaseVersion.
bool isCurrentDemoDatabase(const std::string& path);

/// Writes the bundled demo database to `path`: a small 3D torus (8x8x8 routers, one node
/// each) and a Cab-like fat-tree (radix 36, 4 pods, 1,296 nodes; docs/reference.md §1.1), each with
/// a seeded synthetic workload of 300 jobs (core/DemoWorkload.h).
///
/// The file appears complete or not at all: it is written next to `path` and renamed. A file
/// already at `path` (or a `-wal`/`-shm` file beside it) is never replaced: StoreError.
/// Throws StoreError on failure.
void writeDemoDatabase(const std::string& path);

} // namespace placement
