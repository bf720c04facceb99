// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/DatabaseFiles.h"

#include "store/SqliteDatabase.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace placement {
namespace {

const char* const journalSuffixes[] = {"-wal", "-shm", "-journal"};

bool exists(const std::string& path)
{
    std::error_code error;
    return std::filesystem::symlink_status(path, error).type() != std::filesystem::file_type::not_found && !error;
}

/// Writes `file`'s data to the disk; throws StoreError naming `path` (what the user named).
void syncFile(const std::string& file, const std::string& path)
{
    const int descriptor = open(file.c_str(), O_RDONLY | O_CLOEXEC);
    const bool synced = descriptor >= 0 && fsync(descriptor) == 0;
    const int reason = errno;
    if (descriptor >= 0)
        close(descriptor);
    if (!synced)
        throw StoreError(path + ": cannot write the new database to the disk: " + std::strerror(reason));
}

/// Makes a new name in `path`'s folder last through a crash. Best effort: the database
/// itself is whole either way, only its name might be lost.
void syncFolderOf(const std::string& path)
{
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    const std::filesystem::path folder = parent.empty() ? std::filesystem::path(".") : parent;
    const int descriptor = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0)
        return;
    fsync(descriptor);
    close(descriptor);
}

} // namespace

bool databaseFilesExist(const std::string& path)
{
    if (exists(path))
        return true;
    for (const char* suffix : journalSuffixes)
        if (exists(path + suffix))
            return true;
    return false;
}

std::string newFileBeside(const std::string& path)
{
    std::string name = path + ".new-XXXXXX";
    std::vector<char> buffer(name.begin(), name.end());
    buffer.push_back('\0');
    const int descriptor = mkstemp(buffer.data());
    if (descriptor < 0)
        throw StoreError(path + ": cannot create a file beside it: " + std::strerror(errno));
    close(descriptor);
    return buffer.data();
}

void publishNewDatabase(const std::string& built, const std::string& path)
{
    for (const char* suffix : journalSuffixes)
        if (exists(built + suffix))
            throw StoreError(path + ": the new database was not closed cleanly (" + built + suffix + " remains)");
    if (databaseFilesExist(path))
        throw StoreError(path + ": a database is there already (or its -wal/-shm file); it is not replaced");
    // On disk before it has its name: a crash right after the rename must not leave a file
    // whose pages never reached the disk (Store::createUnpublished writes without syncing).
    syncFile(built, path);
    // renameat2(RENAME_NOREPLACE) fails instead of replacing a file that appeared since the
    // check; where the file system lacks it, a hard link does the same.
    if (renameat2(AT_FDCWD, built.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0) {
        syncFolderOf(path);
        return;
    }
    int reason = errno;
    if (reason == EINVAL || reason == ENOSYS) {
        if (link(built.c_str(), path.c_str()) == 0) {
            unlink(built.c_str());
            syncFolderOf(path);
            return;
        }
        reason = errno;
    }
    if (reason == EEXIST)
        throw StoreError(path + ": a file appeared there meanwhile; it is not replaced");
    throw StoreError(path + ": cannot write: " + std::strerror(reason));
}

void removeUnfinishedDatabase(const std::string& built)
{
    std::error_code ignored;
    std::filesystem::remove(built, ignored);
    for (const char* suffix : journalSuffixes)
        std::filesystem::remove(built + suffix, ignored);
}

} // namespace placement
