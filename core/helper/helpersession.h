#pragma once

#include "arrays/buildexecutor.h"
#include "fs/filesystem.h"

#include <QHash>
#include <QString>

#include <mutex>

namespace RaidBench {

/// An array a helper session built, and whether its teardown failed (it stays listed, and is tried
/// again when the session ends).
struct SessionArray
{
    BuiltArray array;
    QString teardownError;
};

/// What one client's helper session holds: whether it said hello, the arrays it built and the file
/// systems it mounted. Read and changed under `mutex` (intents run on worker threads).
struct HelperSession
{
    std::mutex mutex;
    bool hello = false;
    QHash<QString, SessionArray> arrays; ///< built in this session, by tag
    QHash<QString, MountedFilesystem> mounts; ///< by array tag
};

} // namespace RaidBench
