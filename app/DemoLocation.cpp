#include "app/DemoLocation.h"

#include "store/DemoDatabase.h"
#include "store/SqliteDatabase.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace placement {

QString ensureDemoDatabase()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (folder.isEmpty() || !QDir().mkpath(folder))
        throw StoreError(folder.toStdString() + ": cannot create the data folder for the demo database");
    const QString path = QDir(folder).filePath(QStringLiteral("demo.sqlite"));
    if (!QFileInfo::exists(path))
        writeDemoDatabase(path.toStdString());
    return path;
}

} // namespace placement
