#pragma once

#include <string>
#include <vector>

namespace placement {

/// A job's node ids stored in one BLOB: 4 bytes each, little-endian, in the given order.
/// One row per job instead of one per node keeps a million-job import fast.
std::string encodeNodeList(const std::vector<int>& nodes);
/// The same into `blob`, reusing its buffer.
void encodeNodeList(const std::vector<int>& nodes, std::string& blob);
/// Throws std::invalid_argument when the size is not a multiple of 4.
std::vector<int> decodeNodeList(const void* data, int bytes);

} // namespace placement
