// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/MachineFiles.h"

#include "importers/TopologyImport.h"

#include <filesystem>

namespace placement {

ImportedMachine readMachineDescription(const std::string& description)
{
    if (std::filesystem::is_regular_file(description)) {
        ImportedMachine machine = readMachineFile(description);
        // "site-topology.conf.gz" names the machine "site-topology".
        std::filesystem::path name = std::filesystem::path(description).filename();
        if (name.extension() == ".gz")
            name = name.stem();
        machine.name = name.stem().string();
        return machine;
    }
    return machineFromPreset(description);
}

} // namespace placement
