// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/MachineSpec.h"
#include "core/Presets.h"
#include "importers/TopologyImport.h"
#include "tests/support/RandomSwitchTree.h"

#include <QDir>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <string>

namespace placement::test {

/// Every kind of machine the explorer can show, each given to `add` with a name: the
/// presets (fat-trees, k-ary n-trees, tori), the topology fixtures in `fixtures` (Slurm
/// topology.conf with irregular depths, islands, switches holding nodes and switches;
/// torus and Cray coordinates tables) and `randomTrees` seeded random switch trees (depth 1-5, fan-out
/// 1-40). False if `fixtures` does not exist.
inline bool forEveryMachine(const QDir& fixtures, std::uint64_t randomTrees,
                            const std::function<void(const std::string& name, const Topology& topology)>& add)
{
    for (const MachinePreset& preset : machinePresets())
        add(preset.name, *parseMachineSpec(preset.name));
    if (!fixtures.exists())
        return false;
    for (const QString& file :
         fixtures.entryList({QStringLiteral("*.conf"), QStringLiteral("*.csv"), QStringLiteral("*.conf.gz"),
                             QStringLiteral("*.yaml"), QStringLiteral("*.txt")},
                            QDir::Files, QDir::Name))
        add("file " + file.toStdString(), *readMachineFile(fixtures.filePath(file).toStdString()).topology);
    for (std::uint64_t seed = 1; seed <= randomTrees; ++seed)
        add("random tree " + std::to_string(seed), RandomSwitchTree(seed, 200).topology());
    return true;
}

} // namespace placement::test
