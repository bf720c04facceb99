// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/SqliteDatabase.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <sqlite3.h>

namespace placement {
namespace {

std::mutex noticeMutex;
std::function<void(const std::string&)> waitNotice
    = [](const std::string& text) { std::fprintf(stderr, "%s\n", text.c_str()); };

void notice(const std::string& text)
{
    std::lock_guard lock(noticeMutex);
    if (waitNotice)
        waitNotice(text);
}

} // namespace

void SqliteDatabase::setWaitNotice(std::function<void(const std::string&)> show)
{
    std::lock_guard lock(noticeMutex);
    waitNotice = std::move(show);
}

int SqliteDatabase::waitForOtherWriter(void* self, int attempt)
{
    auto& db = *static_cast<SqliteDatabase*>(self);
    using Clock = std::chrono::steady_clock;
    const auto now = Clock::now();
    if (attempt == 0) {
        db.m_waitStarted = now.time_since_epoch().count();
        db.m_waitNoticed = false;
    }
    const double waited
        = std::chrono::duration<double>(now.time_since_epoch() - Clock::duration(db.m_waitStarted)).count();
    if (waited > db.m_busyWaitSeconds)
        return 0; // SQLITE_BUSY: reasonOfFailure() says why
    if (waited >= 1.0 && !db.m_waitNoticed) {
        db.m_waitNoticed = true;
        notice(db.m_path + ": another program is writing to this database; waiting for it to finish (at most "
               + std::to_string(static_cast<int>(db.m_busyWaitSeconds)) + " s)");
    }
    sqlite3_sleep(attempt < 10 ? 5 : 25);
    return 1;
}

std::string SqliteDatabase::reasonOfFailure(const char* message) const
{
    if ((sqlite3_extended_errcode(m_db) & 0xFF) == SQLITE_BUSY)
        return "the database is locked: another program has been writing to it for more than "
            + std::to_string(static_cast<int>(m_busyWaitSeconds)) + " s; try again when it has finished ("
            + (message ? message : sqlite3_errmsg(m_db)) + ")";
    return message ? message : sqlite3_errmsg(m_db);
}

SqliteDatabase::SqliteDatabase(const std::string& path, Mode mode, Threads threads)
    : m_path(path)
    , m_threads(threads)
{
    // SQLite's memory statistics (sqlite3_memory_used(), unused here) take a process-wide
    // mutex on every allocation: ~5% of a million-job import's CPU time. Only possible before
    // SQLite initialises, i.e. before the process's first connection; later calls are no-ops.
    static const int withoutMemoryStatistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    (void)withoutMemoryStatistics;
    const int flags = SQLITE_OPEN_READWRITE | (mode == Mode::CreateIfMissing ? SQLITE_OPEN_CREATE : 0)
        | (threads == Threads::OneThread ? SQLITE_OPEN_NOMUTEX : 0);
    if (sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr) != SQLITE_OK) {
        const std::string reason = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        m_db = nullptr;
        throw StoreError(path + ": cannot open database: " + reason);
    }
    sqlite3_extended_result_codes(m_db, 1);
    if (mode == Mode::OpenExisting && !readable())
        reopenReadOnly();
    // Another writer (an import, a simulation storing its run) holds the write lock for as long
    // as its transaction lasts: wait for it, and say so after a second, rather than fail.
    sqlite3_busy_handler(m_db, &SqliteDatabase::waitForOtherWriter, this);
    execute("PRAGMA foreign_keys = ON");
}

bool SqliteDatabase::readable()
{
    return sqlite3_exec(m_db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) == SQLITE_OK
        || (sqlite3_extended_errcode(m_db) & 0xFF) == SQLITE_BUSY;
}

