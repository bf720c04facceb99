// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"

#include <string_view>

namespace placement::test {

/// Checks a machine read from a file (ImportedMachine.h): a topology, one unique, non-empty
/// name per node, and hop counts that are 0 from a node to itself, symmetric and not
/// negative on a sample of node pairs. `input` is the file's text, for messages.
void checkMachine(const ImportedMachine& machine, std::string_view input);

} // namespace placement::test
