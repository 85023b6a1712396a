#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <sys/types.h>

namespace RaidBench {

/// Writes `data` to `path` so that a crash at any moment leaves either the old file or the new one:
/// a temporary file beside it (`PATH.tmp-XXXXXX`, which a crash may leave behind), fsync, rename over
/// the old one, fsync of the directory. The file gets `mode`. `beforeRename` lets tests simulate a
/// crash at the worst moment.
Result<void> writeFileAtomically(const QString& path, const QByteArray& data,
                                 const std::function<void()>& beforeRename = {}, mode_t mode = 0644);

} // namespace RaidBench
