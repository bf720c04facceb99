// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/Sweep.h"

#include "core/AllocatorFactory.h"
#include "services/OptionParsers.h"
#include "services/Simulation.h"
#include "services/SweepResults.h"
#include "store/Runs.h"
#include "store/SqliteDatabase.h"
#include "store/Store.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <xxhash.h>

namespace placement {

namespace {

std::int64_t wholeNumber(const std::string& name, const std::string& text, std::int64_t minimum)
{
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < minimum)
        throw std::invalid_argument(name + " needs a whole number of at least " + std::to_string(minimum) + ", not '"
                                    + text + "'");
    return value;
}

std::string hex128(const std::string& bytes)
{
    const XXH128_hash_t hash = XXH3_128bits(bytes.data(), bytes.size());
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(hash.high64),
                  static_cast<unsigned long long>(hash.low64));
    return text;
}

bool excluded(const std::map<std::string, std::string>& values,
              const std::vector<std::map<std::string, std::string>>& exclusions)
{
    return std::any_of(exclusions.begin(), exclusions.end(), [&](const std::map<std::string, std::string>& rule) {
        return std::all_of(rule.begin(), rule.end(), [&](const auto& entry) {
            const auto value = values.find(entry.first);
            return value != values.end() && value->second == entry.second;
        });
    });
}

} // namespace

std::set<std::string> storedSweepPoints(Store& store, std::int64_t machineId)
{
    SqliteStatement query(store.database(),
                          "SELECT json_extract(parameters, '$.sweep_point') FROM runs "
                          "WHERE machine_id = ?1 AND json_valid(parameters) "
                          "AND json_extract(parameters, '$.sweep_point') IS NOT NULL");
    query.bind(1, machineId);
    std::set<std::string> ids;
    while (query.step())
        ids.insert(query.text(0));
    return ids;
}

std::set<std::string> storedSweepPoints(Store& store, const std::string& machine)
{
    const std::optional<MachineRecord> record = store.machine(machine);
    if (!record)
        throw std::invalid_argument(store.path() + " has no machine named '" + machine + "'");
    return storedSweepPoints(store, record->id);
}

const std::vector<std::string>& sweepParameters()
{
    static const std::vector<std::string> names{"policy",  "order", "backfill", "window",
                                                "speedup", "seed",  "arrivals", "scale-nodes"};
    return names;
}

void applySweepParameter(SimulationSetup& setup, const std::string& name, const std::string& value)
{
    if (name == "policy") {
        setup.allocator.policy = parsePolicy(value, "policy");
    } else if (name == "order") {
        setup.allocator.order = value; // checked when the allocator is built, against the machine
    } else if (name == "backfill") {
        setup.options.backfill = parseBackfill(value, "backfill");
    } else if (name == "window") {
        setup.options.window = static_cast<int>(wholeNumber(name, value, 0));
    } else if (name == "speedup") {
        setup.transform.speedup = Speedup::parse(value);
    } else if (name == "seed") {
        // One seed for the random allocator and the speed-up draws, as `placement simulate --seed`.
        setup.allocator.seed = static_cast<std::uint64_t>(wholeNumber(name, value, 0));
        setup.transform.seed = setup.allocator.seed;
    } else if (name == "arrivals") {
        setup.transform.parseArrivals(value);
    } else if (name == "scale-nodes") {
        setup.transform.nodeScale = static_cast<int>(wholeNumber(name, value, 1));
    } else {
        std::string known;
        for (const std::string& parameter : sweepParameters())
            known += (known.empty() ? "" : ", ") + parameter;
        throw std::invalid_argument("'" + name + "' cannot be swept (the parameters that can: " + known + ")");
    }
}

std::vector<SweepPoint> expandSweep(const std::vector<SweepTarget>& targets, const std::string& version)
{
    std::vector<SweepPoint> points;
    for (size_t t = 0; t < targets.size(); ++t) {
        const SweepTarget& target = targets[t];
        Store store = Store::openExisting(target.database);
        const StoredInput input = loadStoredInput(store, target.base.machine, target.base.cpusPerNode);
        const std::string jobsDigest = workloadDigest(input.workload.jobs);
        for (const auto& [name, values] : target.dimensions) {
            if (values.empty())
                throw std::invalid_argument(name + ": no value to sweep");
            SimulationSetup probe = target.base;
            for (const std::string& value : values)
                applySweepParameter(probe, name, value); // every value parses before anything runs
        }
        // The cross product, the last dimension varying fastest.
        std::vector<size_t> at(target.dimensions.size(), 0);
        for (;;) {
            SweepPoint point;
            point.target = t;
            point.setup = target.base;
            for (size_t d = 0; d < at.size(); ++d) {
                const auto& [name, values] = target.dimensions[d];
                applySweepParameter(point.setup, name, values[at[d]]);
                point.values[name] = values[at[d]];
            }
            if (!excluded(point.values, target.exclusions)) {
                SimulationSetup identity = point.setup;
                identity.runName.clear();
                identity.inputDigest = jobsDigest;
                point.id = hex128(simulationParametersJson(identity, version));
                points.push_back(std::move(point));
            }
            size_t d = at.size();
            while (d > 0 && ++at[d - 1] == target.dimensions[d - 1].second.size())
                at[--d] = 0;
            if (d == 0)
                break;
        }
    }
    return points;
}

