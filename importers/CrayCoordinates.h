// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"

#include <optional>
#include <string>
#include <string_view>

namespace placement {

/// A Cray XC node's place as its cname `c<column>-<row>c<chassis>s<slot>n<node>` says it:
/// cabinet column and row, chassis 0-2, slot (blade) 0-15, node 0-3.
struct CrayCname
{
    int column = 0, row = 0, chassis = 0, slot = 0, node = 0;
};
/// The fields of a cname, or nothing when `text` is none (or its numbers are out of range).
std::optional<CrayCname> parseCrayCname(std::string_view text);

/// Reads a Cray coordinates table of an Aries (Cray XC) machine into a dragonfly
/// (docs/importing.md, "Cray coordinates tables"): one node per line, as
/// - `name,cname` (or separated by blanks): the name jobs use (Slurm's `nid00012`) and its
///   cname `c0-0c0s3n0`; an optional header line first;
/// - a cname alone: the node is named by it;
/// - `xtprocadmin` output: a header naming NID and NODENAME columns (TYPE too, optionally);
///   a node is named `nid` and its NID in 5 digits, Slurm's names on Cray; rows whose TYPE
///   is not `compute` (service nodes) leave their slots empty.
/// `#` starts a comment; `# global-per-pair=N`, `# arrangement=relative|absolute|circulant`
/// and `# cabinet-columns=N` set what the table cannot say (else assumed, with a note).
///
/// Machine: Aries groups of two cabinets (cabinet k = row × cabinet columns + column; group
/// k / 2), 6 chassis × 16 slots of routers a group, 4 nodes a router, the bandwidths of the
/// theta preset. Node slots the table leaves out before its last node get placeholder names
/// "(no node <cname>)", which no log can name.
///
/// All or nothing: a malformed cname or setting, a node or name listed twice, lines of
/// different shapes, no node at all throw ImportError with file and 1-based line.
ImportedMachine readCrayCoordinates(const std::string& path);

} // namespace placement
