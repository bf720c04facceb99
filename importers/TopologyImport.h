// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"
#include "importers/SlurmTopologyConf.h"
#include "importers/TorusCoordinates.h"

#include <string>

namespace placement {

/// The machine descriptions the importers read.
enum class MachineFileFormat {
    Unknown,
    SlurmTopologyConf, ///< topology.conf (readSlurmTopologyConf)
    SlurmTopologyYaml, ///< topology.yaml (readSlurmTopologyYaml)
    TorusCoordinates, ///< name,x,y,z table (readTorusCoordinates)
    CrayCoordinates, ///< name,cname table of a Cray XC machine (readCrayCoordinates)
};

/// "topology.conf", "torus coordinates", "unknown": for messages.
const char* machineFileFormatName(MachineFileFormat format);

/// Guesses the format from the first lines that are not blank or comments: a `SwitchName=`
/// (or `BlockName=`, `BlockSizes=`, `RingName=`, which the reader then rejects with its
/// reason) key makes a topology.conf; comma-separated lines of a name and 1 to 4 integers,
/// after an optional header, make a torus table. Throws ImportError when the file cannot
/// be opened, so that a wrong path is not reported as an unknown format.
MachineFileFormat detectMachineFileFormat(const std::string& path);
bool looksLikeSlurmTopologyConf(const std::string& path);

/// Reads a machine file of the detected format; ImportError if the format is unknown.
ImportedMachine readMachineFile(const std::string& path);

/// A machine from a preset name or a machine spec (core/MachineSpec.h, core/Presets.h); the
/// node names are the topology's own (nodeName()). Throws std::invalid_argument for a bad
/// spec, as parseMachineSpec() does.
ImportedMachine machineFromPreset(const std::string& presetOrSpec);

} // namespace placement
