// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/CrayCoordinates.h"

#include "core/DragonflyTopology.h"
#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/TextFields.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <map>
#include <unordered_map>

namespace placement {
namespace {

constexpr int ChassisPerCabinet = 3;
constexpr int Rows = 2 * ChassisPerCabinet; // chassis of a group
constexpr int Columns = 16; // slots of a chassis
constexpr int NodesPerRouter = 4;

/// Reads a number from the front of `text`, moving past it.
std::optional<int> takeNumber(std::string_view& text)
{
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end == text.data() || value < 0)
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return value;
}

bool takeChar(std::string_view& text, char c)
{
    if (text.empty() || text.front() != c)
        return false;
    text.remove_prefix(1);
    return true;
}

std::vector<std::string_view> fieldsOf(std::string_view text)
{
    std::vector<std::string_view> fields;
    if (text.find(',') != std::string_view::npos) {
        for (std::string_view field : splitAll(text, ","))
            fields.push_back(trimmed(field));
        return fields;
    }
    return splitWhitespace(text);
}

struct Row
{
    std::string name;
    CrayCname at;
    bool compute = true;
    std::size_t line = 0;
};

} // namespace

std::optional<CrayCname> parseCrayCname(std::string_view text)
{
    CrayCname c;
    std::optional<int> column, row, chassis, slot, node;
    if (!takeChar(text, 'c') || !(column = takeNumber(text)) || !takeChar(text, '-') || !(row = takeNumber(text))
        || !takeChar(text, 'c') || !(chassis = takeNumber(text)) || !takeChar(text, 's') || !(slot = takeNumber(text))
        || !takeChar(text, 'n') || !(node = takeNumber(text)) || !text.empty())
        return std::nullopt;
    if (*chassis >= ChassisPerCabinet || *slot >= Columns || *node >= NodesPerRouter || *column > 999 || *row > 999)
        return std::nullopt;
    c.column = *column;
    c.row = *row;
    c.chassis = *chassis;
    c.slot = *slot;
    c.node = *node;
    return c;
}

