// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/ChangeMarks.h"
#include "core/Topology.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace placement {

class WindowScheduler; // core/WindowScheduler.h

/// Which nodes are free, and which job holds each busy one. Allocators read it; the
/// simulator changes it.
/// A number no other object of this program has been given: how a cache tells a copy of an
/// object from the object it was copied from.
std::uint64_t newIdentity();

class MachineState
{
public:
    explicit MachineState(const Topology& topology);
    /// A copy is another state: it gets an identity of its own.
    MachineState(const MachineState& other);
    MachineState(MachineState&& other) noexcept;
    MachineState& operator=(const MachineState& other);
    MachineState& operator=(MachineState&& other) noexcept;
    ~MachineState() = default;

    /// This state among all (copies get their own), and how many times take() and release()
    /// changed it: what was read from it at the same identity and version is still right.
    std::uint64_t identity() const { return m_identity; }
    std::uint64_t version() const { return m_version; }

    const Topology& topology() const { return *m_topology; }
    int nodeCount() const { return static_cast<int>(m_owner.size()); }
    int freeCount() const { return m_free; }
    bool isFree(int node) const { return m_owner[static_cast<size_t>(node)] < 0; }
    int owner(int node) const { return m_owner[static_cast<size_t>(node)]; }
    /// Every node's owner, by node id (negative: free): for scans over many nodes.
    const std::vector<int>& owners() const { return m_owner; }

    /// The owner of nodes held for a reservation (busy for every allocator).
    static constexpr int reservationOwner = std::numeric_limits<int>::max();
    /// The owner of the topology's empty slots (Topology::emptySlots()), from the start and
    /// for good: busy for every allocator, never released.
    static constexpr int emptySlotOwner = std::numeric_limits<int>::max() - 1;

    /// Marks `nodes` busy, held by `job` (>= 0, or reservationOwner).
    void take(const std::vector<int>& nodes, int job);
    void release(const std::vector<int>& nodes);

    /// Nodes are watched for changes in blocks of this many ids, once markChanges() was
    /// called (copies made after keep doing so): the simulator does it for an allocator
    /// that reads them (Allocator::readsChangeMarks).
    static constexpr int changeBlock = 16;
    void markChanges();
    /// Appends to `blocks` the blocks of changeBlock node ids (by number: nodes block *
    /// changeBlock onwards) where take() or release() changed a node since the state
    /// `identity` was at `version`: this state at an earlier version, or the state it was
    /// copied from at a version up to the one it had then. False (nothing appended) for
    /// another state, a version not reached, or changes not marked. What was read from the
    /// state then is right now outside them.
    bool changedSince(std::uint64_t identity, std::uint64_t version, std::vector<int>& blocks) const;

private:
    const Topology* m_topology;
    std::vector<int> m_owner;
    int m_free;
    std::uint64_t m_identity = newIdentity();
    std::uint64_t m_version = 0;
    ChangeMarks m_marks{changeBlock};
};

/// What a job asks for.
struct AllocationRequest
{
    int job = -1; ///< index of the job in the simulation
    int nodes = 0;
    std::int64_t wallTime = 0; ///< the job's time limit (estimate), seconds
};

/// A placement policy: given the machine, which nodes a job gets now, or none ("not now").
/// allocate() must not change the state; started()/ended() let policies that remember
/// things (TA's job types) follow the run. clone() copies that memory, for the reservation
/// replays of backfilling.
///
/// allocate() may return more nodes than asked (LaaS rounds a job up to whole leaves): the
/// job runs on the first request.nodes of them, the others are held for it, idle, until it
/// ends (internal fragmentation). started() and ended() get every node returned.
/// Policies that allocate links too (Jigsaw, LaaS) remember the links of the allocation
/// they proposed for the job, take them in started() and free them in ended().
class Allocator
{
public:
    virtual ~Allocator() = default;
    virtual std::string name() const = 0;
    virtual std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) = 0;
    /// Whether allocate() would place the job, without proposing anything (the simulator's
    /// reservation checks ask this of a copy of the allocator). Policies whose allocations
    /// are costly to write out answer it more cheaply.
    /// Whether it reads MachineState::changedSince (then the simulator marks changes).
    virtual bool readsChangeMarks() const { return false; }
    virtual bool fits(const MachineState& state, const AllocationRequest& request)
    {
        return !allocate(state, request).empty();
    }
    /// EASY's check of a backfill candidate without a replay: true when `head`, whose
    /// reservation (found by a copy of this allocator) holds `reservedNodes`, certainly still
    /// has a placement at its start if `candidate` starts now on `nodes` (this allocator's
    /// last answer for it) and runs past it; false when only a replay can tell (the default).
    virtual bool keepsReservation(const AllocationRequest& /*head*/, const std::vector<int>& /*reservedNodes*/,
                                  const AllocationRequest& /*candidate*/, const std::vector<int>& /*nodes*/) const
    {
        return false;
    }
    virtual void started(const AllocationRequest&, const std::vector<int>&) {}
    /// A job already running when the allocator takes over (a stored run looked at from a
    /// moment of it): it holds `nodes` and, under policies that own links, `links`. The
    /// default is started(); Jigsaw and LaaS record the links as the job's own.
    virtual void resume(const AllocationRequest& request, const std::vector<int>& nodes,
                        const std::vector<int>& /*links*/)
    {
        started(request, nodes);
    }
    virtual void ended(const AllocationRequest&, const std::vector<int>&) {}
    virtual std::unique_ptr<Allocator> clone() const = 0;
    /// True when the last allocate() or fits() would answer the same if asked again on the
    /// same machine, as long as no job started or ended in between (started()/ended() are
    /// all that change an allocator's memory): the simulator then does not ask again for a
    /// job it was refused while nothing changed. False for policies that draw at random, and
    /// after a search cut off by the clock.
    virtual bool lastAnswerRepeats() const { return true; }
    /// True when allocate() succeeds whenever enough nodes are free (list-based policies).
    /// The simulator then needs no replay to know a reservation still holds.
    virtual bool placesAnyFreeNodes() const { return false; }
    /// Policies that decide for a window of queued jobs at once (AUCSCHED3) return the
    /// scheduler the simulator's auction mode offers the window to; nullptr: one job at a
    /// time only. Owned by the allocator.
    virtual WindowScheduler* windowScheduler() { return nullptr; }
    /// The links `job` holds while it runs (ids of Topology::links(), sorted), for policies
    /// that allocate links explicitly (Jigsaw, LaaS); empty for the others.
    virtual std::vector<int> ownedLinks(int /*job*/) const { return {}; }
};

/// Topology-oblivious baseline (Jigsaw "Baseline", Pollard "TO"): the first free nodes in a
/// node order (default: node index order).
class FirstFitAllocator final : public Allocator
{
public:
    explicit FirstFitAllocator(std::vector<int> order = {}, std::string name = "first-fit");
    std::string name() const override { return m_name; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<FirstFitAllocator>(*this); }
    bool placesAnyFreeNodes() const override { return true; }

private:
    std::vector<int> m_order;
    std::string m_name;
};

/// Pascual's random placement: free nodes drawn at random (seeded, reproducible).
class RandomAllocator final : public Allocator
{
public:
    explicit RandomAllocator(std::uint64_t seed);
    std::string name() const override { return "random"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<RandomAllocator>(*this); }
    bool lastAnswerRepeats() const override { return false; } // every call draws anew
    bool placesAnyFreeNodes() const override { return true; }

private:
    std::uint64_t m_state;
};

} // namespace placement
