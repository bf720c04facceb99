// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/MachineSpec.h"

#include "core/DragonflyTopology.h"
#include "core/FatTreeTopology.h"
#include "core/KaryNTreeTopology.h"
#include "core/Presets.h"
#include "core/SwitchTreeTopology.h"
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

std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, separator))
        parts.push_back(part);
    return parts;
}

int parseInteger(const std::string& key, const std::string& text)
{
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        throw std::invalid_argument("machine spec: '" + key + "' needs integers, got '" + text + "'");
    return value;
}

std::vector<int> parseIntegerList(const std::string& key, const std::string& text)
{
    std::vector<int> values;
    for (const std::string& part : split(text, ','))
        values.push_back(parseInteger(key, part));
    if (values.empty())
        throw std::invalid_argument("machine spec: '" + key + "' is empty");
    return values;
}

std::vector<std::vector<double>> parseBandwidths(const std::string& text, size_t dimensions)
{
    std::vector<std::vector<double>> patterns;
    for (const std::string& pattern : split(text, '/')) {
        std::vector<double> values;
        for (const std::string& part : split(pattern, ',')) {
            size_t used = 0;
            double value = 0;
            try {
                value = std::stod(part, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != part.size() || part.empty() || !(value > 0))
                throw std::invalid_argument("machine spec: 'bandwidth' needs positive numbers, got '" + part + "'");
            values.push_back(value);
        }
        patterns.push_back(values);
    }
    if (patterns.size() != dimensions)
        throw std::invalid_argument("machine spec: 'bandwidth' needs one pattern per dimension (separated by '/')");
    return patterns;
}

std::string joinNumbers(const std::vector<int>& values)
{
    std::string text;
    for (size_t i = 0; i < values.size(); ++i)
        text += (i ? "," : "") + std::to_string(values[i]);
    return text;
}

std::string formatNumber(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
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

/// "3,17-20" -> {3, 17, 18, 19, 20}: node ids below `nodes`.
std::vector<int> parseRanges(const std::string& text, int nodes)
{
    std::vector<int> values;
    for (const std::string& part : split(text, ',')) {
        const auto dash = part.find('-', 1);
        int first = -1, last = -1;
        const std::string from = part.substr(0, dash);
        const std::string to = dash == std::string::npos ? from : part.substr(dash + 1);
        const auto [fromEnd, fromError] = std::from_chars(from.data(), from.data() + from.size(), first);
        const auto [toEnd, toError] = std::from_chars(to.data(), to.data() + to.size(), last);
        if (fromError != std::errc() || fromEnd != from.data() + from.size() || toError != std::errc()
            || toEnd != to.data() + to.size() || first < 0 || last < first || last >= nodes)
            throw std::invalid_argument("'" + part + "' is not a node id below " + std::to_string(nodes)
                                        + " or a range of them");
        for (int value = first; value <= last; ++value)
            values.push_back(value);
    }
    return values;
}

/// Sorted ids as "3,17-20".
std::string formatRanges(const std::vector<int>& values)
{
    std::string text;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[j] + 1)
            ++j;
        text += (text.empty() ? "" : ",") + std::to_string(values[i]);
        if (j > i)
            text += "-" + std::to_string(values[j]);
        i = j + 1;
    }
    return text;
}

std::unique_ptr<Topology> topologyOf(const std::string& kind, Fields& fields);

} // namespace

std::unique_ptr<Topology> parseMachineSpec(const std::string& spec)
{
    std::stringstream stream(spec);
    std::string kind;
    stream >> kind;
    std::string rest;
    if (!(stream >> rest)) {
        if (const MachinePreset* preset = findMachinePreset(kind))
            return parseMachineSpec(preset->spec);
    }
    stream = std::stringstream(spec);
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
    const std::string empty = fields.take("empty", "");
    std::unique_ptr<Topology> topology = topologyOf(kind, fields);
    if (!empty.empty()) {
        try {
            topology->setEmptySlots(parseRanges(empty, topology->nodeCount()));
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument(std::string("machine spec: 'empty': ") + error.what());
        }
    }
    return topology;
}