ImportedMachine readCrayCoordinates(const std::string& path)
{
    LineReader reader(path);
    LineReader::Line line;
    std::vector<Row> rows;
    std::map<std::string, std::pair<std::string, std::size_t>> settings; // key -> value, line
    int nameColumn = -1, cnameColumn = -1, nidColumn = -1, typeColumn = -1;
    std::size_t fieldCount = 0;
    bool started = false;
    while (reader.next(line)) {
        const std::string_view raw = line.text;
        const std::size_t hash = raw.find('#');
        if (hash != std::string_view::npos)
            for (std::string_view word : splitWhitespace(raw.substr(hash + 1))) {
                const std::size_t equals = word.find('=');
                if (equals == std::string_view::npos)
                    continue;
                const std::string key(word.substr(0, equals));
                if (key != "global-per-pair" && key != "arrangement" && key != "cabinet-columns")
                    continue;
                if (settings.count(key))
                    throw ImportError(path, line.number,
                                      key + "= given twice (first on line " + std::to_string(settings[key].second)
                                          + ")");
                settings[key] = {std::string(word.substr(equals + 1)), line.number};
            }
        const std::string_view text = trimmed(raw.substr(0, hash));
        if (text.empty())
            continue;
        const std::vector<std::string_view> fields = fieldsOf(text);
        int cnameAt = -1;
        for (std::size_t i = 0; i < fields.size(); ++i)
            if (parseCrayCname(fields[i]))
                cnameAt = static_cast<int>(i);
        if (!started) {
            started = true;
            fieldCount = fields.size();
            if (cnameAt < 0) {
                // A header: its titles stand over the fields of the lines below (xtprocadmin's
                // "(HEX)" is one title, over the column of NIDs in hexadecimal).
                for (std::size_t i = 0; i < fields.size(); ++i) {
                    const std::string_view title = fields[i];
                    if (equalsIgnoringCase(title, "NID"))
                        nidColumn = static_cast<int>(i);
                    else if (equalsIgnoringCase(title, "NODENAME") || equalsIgnoringCase(title, "cname"))
                        cnameColumn = static_cast<int>(i);
                    else if (equalsIgnoringCase(title, "TYPE"))
                        typeColumn = static_cast<int>(i);
                    else if (equalsIgnoringCase(title, "name"))
                        nameColumn = static_cast<int>(i);
                }
                if (cnameColumn < 0)
                    throw ImportError(path, line.number,
                                      "no cname in the first line, nor a NODENAME or cname column in a header");
                fieldCount = 0; // the first node line decides
                continue;
            }
            cnameColumn = cnameAt;
            nameColumn = fields.size() > 1 && cnameAt != 0 ? 0 : -1;
        }
        if (fieldCount == 0)
            fieldCount = fields.size();
        if (fields.size() != fieldCount)
            throw ImportError(path, line.number,
                              std::to_string(fields.size()) + " fields where the table has "
                                  + std::to_string(fieldCount));
        if (static_cast<std::size_t>(cnameColumn) >= fields.size())
            throw ImportError(path, line.number, "no cname column on this line");
        const std::optional<CrayCname> at = parseCrayCname(fields[static_cast<std::size_t>(cnameColumn)]);
        if (!at)
            throw ImportError(path, line.number,
                              "'" + std::string(fields[static_cast<std::size_t>(cnameColumn)])
                                  + "' is no Cray XC cname (c<column>-<row>c<chassis 0-2>s<slot 0-15>n<node 0-3>)");
        Row row{std::string(fields[static_cast<std::size_t>(cnameColumn)]), *at, true, line.number};
        if (nidColumn >= 0 && static_cast<std::size_t>(nidColumn) < fields.size()) {
            const std::optional<std::int64_t> nid = parseInteger(fields[static_cast<std::size_t>(nidColumn)]);
            if (!nid || *nid < 0 || *nid > 9'999'999)
                throw ImportError(path, line.number,
                                  "NID '" + std::string(fields[static_cast<std::size_t>(nidColumn)])
                                      + "' is no node number");
            char name[16];
            std::snprintf(name, sizeof name, "nid%05lld", static_cast<long long>(*nid));
            row.name = name;
        } else if (nameColumn >= 0 && static_cast<std::size_t>(nameColumn) < fields.size()) {
            row.name = std::string(fields[static_cast<std::size_t>(nameColumn)]);
        }
        if (typeColumn >= 0 && static_cast<std::size_t>(typeColumn) < fields.size())
            row.compute = equalsIgnoringCase(fields[static_cast<std::size_t>(typeColumn)], "compute");
        rows.push_back(std::move(row));
    }

    ImportedMachine machine;
    DragonflyTopology::Shape shape;
    shape.rows = Rows;
    shape.columns = Columns;
    shape.nodesPerRouter = NodesPerRouter;
    shape.rowBandwidth = 5.25; // as the theta preset (docs/metrics.md)
    shape.columnBandwidth = 15.75;
    shape.globalBandwidth = 4.7;
    shape.naming = DragonflyTopology::Naming::Cray;
    const auto setting = [&](const std::string& key) -> const std::pair<std::string, std::size_t>* {
        const auto found = settings.find(key);
        return found == settings.end() ? nullptr : &found->second;
    };
    int largestColumn = 0;
    for (const Row& row : rows)
        largestColumn = std::max(largestColumn, row.at.column);
    shape.cabinetColumns = largestColumn + 1;
    if (const auto* columns = setting("cabinet-columns")) {
        const std::optional<std::int64_t> value = parseInteger(columns->first);
        if (!value || *value < 1 || *value <= largestColumn || *value > 1000)
            throw ImportError(path, columns->second,
                              "cabinet-columns=" + columns->first
                                  + " must be a number above the largest cabinet column ("
                                  + std::to_string(largestColumn) + ")");
        shape.cabinetColumns = static_cast<int>(*value);
    }
    // Slots: router = group * 96 + (chassis of the group) * 16 + slot; node = router * 4 + n.
    std::vector<const Row*> bySlot;
    std::unordered_map<std::string, std::size_t> lineOfName;
    for (const Row& row : rows) {
        const int cabinet = row.at.row * shape.cabinetColumns + row.at.column;
        const int router
            = cabinet / 2 * Rows * Columns + (cabinet % 2 * ChassisPerCabinet + row.at.chassis) * Columns + row.at.slot;
        const auto slot = static_cast<std::size_t>(router) * NodesPerRouter + static_cast<std::size_t>(row.at.node);
        if (slot >= bySlot.size())
            bySlot.resize(slot + 1, nullptr);
        if (bySlot[slot])
            throw ImportError(path, row.line,
                              row.name + ": node " + std::string(bySlot[slot]->name) + " of line "
                                  + std::to_string(bySlot[slot]->line) + " has the same place (cname)");
        bySlot[slot] = &row;
        if (!row.compute)
            continue;
        const auto [earlier, added] = lineOfName.emplace(row.name, row.line);
        if (!added)
            throw ImportError(path, row.line,
                              "node name " + row.name + " listed twice (first on line "
                                  + std::to_string(earlier->second) + ")");
    }
    if (lineOfName.empty())
        throw ImportError(path, 0, "no compute node in the table");
    shape.nodes = static_cast<int>(bySlot.size());
    shape.groups
        = static_cast<int>((bySlot.size() + Rows * Columns * NodesPerRouter - 1) / (Rows * Columns * NodesPerRouter));
    const int otherGroups = std::max(1, shape.groups - 1);
    shape.globalPerPair = std::max(1, std::min(8, 960 / otherGroups));
    if (const auto* count = setting("global-per-pair")) {
        const std::optional<std::int64_t> value = parseInteger(count->first);
        if (!value || *value < 1 || *value > 960)
            throw ImportError(path, count->second, "global-per-pair=" + count->first + " must be 1 to 960");
        shape.globalPerPair = static_cast<int>(*value);
    } else if (shape.groups > 1) {
        machine.notes.push_back(std::to_string(shape.globalPerPair)
                                + " global links per pair of groups assumed (say '# global-per-pair=N' in the table)");
    }
    shape.arrangement = DragonflyTopology::Arrangement::Relative;
    if (const auto* arrangement = setting("arrangement")) {
        if (arrangement->first == "absolute")
            shape.arrangement = DragonflyTopology::Arrangement::Absolute;
        else if (arrangement->first == "circulant")
            shape.arrangement = DragonflyTopology::Arrangement::Circulant;
        else if (arrangement->first != "relative")
            throw ImportError(path, arrangement->second,
                              "arrangement=" + arrangement->first + " is none of absolute, relative, circulant");
    } else if (shape.groups > 1) {
        machine.notes.push_back("the relative arrangement of global links assumed (say '# arrangement=...')");
    }
    machine.topology = std::make_unique<DragonflyTopology>(shape);
    std::vector<int> empty;
    machine.nodeNames.reserve(bySlot.size());
    for (std::size_t slot = 0; slot < bySlot.size(); ++slot) {
        const Row* row = bySlot[slot];
        if (row && row->compute) {
            machine.nodeNames.push_back(row->name);
            continue;
        }
        machine.nodeNames.push_back("(no node " + machine.topology->nodeName(static_cast<int>(slot)) + ")");
        empty.push_back(static_cast<int>(slot));
    }
    if (!empty.empty())
        machine.notes.push_back(std::to_string(empty.size())
                                + " node slots before the last node have no compute node in the table (service nodes, "
                                  "empty slots): named '(no node <cname>)', never used by a job, not counted as "
                                  "nodes of the machine");
    machine.topology->setEmptySlots(std::move(empty));
    machine.name = std::filesystem::path(path).stem().string();
    return machine;
}

} // namespace placement
