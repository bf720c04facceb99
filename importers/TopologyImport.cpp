// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/TopologyImport.h"

#include "core/MachineSpec.h"
#include "importers/CrayCoordinates.h"
#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/SlurmTopologyYaml.h"
#include "importers/TextFields.h"

#include <algorithm>

namespace placement {
namespace {

enum class LineKind { SlurmKeys, CoordinateHeader, Coordinates, Cray, Other };

LineKind classify(std::string_view text)
{
    for (std::string_view word : splitWhitespace(text)) {
        const std::string_view key = word.substr(0, word.find('='));
        if (key.size() < word.size())
            for (const char* slurmKey : {"SwitchName", "BlockName", "BlockSizes", "RingName"})
                if (equalsIgnoringCase(key, slurmKey))
                    return LineKind::SlurmKeys;
    }
    std::vector<std::string_view> fields = splitAll(text, ",");
    const auto isNumber = [](std::string_view field) { return parseInteger(trimmed(field)).has_value(); };
    if (fields.size() >= 2 && fields.size() <= 5 && !trimmed(fields[0]).empty()
        && std::all_of(fields.begin() + 1, fields.end(), isNumber))
        return LineKind::Coordinates;
    const std::vector<std::string_view> words
        = text.find(',') != std::string_view::npos ? fields : splitWhitespace(text);
    if (std::any_of(words.begin(), words.end(),
                    [](std::string_view word) { return parseCrayCname(trimmed(word)).has_value(); }))
        return LineKind::Cray;
    if (fields.size() < 2 || fields.size() > 5 || trimmed(fields[0]).empty())
        return LineKind::Other;
    if (std::none_of(fields.begin() + 1, fields.end(), isNumber))
        return LineKind::CoordinateHeader;
    return LineKind::Other;
}

} // namespace

const char* machineFileFormatName(MachineFileFormat format)
{
    switch (format) {
    case MachineFileFormat::SlurmTopologyConf: return "topology.conf";
    case MachineFileFormat::SlurmTopologyYaml: return "topology.yaml";
    case MachineFileFormat::TorusCoordinates: return "torus coordinates";
    case MachineFileFormat::CrayCoordinates: return "Cray coordinates";
    case MachineFileFormat::Unknown: break;
    }
    return "unknown";
}

MachineFileFormat detectMachineFileFormat(const std::string& path)
{
    LineReader reader(path, std::size_t{1024} * 1024); // a sniffer needs only the start of a line
    LineReader::Line line;
    bool header = false;
    while (reader.next(line)) {
        const std::string_view text = trimmed(line.text.substr(0, line.text.find('#')));
        if (text.empty())
            continue;
        // topology.yaml: a YAML document of a list of topologies, each naming itself first.
        if (!header && (text == "---" || text.rfind("- topology:", 0) == 0))
            return MachineFileFormat::SlurmTopologyYaml;
        const LineKind kind = classify(text);
        if (kind == LineKind::SlurmKeys && !header)
            return MachineFileFormat::SlurmTopologyConf;
        if (kind == LineKind::Coordinates)
            return MachineFileFormat::TorusCoordinates;
        if (kind == LineKind::Cray)
            return MachineFileFormat::CrayCoordinates;
        if (header || kind == LineKind::SlurmKeys)
            return MachineFileFormat::Unknown;
        header = true; // a header line (`name,x,y,z`, xtprocadmin's titles): the next line decides
    }
    return MachineFileFormat::Unknown;
}

bool looksLikeSlurmTopologyConf(const std::string& path)
{
    return detectMachineFileFormat(path) == MachineFileFormat::SlurmTopologyConf;
}

ImportedMachine readMachineFile(const std::string& path)
{
    switch (detectMachineFileFormat(path)) {
    case MachineFileFormat::SlurmTopologyConf: return readSlurmTopologyConf(path);
    case MachineFileFormat::SlurmTopologyYaml: return readSlurmTopologyYaml(path);
    case MachineFileFormat::TorusCoordinates: return readTorusCoordinates(path);
    case MachineFileFormat::CrayCoordinates: return readCrayCoordinates(path);
    case MachineFileFormat::Unknown: break;
    }
    throw ImportError(path, 0,
                      "unknown machine file format (expected a Slurm topology.conf or topology.yaml, name,x,y,z "
                      "torus coordinates, or a name,cname table of a Cray XC machine)");
}

ImportedMachine machineFromPreset(const std::string& presetOrSpec)
{
    ImportedMachine machine;
    machine.topology = parseMachineSpec(presetOrSpec);
    machine.name = presetOrSpec.substr(0, presetOrSpec.find(' '));
    const int nodes = machine.topology->nodeCount();
    machine.nodeNames.reserve(static_cast<std::size_t>(nodes));
    for (int node = 0; node < nodes; ++node)
        machine.nodeNames.push_back(machine.topology->nodeName(node));
    return machine;
}

} // namespace placement
