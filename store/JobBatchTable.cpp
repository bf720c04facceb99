// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/JobBatchTable.h"

#include "store/NodeCores.h"

#include <sqlite3.h>
#include <string_view>

namespace placement {
namespace {

// The columns, in the order of the declaration below.
enum Column {
    JobRef,
    User,
    Submit,
    Start,
    End,
    Name,
    Account,
    Partition,
    Qos,
    State,
    ExitCode,
    Eligible,
    TimeLimit,
    RequestedNodes,
    RequestedCpus,
    AllocatedCpus,
    NodeCount,
    Nodes,
    NodesIncomplete,
    SourceLine,
    StartKnown,
    SharesNodes,
    NodeCores,
    Gpus,
    Batch, ///< HIDDEN: the argument, a JobBatch*
};

constexpr const char* Declaration
    = "CREATE TABLE x(job_ref, user, submit, start, end, name, account, partition, qos, state, exit_code, "
      "eligible, time_limit, requested_nodes, requested_cpus, allocated_cpus, node_count, nodes, nodes_incomplete, "
      "source_line, start_known, shares_nodes, node_cores, gpus, batch HIDDEN)";

struct Cursor
{
    sqlite3_vtab_cursor base; // first: SQLite casts between the two
    const JobBatch* batch = nullptr;
    std::size_t row = 0;
};

int connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** table, char**)
{
    const int status = sqlite3_declare_vtab(db, Declaration);
    if (status != SQLITE_OK)
        return status;
    *table = static_cast<sqlite3_vtab*>(sqlite3_malloc(sizeof(sqlite3_vtab)));
    if (!*table)
        return SQLITE_NOMEM;
    **table = sqlite3_vtab{};
    return SQLITE_OK;
}

int disconnect(sqlite3_vtab* table)
{
    sqlite3_free(table);
    return SQLITE_OK;
}

/// The only plan: the batch given as the argument. Without it there are no rows to read.
int bestIndex(sqlite3_vtab*, sqlite3_index_info* info)
{
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& constraint = info->aConstraint[i];
        if (constraint.iColumn == Batch && constraint.op == SQLITE_INDEX_CONSTRAINT_EQ && constraint.usable) {
            info->aConstraintUsage[i].argvIndex = 1;
            info->aConstraintUsage[i].omit = 1;
            info->idxNum = 1;
            info->estimatedCost = 1;
            info->estimatedRows = 2048;
            return SQLITE_OK;
        }
    }
    return SQLITE_CONSTRAINT;
}

int open(sqlite3_vtab*, sqlite3_vtab_cursor** cursor)
{
    auto* created = static_cast<Cursor*>(sqlite3_malloc(sizeof(Cursor)));
    if (!created)
        return SQLITE_NOMEM;
    *created = Cursor{};
    *cursor = &created->base;
    return SQLITE_OK;
}

int close(sqlite3_vtab_cursor* cursor)
{
    sqlite3_free(cursor);
    return SQLITE_OK;
}

int filter(sqlite3_vtab_cursor* base, int idxNum, const char*, int argc, sqlite3_value** argv)
{
    auto* cursor = reinterpret_cast<Cursor*>(base);
    cursor->batch = idxNum == 1 && argc == 1
        ? static_cast<const JobBatch*>(sqlite3_value_pointer(argv[0], JobBatchPointerType))
        : nullptr;
    cursor->row = 0;
    return SQLITE_OK;
}

int next(sqlite3_vtab_cursor* base)
{
    ++reinterpret_cast<Cursor*>(base)->row;
    return SQLITE_OK;
}

int eof(sqlite3_vtab_cursor* base)
{
    const auto* cursor = reinterpret_cast<Cursor*>(base);
    return !cursor->batch || cursor->row >= cursor->batch->records.size();
}

