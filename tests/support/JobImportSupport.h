// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

// What the job import tests share: fixtures, the cluster machine, imports onto it, old databases.

#include "importers/JobImport.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/RawSql.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cctype>
#include <fstream>
#include <functional>
#include <set>
#include <sqlite3.h>
#include <sstream>
#include <sys/stat.h>

namespace placement::test {

inline QString fixture(const QString& name)
{
    return QFINDTESTDATA(QStringLiteral("data/import/") + name);
}

/// A test input of tests/data/importers (see the README next to it).
inline std::string importerData(const QString& name)
{
    return QFINDTESTDATA(QStringLiteral("data/importers/") + name).toStdString();
}

/// Writes the lines of `from` that `keep` accepts (comments always) to `to`.
inline void copyLines(const std::string& from, const QString& to, const std::function<bool(const std::string&)>& keep)
{
    std::ifstream in(from);
    std::ofstream out(to.toStdString());
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(';') || keep(line))
            out << line << '\n';
}

/// A file under tests/data, e.g. "traces/hpc2n.swf" (tests/data/traces/README.md).
inline QString testData(const QString& path)
{
    return QFINDTESTDATA(QStringLiteral("data/") + path);
}

/// A machine whose node names are the ones the Slurm fixtures use: cn001..cn064.
inline std::int64_t addClusterMachine(Store& store)
{
    std::vector<std::string> names;
    for (int i = 1; i <= 64; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "cn%03d", i);
        names.push_back(name);
    }
    return store.addMachine("cluster", "torus extents=4x4x4", names);
}

/// A new database in a folder of its own, with the machine "cluster" (addClusterMachine).
struct ClusterDatabase
{
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("db.sqlite"));
    Store store = Store::openOrCreate(path.toStdString());
    ClusterDatabase() { addClusterMachine(store); }
};

/// Imports `files` onto the machine `machine` of `store`.
inline ImportResult importOnto(Store& store, const std::string& machine, const QStringList& files, bool strict = false)
{
    ImportRequest request;
    for (const QString& file : files)
        request.files.push_back(file.toStdString());
    request.machine = machine;
    request.options.strict = strict;
    return importJobLogs(store, request);
}

/// Imports `files` onto the machine "cluster" of `store` (addClusterMachine).
inline ImportResult importOntoCluster(Store& store, const QStringList& files, bool strict = false)
{
    return importOnto(store, "cluster", files, strict);
}

/// A writable copy in `dir` of a database of tests/data/store written by an earlier release
/// (tests/data/import/README.md), and the schema version it has before it is opened.
inline QString copyOfOldDatabase(const QTemporaryDir& dir, const QString& name, std::int64_t& version)
{
    const QString path = dir.filePath(QStringLiteral("old.sqlite"));
    if (!QFile::copy(QFINDTESTDATA(QStringLiteral("data/store/") + name), path))
        return {};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    version = rawInteger(path, "SELECT value FROM meta WHERE key = 'schema_version'");
    return path;
}

/// Whether the store's own connection checks foreign keys (an import switches the checks
/// off while it runs and must switch them back on, whatever its outcome).
inline bool foreignKeysEnforced(Store& store)
{
    SqliteStatement pragma(store.database(), "PRAGMA foreign_keys");
    return pragma.step() && pragma.integer(0) == 1;
}

} // namespace placement::test
