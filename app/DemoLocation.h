#pragma once

#include <QString>

namespace placement {

/// Path of the bundled demo database in the user's data folder, written there on first
/// use and whenever the copy there is from an older version (store/DemoDatabase.h). Throws StoreError when it cannot be
/// written.
QString ensureDemoDatabase();

} // namespace placement