namespace {

std::unique_ptr<Topology> topologyOf(const std::string& kind, Fields& fields)
{
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
        const std::string bandwidthText = fields.take("bandwidth", "");
        fields.requireNoneLeft();
        std::vector<std::vector<double>> bandwidths;
        if (!bandwidthText.empty())
            bandwidths = parseBandwidths(bandwidthText, extents.size());
        return std::make_unique<TorusTopology>(extents, wraps, perRouter, prefix, bandwidths);
    }
    if (kind == "fattree") {
        FatTreeTopology::Shape shape;
        shape.radix = fields.takeInt("radix", shape.radix);
        shape.pods = fields.takeInt("pods", shape.pods);
        shape.leavesPerPod = fields.takeInt("leaves-per-pod", shape.radix / 2);
        shape.nodesPerLeaf = fields.takeInt("nodes-per-leaf", shape.radix / 2);
        shape.uplinksPerLeaf = fields.takeInt("uplinks-per-leaf", shape.radix - shape.nodesPerLeaf);
        shape.uplinksPerL2 = fields.takeInt("uplinks-per-l2", 0);
        shape.spinesPerGroup = fields.takeInt("spines-per-group", 0);
        const std::string prefix = fields.take("prefix", "n");
        fields.requireNoneLeft();
        return std::make_unique<FatTreeTopology>(shape, prefix);
    }
    if (kind == "kary") {
        const int k = fields.takeInt("k", 4);
        const int n = fields.takeInt("n", 3);
        const std::string prefix = fields.take("prefix", "n");
        fields.requireNoneLeft();
        return std::make_unique<KaryNTreeTopology>(k, n, prefix);
    }
    if (kind == "switchtree") {
        const std::vector<int> parents = parseIntegerList("parents", fields.take("parents", ""));
        const std::vector<int> nodes = parseIntegerList("nodes", fields.take("nodes", ""));
        const std::string prefix = fields.take("prefix", "n");
        SlurmBlockLayout blocks;
        blocks.baseSize = fields.takeInt("block-base", 0);
        const std::string levelText = fields.take("block-levels", "");
        for (const int level : levelText.empty() ? std::vector<int>{} : parseIntegerList("block-levels", levelText)) {
            if (level < 0 || level > 15)
                throw std::invalid_argument("machine spec: block levels are 0 to 15, got " + std::to_string(level));
            blocks.levels |= 1u << level;
        }
        if (blocks.any() != (blocks.baseSize > 0))
            throw std::invalid_argument("machine spec: a block machine needs both block-base and block-levels");
        fields.requireNoneLeft();
        auto tree = std::make_unique<SwitchTreeTopology>(parents, nodes, prefix);
        tree->setBlockLayout(blocks);
        return tree;
    }
    if (kind == "dragonfly") {
        DragonflyTopology::Shape shape;
        shape.groups = fields.takeInt("groups", shape.groups);
        shape.rows = fields.takeInt("rows", shape.rows);
        shape.columns = fields.takeInt("columns", shape.columns);
        shape.nodesPerRouter = fields.takeInt("nodes-per-router", shape.nodesPerRouter);
        shape.globalPerPair = fields.takeInt("global-per-pair", shape.globalPerPair);
        const std::string arrangement = fields.take("arrangement", "relative");
        if (arrangement == "absolute")
            shape.arrangement = DragonflyTopology::Arrangement::Absolute;
        else if (arrangement == "relative")
            shape.arrangement = DragonflyTopology::Arrangement::Relative;
        else if (arrangement == "circulant")
            shape.arrangement = DragonflyTopology::Arrangement::Circulant;
        else
            throw std::invalid_argument("machine spec: 'arrangement' is absolute, relative or circulant, got '"
                                        + arrangement + "'");
        shape.nodes = fields.takeInt("nodes", 0);
        const std::string bandwidthText = fields.take("bandwidth", "");
        if (!bandwidthText.empty()) {
            const std::vector<std::vector<double>> classes = parseBandwidths(bandwidthText, 1);
            if (classes[0].size() != 3)
                throw std::invalid_argument(
                    "machine spec: a dragonfly's 'bandwidth' is row,column,global (three numbers), got '"
                    + bandwidthText + "'");
            shape.rowBandwidth = classes[0][0];
            shape.columnBandwidth = classes[0][1];
            shape.globalBandwidth = classes[0][2];
        }
        const std::string naming = fields.take("naming", "plain");
        if (naming != "plain" && naming != "cray")
            throw std::invalid_argument("machine spec: 'naming' is plain or cray, got '" + naming + "'");
        shape.naming = naming == "cray" ? DragonflyTopology::Naming::Cray : DragonflyTopology::Naming::Plain;
        shape.prefix = fields.take("prefix", shape.prefix);
        shape.digits = fields.takeInt("digits", 0);
        const std::string first = fields.take("first", "0");
        shape.first = parseInteger("first", first);
        if (shape.first < 0)
            throw std::invalid_argument("machine spec: 'first' needs a number of 0 or more, got '" + first + "'");
        shape.cabinetColumns = fields.takeInt("cabinet-columns", 0);
        fields.requireNoneLeft();
        return std::make_unique<DragonflyTopology>(shape);
    }
    throw std::invalid_argument("machine spec: unknown machine kind or preset '" + kind
                                + "' (expected torus, fattree, kary, switchtree, dragonfly or a preset name)");
}

} // namespace

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
        bool uniform = true;
        for (const auto& pattern : torus->bandwidths())
            uniform = uniform && pattern.size() == 1 && pattern[0] == 1.0;
        if (!uniform) {
            out << " bandwidth=";
            for (size_t dim = 0; dim < torus->bandwidths().size(); ++dim) {
                const auto& pattern = torus->bandwidths()[dim];
                for (size_t i = 0; i < pattern.size(); ++i)
                    out << (dim && !i ? "/" : "") << (i ? "," : "") << formatNumber(pattern[i]);
            }
        }
    } else if (const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology)) {
        const auto& shape = tree->shape();
        out << "fattree radix=" << shape.radix << " pods=" << shape.pods << " leaves-per-pod=" << shape.leavesPerPod
            << " nodes-per-leaf=" << shape.nodesPerLeaf << " uplinks-per-leaf=" << shape.uplinksPerLeaf
            << " uplinks-per-l2=" << shape.uplinksPerL2 << " spines-per-group=" << shape.spinesPerGroup
            << " prefix=" << tree->namePrefix();
    } else if (const auto* kary = dynamic_cast<const KaryNTreeTopology*>(&topology)) {
        out << "kary k=" << kary->arity() << " n=" << kary->height() << " prefix=" << kary->namePrefix();
    } else if (const auto* switchTree = dynamic_cast<const SwitchTreeTopology*>(&topology)) {
        out << "switchtree parents=" << joinNumbers(switchTree->hierarchy()->parent)
            << " nodes=" << joinNumbers(switchTree->nodesPerSwitch()) << " prefix=" << switchTree->namePrefix();
        if (const SlurmBlockLayout& blocks = switchTree->blockLayout(); blocks.any()) {
            std::vector<int> levels;
            for (int level = 0; level < 16; ++level)
                if (blocks.levels & (1u << level))
                    levels.push_back(level);
            out << " block-base=" << blocks.baseSize << " block-levels=" << joinNumbers(levels);
        }
    } else if (const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology)) {
        const auto& shape = dragonfly->shape();
        out << "dragonfly groups=" << shape.groups << " rows=" << shape.rows << " columns=" << shape.columns
            << " nodes-per-router=" << shape.nodesPerRouter << " global-per-pair=" << shape.globalPerPair
            << " arrangement=" << DragonflyTopology::arrangementName(shape.arrangement)
            << " nodes=" << dragonfly->nodeCount() << " bandwidth=" << formatNumber(shape.rowBandwidth) << ","
            << formatNumber(shape.columnBandwidth) << "," << formatNumber(shape.globalBandwidth);
        if (shape.naming == DragonflyTopology::Naming::Cray) {
            out << " naming=cray";
            if (shape.cabinetColumns > 0)
                out << " cabinet-columns=" << shape.cabinetColumns;
        } else {
            out << " prefix=" << shape.prefix;
            if (shape.digits > 0)
                out << " digits=" << shape.digits;
            if (shape.first > 0)
                out << " first=" << shape.first;
        }
    } else {
        throw std::invalid_argument("machineSpecOf: unsupported topology");
    }
    if (!topology.emptySlots().empty())
        out << " empty=" << formatRanges(topology.emptySlots());
    return out.str();
}

} // namespace placement
