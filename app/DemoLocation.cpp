// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/DemoLocation.h"

#include "store/DatabaseFiles.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <filesystem>
#include <system_error>

namespace placement {

namespace {

/// Copies `shipped` to `path` (where no file is) if it is a current demo database; false (and
/// nothing at `path` changed) otherwise. The copy is checked, then renamed to `path` without
/// replacing anything: it appears whole or not at all.
bool copyShippedDemo(const QString& shipped, const QString& path)
{
    const std::string partial = newFileBeside(path.toStdString());
    std::error_code error;
    std::filesystem::copy_file(shipped.toStdString(), partial, std::filesystem::copy_options::overwrite_existing,
                               error);
    // The installed file is read-only; the user's copy is theirs to import into.
    if (!error)
        QFile::setPermissions(QString::fromStdString(partial),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    try {
        if (error || !isCurrentDemoDatabase(partial))
            throw StoreError(shipped.toStdString() + ": not a current demo database");
        publishNewDatabase(partial, path.toStdString());
        return true;
    } catch (const StoreError&) {
        removeUnfinishedDatabase(partial);
        return false;
    }
}

} // namespace

QString shippedDemoDatabase()
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath()
                           + QStringLiteral("/../share/placement-explorer/demo.sqlite"));
}

QString ensureDemoDatabase()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (folder.isEmpty() || !QDir().mkpath(folder))
        throw StoreError(folder.toStdString() + ": cannot create the data folder for the demo database");
    const QString path = QDir(folder).filePath(QStringLiteral("demo.sqlite"));
    if (databaseFilesExist(path.toStdString())) {
        // The user's copy, whatever its demo version: they may have imported into it. It is
        // opened (an older schema is migrated in place), never replaced.
        try {
            Store::openExisting(path.toStdString());
        } catch (const StoreError& error) {
            throw StoreError(std::string(error.what())
                             + " (the explorer does not replace it: move it away to get a new demo database)");
        }
        return path;
    }
    // First start.
    const QString shipped = shippedDemoDatabase();
    if (!QFile::exists(shipped) || !copyShippedDemo(shipped, path))
        writeDemoDatabase(path.toStdString());
    return path;
}

} // namespace placement
