// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/RunRecord.h"

#include "core/JsonValue.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace placement {

namespace {

/// The members of one stored object, read by key with the type each must have; `path`
/// names the object in errors ("summary.by_size[2]").
class Members
{
public:
    Members(const JsonValue& object, std::string path)
        : m_object(object)
        , m_path(std::move(path))
    {}

    const JsonValue* find(std::string_view key) const { return m_object.find(key); }

    [[noreturn]] void wrongType(std::string_view key, const char* expected) const
    {
        throw std::runtime_error(m_path + ": key \"" + std::string(key) + "\" is not " + expected);
    }

    std::string childPath(std::string_view key) const { return m_path + "." + std::string(key); }

    std::optional<std::string> text(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (!v || v->isNull())
            return std::nullopt;
        if (!v->isString())
            wrongType(key, "a string");
        return v->toString();
    }

    std::optional<std::int64_t> integer(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (!v || v->isNull())
            return std::nullopt;
        if (!v->isNumber() || !v->toInt())
            wrongType(key, "an integer");
        return *v->toInt();
    }

    /// Null is NaN: JsonWriter writes numbers that are not finite as null.
    std::optional<double> real(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (!v)
            return std::nullopt;
        if (v->isNull())
            return std::numeric_limits<double>::quiet_NaN();
        if (!v->isNumber())
            wrongType(key, "a number");
        return v->toDouble();
    }

    /// As real(), but null is nothing (a value the run does not have).
    std::optional<double> optionalReal(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (v && v->isNull())
            return std::nullopt;
        return real(key);
    }

    std::optional<bool> flag(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (!v || v->isNull())
            return std::nullopt;
        if (!v->isBool())
            wrongType(key, "a boolean");
        return v->toBool();
    }

    /// An object member; nothing when absent or null.
    std::optional<Members> object(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (!v || v->isNull())
            return std::nullopt;
        if (!v->isObject())
            wrongType(key, "an object");
        return Members(*v, childPath(key));
    }

    const JsonValue::Array* array(std::string_view key) const
    {
        const JsonValue* v = find(key);
        if (!v || v->isNull())
            return nullptr;
        if (!v->isArray())
            wrongType(key, "an array");
        return &v->toArray();
    }

