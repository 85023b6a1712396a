#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <functional>

namespace RaidBench {

/// Writes `data` to `path` so that a crash at any moment leaves either the old file or the new one:
/// a temporary file beside it, fsync, rename over the old one, fsync of the directory.
/// `beforeRename` lets tests simulate a crash at the worst moment.
Result<void> writeFileAtomically(const QString& path, const QByteArray& data,
                                 const std::function<void()>& beforeRename = {});

} // namespace RaidBench
