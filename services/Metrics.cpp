// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/Metrics.h"

#include "core/MachineSpec.h"
#include "core/MetricsReport.h"
#include "core/PlacementMetrics.h"
#include "core/Topology.h"
#include "store/Store.h"

#include <algorithm>
#include <thread>

namespace placement {

MetricsCsvOutcome metricsCsv(Store& store, std::ostream& out, const std::string& onlyMachine, int threads)
{
    if (threads <= 0)
        threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    const std::vector<MachineRecord> machines = store.machines();
    bool found = onlyMachine.empty();
    for (const MachineRecord& machine : machines)
        found = found || machine.name == onlyMachine;
    if (!found)
        throw StoreError(store.path() + ": no machine called '" + onlyMachine + "'");
    MetricsCsvOutcome outcome;
    out << metricsCsvHeader() << '\n';
    for (const MachineRecord& machine : machines) {
        if (!onlyMachine.empty() && machine.name != onlyMachine)
            continue;
        const auto topology = parseMachineSpec(machine.spec);
        outcome.rows += writeMetricsCsv(out, machine.name, *topology, store.jobs(machine.id), threads);
        if (machine.jobsWithoutStart)
            outcome.jobsWithoutStart.emplace_back(machine.name, machine.jobsWithoutStart);
    }
    return outcome;
}

std::int64_t saveJobMetrics(Store& store, std::int64_t machineId)
{
    for (const MachineRecord& machine : store.machines()) {
        if (machine.id != machineId)
            continue;
        const auto topology = parseMachineSpec(machine.spec);
        PlacementAnalyzer analyzer(*topology);
        const auto optionalCount
            = [](int value) { return value < 0 ? std::optional<int>() : std::optional<int>(value); };
        return store.saveJobMetrics(machineId, [&](const std::vector<int>& nodes) {
            const PlacementMetrics m = analyzer.measure(nodes);
            StoredJobMetrics row;
            row.aph = m.aph;
            row.aphAllLinks = m.aphAllLinks;
            row.minimumAph = analyzer.minimumAph(m.nodes);
            row.partitions = m.partitions;
            row.spread = m.spread;
            row.routers = optionalCount(m.routers);
            row.leaves = optionalCount(m.leaves);
            row.pods = optionalCount(m.pods);
            row.lowestCommonLevel = optionalCount(m.lowestCommonLevel);
            return row;
        });
    }
    throw StoreError(store.path() + ": no machine with id " + std::to_string(machineId));
}

} // namespace placement
