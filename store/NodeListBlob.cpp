#include "store/NodeListBlob.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace placement {

std::string encodeNodeList(const std::vector<int>& nodes)
{
    std::string blob;
    encodeNodeList(nodes, blob);
    return blob;
}

void encodeNodeList(const std::vector<int>& nodes, std::string& blob)
{
    blob.resize(nodes.size() * 4);
    if constexpr (std::endian::native == std::endian::little) {
        if (!nodes.empty())
            std::memcpy(blob.data(), nodes.data(), blob.size());
        return;
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto value = static_cast<std::uint32_t>(nodes[i]);
        for (int b = 0; b < 4; ++b)
            blob[i * 4 + static_cast<size_t>(b)] = static_cast<char>((value >> (8 * b)) & 0xFF);
    }
}

std::vector<int> decodeNodeList(const void* data, int bytes)
{
    if (bytes < 0 || bytes % 4 != 0)
        throw std::invalid_argument("a node list blob of " + std::to_string(bytes) + " bytes is damaged");
    const auto* raw = static_cast<const unsigned char*>(data);
    std::vector<int> nodes(static_cast<size_t>(bytes / 4));
    for (size_t i = 0; i < nodes.size(); ++i) {
        std::uint32_t value = 0;
        for (int b = 0; b < 4; ++b)
            value |= static_cast<std::uint32_t>(raw[i * 4 + static_cast<size_t>(b)]) << (8 * b);
        nodes[i] = static_cast<int>(value);
    }
    return nodes;
}

} // namespace placement