void SqliteDatabase::reopenReadOnly()
{
    // A database in write-ahead-log mode is read through a -shm file beside it, which SQLite
    // cannot create in a folder the user may not write to (a shared data set, a read-only
    // mount): such a database is opened read-only, and, with no -wal file beside it (no
    // writer anywhere), as immutable, which needs no -shm file.
    std::error_code error;
    const bool logBeside = std::filesystem::exists(m_path + "-wal", error);
    std::string uri = "file:";
    for (const char c : m_path) {
        if (c == '?' || c == '#' || c == '%') {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
            uri += escaped;
        } else {
            uri += c;
        }
    }
    if (!logBeside)
        uri += "?immutable=1";
    sqlite3* readOnly = nullptr;
    if (sqlite3_open_v2(uri.c_str(), &readOnly,
                        SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                            | (m_threads == Threads::OneThread ? SQLITE_OPEN_NOMUTEX : 0),
                        nullptr)
        != SQLITE_OK) {
        sqlite3_close(readOnly);
        return; // the first query says why the database cannot be read
    }
    sqlite3_close(m_db);
    m_db = readOnly;
    m_readOnly = true;
    sqlite3_extended_result_codes(m_db, 1);
}

SqliteDatabase::~SqliteDatabase()
{
    sqlite3_close_v2(m_db);
}

void SqliteDatabase::execute(std::string_view sql)
{
    char* message = nullptr;
    const std::string text(sql);
    if (sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        if ((sqlite3_extended_errcode(m_db) & 0xFF) == SQLITE_INTERRUPT && stopRequested()) {
            sqlite3_free(message);
            throw ReadStopped(m_path + ": the read was stopped");
        }
        const std::string reason = reasonOfFailure(message);
        sqlite3_free(message);
        throw StoreError(m_path + ": " + reason);
    }
}

void SqliteDatabase::setStopCheck(StopCheck stop)
{
    m_stop = std::move(stop);
    sqlite3_progress_handler(m_db, m_stop ? StopCheckSteps : 0, m_stop ? &SqliteDatabase::askStop : nullptr, this);
}

int SqliteDatabase::askStop(void* self)
{
    return static_cast<SqliteDatabase*>(self)->stopRequested() ? 1 : 0;
}

void SqliteDatabase::throwIfStopped() const
{
    if (stopRequested())
        throw ReadStopped(m_path + ": the read was stopped");
}

void SqliteDatabase::executeUnstopped(const char* sql) noexcept
{
    if (m_stop)
        sqlite3_progress_handler(m_db, 0, nullptr, nullptr);
    sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr);
    if (m_stop)
        sqlite3_progress_handler(m_db, StopCheckSteps, &SqliteDatabase::askStop, this);
}

void SqliteDatabase::fail(const std::string& what) const
{
    if ((sqlite3_extended_errcode(m_db) & 0xFF) == SQLITE_INTERRUPT)
        throwIfStopped();
    throw StoreError(m_path + ": " + what + ": " + reasonOfFailure(nullptr));
}

