#pragma once

#include "util/result.h"

#include <QString>

#include <sys/types.h>

namespace RaidBench {

/// A device path followed the way root may follow it (SystemDeviceGate::resolveTrusted()).
class TrustedPath
{
public:
    /// Follows `path` one component at a time, lexically inside `devRoot`: refuses "..", a link that
    /// leads out of it, and any directory owned by someone other than `trustedUid` or writable by others
    /// (/dev/shm, /dev/mqueue) or by a group other than root's or "disk" (whose members may write every
    /// disk anyway). Looks at nothing outside `devRoot`, so its errors say nothing about other places.
    /// The resolved path (the caller checks what it is).
    static Result<QString> resolve(const QString& path, const QString& devRoot, uid_t trustedUid);
};

} // namespace RaidBench
