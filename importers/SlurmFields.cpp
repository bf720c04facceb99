// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmFields.h"

#include "importers/Hostlist.h"
#include "importers/NodeListResolver.h"
#include "importers/TextFields.h"

namespace placement {

std::optional<std::int64_t> parseSlurmDuration(std::string_view text)
{
    std::int64_t days = 0;
    const std::size_t dash = text.find('-');
    if (dash != std::string_view::npos) {
        const std::optional<std::int64_t> dayCount = parseInteger(text.substr(0, dash));
        // At most nine digits, as the other parts, so that days * 86400 fits.
        if (!dayCount || *dayCount < 0 || !isDigits(text.substr(0, dash)) || dash > 9)
            return std::nullopt;
        days = *dayCount;
        text.remove_prefix(dash + 1);
    }
    // Fractional seconds (".123") are cut, as Open XDMoD does.
    const std::size_t dot = text.find('.');
    if (dot != std::string_view::npos) {
        if (!isDigits(text.substr(dot + 1)))
            return std::nullopt;
        text = text.substr(0, dot);
    }
    const std::vector<std::string_view> parts = splitAll(text, ":");
    // With days, hours must be present: "D-H:M:S" (docs/formats/slurm-sacct.md, Timelimit "1-00:00:00").
    if (parts.size() < 2 || parts.size() > 3 || (dash != std::string_view::npos && parts.size() != 3))
        return std::nullopt;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (!isDigits(parts[i]) || parts[i].size() > 9)
            return std::nullopt;
        const std::int64_t value = *parseInteger(parts[i]);
        const bool hours = parts.size() == 3 && i == 0;
        if (!hours && value > 59)
            return std::nullopt;
        total = total * 60 + value;
    }
    return days * 86400 + total;
}

std::optional<int> parseSlurmExitCode(std::string_view text)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    const std::optional<int> status = parseCount(text.substr(0, colon));
    const std::optional<int> signal = parseCount(text.substr(colon + 1));
    if (!status || !signal || *status > 255 || *signal > 255)
        return std::nullopt;
    return *signal != 0 ? 128 + *signal : *status;
}

SlurmTime parseSlurmTime(std::string_view text, std::int64_t utcOffsetSeconds)
{
    if (text.empty() || text == "Unknown" || text == "unknown" || text == "None")
        return {true, std::nullopt};
    const std::optional<std::int64_t> wallClock = parseIsoDateTime(text);
    if (!wallClock)
        return {};
    return {true, *wallClock - utcOffsetSeconds};
}

std::optional<LineOutcome> assignSlurmNodeList(std::string_view expression, int nodeCount, std::string_view countName,
                                               ImportedJob& job, NodeListResolver* resolver)
{
    std::size_t distinct = 0;
    try {
        if (resolver) {
            resolver->resolve(trimmed(expression), job.nodes, job.unknownNodeNames);
            job.nodesResolved = true;
            distinct = job.nodeNameCount();
        } else {
            UniqueNames unique;
            for (const std::string& name : expandHostlist(trimmed(expression)))
                unique.add(name);
            distinct = unique.size();
            job.nodeNames = unique.take();
        }
    } catch (const HostlistError& error) {
        return LineOutcome::reject("bad node list",
                                   std::string(error.what()) + " at offset " + std::to_string(error.offset));
    }
    if (distinct != 0 && nodeCount >= 0 && distinct != static_cast<std::size_t>(nodeCount))
        return LineOutcome::reject("node count mismatch",
                                   std::to_string(distinct) + " nodes in NodeList, " + std::string(countName) + " "
                                       + std::to_string(nodeCount));
    return std::nullopt;
}

} // namespace placement
