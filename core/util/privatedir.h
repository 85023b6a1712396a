#pragma once

#include "util/result.h"

#include <QString>

#include <sys/types.h>

namespace RaidBench {

/// Makes sure `path` is a directory root can trust for what it writes there: every directory on the
/// way is a real directory (no link) owned by root or this user and writable by no one else; the
/// missing ones are made with `mode`, and the last one
/// gets `mode`. A root-owned sticky directory (/tmp) may be on the way: the next one is checked. An
/// error names the first directory that fails. A user's links and directories can never bring root to
/// chmod, fill or read a place they chose.
Result<void> ensurePrivateDirectory(const QString& path, mode_t mode);

/// The kernel's boot id (/proc/sys/kernel/random/boot_id): tells one boot from the next.
QString currentBootId();

} // namespace RaidBench
