// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// readTorusCoordinates (importers/TorusCoordinates.h): a name,x,y,z table read all or
// nothing, through this process's scratch file, after detectMachineFileFormat has looked at it.

#include "core/Topology.h"
#include "importers/TopologyImport.h"
#include "importers/TorusCoordinates.h"
#include "tests/fuzz/FuzzSupport.h"
#include "tests/fuzz/MachineChecks.h"

#include <algorithm>

using namespace placement;
using namespace placement::test;

namespace {

/// An upper bound of the node slots readTorusCoordinates may build from `input`: the largest
/// `extents=` product or the product over columns of the largest number + 1, times the lines
/// (no router has more nodes). It names every slot, up to maxTorusNodeSlots by design; inputs
/// above the budget are skipped as expansionBudget explains.
std::size_t torusSlotsBound(std::string_view input)
{
    constexpr std::size_t saturated = std::size_t(1) << 40;
    const auto times = [&](std::size_t a, std::size_t b) {
        return b != 0 && a > saturated / b ? saturated : std::min(saturated, a * b);
    };
    const auto numberAt = [&](std::size_t& i) {
        std::size_t value = 0;
        while (i < input.size() && input[i] >= '0' && input[i] <= '9')
            value = std::min(saturated, value * 10 + static_cast<std::size_t>(input[i++] - '0'));
        return value;
    };
    std::size_t lines = 1, largestExtents = 1;
    std::size_t column = 0;
    std::size_t columnMaximum[8] = {};
    for (std::size_t i = 0; i < input.size();) {
        const char c = input[i];
        if (c == '\n') {
            ++lines;
            column = 0;
            ++i;
        } else if (c == ',') {
            column = std::min<std::size_t>(column + 1, 7);
            ++i;
        } else if (c >= '0' && c <= '9') {
            const std::size_t value = numberAt(i);
            columnMaximum[column] = std::max(columnMaximum[column], value);
            // "extents=4x3x2": a product of numbers joined by 'x'.
            std::size_t product = value;
            while (i + 1 < input.size() && (input[i] == 'x' || input[i] == 'X') && input[i + 1] >= '0'
                   && input[i + 1] <= '9') {
                ++i;
                product = times(product, numberAt(i));
            }
            largestExtents = std::max(largestExtents, product);
        } else {
            ++i;
        }
    }
    std::size_t reach = 1;
    for (std::size_t dim = 1; dim < 8; ++dim)
        reach = times(reach, columnMaximum[dim] + 1);
    return times(std::max(reach, largestExtents), lines);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input = textOf(data, size);
    if (torusSlotsBound(input) > expansionBudget)
        return -1;
    const std::string& path = writeScratchFile(input);
    detectMachineFileFormat(path); // must not throw for a file that exists
    ImportedMachine machine;
    try {
        machine = readTorusCoordinates(path);
    } catch (const ImportError& error) {
        checkImportError(error, path, input);
        return 0;
    }
    checkMachine(machine, input);
    FUZZ_CHECK(machine.topology->kind() == TopologyKind::Torus, "not a torus from " + printable(input));
    // Real names have no blanks; every other slot is a placeholder.
    for (const std::string& name : machine.nodeNames)
        FUZZ_CHECK(name.find_first_of(" \t") == std::string::npos || name.starts_with("(empty "),
                   "node name " + printable(name) + " from " + printable(input));
    return 0;
}
