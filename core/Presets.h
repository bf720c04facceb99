// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>
#include <vector>

namespace placement {

/// A machine from the papers, constructible in one line: parseMachineSpec(preset.name).
struct MachinePreset
{
    std::string name;
    std::string spec; ///< the full machine spec (core/MachineSpec.h)
    std::string source; ///< where it comes from
};

/// cab, pinot, jigsaw-1024 ... titan (docs/reference.md §1).
const std::vector<MachinePreset>& machinePresets();

/// The preset called `name`, or nullptr.
const MachinePreset* findMachinePreset(const std::string& name);

} // namespace placement
