// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// readSlurmTopologyConf (importers/SlurmTopologyConf.h): a topology.conf read all or nothing,
// through this process's scratch file, after detectMachineFileFormat has looked at it.

#include "core/Topology.h"
#include "importers/SlurmTopologyConf.h"
#include "importers/TopologyImport.h"
#include "tests/fuzz/FuzzSupport.h"
#include "tests/fuzz/MachineChecks.h"

using namespace placement;
using namespace placement::test;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input = textOf(data, size);
    if (hostlistNamesBound(input) > expansionBudget)
        return -1; // costly by design, see FuzzSupport.h
    const std::string& path = writeScratchFile(input);
    detectMachineFileFormat(path); // must not throw for a file that exists
    ImportedMachine machine;
    try {
        machine = readSlurmTopologyConf(path);
    } catch (const ImportError& error) {
        checkImportError(error, path, input);
        return 0;
    }
    checkMachine(machine, input);
    FUZZ_CHECK(machine.topology->kind() == TopologyKind::SwitchTree, "not a switch tree from " + printable(input));
    FUZZ_CHECK(machine.switchNames.size() == static_cast<std::size_t>(machine.topology->switchCount()),
               "switch names and switches differ in number, from " + printable(input));
    for (const std::string& name : machine.switchNames)
        FUZZ_CHECK(!name.empty(), "an empty switch name from " + printable(input));
    return 0;
}