void resultText(sqlite3_context* context, std::string_view text)
{
    if (text.empty())
        sqlite3_result_null(context);
    else // the batch outlives the statement's run: no copy
        sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

template <typename T> void resultOptional(sqlite3_context* context, const std::optional<T>& value)
{
    if (value)
        sqlite3_result_int64(context, static_cast<sqlite3_int64>(*value));
    else
        sqlite3_result_null(context);
}

void resultCount(sqlite3_context* context, int count)
{
    if (count < 0)
        sqlite3_result_null(context);
    else
        sqlite3_result_int64(context, count);
}

int column(sqlite3_vtab_cursor* base, sqlite3_context* context, int index)
{
    const auto* cursor = reinterpret_cast<Cursor*>(base);
    const JobRecord& record = cursor->batch->records[cursor->row];
    const Job& job = record.job;
    switch (index) {
    case JobRef: sqlite3_result_text(context, job.id.data(), static_cast<int>(job.id.size()), SQLITE_STATIC); break;
    case User: resultText(context, job.user); break;
    case Submit: sqlite3_result_int64(context, job.submit); break;
    case Start: sqlite3_result_int64(context, job.start); break;
    case End: sqlite3_result_int64(context, job.end); break;
    case Name: resultText(context, record.name); break;
    case Account: resultText(context, record.account); break;
    case Partition: resultText(context, record.partition); break;
    case Qos: resultText(context, record.qos); break;
    case State: resultText(context, record.state); break;
    case ExitCode: resultOptional(context, record.exitCode); break;
    case Eligible: resultOptional(context, record.eligible); break;
    case TimeLimit: resultOptional(context, record.timeLimit); break;
    case RequestedNodes: resultCount(context, record.requestedNodes); break;
    case RequestedCpus: resultCount(context, record.requestedCpus); break;
    case AllocatedCpus: resultCount(context, record.allocatedCpus); break;
    case NodeCount: sqlite3_result_int64(context, static_cast<sqlite3_int64>(job.nodes.size())); break;
    case Nodes: {
        const std::string& blob
            = record.nodesEncoded ? record.encodedNodes : (*cursor->batch->encodedHere)[cursor->row];
        sqlite3_result_blob(context, blob.data(), static_cast<int>(blob.size()), SQLITE_STATIC);
        break;
    }
    case NodesIncomplete: sqlite3_result_int(context, record.nodesIncomplete ? 1 : 0); break;
    case SourceLine: sqlite3_result_int64(context, record.sourceLine); break;
    case StartKnown: sqlite3_result_int(context, record.startKnown ? 1 : 0); break;
    case SharesNodes: sqlite3_result_int(context, record.sharesNodes ? 1 : 0); break;
    case NodeCores: {
        const std::string text = encodeNodeCores(record.nodeCores);
        if (text.empty())
            sqlite3_result_null(context);
        else
            sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        break;
    }
    case Gpus: resultCount(context, record.gpus); break;
    default: sqlite3_result_null(context);
    }
    return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* base, sqlite3_int64* id)
{
    *id = static_cast<sqlite3_int64>(reinterpret_cast<Cursor*>(base)->row);
    return SQLITE_OK;
}

sqlite3_module makeModule()
{
    sqlite3_module module{};
    module.iVersion = 0;
    module.xCreate = nullptr; // eponymous only: no CREATE VIRTUAL TABLE, no schema entry
    module.xConnect = connect;
    module.xBestIndex = bestIndex;
    module.xDisconnect = disconnect;
    module.xDestroy = disconnect;
    module.xOpen = open;
    module.xClose = close;
    module.xFilter = filter;
    module.xNext = next;
    module.xEof = eof;
    module.xColumn = column;
    module.xRowid = rowid;
    return module;
}

const sqlite3_module Module = makeModule();

} // namespace

void registerJobBatchTable(SqliteDatabase& db)
{
    if (sqlite3_create_module_v2(db.handle(), JobBatchPointerType, &Module, nullptr, nullptr) != SQLITE_OK)
        db.fail("cannot register the job batch table");
}

} // namespace placement