SqliteStatement::SqliteStatement(SqliteDatabase& db, std::string_view sql)
    : m_db(db)
{
    if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &m_statement, nullptr) != SQLITE_OK)
        // The reason, not the statement: "file is not a database", "no such table: jobs".
        db.fail("cannot read the database");
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_statement);
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value)
{
    if (sqlite3_bind_int64(m_statement, index, value) != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, const std::string& value)
{
    if (sqlite3_bind_text(m_statement, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT)
        != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

SqliteStatement& SqliteStatement::bindBlob(int index, const std::string& bytes)
{
    if (sqlite3_bind_blob(m_statement, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT)
        != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

SqliteStatement& SqliteStatement::bindReal(int index, double value)
{
    if (sqlite3_bind_double(m_statement, index, value) != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

SqliteStatement& SqliteStatement::bindUncopied(int index, const std::string& text, bool blob)
{
    const int status = blob
        ? sqlite3_bind_blob(m_statement, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC)
        : sqlite3_bind_text(m_statement, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
    if (status != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

SqliteStatement& SqliteStatement::bindPointer(int index, void* pointer, const char* type)
{
    if (sqlite3_bind_pointer(m_statement, index, pointer, type, nullptr) != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

SqliteStatement& SqliteStatement::bindNull(int index)
{
    if (sqlite3_bind_null(m_statement, index) != SQLITE_OK)
        m_db.fail("cannot bind parameter");
    return *this;
}

bool SqliteStatement::step()
{
    const int status = sqlite3_step(m_statement);
    if (status == SQLITE_ROW)
        return true;
    if (status == SQLITE_DONE)
        return false;
    m_db.fail("query failed");
}

void SqliteStatement::run()
{
    while (step()) {}
    reset();
}

void SqliteStatement::runKeepingBindings()
{
    while (step()) {}
    sqlite3_reset(m_statement);
}

void SqliteStatement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

std::int64_t SqliteStatement::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double SqliteStatement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::string SqliteStatement::text(int column) const
{
    const auto* bytes = sqlite3_column_text(m_statement, column);
    return bytes ? std::string(reinterpret_cast<const char*>(bytes),
                               static_cast<size_t>(sqlite3_column_bytes(m_statement, column)))
                 : std::string();
}

std::string_view SqliteStatement::textView(int column) const
{
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(m_statement, column));
    return text ? std::string_view(text, static_cast<size_t>(sqlite3_column_bytes(m_statement, column)))
                : std::string_view();
}

const void* SqliteStatement::blob(int column) const
{
    return sqlite3_column_blob(m_statement, column);
}

int SqliteStatement::bytes(int column) const
{
    return sqlite3_column_bytes(m_statement, column);
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

ForeignKeysOff::ForeignKeysOff(SqliteDatabase& db)
    : m_db(db)
{
    if (!sqlite3_get_autocommit(m_db.handle()))
        return; // in a transaction: the pragma would be a no-op, the checks stay on
    m_db.execute("PRAGMA foreign_keys = OFF");
    m_active = true;
}

ForeignKeysOff::~ForeignKeysOff()
{
    if (m_active)
        sqlite3_exec(m_db.handle(), "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
}

TemporaryFilesInMemory::TemporaryFilesInMemory(SqliteDatabase& db)
    : m_db(db)
{
    if (!sqlite3_get_autocommit(m_db.handle()))
        return;
    SqliteStatement current(m_db, "PRAGMA temp_store");
    m_before = current.step() ? static_cast<int>(current.integer(0)) : 0;
    current.reset();
    m_db.execute("PRAGMA temp_store = MEMORY");
}

TemporaryFilesInMemory::~TemporaryFilesInMemory()
{
    if (m_before >= 0) {
        const std::string restore = "PRAGMA temp_store = " + std::to_string(m_before);
        sqlite3_exec(m_db.handle(), restore.c_str(), nullptr, nullptr, nullptr);
    }
}

SqliteReadSnapshot::SqliteReadSnapshot(SqliteDatabase& db)
    : m_db(db)
    , m_began(sqlite3_get_autocommit(db.handle()) != 0)
{
    if (m_began)
        m_db.execute("BEGIN DEFERRED");
}

SqliteReadSnapshot::~SqliteReadSnapshot()
{
    // Ends a transaction that only read: nothing to keep or undo, and nothing to report.
    if (m_began && sqlite3_get_autocommit(m_db.handle()) == 0)
        m_db.executeUnstopped("COMMIT");
}

SqliteTransaction::SqliteTransaction(SqliteDatabase& db)
    : m_db(db)
    , m_outermost(sqlite3_get_autocommit(db.handle()) != 0)
{
    // The outermost transaction takes the write lock at once (BEGIN IMMEDIATE), waiting while
    // another program holds it. A deferred one reads first and asks for the lock at its first
    // write: when another program wrote in between, its snapshot is stale and SQLite fails it
    // at once with "database is locked", whatever the busy handler would wait. Inner ones are
    // savepoints, so they nest: a machine added inside an import commits with the import or
    // not at all.
    m_db.execute(m_outermost ? "BEGIN IMMEDIATE" : "SAVEPOINT work");
}

SqliteTransaction::~SqliteTransaction()
{
    if (m_done)
        return;
    if (m_outermost) {
        m_db.executeUnstopped("ROLLBACK");
    } else {
        m_db.executeUnstopped("ROLLBACK TO work");
        m_db.executeUnstopped("RELEASE work");
    }
}

void SqliteTransaction::commit()
{
    m_db.execute(m_outermost ? "COMMIT" : "RELEASE work");
    m_done = true;
}

} // namespace placement
