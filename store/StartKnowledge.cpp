// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/StartKnowledge.h"

namespace placement {

StartKnowledge::StartKnowledge(SqliteDatabase& db, std::int64_t machineId, const std::string& origin)
    : m_db(db)
    , m_machineId(machineId)
    , m_origin(origin)
{
    SqliteStatement kinds(db,
                          "SELECT EXISTS (SELECT 1 FROM jobs WHERE machine_id = ?1 AND origin = ?2 AND "
                          "start_known = 0), EXISTS (SELECT 1 FROM jobs WHERE machine_id = ?1 AND origin = ?2 "
                          "AND start_known = 1)");
    kinds.bind(1, machineId).bind(2, origin);
    if (kinds.step()) {
        m_anyUnknown = kinds.integer(0) != 0;
        m_anyKnown = kinds.integer(1) != 0;
    }
}

std::optional<StartKnowledge::Stored> StartKnowledge::otherKind(const std::string& jobRef, std::int64_t submit,
                                                                bool startKnown)
{
    if (startKnown) {
        if (!m_anyUnknown)
            return std::nullopt;
        // Stored without a start: under its submission time, found by its identity.
        SqliteStatement find(m_db,
                             "SELECT id, start, end FROM jobs WHERE machine_id = ?1 AND start = ?2 AND "
                             "job_ref = ?3 AND origin = ?4 AND start_known = 0");
        find.bind(1, m_machineId).bind(2, submit).bind(3, jobRef).bind(4, m_origin);
        if (!find.step())
            return std::nullopt;
        return Stored{find.integer(0), find.integer(1), find.integer(2)};
    }
    if (!m_anyKnown)
        return std::nullopt;
    if (!m_known) {
        // No index serves "by id and submission time": the jobs of this origin, read once.
        m_known.emplace();
        SqliteStatement read(m_db,
                             "SELECT job_ref, submit, id, start, end FROM jobs WHERE machine_id = ?1 AND "
                             "origin = ?2 AND start_known = 1");
        read.bind(1, m_machineId).bind(2, m_origin);
        while (read.step())
            m_known->emplace(std::pair(read.text(0), read.integer(1)),
                             Stored{read.integer(2), read.integer(3), read.integer(4)});
    }
    const auto found = m_known->find(std::pair(jobRef, submit));
    if (found == m_known->end())
        return std::nullopt;
    return found->second;
}

void StartKnowledge::startFound(std::int64_t id)
{
    m_anyKnown = true;
    if (!m_known)
        return; // read with it when first needed
    SqliteStatement read(m_db, "SELECT job_ref, submit, start, end FROM jobs WHERE id = ?1");
    read.bind(1, id);
    if (read.step())
        m_known->insert_or_assign(std::pair(read.text(0), read.integer(1)),
                                  Stored{id, read.integer(2), read.integer(3)});
}

} // namespace placement
