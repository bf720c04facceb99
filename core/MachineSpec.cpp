#include "core/MachineSpec.h"

#include "core/FatTreeTopology.h"
#include "core/TorusTopology.h"

#include <charconv>
#include <map>
#include <sstream>
#include <stdexcept>

namespace placement {
namespace {

int parsePositive(const std::string& key, const std::string& text)
{
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 1)
        throw std::invalid_argument("machine spec: '" + key + "' needs a positive integer, got '" + text + "'");
    return value;
}

std::vector<int> parseExtents(const std::string& text)
{
    std::vector<int> extents;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, 'x'))
        extents.push_back(parsePositive("extents", part));
    if (extents.empty())
        throw std::invalid_argument("machine spec: 'extents' is empty");
    return extents;
}

class Fields
{
public:
    Fields(const std::string& kind, std::map<std::string, std::string> values)
        : m_kind(kind)
        , m_values(std::move(values))
    {}

    std::string take(const std::string& key, const std::string& fallback)
    {
        auto it = m_values.find(key);
        if (it == m_values.end())
            return fallback;
        std::string value = it->second;
        m_values.erase(it);
        return value;
    }

    int takeInt(const std::string& key, int fallback)
    {
        auto it = m_values.find(key);
        return it == m_values.end() ? fallback : parsePositive(key, take(key, {}));
    }

    void requireNoneLeft() const
    {
        if (!m_values.empty())
            throw std::invalid_argument("machine spec: unknown key '" + m_values.begin()->first + "' for a " + m_kind);
    }

private:
    std::string m_kind;
    std::map<std::string, std::string> m_values;
};

} // namespace

std::unique_ptr<Topology> parseMachineSpec(const std::string& spec)
{
    std::stringstream stream(spec);
    std::string kind;
    stream >> kind;
    std::map<std::string, std::string> values;
    std::string word;
    while (stream >> word) {
        const auto eq = word.find('=');
        if (eq == std::string::npos || eq == 0)
            throw std::invalid_argument("machine spec: expected key=value, got '" + word + "'");
        if (!values.emplace(word.substr(0, eq), word.substr(eq + 1)).second)
            throw std::invalid_argument("machine spec: key '" + word.substr(0, eq) + "' given twice");
    }
    Fields fields(kind, std::move(values));

    if (kind == "torus") {
        const std::vector<int> extents = parseExtents(fields.take("extents", ""));
        const std::string wrapText = fields.take("wrap", std::string(extents.size(), 'y'));
        if (wrapText.size() != extents.size())
            throw std::invalid_argument("machine spec: 'wrap' needs one y/n per dimension, got '" + wrapText + "'");
        std::vector<bool> wraps;
        for (char letter : wrapText) {
            if (letter != 'y' && letter != 'n')
                throw std::invalid_argument("machine spec: 'wrap' letters are y or n, got '" + wrapText + "'");
            wraps.push_back(letter == 'y');
        }
        const int perRouter = fields.takeInt("nodes-per-router", 1);
        const std::string prefix = fields.take("prefix", "nid");
        fields.requireNoneLeft();
        return std::make_unique<TorusTopology>(extents, wraps, perRouter, prefix);
    }
    if (kind == "fattree") {
        FatTreeTopology::Shape shape;
        shape.radix = fields.takeInt("radix", shape.radix);
        shape.pods = fields.takeInt("pods", shape.pods);
        shape.leavesPerPod = fields.takeInt("leaves-per-pod", shape.radix / 2);
        shape.nodesPerLeaf = fields.takeInt("nodes-per-leaf", shape.radix / 2);
        shape.uplinksPerLeaf = fields.takeInt("uplinks-per-leaf", shape.radix - shape.nodesPerLeaf);
        const std::string prefix = fields.take("prefix", "n");
        fields.requireNoneLeft();
        return std::make_unique<FatTreeTopology>(shape, prefix);
    }
    throw std::invalid_argument("machine spec: unknown machine kind '" + kind + "' (expected torus or fattree)");
}

std::string machineSpecOf(const Topology& topology)
{
    std::ostringstream out;
    if (const auto* torus = dynamic_cast<const TorusTopology*>(&topology)) {
        out << "torus extents=";
        for (int dim = 0; dim < torus->dimensions(); ++dim)
            out << (dim ? "x" : "") << torus->extents()[static_cast<size_t>(dim)];
        out << " wrap=";
        for (bool wraps : torus->wraps())
            out << (wraps ? 'y' : 'n');
        out << " nodes-per-router=" << torus->nodesPerRouter() << " prefix=" << torus->namePrefix();
    } else if (const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology)) {
        const auto& shape = tree->shape();
        out << "fattree radix=" << shape.radix << " pods=" << shape.pods << " leaves-per-pod=" << shape.leavesPerPod
            << " nodes-per-leaf=" << shape.nodesPerLeaf << " uplinks-per-leaf=" << shape.uplinksPerLeaf
            << " prefix=" << tree->namePrefix();
    } else {
        throw std::invalid_argument("machineSpecOf: unsupported topology");
    }
    return out.str();
}

} // namespace placement
