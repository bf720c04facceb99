// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmTopologyYaml.h"

#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/SlurmBlockConf.h"
#include "importers/SlurmTopologyConf.h"
#include "importers/TextFields.h"

#include <algorithm>
#include <memory>
#include <set>
#include <vector>
#include <yaml.h>

namespace placement {
namespace {

/// The parsed document, freed with the reader.
class YamlDocument
{
public:
    YamlDocument(const std::string& text, const std::string& path)
    {
        yaml_parser_initialize(&m_parser);
        yaml_parser_set_input_string(&m_parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
        if (!yaml_parser_load(&m_parser, &m_document)) {
            const std::string problem = m_parser.problem ? m_parser.problem : "not YAML";
            const std::size_t line = m_parser.problem_mark.line + 1;
            yaml_parser_delete(&m_parser);
            throw ImportError(path, line, "YAML: " + problem);
        }
    }
    ~YamlDocument()
    {
        yaml_document_delete(&m_document);
        yaml_parser_delete(&m_parser);
    }
    YamlDocument(const YamlDocument&) = delete;
    YamlDocument& operator=(const YamlDocument&) = delete;

    yaml_node_t* root() { return yaml_document_get_root_node(&m_document); }
    yaml_node_t* node(int index) { return yaml_document_get_node(&m_document, index); }

private:
    yaml_parser_t m_parser{};
    yaml_document_t m_document{};
};

std::size_t lineOf(const yaml_node_t* node)
{
    return node->start_mark.line + 1;
}

std::string scalar(const yaml_node_t* node)
{
    return std::string(reinterpret_cast<const char*>(node->data.scalar.value), node->data.scalar.length);
}

class Reader
{
public:
    Reader(YamlDocument& document, std::string path)
        : m_document(document)
        , m_path(std::move(path))
    {}

    ImportError error(const yaml_node_t* at, const std::string& why) const
    {
        return ImportError(m_path, lineOf(at), why);
    }

    std::vector<yaml_node_t*> items(yaml_node_t* sequence, const std::string& what) const
    {
        if (sequence->type != YAML_SEQUENCE_NODE)
            throw error(sequence, what + " is not a list");
        std::vector<yaml_node_t*> nodes;
        for (yaml_node_item_t* item = sequence->data.sequence.items.start; item < sequence->data.sequence.items.top;
             ++item)
            nodes.push_back(m_document.node(*item));
        return nodes;
    }

    struct Field
    {
        std::string name;
        yaml_node_t* key;
        yaml_node_t* value;
    };

    /// The mapping's pairs in order; keys must be scalars from `known`, each at most once.
    std::vector<Field> pairs(yaml_node_t* mapping, const std::string& what,
                             std::initializer_list<const char*> known) const
    {
        if (mapping->type != YAML_MAPPING_NODE)
            throw error(mapping, what + " is not a mapping of keys to values");
        std::vector<Field> result;
        std::set<std::string> seen;
        for (yaml_node_pair_t* pair = mapping->data.mapping.pairs.start; pair < mapping->data.mapping.pairs.top;
             ++pair) {
            yaml_node_t* key = m_document.node(pair->key);
            if (key->type != YAML_SCALAR_NODE)
                throw error(key, "a key of " + what + " is not a name");
            const std::string name = scalar(key);
            bool isKnown = false;
            for (const char* candidate : known)
                isKnown = isKnown || name == candidate;
            if (!isKnown) {
                std::string list;
                for (const char* candidate : known)
                    list += (list.empty() ? "" : ", ") + std::string(candidate);
                throw error(key, "unknown key '" + name + "' in " + what + " (expected " + list + ")");
            }
            if (!seen.insert(name).second)
                throw error(key, "'" + name + "' given twice in " + what);
            result.push_back({name, key, m_document.node(pair->value)});
        }
        return result;
    }

    std::string text(yaml_node_t* node, const std::string& what) const
    {
        if (node->type != YAML_SCALAR_NODE)
            throw error(node, what + " is not a single value");
        return scalar(node);
    }

