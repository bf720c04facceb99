// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"

#include <cstddef>
#include <string>

namespace placement {

/// Reads a table of torus coordinates, one node per line: `name,x,y,z` (the table the Cray
/// torus notes recommend taking from the system database: nid or cname and the coordinates
/// of the node's router). 1 to 4 coordinate columns, the same number on every line; blanks
/// around fields are ignored; `#` starts a comment; an optional header line is recognised
/// by coordinate columns that are all non-numeric (`name,x,y,z`). Plain or gzip-compressed.
///
/// Machine shape:
/// - extents: a comment line `# extents=25x16x24` gives them; otherwise the largest
///   coordinate + 1 per dimension (with a note). `# wrap=yyn` says which dimensions wrap
///   (y) or are meshes (n); otherwise every dimension wraps (with a note). Both may share one
///   comment line and may stand anywhere in the file, each at most once.
/// - nodes per router: the most nodes sharing one coordinate (two on Gemini, where both
///   nodes of a pair share a router), so every router gets that many slots.
/// - numbering is TorusTopology's: router = x + X * (y + Y * z), node = router * slots +
///   slot; a router's nodes take its slots in file order.
/// - holes: routers with fewer nodes than the others, or not listed at all, are real
///   (service and disabled nodes are often missing from such tables), so their empty slots
///   get placeholder names "(empty x,y,z slot k)" and a note says how many; placeholders
///   cannot clash with real names, which contain no blanks.
///
/// Read all or nothing: bad numbers, negative coordinates, duplicate names, coordinates
/// beyond given extents, an inconsistent column count, malformed `extents=`/`wrap=` comments
/// and machines of more than maxTorusNodeSlots slots throw ImportError with file and
/// 1-based line.
ImportedMachine readTorusCoordinates(const std::string& path);

/// The largest machine readTorusCoordinates() builds, in node slots (routers x slots per
/// router). Every slot gets a name; the largest torus machines built have about 100,000.
inline constexpr std::size_t maxTorusNodeSlots = 10'000'000;

} // namespace placement
