// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeList.h"

#include <cstddef>
#include <string>
#include <vector>

namespace placement {

/// A job's node ids (or the link ids it owned in a simulated run) stored in one BLOB, in the
/// given order, duplicates and all: one row per job instead of one per node keeps a
/// million-job import fast.
///
/// Schema version 5 stores runs of consecutive ids, as Slurm allocates them: a format byte
/// (1), then per run one varint (zigzag of the run's first id minus the end of the run
/// before, which starts at 0, shifted left by one, low bit set for a run of two or more)
/// and, for such a run, a varint of its length minus 2. A 64-node allocation in two runs
/// takes 7 bytes instead of 256; a scattered list about 2 bytes per node on machines of up
/// to 4,096 nodes. An empty list is an empty blob. Versions 2 to 4 stored 4 bytes per id,
/// little-endian (see the legacy functions, used by the migrations only).
std::string encodeNodeList(const std::vector<int>& nodes);
/// The same into `blob`, reusing its buffer.
void encodeNodeList(const std::vector<int>& nodes, std::string& blob);
/// Throws std::invalid_argument for a damaged blob (an unknown format byte, a truncated
/// varint, an id outside int, more than maxNodeListSize ids).
std::vector<int> decodeNodeList(const void* data, int bytes);
/// A job's node list as it is kept in memory (core/NodeList.h): the blob's runs, copied.
NodeList decodeNodeRuns(const void* data, int bytes);
std::string encodeNodeList(const NodeList& nodes);
void encodeNodeList(const NodeList& nodes, std::string& blob);

/// The most ids one list may hold (2^28 - 1, a gibibyte as ints): a bound that keeps a damaged blob from
/// asking for gigabytes when it is decoded. encodeNodeList throws std::length_error past it.
constexpr std::size_t maxNodeListSize = NodeList::maxSize;

/// Schema versions 2 to 4: 4 bytes per id, little-endian, no header.
std::string encodeLegacyNodeList(const std::vector<int>& nodes);
/// Throws std::invalid_argument when the size is not a multiple of 4.
std::vector<int> decodeLegacyNodeList(const void* data, int bytes);

} // namespace placement
