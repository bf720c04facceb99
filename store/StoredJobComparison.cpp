// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/StoredJobComparison.h"

#include <array>
#include <string_view>

namespace placement {
namespace {

/// States of a run that had not ended when the log was written (docs/formats/slurm-sacct.md's list, and
/// the transient ones around it): a later log of the same run replaces it.
bool notEnded(const std::string& state)
{
    static constexpr std::array<std::string_view, 11> states{"PENDING",     "RUNNING",    "REQUEUED",    "RESIZING",
                                                             "SUSPENDED",   "COMPLETING", "CONFIGURING", "REQUEUE_HOLD",
                                                             "REQUEUE_FED", "SIGNALING",  "STAGE_OUT"};
    const std::string_view word = std::string_view(state).substr(0, state.find(' '));
    for (std::string_view candidate : states)
        if (word == candidate)
            return true;
    return false;
}

std::optional<std::int64_t> count(int value)
{
    return value < 0 ? std::nullopt : std::optional<std::int64_t>(value);
}

} // namespace

StoredJobComparison::StoredJobComparison(const SqliteStatement& stored, const JobRecord& record,
                                         const std::string& nodeBlob)
{
    int column = 3;
    const auto text = [&](const std::string& value, const char* field) {
        const int at = column++;
        if (value.empty())
            return; // the log does not say: nothing to compare
        if (stored.isNull(at))
            addsValues = true;
        else if (stored.text(at) != value)
            differences.push_back(std::string(field) + " ('" + stored.text(at) + "' stored, '" + value + "' here)");
    };
    const auto number = [&](std::optional<std::int64_t> value, const char* field) {
        const int at = column++;
        if (!value)
            return;
        if (stored.isNull(at))
            addsValues = true;
        else if (stored.integer(at) != *value)
            differences.push_back(std::string(field) + " (" + std::to_string(stored.integer(at)) + " stored, "
                                  + std::to_string(*value) + " here)");
    };
    const Job& job = record.job;
    storedNotEnded = notEnded(stored.text(10));
    text(job.user, "user");
    number(job.submit, "submit");
    number(job.end, "end");
    text(record.name, "name");
    text(record.account, "account");
    text(record.partition, "partition");
    text(record.qos, "qos");
    text(record.state, "state");
    number(record.exitCode ? std::optional<std::int64_t>(*record.exitCode) : std::nullopt, "exit code");
    number(record.eligible, "eligible");
    number(record.timeLimit, "time limit");
    number(count(record.requestedNodes), "requested nodes");
    number(count(record.requestedCpus), "requested cpus");
    number(count(record.allocatedCpus), "allocated cpus");
    const int nodes = column++;
    if (std::string_view(static_cast<const char*>(stored.blob(nodes)), static_cast<size_t>(stored.bytes(nodes)))
            != nodeBlob
        || (stored.integer(column) != 0) != record.nodesIncomplete)
        differences.push_back("node list");
}

std::string storedJobAssignments(bool keepStored)
{
    std::string sql;
    std::string_view columns = StoredJobColumns;
    for (int parameter = 2; !columns.empty(); ++parameter) {
        const std::size_t comma = columns.find(", ");
        const std::string column(columns.substr(0, comma));
        columns = comma == std::string_view::npos ? std::string_view() : columns.substr(comma + 2);
        const std::string value = "?" + std::to_string(parameter);
        sql += (sql.empty() ? "" : ", ") + column + " = "
            + (keepStored ? "coalesce(" + column + ", " + value + ")" : value);
    }
    return sql;
}

void bindStoredJobValues(SqliteStatement& update, const JobRecord& record, const std::string& nodeBlob)
{
    const Job& job = record.job;
    update.bindText(2, job.user)
        .bind(3, job.submit)
        .bind(4, job.end)
        .bindText(5, record.name)
        .bindText(6, record.account)
        .bindText(7, record.partition)
        .bindText(8, record.qos)
        .bindText(9, record.state)
        .bindOptional(10, record.exitCode)
        .bindOptional(11, record.eligible)
        .bindOptional(12, record.timeLimit)
        .bindOptional(13, count(record.requestedNodes))
        .bindOptional(14, count(record.requestedCpus))
        .bindOptional(15, count(record.allocatedCpus))
        .bindBlob(16, nodeBlob)
        .bind(17, static_cast<std::int64_t>(record.nodesIncomplete ? 1 : 0));
}

} // namespace placement
