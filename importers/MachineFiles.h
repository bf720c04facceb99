// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"

#include <string>

namespace placement {

/// Reads `description`: an existing file (a Slurm topology.conf or topology.yaml, a node coordinates CSV or a Cray
/// coordinates table), else a preset name or machine spec (core/MachineSpec.h). Throws ImportError (files, with the
/// line) or std::invalid_argument (specs).
ImportedMachine readMachineDescription(const std::string& description);

} // namespace placement
