// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/SqliteDatabase.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace placement {

/// The stored jobs of one machine and origin that a job of an import may be with the other
/// kind of start: a job stored without its start (start_known = 0: its identity's start is
/// its submission time) and a log of it that gives the start, or a job stored with its start
/// and a log of it without. Their identities differ unless the job started when it was
/// submitted; they are one job, told by its id and submission time (docs/importing.md,
/// "Importing again: a job's identity").
class StartKnowledge
{
public:
    StartKnowledge(SqliteDatabase& db, std::int64_t machineId, const std::string& origin);

    /// Whether the machine has jobs of this origin at all (else nothing can match).
    bool anyStored() const { return m_anyUnknown || m_anyKnown; }

    /// A stored job of the other kind.
    struct Stored
    {
        std::int64_t id = 0;
        std::int64_t start = 0;
        std::int64_t end = 0;
    };
    /// The job `jobRef` submitted at `submit` stored with its start known when `startKnown`
    /// is false, unknown when it is true; none when there is no such job. Cheap when the
    /// machine has no job of the other kind under this origin (the usual case).
    std::optional<Stored> otherKind(const std::string& jobRef, std::int64_t submit, bool startKnown);
    /// Says that the job stored as `id` now has its start known.
    void startFound(std::int64_t id);

private:
    SqliteDatabase& m_db;
    std::int64_t m_machineId;
    std::string m_origin;
    bool m_anyUnknown = false;
    bool m_anyKnown = false;
    /// The jobs stored with their start, by (job id, submission time); read on first need.
    std::optional<std::map<std::pair<std::string, std::int64_t>, Stored>> m_known;
};

} // namespace placement
