// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/DemoDatabase.h"

#include "core/DemoWorkload.h"
#include "core/FatTreeTopology.h"
#include "core/MachineSpec.h"
#include "core/TorusTopology.h"
#include "store/DatabaseFiles.h"
#include "store/Store.h"

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
    if (databaseFilesExist(path))
        throw StoreError(path
                         + ": a file is there already (or its -wal/-shm file); the demo is written only to "
                           "a new file");
    const std::string partial = newFileBeside(path);
    try {
        {
            Store store = Store::createUnpublished(partial);
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
            store.finishNew();
        } // closed: its write-ahead log is checkpointed and removed
        publishNewDatabase(partial, path);
    } catch (...) {
        removeUnfinishedDatabase(partial);
        throw;
    }
}

} // namespace placement
