// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/DemoDatabase.h"

#include "core/DemoWorkload.h"
#include "core/FatTreeTopology.h"
#include "core/MachineSpec.h"
#include "core/TorusTopology.h"
#include "store/Store.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace placement {

bool isCurrentDemoDatabase(const std::string& path)
{
    try {
        Store store = Store::openExisting(path);
        return store.metaValue("demo_version") == std::to_string(DemoDatabaseVersion);
    } catch (const StoreError&) {
        return false;
    }
}

void writeDemoDatabase(const std::string& path)
{
    const std::string partial = path + ".partial";
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    try {
        Store store = Store::openOrCreate(partial);
        store.setMetaValue("title", "Placement Explorer demo");
        store.setMetaValue("demo_version", std::to_string(DemoDatabaseVersion));
        store.setMetaValue("description",
                           "Synthetic workloads (seeded, FCFS with first-fit placement) on a small 3D torus "
                           "and a Cab-like fat-tree.");

        const TorusTopology torus({8, 8, 8}, {true, true, true}, 1, "nid");
        DemoWorkloadOptions torusOptions;
        torusOptions.seed = 7;
        store.addMachine("demo-torus", machineSpecOf(torus), generateDemoWorkload(torus, torusOptions));

        const FatTreeTopology cab({36, 4, 18, 18, 18}, "cab");
        DemoWorkloadOptions cabOptions;
        cabOptions.seed = 11;
        cabOptions.firstJobId = 5001;
        store.addMachine("cab", machineSpecOf(cab), generateDemoWorkload(cab, cabOptions));
    } catch (...) {
        std::filesystem::remove(partial, ignored);
        throw;
    }
    std::error_code error;
    std::filesystem::rename(partial, path, error);
    if (error) {
        std::filesystem::remove(partial, ignored);
        throw StoreError(path + ": cannot write demo database: " + error.message());
    }
}

} // namespace placement
