// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"

#include <string>

namespace placement::test {

/// The bundled demo at `path` with one simulated run of its torus, "first-fit easy" (and none
/// of cab): a machine with a logged and a simulated run.
inline void writeDemoWithTorusRun(const std::string& path)
{
    writeDemoDatabase(path);
    Store store = Store::openExisting(path);
    SimulationSetup setup;
    setup.machine = "demo-torus";
    setup.allocator.policy = "first-fit";
    runStoredSimulation(store, setup, "test");
}

} // namespace placement::test
