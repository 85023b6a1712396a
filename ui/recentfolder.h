#pragma once

#include <QString>

namespace RaidBench::Ui::RecentFolder {

/// Where a file dialog for `kind` (plans, results, exports, fio) starts: the folder the user last chose a
/// file of that kind in, kept in the settings, else the working folder; with `fileName`, that file there.
QString startPath(const QString& kind, const QString& fileName = {});
/// Keeps the folder of `path` (a file just chosen; nothing when empty) for the next dialog of `kind`.
void remember(const QString& kind, const QString& path);

} // namespace RaidBench::Ui::RecentFolder
