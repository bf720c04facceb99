#include "core/Simulator.h"

#include <queue>

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>

namespace placement {

const char* backfillName(BackfillPolicy policy)
{
    switch (policy) {
    case BackfillPolicy::Fcfs: return "fcfs";
    case BackfillPolicy::Easy: return "easy";
    case BackfillPolicy::Conservative: return "conservative";
    }
    return "?";
}

namespace {

constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();

struct Running
{
    std::int64_t end;
    int job;
    bool operator>(const Running& other) const { return end != other.end ? end > other.end : job > other.job; }
};

struct Reservation
{
    std::int64_t start;
    std::int64_t end;
    std::vector<int> nodes;
};

class Simulation
{
public:
    Simulation(const Topology& topology, const std::vector<SimulationJob>& jobs, Allocator& allocator,
               const SimulationOptions& options)
        : m_topology(topology)
        , m_jobs(jobs)
        , m_allocator(allocator)
        , m_options(options)
        , m_state(topology)
    {
        m_result.jobs.resize(jobs.size());
    }

    SimulationResult run()
    {
        std::vector<int> order(m_jobs.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<int>(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return job(a).submit < job(b).submit; });
        size_t nextSubmit = 0;
        while (nextSubmit < order.size() || !m_running.empty()) {
            std::int64_t now = never;
            if (nextSubmit < order.size())
                now = job(order[nextSubmit]).submit;
            if (!m_running.empty())
                now = std::min(now, m_running.top().end);
            while (!m_running.empty() && m_running.top().end == now) {
                const int done = m_running.top().job;
                m_running.pop();
                m_state.release(m_result.jobs[static_cast<size_t>(done)].nodes);
                m_allocator.ended(request(done), m_result.jobs[static_cast<size_t>(done)].nodes);
            }
            while (nextSubmit < order.size() && job(order[nextSubmit]).submit == now) {
                const int arriving = order[nextSubmit++];
                if (job(arriving).nodes > m_topology.nodeCount() || job(arriving).nodes < 1) {
                    m_result.jobs[static_cast<size_t>(arriving)].neverFits = true;
                    ++m_result.neverFit;
                } else {
                    m_queue.push_back(arriving);
                }
            }
            schedule(now);
        }
        return std::move(m_result);
    }

private:
    const SimulationJob& job(int index) const { return m_jobs[static_cast<size_t>(index)]; }

    std::int64_t runTime(int index) const
    {
        const SimulationJob& j = job(index);
        const std::int64_t run = std::max<std::int64_t>(j.runTime, 0);
        return j.timeLimit > 0 ? std::min(run, j.timeLimit) : run;
    }

    std::int64_t estimate(int index) const
    {
        const SimulationJob& j = job(index);
        return j.timeLimit > 0 ? j.timeLimit : std::max<std::int64_t>(j.runTime, 0);
    }

    AllocationRequest request(int index) const { return {index, job(index).nodes, estimate(index)}; }

    /// The allocator, timed and charged to the job.
    std::vector<int> allocate(Allocator& allocator, const MachineState& state, int index)
    {
        const auto begin = std::chrono::steady_clock::now();
        std::vector<int> nodes = allocator.allocate(state, request(index));
        m_result.jobs[static_cast<size_t>(index)].schedulingMicroseconds
            += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count();
        return nodes;
    }

    void start(int index, std::vector<int> nodes, std::int64_t now)
    {
        SimulatedJob& result = m_result.jobs[static_cast<size_t>(index)];
        m_state.take(nodes, index);
        m_allocator.started(request(index), nodes);
        result.start = now;
        result.end = now + runTime(index);
        result.nodes = std::move(nodes);
        m_running.push({result.end, index});
    }

    void schedule(std::int64_t now)
    {
        switch (m_options.backfill) {
        case BackfillPolicy::Fcfs: startInOrder(now); break;
        case BackfillPolicy::Easy: easy(now); break;
        case BackfillPolicy::Conservative: conservative(now); break;
        }
    }

    void startInOrder(std::int64_t now)
    {
        while (!m_queue.empty()) {
            std::vector<int> nodes = allocate(m_allocator, m_state, m_queue.front());
            if (nodes.empty())
                return;
            const int head = m_queue.front();
            m_queue.pop_front();
            start(head, std::move(nodes), now);
        }
    }