std::vector<SweepPointOutcome>
runSweep(const std::vector<SweepTarget>& targets, const std::vector<SweepPoint>& points, const SweepOptions& options,
         const std::function<void(const SweepPointOutcome&, const SweepProgress&)>& report)
{
    // One connection and one read of the jobs per target, shared by the workers: replays run
    // in parallel, the database is used by one of them at a time.
    struct Opened
    {
        explicit Opened(const SweepTarget& target)
            : store(Store::openExisting(target.database))
            , input(loadStoredInput(store, target.base.machine, target.base.cpusPerNode))
            , storedIds(storedSweepPoints(store, input.machineId))
        {}
        Store store;
        const StoredInput input;
        std::set<std::string> storedIds;
        std::mutex mutex;
    };
    std::vector<std::unique_ptr<Opened>> opened;
    for (const SweepTarget& target : targets)
        opened.push_back(std::make_unique<Opened>(target));

    std::unique_ptr<SweepResultFile> results;
    std::mutex resultsMutex;
    if (!options.resultFile.empty()) {
        results = std::make_unique<SweepResultFile>(options.resultFile);
        const std::set<std::string> inFile = results->pointIds();
        for (auto& target : opened)
            target->storedIds.insert(inFile.begin(), inFile.end());
    }

    else {
        // Points another sweep stored already are not stored again: they join this sweep.
        std::vector<std::vector<std::string>> met(opened.size());
        for (const SweepPoint& point : points)
            if (opened[point.target]->storedIds.count(point.id))
                met[point.target].push_back(point.id);
        for (size_t t = 0; t < opened.size(); ++t)
            if (!met[t].empty())
                addRunsToSweep(opened[t]->store, opened[t]->input.machineId, options.name, met[t]);
    }

    std::vector<SweepPointOutcome> outcomes(points.size());
    std::atomic<size_t> next{0};
    std::mutex reporting;
    SweepProgress progress;
    progress.total = static_cast<int>(points.size());
    int replayed = 0;
    double replaySeconds = 0;
    const auto begin = std::chrono::steady_clock::now();
    const auto stopped = [&] { return options.stop && options.stop->load(); };

    const auto finish = [&](SweepPointOutcome& outcome) {
        std::lock_guard lock(reporting);
        ++progress.finished;
        progress.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        if (outcome.state == SweepPointOutcome::State::Stored || outcome.state == SweepPointOutcome::State::Empty) {
            ++replayed;
            replaySeconds += outcome.seconds;
        }
        // What is left, at the mean replay time so far, shared by the workers.
        const int left = progress.total - progress.finished;
        progress.etaSeconds = replayed > 0 ? replaySeconds / replayed * left / std::max(1, options.workers) : -1;
        if (report)
            report(outcome, progress);
    };

    const auto work = [&] {
        for (size_t i = next++; i < points.size(); i = next++) {
            const SweepPoint& point = points[i];
            SweepPointOutcome& outcome = outcomes[i];
            outcome.point = &point;
            Opened& target = *opened[point.target];
            if (stopped()) {
                outcome.state = SweepPointOutcome::State::Stopped;
                continue;
            }
            {
                std::lock_guard lock(target.mutex);
                if (target.storedIds.count(point.id)) {
                    outcome.state = SweepPointOutcome::State::AlreadyStored;
                    finish(outcome);
                    continue;
                }
            }
            SimulationSetup setup = point.setup;
            setup.sweep = options.name;
            setup.sweepPoint = point.id;
            if (setup.runName.empty())
                setup.runName = options.name + ": " + defaultRunName(setup);
            setup.options.progress = [&](int, int) { return !stopped(); };
            try {
                ComputedRun run = computeStoredRun(target.input, setup);
                outcome.seconds = run.summary.simulationSeconds;
                if (results) {
                    // Into the task's own file; the database is only read.
                    run.summary.runName = setup.runName;
                    std::lock_guard lock(resultsMutex);
                    if (!run.placements.empty())
                        results->write(point.id, targets[point.target].database, target.input.machineName,
                                       setup.runName, simulationParametersJson(setup, options.version),
                                       simulationSummaryJson(setup, run.summary), run.placements);
                    outcome.runName = setup.runName;
                    outcome.state
                        = run.placements.empty() ? SweepPointOutcome::State::Empty : SweepPointOutcome::State::Stored;
                } else {
                    std::lock_guard lock(target.mutex); // a finished replay is stored, stop or not
                    outcome.runId = storeComputedRun(target.store, target.input, setup, options.version, run);
                    outcome.runName = run.summary.runName;
                    outcome.state = outcome.runId ? SweepPointOutcome::State::Stored : SweepPointOutcome::State::Empty;
                }
                if (outcome.state == SweepPointOutcome::State::Stored) {
                    std::lock_guard lock(target.mutex);
                    target.storedIds.insert(point.id);
                }
            } catch (const SimulationCancelled&) {
                outcome.state = SweepPointOutcome::State::Stopped;
                continue;
            } catch (const std::exception& error) {
                outcome.state = SweepPointOutcome::State::Failed;
                outcome.error = error.what();
            }
            finish(outcome);
        }
    };

    const int workers = std::max(1, std::min<int>(options.workers, static_cast<int>(points.size())));
    std::vector<std::thread> threads;
    for (int w = 1; w < workers; ++w)
        threads.emplace_back(work);
    work();
    for (std::thread& thread : threads)
        thread.join();
    return outcomes;
}

} // namespace placement
