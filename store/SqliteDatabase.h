// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace placement {

/// Any failure of the store; the message names the database file.
class StoreError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// A read given up because its stop check said so (SqliteDatabase::setStopCheck): nothing is
/// wrong with the database.
class ReadStopped : public StoreError
{
public:
    using StoreError::StoreError;
};

/// Asked now and then while a statement runs, from the thread running it: true stops it.
using StopCheck = std::shared_ptr<const std::function<bool()>>;

/// Owns one sqlite3 connection. Bound parameters only: never build SQL from user text.
class SqliteDatabase
{
public:
    enum class Mode { OpenExisting, CreateIfMissing };
    /// Shared: SQLite locks the connection on every call (any thread may use it). OneThread:
    /// no lock per call, for a connection that one thread at a time uses alone (a reader of
    /// millions of rows spends a tenth of its time taking that lock otherwise).
    enum class Threads { Shared, OneThread };

    SqliteDatabase(const std::string& path, Mode mode, Threads threads = Threads::Shared);
    ~SqliteDatabase();
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    const std::string& path() const { return m_path; }
    sqlite3* handle() const { return m_db; }
    /// Opened read-only: an existing database that could not be read otherwise (OpenExisting
    /// in a folder the user may not write to).
    bool readOnly() const { return m_readOnly; }

    /// Runs statements that take no parameters and return no rows.
    void execute(std::string_view sql);
    [[noreturn]] void fail(const std::string& what) const;

    /// While another connection (another program) holds the write lock, a write waits for it
    /// up to this long, then fails with a message saying so. Default: 10 minutes.
    void setBusyWaitSeconds(double seconds) { m_busyWaitSeconds = seconds; }
    /// Where "waiting for another program" is said, once per wait of more than a second, for
    /// every connection of the process (default: a line on stderr; empty: nowhere).
    static void setWaitNotice(std::function<void(const std::string&)> show);

    /// From now on, each statement asks `stop` every thousand of SQLite's virtual-machine
    /// steps and fails with ReadStopped once it says true (a read nobody waits for any more);
    /// empty: never stopped. `stop` may be asked from several connections at once.
    void setStopCheck(StopCheck stop);
    const StopCheck& stopCheck() const { return m_stop; }
    bool stopRequested() const { return m_stop && (*m_stop)(); }
    /// Throws ReadStopped when stopRequested().
    void throwIfStopped() const;
    /// Runs `sql` (no parameters, no rows), ignoring its outcome, without asking the stop
    /// check: how a transaction ends, even on a connection told to stop.
    void executeUnstopped(const char* sql) noexcept;

private:
    static int waitForOtherWriter(void* self, int attempt);
    static int askStop(void* self);
    static constexpr int StopCheckSteps = 1000; ///< virtual-machine steps between two asks
    bool readable();
    void reopenReadOnly();
    std::string reasonOfFailure(const char* message) const;

    std::string m_path;
    sqlite3* m_db = nullptr;
    bool m_readOnly = false;
    Threads m_threads = Threads::Shared;
    double m_busyWaitSeconds = 600;
    std::int64_t m_waitStarted = 0; ///< steady clock ticks of the current wait's start
    bool m_waitNoticed = false;
    StopCheck m_stop;
};

