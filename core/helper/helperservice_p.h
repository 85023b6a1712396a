#pragma once

// Private to HelperService: what one client's session holds. Shared by helperservice*.cpp.

#include "fs/filesystem.h"
#include "helper/helperservice.h"

#include <QHash>
#include <QString>

#include <mutex>

namespace RaidBench {

/// An array this session built, and whether its teardown failed (it stays listed, and is tried again
/// when the session ends).
struct HelperService::SessionArray
{
    BuiltArray array;
    QString teardownError;
};

struct HelperService::Session
{
    std::mutex mutex;
    bool hello = false;
    QHash<QString, SessionArray> arrays; ///< built in this session, by tag
    QHash<QString, MountedFilesystem> mounts; ///< by array tag
};

} // namespace RaidBench
