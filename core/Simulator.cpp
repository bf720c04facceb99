// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Simulator.h"

#include "core/WindowScheduler.h"

#include <queue>

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace placement {

const char* backfillName(BackfillPolicy policy)
{
    switch (policy) {
    case BackfillPolicy::Fcfs: return "fcfs";
    case BackfillPolicy::Easy: return "easy";
    case BackfillPolicy::Conservative: return "conservative";
    case BackfillPolicy::Auction: return "auction";
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
    std::int64_t start = never;
    std::int64_t end = never;
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
        m_refusedAt.assign(jobs.size(), Refusal{});
        if (allocator.readsChangeMarks())
            m_state.markChanges();
        if (options.backfill == BackfillPolicy::Auction && !allocator.windowScheduler())
            throw std::invalid_argument("the auction needs a policy that places a window of jobs at once (aucsched3), "
                                        "not "
                                        + allocator.name());
    }

    SimulationResult run()
    {
        std::vector<int> order(m_jobs.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<int>(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return job(a).submit < job(b).submit; });
        size_t nextSubmit = 0;
        int finished = 0;
        while (nextSubmit < order.size() || !m_running.empty()) {
            std::int64_t now = never;
            if (nextSubmit < order.size())
                now = job(order[nextSubmit]).submit;
            if (!m_running.empty())
                now = std::min(now, m_running.top().end);
            while (!m_running.empty() && m_running.top().end == now) {
                const int done = m_running.top().job;
                m_running.pop();
                finish(done);
                if (m_options.progress && (++finished & 63) == 0
                    && !m_options.progress(finished, static_cast<int>(m_jobs.size())))
                    throw SimulationCancelled();
            }
            while (nextSubmit < order.size() && job(order[nextSubmit]).submit == now) {
                const int arriving = order[nextSubmit++];
                if (job(arriving).nodes > m_topology.usableNodeCount() || job(arriving).nodes < 1) {
                    m_result.jobs[static_cast<size_t>(arriving)].neverFits = true;
                    ++m_result.neverFit;
                } else {
                    m_queue.push_back(arriving);
                }
            }
            schedule(now);
            // Nothing runs, so the head job was just offered the whole empty machine and did
            // not fit: under this allocator it never will (Jigsaw cannot span pods of a
            // tapered tree). Reported and skipped like a job larger than the machine.
            while (m_options.backfill != BackfillPolicy::Auction && m_running.empty() && !m_queue.empty()) {
                const int head = m_queue.front();
                m_queue.pop_front();
                result(head).neverFits = true;
                ++m_result.neverFit;
                m_plans.erase(head);
                schedule(now);
            }
        }
        return std::move(m_result);
    }

private:
    const SimulationJob& job(int index) const { return m_jobs[static_cast<size_t>(index)]; }
    SimulatedJob& result(int index) { return m_result.jobs[static_cast<size_t>(index)]; }

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

    /// When the scheduler expects a running job to end: start + its time limit.
    std::int64_t expectedEnd(int index) { return result(index).start + estimate(index); }

    AllocationRequest request(int index) const { return {index, job(index).nodes, estimate(index)}; }

    /// The allocator, timed and charged to the job.
    std::vector<int> allocate(Allocator& allocator, const MachineState& state, int index)
    {
        const auto begin = std::chrono::steady_clock::now();
        std::vector<int> nodes = allocator.allocate(state, request(index));
        charge(index, begin);
        return nodes;
    }

    void charge(int index, std::chrono::steady_clock::time_point since)
    {
        const double spent
            = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - since).count();
        SimulatedJob& run = result(index);
        run.schedulingMicroseconds += spent;
        run.longestDecisionMicroseconds = std::max(run.longestDecisionMicroseconds, spent);
    }

    void noteReservation(int index, std::int64_t start)
    {
        if (result(index).firstReservation < 0 && start != never)
            result(index).firstReservation = start;
    }

    /// `nodes`: what the allocator returned; the job runs on the first of them, as many as
    /// it asked for, and holds the rest idle (LaaS's whole leaves).
    void start(int index, std::vector<int> nodes, std::int64_t now)
    {
        SimulatedJob& run = result(index);
        const auto asked = static_cast<size_t>(job(index).nodes);
        if (nodes.size() < asked)
            throw std::logic_error(m_allocator.name() + " gave job " + job(index).id + " "
                                   + std::to_string(nodes.size()) + " nodes for " + std::to_string(asked));
        m_state.take(nodes, index);
        m_allocator.started(request(index), nodes);
        ++m_epoch;
        run.start = now;
        run.end = now + runTime(index);
        run.links = m_allocator.ownedLinks(index);
        if (nodes.size() > asked) {
            run.nodes.assign(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(asked));
            std::sort(run.nodes.begin(), run.nodes.end());
            run.allocated = std::move(nodes);
            std::sort(run.allocated.begin(), run.allocated.end());
        } else {
            run.nodes = std::move(nodes);
        }
        m_running.push({run.end, index});
        m_expected.insert({expectedEnd(index), index});
    }

    void finish(int index)
    {
        m_state.release(result(index).held());
        m_allocator.ended(request(index), result(index).held());
        ++m_epoch;
        m_expected.erase({expectedEnd(index), index});
        ++m_releases;
    }

    void schedule(std::int64_t now)
    {
        switch (m_options.backfill) {
        case BackfillPolicy::Fcfs: startInOrder(now); break;
        case BackfillPolicy::Easy: easy(now); break;
        case BackfillPolicy::Conservative: conservative(now); break;
        case BackfillPolicy::Auction: auction(now); break;
        }
    }

    /// Whether `index` was refused on this very machine before (the same jobs running, the
    /// same reservation), on the whole machine or on the backfill view, by an answer that
    /// would repeat (Allocator::lastAnswerRepeats): it would be refused again.
    bool refusedBefore(int index, bool wholeMachine) const
    {
        const Refusal& refusal = m_refusedAt[static_cast<size_t>(index)];
        return refusal.epoch == m_epoch && refusal.wholeMachine == wholeMachine;
    }
    void noteRefusal(int index, bool wholeMachine)
    {
        m_refusedAt[static_cast<size_t>(index)] = {m_epoch, wholeMachine};
    }

    void startInOrder(std::int64_t now)
    {
        while (!m_queue.empty()) {
            if (refusedBefore(m_queue.front(), true))
                return;
            std::vector<int> nodes = allocate(m_allocator, m_state, m_queue.front());
            if (nodes.empty() && m_allocator.lastAnswerRepeats())
                noteRefusal(m_queue.front(), true);
            if (nodes.empty())
                return;
            const int head = m_queue.front();
            m_queue.pop_front();
            start(head, std::move(nodes), now);
        }
    }

    /// AUCSCHED3 (Soner & Özturan §2): the head and the next `window` jobs go to the window
    /// scheduler, which starts any of them at once. Passes repeat while they start jobs (the
    /// plug-in solves again every few seconds; here without the delay), so jobs that lost
    /// a bid or were beyond the window get another auction on the nodes left.
    void auction(std::int64_t now)
    {
        WindowScheduler& scheduler = *m_allocator.windowScheduler();
        while (!m_queue.empty() && m_state.freeCount() > 0) {
            const size_t size = std::min(m_queue.size(), static_cast<size_t>(std::max(m_options.window, 0)) + 1);
            std::vector<AllocationRequest> window;
            int smallest = std::numeric_limits<int>::max();
            for (size_t i = 0; i < size; ++i) {
                window.push_back(request(m_queue[i]));
                smallest = std::min(smallest, window.back().nodes);
            }
            if (smallest > m_state.freeCount())
                return; // no job of the window has a bid
            const auto begin = std::chrono::steady_clock::now();
            std::vector<std::vector<int>> placed = scheduler.place(m_state, window);
            const double share
                = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count()
                / static_cast<double>(size);
            if (placed.size() != size)
                throw std::logic_error("the window scheduler answered for " + std::to_string(placed.size())
                                       + " jobs, not " + std::to_string(size));
            std::deque<int> waiting;
            int started = 0;
            for (size_t i = 0; i < size; ++i) {
                const int index = m_queue[i];
                result(index).schedulingMicroseconds += share;
                result(index).longestDecisionMicroseconds = std::max(result(index).longestDecisionMicroseconds, share);
                if (placed[i].empty()) {
                    waiting.push_back(index);
                    continue;
                }
                if (static_cast<int>(placed[i].size()) != job(index).nodes)
                    throw std::logic_error("the window scheduler gave job " + job(index).id + " "
                                           + std::to_string(placed[i].size()) + " nodes for "
                                           + std::to_string(job(index).nodes));
                start(index, std::move(placed[i]), now); // throws if a node is taken twice
                ++started;
            }
            waiting.insert(waiting.end(), m_queue.begin() + static_cast<std::ptrdiff_t>(size), m_queue.end());
            m_queue = std::move(waiting);
            if (started == 0)
                return;
        }
    }

    /// When and where the job could start if nothing else started: expected completions
    /// replayed on a copy of the machine, with a copy of the allocator, until its
    /// allocation fits.
    Reservation reserve(int index)
    {
        MachineState future = m_state;
        std::unique_ptr<Allocator> allocator = m_allocator.clone();
        for (auto it = m_expected.begin(); it != m_expected.end();) {
            const std::int64_t at = it->first;
            for (; it != m_expected.end() && it->first == at; ++it) {
                future.release(result(it->second).held());
                allocator->ended(request(it->second), result(it->second).held());
            }
            if (future.freeCount() < job(index).nodes)
                continue;
            std::vector<int> nodes = allocate(*allocator, future, index);
            if (!nodes.empty())
                return {at, at + estimate(index), std::move(nodes)};
        }
        return {};
    }

    /// For allocators with placement rules: would `head` still be placeable at its
    /// reservation if `candidate` ran on `nodes` past it? Yes where the allocator can tell
    /// (Allocator::keepsReservation), else replays the expected completions up to the
    /// reservation with the candidate running. `repeats` is cleared when the answer might not repeat
    /// (Allocator::lastAnswerRepeats).
    bool leavesReservationPlaceable(int candidate, const std::vector<int>& nodes, int head, bool& repeats)
    {
        if (m_allocator.keepsReservation(request(head), m_reservation.nodes, request(candidate), nodes))
            return true;
        MachineState future = m_state;
        future.take(nodes, candidate);
        std::unique_ptr<Allocator> allocator = m_allocator.clone();
        allocator->started(request(candidate), nodes);
        for (auto it = m_expected.begin(); it != m_expected.end() && it->first <= m_reservation.start; ++it) {
            future.release(result(it->second).held());
            allocator->ended(request(it->second), result(it->second).held());
        }
        const bool placeable = allocator->fits(future, request(head));
        repeats = repeats && allocator->lastAnswerRepeats();
        return placeable;
    }

    void easy(std::int64_t now)
    {
        startInOrder(now);
        if (m_queue.empty())
            return;
        const int head = m_queue.front();
        // Backfilled jobs leave the reservation placeable, so it only needs recomputing for
        // a new head or after jobs ended (it may then come earlier).
        if (m_reservedJob != head || m_reservedAfter != m_releases) {
            m_reservation = reserve(head);
            m_reservedJob = head;
            m_reservedAfter = m_releases;
            ++m_epoch; // the backfill view and the placeability checks change with it
            noteReservation(head, m_reservation.start);
        }
        // Backfill candidates see the reserved nodes as busy unless they end in time.
        MachineState masked = m_state;
        // Without a branch per node: whether a reserved node is free is a coin toss to the
        // processor, and this runs at every pass.
        std::vector<int> reservedFree(m_reservation.nodes.size());
        size_t kept = 0;
        for (int node : m_reservation.nodes) {
            reservedFree[kept] = node;
            kept += masked.isFree(node) ? 1 : 0;
        }
        reservedFree.resize(kept);
        masked.take(reservedFree, MachineState::reservationOwner);
        const bool rules = !m_allocator.placesAnyFreeNodes();
        int considered = 0;
        for (auto it = m_queue.begin() + 1; it != m_queue.end() && considered < m_options.window; ++considered) {
            const int candidate = *it;
            const bool endsInTime = m_reservation.start != never && now + estimate(candidate) <= m_reservation.start;
            const MachineState& view = endsInTime ? m_state : masked;
            if (job(candidate).nodes > view.freeCount() || refusedBefore(candidate, endsInTime)) {
                ++it;
                continue;
            }
            std::vector<int> nodes = allocate(m_allocator, view, candidate);
            bool repeats = m_allocator.lastAnswerRepeats();
            if (!nodes.empty() && rules && !endsInTime && m_reservation.start != never) {
                const auto begin = std::chrono::steady_clock::now();
                const bool placeable = leavesReservationPlaceable(candidate, nodes, head, repeats);
                charge(candidate, begin);
                if (!placeable)
                    nodes.clear();
            }
            if (nodes.empty()) {
                if (repeats)
                    noteRefusal(candidate, endsInTime);
                ++it;
                continue;
            }
            std::vector<int> outside; // keep the masked copy in step (reserved nodes stay masked)
            for (int node : nodes)
                if (masked.isFree(node))
                    outside.push_back(node);
            start(candidate, std::move(nodes), now);
            masked.take(outside, candidate);
            it = m_queue.erase(it);
        }
    }

    /// Nodes free at `at` and not held by another job's plan during [at, until), or an
    /// empty optional when a quick count already shows fewer than `needed`.
    std::optional<MachineState> machineDuring(std::int64_t at, std::int64_t until, int needed)
    {
        // Upper bound: free now + nodes of jobs expected to have ended, minus plans already
        // active at `at` that overlap (their nodes are disjoint and counted as freed).
        int bound = m_state.freeCount();
        for (auto it = m_expected.begin(); it != m_expected.end() && it->first <= at; ++it)
            bound += static_cast<int>(result(it->second).held().size());
        for (const auto& [other, plan] : m_plans)
            if (plan.start <= at && at < plan.end)
                bound -= static_cast<int>(plan.nodes.size());
        if (bound < needed)
            return std::nullopt;
        MachineState then = m_state;
        for (auto it = m_expected.begin(); it != m_expected.end() && it->first <= at; ++it)
            then.release(result(it->second).held());
        for (const auto& [other, plan] : m_plans) {
            if (plan.start >= until || at >= plan.end)
                continue;
            std::vector<int> held;
            for (int node : plan.nodes)
                if (then.isFree(node))
                    held.push_back(node);
            then.take(held, MachineState::reservationOwner);
        }
        if (then.freeCount() < needed)
            return std::nullopt;
        return then;
    }

    /// Conservative backfilling with compression (Mu'alem and Feitelson 2001): every job
    /// of the head and the window gets a planned slot that overlaps no running job and no
    /// other plan; on every pass each job, in queue order, moves to the earliest such slot
    /// not later than its plan, so plans never slip; jobs whose slot is now start.
    void conservative(std::int64_t now)
    {
        if (m_state.freeCount() == 0)
            return; // nothing can start; plans stay valid until something ends
        int considered = 0;
        for (auto it = m_queue.begin(); it != m_queue.end() && considered <= m_options.window; ++considered) {
            const int index = *it;
            const int needed = job(index).nodes;
            std::optional<Reservation> current;
            if (auto found = m_plans.find(index); found != m_plans.end()) {
                if (found->second.start >= now)
                    current = std::move(found->second);
                m_plans.erase(found);
            }
            const std::int64_t latest = current ? current->start : never;
            std::vector<std::int64_t> candidates{now};
            for (const auto& [end, running] : m_expected)
                if (end > now && end <= latest)
                    candidates.push_back(end);
            for (const auto& [other, plan] : m_plans)
                if (plan.end > now && plan.end <= latest)
                    candidates.push_back(plan.end);
            if (current)
                candidates.push_back(current->start);
            std::sort(candidates.begin(), candidates.end());
            candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
            bool startedNow = false;
            std::optional<Reservation> plan;
            for (std::int64_t at : candidates) {
                const std::int64_t until = at + estimate(index);
                std::optional<MachineState> then = machineDuring(at, until, needed);
                if (!then)
                    continue;
                std::vector<int> nodes = allocate(m_allocator, *then, index);
                if (nodes.empty())
                    continue;
                if (at == now) {
                    noteReservation(index, now);
                    start(index, std::move(nodes), now);
                    startedNow = true;
                } else {
                    plan = Reservation{at, until, std::move(nodes)};
                }
                break;
            }
            if (startedNow) {
                it = m_queue.erase(it);
                if (m_state.freeCount() == 0)
                    return; // later plans stay as they are
                continue;
            }
            if (!plan && current)
                plan = std::move(current); // no earlier slot: keep the one it has
            if (plan) {
                noteReservation(index, plan->start);
                m_plans.emplace(index, std::move(*plan));
            }
            ++it;
        }
    }

    const Topology& m_topology;
    const std::vector<SimulationJob>& m_jobs;
    Allocator& m_allocator;
    SimulationOptions m_options;
    MachineState m_state;
    SimulationResult m_result;
    std::deque<int> m_queue;
    std::priority_queue<Running, std::vector<Running>, std::greater<>> m_running; ///< by actual end
    std::set<std::pair<std::int64_t, int>> m_expected; ///< running jobs by expected end
    std::uint64_t m_releases = 0; ///< jobs ended so far
    // EASY: the head job's reservation, valid while the head and m_releases are unchanged.
    Reservation m_reservation;
    int m_reservedJob = -1;
    std::uint64_t m_reservedAfter = 0;
    // Conservative: the planned slot of every job that has one.
    std::map<int, Reservation> m_plans;
    // EASY and FCFS: when each job was last refused. The epoch changes whenever a job starts
    // or ends and whenever the head's reservation is recomputed; a refusal on the whole
    // machine (the head, or a backfill candidate that ends before the reservation) and one
    // on the backfill view (the reserved nodes masked, the reservation checked) differ.
    struct Refusal
    {
        std::uint64_t epoch = 0;
        bool wholeMachine = false;
    };
    std::vector<Refusal> m_refusedAt;
    std::uint64_t m_epoch = 1;
};

} // namespace

SimulationResult simulate(const Topology& topology, const std::vector<SimulationJob>& jobs, Allocator& allocator,
                          const SimulationOptions& options)
{
    return Simulation(topology, jobs, allocator, options).run();
}

} // namespace placement