    const std::string& path() const { return m_path; }

private:
    const JsonValue& m_object;
    std::string m_path;
};

JsonValue parseObject(std::string_view json, const char* what)
{
    if (json.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return JsonValue::object({}); // a run stored before its summary was written
    JsonValue root;
    try {
        root = parseJson(json);
    } catch (const JsonParseError& error) {
        throw std::runtime_error(std::string(what) + ": " + error.what());
    }
    if (!root.isObject())
        throw std::runtime_error(std::string(what) + ": not a JSON object");
    return root;
}

template <typename T> void take(T& member, const std::optional<T>& value)
{
    if (value)
        member = *value;
}

RunMeanDeviation meanDeviation(const Members& m)
{
    RunMeanDeviation out;
    take(out.mean, m.real("mean"));
    take(out.sd, m.real("sd"));
    return out;
}

RunDistribution distribution(const Members& m)
{
    RunDistribution out;
    take(out.mean, m.real("mean"));
    take(out.median, m.real("median"));
    take(out.p99, m.real("p99"));
    take(out.max, m.real("max"));
    return out;
}

std::optional<RunValue> asValue(const std::optional<std::string>& text)
{
    return text ? std::optional<RunValue>(*text) : std::nullopt;
}

std::optional<RunValue> asValue(const std::optional<std::int64_t>& number)
{
    return number ? std::optional<RunValue>(static_cast<double>(*number)) : std::nullopt;
}

std::optional<RunValue> asValue(const std::optional<double>& number)
{
    return number ? std::optional<RunValue>(*number) : std::nullopt;
}

std::optional<double> finite(std::optional<double> value)
{
    return value && std::isfinite(*value) ? value : std::nullopt;
}

} // namespace

std::optional<RunValue> RunParameters::value(std::string_view key) const
{
    if (key == "machine")
        return RunValue(machine);
    if (key == "policy")
        return RunValue(policy);
    const std::pair<std::string_view, const std::optional<std::string>*> texts[] = {
        {"order", &order},     {"backfill", &backfill}, {"speedup", &speedup},        {"arrivals", &arrivals},
        {"version", &version}, {"sweep", &sweep},       {"sweep_point", &sweepPoint}, {"input_digest", &inputDigest},
    };
    for (const auto& [name, member] : texts)
        if (key == name)
            return asValue(*member);
    if (key == "by")
        return by ? asValue(by) : policy == "logged" ? std::nullopt : std::optional<RunValue>(RunValue("nodes"));
    const std::pair<std::string_view, const std::optional<std::int64_t>*> integers[] = {
        {"window", &window},
        {"seed", &seed},
        {"size_demarcation", &sizeDemarcation},
        {"wall_time_demarcation", &wallTimeDemarcation},
        {"quadrant_side", &quadrantSide},
        {"lcs_step_budget", &lcsStepBudget},
        {"speedup_seed", &speedupSeed},
        {"scale_nodes", &scaleNodes},
        {"from", &from},
        {"to", &to},
        {"cpus_per_node", &cpusPerNode},
        {"cores_per_node", &coresPerNode},
    };
    for (const auto& [name, member] : integers)
        if (key == name)
            return asValue(*member);
    if (key == "lcs_timeout_seconds")
        return asValue(lcsTimeoutSeconds);
    return std::nullopt;
}

RunParameters readRunParameters(std::string_view json)
{
    const JsonValue root = parseObject(json, "run parameters");
    const Members m(root, "parameters");
    RunParameters p;
    take(p.machine, m.text("machine"));
    take(p.policy, m.text("policy"));
    p.order = m.text("order");
    p.backfill = m.text("backfill");
    p.window = m.integer("window");
    p.seed = m.integer("seed");
    p.sizeDemarcation = m.integer("size_demarcation");
    p.wallTimeDemarcation = m.integer("wall_time_demarcation");
    p.quadrantSide = m.integer("quadrant_side");
    p.lcsTimeoutSeconds = m.optionalReal("lcs_timeout_seconds");
    p.lcsStepBudget = m.integer("lcs_step_budget");
    p.speedup = m.text("speedup");
    p.speedupSeed = m.integer("speedup_seed");
    p.scaleNodes = m.integer("scale_nodes");
    p.arrivals = m.text("arrivals");
    p.from = m.integer("from");
    p.to = m.integer("to");
    p.cpusPerNode = m.integer("cpus_per_node");
    p.by = m.text("by");
    p.coresPerNode = m.integer("cores_per_node");
    if (const JsonValue::Array* bins = m.array("size_bins"))
        for (const JsonValue& start : *bins) {
            if (!start.isNumber() || !start.toInt())
                m.wrongType("size_bins", "an array of integers");
            p.sizeBins.push_back(static_cast<int>(*start.toInt()));
        }
    p.version = m.text("version");
    p.inputDigest = m.text("input_digest");
    p.sweep = m.text("sweep");
    p.sweepPoint = m.text("sweep_point");
    return p;
}

std::optional<double> RunSummary::number(std::string_view key) const
{
    const auto integer = [](std::optional<std::int64_t> v) {
        return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    };
    const std::pair<std::string_view, std::optional<double>> numbers[] = {
        {"run_id", static_cast<double>(runId)},
        {"machine_nodes", static_cast<double>(machineNodes)},
        {"jobs", static_cast<double>(jobs)},
        {"utilization", utilization},
        {"utilization_over_makespan", utilizationOverMakespan},
        {"internal_fragmentation", internalFragmentation},
        {"makespan", static_cast<double>(makespan)},
        {"mean_wait", meanWait},
        {"median_wait", medianWait},
        {"mean_turnaround", meanTurnaround},
        {"mean_bounded_slowdown", meanBoundedSlowdown},
        {"mean_aph", meanAph},
        {"simulation_seconds", simulationSeconds},
        {"offered_load", offeredLoad},
        {"never_fit", integer(neverFit)},
        {"cpus_per_node", integer(cpusPerNode)},
        {"jobs_with_node_lists", integer(jobsWithNodeLists)},
        {"jobs_without_start", integer(jobsWithoutStart)},
        {"jobs_without_size", integer(jobsWithoutSize)},
        {"jobs_sharing_nodes", integer(jobsSharingNodes)},
        {"utilization_cores", utilizationCores},
        {"utilization_gpus", utilizationGpus},
    };
    for (std::size_t i = 0; i < std::size(numbers); ++i)
        if (key == numbers[i].first) {
            // Entries 1 to 10 are the system metrics: not known in a summary without them.
            if (!hasSystemMetrics && i >= 1 && i <= 10)
                return std::nullopt;
            return finite(numbers[i].second);
        }
    return std::nullopt;
}

const RunSizeBin* RunSummary::sizeBin(std::int64_t minNodes) const
{
    for (const RunSizeBin& bin : bySize)
        if (bin.minNodes == minNodes)
            return &bin;
    return nullptr;
}

RunSummary readRunSummary(std::string_view json)
{
    const JsonValue root = parseObject(json, "run summary");
    const Members m(root, "summary");
    RunSummary s;
    take(s.runId, m.integer("run_id"));
    take(s.runName, m.text("run_name"));
    take(s.machine, m.text("machine"));
    take(s.policy, m.text("policy"));
    s.backfill = m.text("backfill");

    s.hasSystemMetrics = m.integer("jobs").has_value();
    take(s.machineNodes, m.integer("machine_nodes"));
    take(s.jobs, m.integer("jobs"));
    take(s.utilization, m.real("utilization"));
    take(s.utilizationOverMakespan, m.real("utilization_over_makespan"));
    take(s.internalFragmentation, m.real("internal_fragmentation"));
    if (const std::optional<Members> steady = m.object("steady_state")) {
        take(s.steadyStateFound, steady->flag("found"));
        take(s.steadyFrom, steady->integer("from"));
        take(s.steadyTo, steady->integer("to"));
    }
    take(s.makespan, m.integer("makespan"));
    take(s.meanWait, m.real("mean_wait"));
    take(s.medianWait, m.real("median_wait"));
    take(s.meanTurnaround, m.real("mean_turnaround"));
    take(s.meanBoundedSlowdown, m.real("mean_bounded_slowdown"));
    if (const std::optional<Members> d = m.object("wait"))
        s.wait = distribution(*d);
    if (const std::optional<Members> d = m.object("turnaround"))
        s.turnaround = distribution(*d);
    if (const std::optional<Members> d = m.object("bounded_slowdown"))
        s.boundedSlowdown = distribution(*d);
    if (const JsonValue::Array* bins = m.array("by_size"))
        for (size_t i = 0; i < bins->size(); ++i) {
            const std::string path = m.childPath("by_size") + "[" + std::to_string(i) + "]";
            if (!(*bins)[i].isObject())
                throw std::runtime_error(path + " is not an object");
            const Members b((*bins)[i], path);
            RunSizeBin bin;
            take(bin.minNodes, b.integer("min_nodes"));
            bin.maxNodes = b.integer("max_nodes");
            take(bin.jobs, b.integer("jobs"));
            take(bin.meanWait, b.real("mean_wait"));
            take(bin.medianWait, b.real("median_wait"));
            take(bin.meanTurnaround, b.real("mean_turnaround"));
            take(bin.meanBoundedSlowdown, b.real("mean_bounded_slowdown"));
            s.bySize.push_back(bin);
        }

    s.meanAph = m.optionalReal("mean_aph");
    if (const std::optional<Members> o = m.object("lowest_common_switch"))
        s.lowestCommonSwitch = meanDeviation(*o);
    if (const std::optional<Members> o = m.object("spread"))
        s.spread = meanDeviation(*o);
    if (const std::optional<Members> o = m.object("groups_per_job"))
        s.groupsPerJob = meanDeviation(*o);
    if (const std::optional<Members> o = m.object("scheduling_us_per_job"))
        s.schedulingUsPerJob = distribution(*o);
    s.simulationSeconds = m.real("simulation_seconds");
    if (const std::optional<Members> skipped = m.object("skipped")) {
        for (const auto& [reason, count] : m.find("skipped")->toObject()) {
            if (!count.isNumber() || !count.toInt())
                skipped->wrongType(reason, "an integer");
            s.skipped[reason] = *count.toInt();
        }
    }
    s.offeredLoad = m.optionalReal("offered_load");
    s.neverFit = m.integer("never_fit");
    if (const JsonValue::Array* ids = m.array("never_fit_jobs"))
        for (const JsonValue& id : *ids) {
            if (!id.isString())
                m.wrongType("never_fit_jobs", "an array of strings");
            s.neverFitJobs.push_back(id.toString());
        }
    if (const std::optional<Members> o = m.object("lcs")) {
        RunSummary::Lcs lcs;
        take(lcs.timeoutSeconds, o->real("timeout_seconds"));
        take(lcs.stepBudget, o->integer("step_budget"));
        take(lcs.searches, o->integer("searches"));
        take(lcs.timeouts, o->integer("timeouts"));
        take(lcs.jobsTimedOut, o->integer("jobs_timed_out"));
        take(lcs.steps, o->integer("steps"));
        s.lcs = lcs;
    }
    s.cpusPerNode = m.integer("cpus_per_node");
    s.utilizationCores = m.optionalReal("utilization_cores");
    s.utilizationGpus = m.optionalReal("utilization_gpus");
    s.jobsWithNodeLists = m.integer("jobs_with_node_lists");
    s.jobsWithoutStart = m.integer("jobs_without_start");
    s.jobsWithoutSize = m.integer("jobs_without_size");
    s.jobsSharingNodes = m.integer("jobs_sharing_nodes");
    return s;
}

} // namespace placement
