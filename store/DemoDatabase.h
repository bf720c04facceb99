#pragma once

#include <string>

namespace placement {

/// Writes the bundled demo database to `path`: a small 3D torus (8x8x8 routers, one node
/// each) and a Cab-like fat-tree (radix 36, 4 pods, 1,296 nodes; REFERENCE §1.1), each with
/// a seeded synthetic workload of 300 jobs (core/DemoWorkload.h).
///
/// The file appears complete or not at all: it is written next to `path` and renamed.
/// Throws StoreError on failure.
void writeDemoDatabase(const std::string& path);

} // namespace placement
