// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/TorusCoordinates.h"

#include "core/TorusTopology.h"
#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/TextFields.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <unordered_map>

namespace placement {
namespace {

constexpr int maxDimensions = 4;
using Coordinates = std::array<int, maxDimensions>; // unused dimensions 0

const char* dimensionName(std::size_t dim)
{
    static const char* const names[maxDimensions] = {"x", "y", "z", "w"};
    return names[dim];
}

struct NodeLine
{
    std::string name;
    Coordinates at{};
    std::size_t line = 0;
};

/// A `# key=value` setting with the line it came from.
template <typename T> struct Setting
{
    std::optional<T> value;
    std::size_t line = 0;
};

struct Table
{
    std::vector<NodeLine> nodes;
    std::size_t coordinateCount = 0; ///< 0 until the first header or node line
    Setting<std::vector<int>> extents;
    Setting<std::vector<bool>> wraps;
    Coordinates largest{};
    std::map<Coordinates, int> nodesAt;
    std::unordered_map<std::string, std::size_t> lineOfName;
    int slotsPerRouter = 0;
};

std::string joined(const std::vector<int>& values, const char* separator)
{
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i)
        text += (i ? separator : "") + std::to_string(values[i]);
    return text;
}

/// "1 router", "2 routers".
std::string counted(std::size_t count, const std::string& noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::size_t slotCount(const std::vector<int>& extents, int slotsPerRouter)
{
    std::size_t slots = static_cast<std::size_t>(std::max(slotsPerRouter, 1));
    for (int extent : extents) {
        slots *= static_cast<std::size_t>(extent);
        if (slots > maxTorusNodeSlots)
            return maxTorusNodeSlots + 1; // stops before an overflow
    }
    return slots;
}

std::string tooLarge()
{
    return "torus larger than " + std::to_string(maxTorusNodeSlots) + " node slots";
}

/// `# extents=4x3x2 wrap=yyn`; true if the comment is such a setting line.
bool readSettings(std::string_view comment, std::size_t line, const std::string& path, Table& table)
{
    const std::vector<std::string_view> words = splitWhitespace(comment);
    const auto isSetting = [](std::string_view word) {
        const std::string upper = toUpper(word);
        return upper.starts_with("EXTENTS=") || upper.starts_with("WRAP=");
    };
    if (words.empty() || !isSetting(words.front()))
        return false;
    for (std::string_view word : words) {
        if (!isSetting(word))
            throw ImportError(path, line, "unknown setting '" + std::string(word) + "' (extents= or wrap=)");
        const std::string_view value = word.substr(word.find('=') + 1);
        if (toUpper(word).starts_with("EXTENTS=")) {
            if (table.extents.value)
                throw ImportError(path, line, "extents= already given on line " + std::to_string(table.extents.line));
            std::vector<int> extents;
            for (std::string_view part : splitAll(value, "x")) {
                const std::optional<int> extent = parseCount(part, 1);
                if (!extent)
                    throw ImportError(path, line, "bad extents '" + std::string(value) + "' (e.g. 25x16x24)");
                extents.push_back(*extent);
            }
            if (extents.size() > maxDimensions)
                throw ImportError(path, line, "more than 4 extents");
            if (slotCount(extents, 1) > maxTorusNodeSlots)
                throw ImportError(path, line, tooLarge());
            table.extents = {std::move(extents), line};
        } else {
            if (table.wraps.value)
                throw ImportError(path, line, "wrap= already given on line " + std::to_string(table.wraps.line));
            std::vector<bool> wraps;
            for (char letter : value) {
                if (letter != 'y' && letter != 'n' && letter != 'Y' && letter != 'N')
                    throw ImportError(path, line, "bad wrap '" + std::string(value) + "' (y or n per dimension)");
                wraps.push_back(letter == 'y' || letter == 'Y');
            }
            if (wraps.empty() || wraps.size() > maxDimensions)
                throw ImportError(path, line, "bad wrap '" + std::string(value) + "' (y or n per dimension)");
            table.wraps = {std::move(wraps), line};
        }
    }
    return true;
}

/// Settings must have one entry per coordinate column; reported at the setting's line as
/// soon as both are known, before any coordinate is checked against the extents.
void checkSettingDimensions(const Table& table, const std::string& path)
{
    if (table.coordinateCount == 0)
        return;
    const auto check = [&](std::size_t size, std::size_t line, const char* key) {
        if (size != table.coordinateCount)
            throw ImportError(path, line,
                              std::string(key) + "= has " + std::to_string(size) + " dimensions, the nodes "
                                  + std::to_string(table.coordinateCount) + " coordinates");
    };
    if (table.extents.value)
        check(table.extents.value->size(), table.extents.line, "extents");
    if (table.wraps.value)
        check(table.wraps.value->size(), table.wraps.line, "wrap");
}

void checkExtents(const NodeLine& node, const Table& table, const std::string& path)
{
    const std::vector<int>& extents = *table.extents.value;
    for (std::size_t dim = 0; dim < extents.size() && dim < table.coordinateCount; ++dim)
        if (node.at[dim] >= extents[dim])
            throw ImportError(path, node.line,
                              std::string(dimensionName(dim)) + " coordinate " + std::to_string(node.at[dim])
                                  + " beyond the extents " + joined(extents, "x"));
}

void readNodeLine(std::string_view text, std::size_t line, const std::string& path, Table& table)
{
    std::vector<std::string_view> fields = splitAll(text, ",");
    for (std::string_view& field : fields)
        field = trimmed(field);
    if (fields.size() < 2 || fields.size() > maxDimensions + 1)
        throw ImportError(path, line,
                          "wrong field count (" + std::to_string(fields.size())
                              + ", expected a name and 1 to 4 coordinates)");
    if (table.coordinateCount == 0) {
        table.coordinateCount = fields.size() - 1;
        // A header names the columns: no coordinate column is a number.
        if (std::none_of(fields.begin() + 1, fields.end(),
                         [](std::string_view f) { return parseInteger(f).has_value(); }))
            return;
    } else if (fields.size() != table.coordinateCount + 1) {
        throw ImportError(path, line,
                          "inconsistent column count (" + std::to_string(fields.size()) + ", expected "
                              + std::to_string(table.coordinateCount + 1) + ")");
    }
    NodeLine node;
    node.name = std::string(fields[0]);
    node.line = line;
    if (node.name.empty())
        throw ImportError(path, line, "empty node name");
    if (node.name.find_first_of(" \t") != std::string::npos)
        throw ImportError(path, line, "node name '" + node.name + "' contains blanks");
    if (const auto [at, added] = table.lineOfName.emplace(node.name, line); !added)
        throw ImportError(path, line, "node '" + node.name + "' already listed on line " + std::to_string(at->second));
    for (std::size_t dim = 0; dim < table.coordinateCount; ++dim) {
        const std::optional<std::int64_t> value = parseInteger(fields[dim + 1]);
        if (!value)
            throw ImportError(path, line, "bad number '" + std::string(fields[dim + 1]) + "'");
        if (*value < 0)
            throw ImportError(path, line, "negative coordinate " + std::to_string(*value));
        if (*value >= static_cast<std::int64_t>(maxTorusNodeSlots))
            throw ImportError(path, line, tooLarge());
        node.at[dim] = static_cast<int>(*value);
        table.largest[dim] = std::max(table.largest[dim], node.at[dim]);
    }
    checkSettingDimensions(table, path);
    if (table.extents.value)
        checkExtents(node, table, path);
    table.slotsPerRouter = std::max(table.slotsPerRouter, ++table.nodesAt[node.at]);
    std::vector<int> reach;
    for (std::size_t dim = 0; dim < table.coordinateCount; ++dim)
        reach.push_back(table.largest[dim] + 1);
    if (slotCount(reach, table.slotsPerRouter) > maxTorusNodeSlots)
        throw ImportError(path, line, tooLarge());
    table.nodes.push_back(std::move(node));
}

Table readTable(const std::string& path)
{
    Table table;
    LineReader reader(path);
    LineReader::Line line;
    while (reader.next(line)) {
        if (line.overlong)
            throw ImportError(path, line.number, "line too long");
        const std::string_view text = trimmed(line.text);
        if (text.starts_with('#')) {
            readSettings(text.substr(1), line.number, path, table);
            continue;
        }
        const std::string_view content = trimmed(text.substr(0, text.find('#')));
        if (content.empty())
            continue;
        readNodeLine(content, line.number, path, table);
    }
    if (!reader.error().empty())
        throw ImportError(path, line.number + 1, "unreadable data (" + reader.error() + ")");
    if (table.nodes.empty())
        throw ImportError(path, 0, "no node lines");
    return table;
}

/// Fills machine.nodeNames in TorusTopology's numbering, router x0 + L0 * (x1 + L1 * ...)
/// and node router * slots + slot, naming empty slots; notes how many there are. Returns
/// the node ids of the empty slots.
std::vector<int> placeNodes(Table& table, const std::vector<int>& extents, ImportedMachine& machine)
{
    const auto slots = static_cast<std::size_t>(table.slotsPerRouter);
    const std::size_t routers = slotCount(extents, 1);
    std::vector<std::size_t> filled(routers, 0);
    machine.nodeNames.resize(routers * slots);
    for (NodeLine& node : table.nodes) {
        std::size_t router = 0;
        for (std::size_t dim = extents.size(); dim-- > 0;)
            router = router * static_cast<std::size_t>(extents[dim]) + static_cast<std::size_t>(node.at[dim]);
        machine.nodeNames[router * slots + filled[router]++] = std::move(node.name);
    }
    std::size_t emptySlots = 0, unlistedRouters = 0, partlyListedRouters = 0;
    std::vector<int> empty; // node ids of the slots without a node
    std::string example;
    for (std::size_t router = 0; router < routers; ++router) {
        if (filled[router] == slots)
            continue;
        ++(filled[router] == 0 ? unlistedRouters : partlyListedRouters);
        std::string where; // the router's coordinates
        std::size_t rest = router;
        for (int extent : extents) {
            where += (where.empty() ? "" : ",") + std::to_string(rest % static_cast<std::size_t>(extent));
            rest /= static_cast<std::size_t>(extent);
        }
        for (std::size_t slot = filled[router]; slot < slots; ++slot, ++emptySlots) {
            machine.nodeNames[router * slots + slot] = "(empty " + where + " slot " + std::to_string(slot) + ")";
            empty.push_back(static_cast<int>(router * slots + slot));
        }
        if (example.empty())
            example = machine.nodeNames[router * slots + filled[router]];
    }
    if (emptySlots > 0)
        machine.notes.push_back(counted(emptySlots, "node slot") + " missing from the file (service nodes or holes) "
                                + "named like \"" + example + "\": " + counted(unlistedRouters, "router")
                                + " not listed, " + counted(partlyListedRouters, "router") + " with fewer than "
                                + counted(slots, "node") + "; no job runs there and they are not counted as nodes");
    return empty;
}

} // namespace

ImportedMachine readTorusCoordinates(const std::string& path)
{
    Table table = readTable(path);
    const std::size_t dims = table.coordinateCount;
    ImportedMachine machine;
    machine.name = std::filesystem::path(path).filename().string();
    std::vector<int> extents;
    checkSettingDimensions(table, path); // settings given after the last node line
    if (table.extents.value) {
        extents = *table.extents.value;
        for (const NodeLine& node : table.nodes) // nodes read before the setting line
            checkExtents(node, table, path);
    } else {
        for (std::size_t dim = 0; dim < dims; ++dim)
            extents.push_back(table.largest[dim] + 1);
        machine.notes.push_back("extents " + joined(extents, "x")
                                + " taken from the largest coordinates (no '# extents=' line)");
    }
    std::vector<bool> wraps(dims, true);
    if (table.wraps.value) {
        wraps = *table.wraps.value;
    } else {
        machine.notes.emplace_back("every dimension wraps (no '# wrap=' line)");
    }
    const int slots = table.slotsPerRouter;
    if (slotCount(extents, slots) > maxTorusNodeSlots)
        throw ImportError(path, table.extents.line, tooLarge());
    machine.notes.push_back(counted(static_cast<std::size_t>(slots), "node")
                            + " per router (the most nodes sharing one coordinate)");

    std::vector<int> empty = placeNodes(table, extents, machine);
    try {
        machine.topology = std::make_unique<TorusTopology>(std::move(extents), std::move(wraps), slots);
        machine.topology->setEmptySlots(std::move(empty));
    } catch (const std::invalid_argument& error) {
        throw ImportError(path, 0, error.what());
    }
    return machine;
}

} // namespace placement