    bool boolean(yaml_node_t* node, const std::string& what) const
    {
        const std::string value = text(node, what);
        for (const char* yes : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"})
            if (value == yes)
                return true;
        for (const char* no : {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"})
            if (value == no)
                return false;
        throw error(node, what + " is true or false, not '" + value + "'");
    }

    /// Moves the entry's name to the front, where a topology.conf line has it.
    void nameFirst(std::vector<std::pair<std::string, std::string>>& values, const char* key, yaml_node_t* entry,
                   const std::string& missing) const
    {
        const auto name
            = std::find_if(values.begin(), values.end(), [&](const auto& value) { return value.first == key; });
        if (name == values.end())
            throw error(entry, missing);
        std::rotate(values.begin(), name, name + 1);
    }

    /// A topology.conf line made of the entry's values, numbered by the entry's line.
    static SlurmConfLine confLine(std::size_t line, const std::vector<std::pair<std::string, std::string>>& values)
    {
        SlurmConfLine conf;
        conf.number = line;
        for (const auto& [key, value] : values)
            conf.text += (conf.text.empty() ? "" : " ") + key + "=\"" + value + "\"";
        return conf;
    }

    std::vector<SlurmConfLine> treeLines(yaml_node_t* tree) const
    {
        std::vector<SlurmConfLine> lines;
        for (const Field& field : pairs(tree, "tree:", {"switches"}))
            for (yaml_node_t* entry : items(field.value, "switches:")) {
                std::vector<std::pair<std::string, std::string>> values;
                for (const Field& item : pairs(entry, "a switch", {"switch", "children", "nodes"})) {
                    const char* conf = item.name == "switch" ? "SwitchName"
                        : item.name == "children"            ? "Switches"
                                                             : "Nodes";
                    values.emplace_back(conf, text(item.value, item.name + ":"));
                }
                nameFirst(values, "SwitchName", entry, "a switch needs 'switch:' (its name)");
                lines.push_back(confLine(lineOf(entry), values));
            }
        return lines;
    }

    std::vector<SlurmConfLine> blockLines(yaml_node_t* block) const
    {
        std::vector<SlurmConfLine> lines;
        for (const Field& field : pairs(block, "block:", {"block_sizes", "blocks"})) {
            yaml_node_t* value = field.value;
            if (field.name == "block_sizes") {
                std::string sizes;
                if (value->type == YAML_SCALAR_NODE)
                    sizes = scalar(value);
                else
                    for (yaml_node_t* size : items(value, "block_sizes:"))
                        sizes += (sizes.empty() ? "" : ",") + text(size, "a block size");
                lines.push_back(confLine(lineOf(field.key), {{"BlockSizes", sizes}}));
                continue;
            }
            for (yaml_node_t* entry : items(value, "blocks:")) {
                std::vector<std::pair<std::string, std::string>> values;
                for (const Field& item : pairs(entry, "a block", {"block", "nodes"}))
                    values.emplace_back(item.name == "block" ? "BlockName" : "Nodes",
                                        text(item.value, item.name + ":"));
                nameFirst(values, "BlockName", entry, "a block needs 'block:' (its name)");
                lines.push_back(confLine(lineOf(entry), values));
            }
        }
        // BlockSizes= first, so that a block reader sees a file of block lines.
        std::stable_partition(lines.begin(), lines.end(),
                              [](const SlurmConfLine& line) { return line.text.rfind("BlockSizes=", 0) == 0; });
        return lines;
    }

private:
    YamlDocument& m_document;
    std::string m_path;
};

struct TopologyEntry
{
    std::string name;
    yaml_node_t* at = nullptr;
    bool clusterDefault = false;
    std::string kind; ///< tree, block or flat
    yaml_node_t* body = nullptr;
};

} // namespace

ImportedMachine readSlurmTopologyYaml(const std::string& path)
{
    std::string text;
    {
        LineReader reader(path);
        LineReader::Line line;
        while (reader.next(line)) {
            text.append(line.text);
            text.push_back('\n');
        }
    }
    YamlDocument document(text, path);
    yaml_node_t* root = document.root();
    if (!root)
        throw ImportError(path, 0, "an empty topology.yaml: no topology");
    Reader reader(document, path);
    std::vector<TopologyEntry> topologies;
    std::set<std::string> names;
    for (yaml_node_t* entry : reader.items(root, "topology.yaml")) {
        TopologyEntry topology;
        topology.at = entry;
        const auto fields = reader.pairs(entry, "a topology", {"topology", "cluster_default", "tree", "block", "flat"});
        if (fields.empty() || fields.front().name != "topology")
            throw reader.error(entry, "a topology needs 'topology:' (its name) first");
        for (const auto& field : fields) {
            if (field.name == "topology") {
                topology.name = reader.text(field.value, "topology:");
            } else if (field.name == "cluster_default") {
                topology.clusterDefault = reader.boolean(field.value, "cluster_default:");
            } else {
                if (!topology.kind.empty())
                    throw reader.error(field.key,
                                       "topology '" + topology.name + "' has both " + topology.kind + ": and "
                                           + field.name + ": (exactly one of tree, block and flat)");
                topology.kind = field.name;
                topology.body = field.value;
            }
        }
        if (topology.name.empty())
            throw reader.error(entry, "a topology with an empty name");
        if (!names.insert(topology.name).second)
            throw reader.error(entry, "topology '" + topology.name + "' defined twice");
        if (topology.kind.empty())
            throw reader.error(entry, "topology '" + topology.name + "' has none of tree:, block: and flat:");
        if (topology.kind == "flat" && !reader.boolean(topology.body, "flat:"))
            throw reader.error(topology.body, "topology '" + topology.name + "' has flat: false and no tree or block");
        topologies.push_back(topology);
    }
    if (topologies.empty())
        throw ImportError(path, 0, "no topology in the list");
    // topology_g_init(): cluster_default first (a stable order otherwise), the first is the default.
    const TopologyEntry* chosen = &topologies.front();
    for (const TopologyEntry& topology : topologies)
        if (topology.clusterDefault) {
            chosen = &topology;
            break;
        }
    if (chosen->kind == "flat")
        throw reader.error(chosen->at,
                           "the default topology '" + chosen->name
                               + "' is flat: no network to place jobs on (make a tree or block "
                                 "topology cluster_default: true)");
    ImportedMachine machine = chosen->kind == "tree" ? readSlurmTreeConf(reader.treeLines(chosen->body), path)
                                                     : readSlurmBlockConf(reader.blockLines(chosen->body), path);
    std::string others;
    for (const TopologyEntry& topology : topologies)
        if (&topology != chosen)
            others += (others.empty() ? "" : ", ") + topology.name + " (" + topology.kind + ")";
    machine.notes.insert(
        machine.notes.begin(),
        "read topology '" + chosen->name + "' (" + chosen->kind + "), the default"
            + (chosen->clusterDefault ? " (cluster_default: true)" : " (the first; none is cluster_default)")
            + (others.empty() ? std::string() : "; not read: " + others));
    return machine;
}

} // namespace placement
