// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/Import.h"

#include "store/DatabaseFiles.h"
#include "store/Store.h"

#include <stdexcept>

namespace placement {

ImportResult importIntoDatabase(const std::string& path, const ImportRequest& request)
{
    if (databaseFilesExist(path)) {
        Store store = Store::openOrCreate(path);
        return importJobLogs(store, request);
    }
    const std::string building = newFileBeside(path);
    try {
        ImportResult result;
        {
            Store store = Store::createUnpublished(building);
            result = importJobLogs(store, request);
            if (result.committed)
                store.finishNew();
        }
        if (result.committed)
            publishNewDatabase(building, path);
        else
            removeUnfinishedDatabase(building);
        return result;
    } catch (const std::exception& error) {
        removeUnfinishedDatabase(building);
        std::string message = error.what(); // naming the database as the user did
        for (std::size_t at = message.find(building); at != std::string::npos; at = message.find(building, at))
            message.replace(at, building.size(), path);
        throw std::runtime_error(message + " (no database was created)");
    }
}

} // namespace placement
