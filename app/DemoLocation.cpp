#include "app/DemoLocation.h"

#include "store/DemoDatabase.h"
#include "store/SqliteDatabase.h"

#include <QDir>
#include <QStandardPaths>

namespace placement {

QString ensureDemoDatabase()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (folder.isEmpty() || !QDir().mkpath(folder))
        throw StoreError(folder.toStdString() + ": cannot create the data folder for the demo database");
    const QString path = QDir(folder).filePath(QStringLiteral("demo.sqlite"));
    if (!isCurrentDemoDatabase(path.toStdString()))
        writeDemoDatabase(path.toStdString()); // first start, or a demo from an older version
    return path;
}

} // namespace placement