    /// When and where the job could start if nothing else started: completions replayed
    /// on a copy of the machine, with a copy of the allocator, until its allocation fits.
    Reservation reserve(int index)
    {
        MachineState future = m_state;
        std::unique_ptr<Allocator> allocator = m_allocator.clone();
        auto pending = m_running; // by end time
        while (!pending.empty()) {
            const std::int64_t at = pending.top().end;
            while (!pending.empty() && pending.top().end == at) {
                const int done = pending.top().job;
                pending.pop();
                future.release(m_result.jobs[static_cast<size_t>(done)].nodes);
                allocator->ended(request(done), m_result.jobs[static_cast<size_t>(done)].nodes);
            }
            if (future.freeCount() < job(index).nodes)
                continue;
            std::vector<int> nodes = allocate(*allocator, future, index);
            if (!nodes.empty())
                return {at, at + estimate(index), std::move(nodes)};
        }
        return {never, never, {}};
    }

    void easy(std::int64_t now)
    {
        startInOrder(now);
        if (m_queue.empty())
            return;
        const int head = m_queue.front();
        const Reservation reservation = reserve(head);
        // Backfill candidates see the reserved nodes as busy unless they end in time.
        MachineState masked = m_state;
        std::vector<int> reservedFree;
        for (int node : reservation.nodes)
            if (masked.isFree(node))
                reservedFree.push_back(node);
        masked.take(reservedFree, -2);
        int considered = 0;
        for (auto it = m_queue.begin() + 1; it != m_queue.end() && considered < m_options.window; ++considered) {
            const int candidate = *it;
            if (job(candidate).nodes > m_state.freeCount()) {
                ++it;
                continue;
            }
            const bool endsInTime = reservation.start != never && now + estimate(candidate) <= reservation.start;
            std::vector<int> nodes = allocate(m_allocator, endsInTime ? m_state : masked, candidate);
            if (nodes.empty()) {
                ++it;
                continue;
            }
            std::vector<int> mine = nodes;
            start(candidate, std::move(nodes), now);
            // Keep the masked copy in step (nodes in the reservation stay masked).
            std::vector<int> outside;
            for (int node : mine)
                if (masked.isFree(node))
                    outside.push_back(node);
            masked.take(outside, candidate);
            it = m_queue.erase(it);
        }
    }

    void conservative(std::int64_t now)
    {
        // Every queued job, in order, gets the earliest slot that overlaps no earlier
        // reservation; the ones whose slot is now start now.
        std::vector<Reservation> reservations;
        std::vector<std::int64_t> ends;
        auto pending = m_running;
        while (!pending.empty()) {
            ends.push_back(pending.top().end);
            pending.pop();
        }
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            const int index = *it;
            std::vector<std::int64_t> candidates{now};
            for (std::int64_t end : ends)
                if (end > now)
                    candidates.push_back(end);
            for (const Reservation& r : reservations)
                candidates.push_back(r.end);
            std::sort(candidates.begin(), candidates.end());
            candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
            bool placed = false;
            for (std::int64_t at : candidates) {
                const std::int64_t until = at + estimate(index);
                // The machine during [at, until): running jobs still running, reservations overlapping.
                MachineState then(m_topology);
                for (int node = 0; node < m_state.nodeCount(); ++node) {
                    const int owner = m_state.owner(node);
                    if (owner >= 0 && m_result.jobs[static_cast<size_t>(owner)].end > at)
                        then.take({node}, owner);
                }
                for (const Reservation& r : reservations)
                    if (r.start < until && at < r.end)
                        for (int node : r.nodes)
                            if (then.isFree(node))
                                then.take({node}, -2);
                if (then.freeCount() < job(index).nodes)
                    continue;
                std::vector<int> nodes = allocate(m_allocator, then, index);
                if (nodes.empty())
                    continue;
                if (at == now) {
                    start(index, std::move(nodes), now);
                    reservations.push_back(
                        {now, now + estimate(index), m_result.jobs[static_cast<size_t>(index)].nodes});
                    it = m_queue.erase(it);
                } else {
                    reservations.push_back({at, until, std::move(nodes)});
                    ++it;
                }
                placed = true;
                break;
            }
            if (!placed)
                ++it; // cannot be placed around the reservations: it waits for the next pass
        }
    }

    const Topology& m_topology;
    const std::vector<SimulationJob>& m_jobs;
    Allocator& m_allocator;
    SimulationOptions m_options;
    MachineState m_state;
    SimulationResult m_result;
    std::deque<int> m_queue;
    std::priority_queue<Running, std::vector<Running>, std::greater<>> m_running;
};

} // namespace

SimulationResult simulate(const Topology& topology, const std::vector<SimulationJob>& jobs, Allocator& allocator,
                          const SimulationOptions& options)
{
    return Simulation(topology, jobs, allocator, options).run();
}

} // namespace placement