/// One prepared statement; bind with 1-based indices, step through rows.
class SqliteStatement
{
public:
    SqliteStatement(SqliteDatabase& db, std::string_view sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    SqliteStatement& bind(int index, std::int64_t value);
    SqliteStatement& bind(int index, const std::string& value);
    SqliteStatement& bindNull(int index);
    SqliteStatement& bindReal(int index, double value);
    SqliteStatement& bindBlob(int index, const std::string& bytes);
    /// Binds without copying: `text` must stay unchanged until the statement has run.
    SqliteStatement& bindUncopied(int index, const std::string& text, bool blob = false);
    /// Binds a pointer for an extension to read with sqlite3_value_pointer(value, type).
    SqliteStatement& bindPointer(int index, void* pointer, const char* type);
    /// Binds the value, or NULL when there is none.
    template <typename T> SqliteStatement& bindOptional(int index, const std::optional<T>& value)
    {
        return value ? bind(index, static_cast<std::int64_t>(*value)) : bindNull(index);
    }
    SqliteStatement& bindText(int index, const std::string& text)
    {
        return text.empty() ? bindNull(index) : bind(index, text);
    }

    /// Advances to the next row; false when done.
    bool step();
    /// Runs a statement that returns no rows, then resets it for the next use.
    void run();
    /// run() for a statement whose every parameter is bound again before each run: resets
    /// without clearing the bindings (a bulk insert saves a pass over its parameters per row).
    void runKeepingBindings();
    void reset();

    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    /// The column's text without a copy, valid until the next step() or reset(); empty for
    /// NULL.
    std::string_view textView(int column) const;
    bool isNull(int column) const;
    const void* blob(int column) const;
    int bytes(int column) const;

private:
    SqliteDatabase& m_db;
    sqlite3_stmt* m_statement = nullptr;
};

/// Switches the connection's foreign key checks off while it lives, for a bulk write whose
/// every reference the writer has just checked itself; back on when it ends, also on an
/// exception. SQLite only changes the setting outside a transaction: made inside one (a
/// caller's open transaction), it changes nothing and the checks stay on. Create it before
/// the transaction and let it end after: PRAGMA foreign_keys = ON is then run once the
/// transaction is committed or rolled back.
class ForeignKeysOff
{
public:
    explicit ForeignKeysOff(SqliteDatabase& db);
    ~ForeignKeysOff();
    ForeignKeysOff(const ForeignKeysOff&) = delete;
    ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;
    /// Whether the checks are off (false inside a caller's transaction).
    bool active() const { return m_active; }

private:
    SqliteDatabase& m_db;
    bool m_active = false;
};

/// Keeps the connection's temporary files in memory while it lives (PRAGMA temp_store =
/// MEMORY), back to what it was when it ends. For a bulk write by multi-row statements:
/// SQLite keeps each statement's journal (the pages it changed, to undo that statement
/// alone) in a temporary file beyond 64 KiB, about 24,000 small writes to /var/tmp for a
/// million-job import. Like ForeignKeysOff, made outside a transaction or not at all.
class TemporaryFilesInMemory
{
public:
    explicit TemporaryFilesInMemory(SqliteDatabase& db);
    ~TemporaryFilesInMemory();
    TemporaryFilesInMemory(const TemporaryFilesInMemory&) = delete;
    TemporaryFilesInMemory& operator=(const TemporaryFilesInMemory&) = delete;

private:
    SqliteDatabase& m_db;
    int m_before = -1; ///< the setting to restore; -1: nothing changed
};

/// A read transaction: the reads made while it lives see one snapshot of the database,
/// whatever another program commits meanwhile (BEGIN DEFERRED, ended when it goes). Inside
/// a caller's transaction it does nothing: that one already holds the snapshot.
class SqliteReadSnapshot
{
public:
    explicit SqliteReadSnapshot(SqliteDatabase& db);
    ~SqliteReadSnapshot();
    SqliteReadSnapshot(const SqliteReadSnapshot&) = delete;
    SqliteReadSnapshot& operator=(const SqliteReadSnapshot&) = delete;

private:
    SqliteDatabase& m_db;
    bool m_began = false;
};

/// A write transaction; rolls back unless commit() was reached. The outermost one takes the
/// write lock when it begins (BEGIN IMMEDIATE), waiting while another program writes; inner
/// ones are savepoints.
class SqliteTransaction
{
public:
    explicit SqliteTransaction(SqliteDatabase& db);
    ~SqliteTransaction();
    SqliteTransaction(const SqliteTransaction&) = delete;
    SqliteTransaction& operator=(const SqliteTransaction&) = delete;
    void commit();

private:
    SqliteDatabase& m_db;
    bool m_outermost = false;
    bool m_done = false;
};

} // namespace placement
