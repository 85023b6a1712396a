#pragma once

#include "fs/filetestparams.h"

#include <QString>

#include <atomic>
#include <functional>

namespace RaidBench {

/// Runs a file test in `params.directory` (which must exist) and leaves the directory as it found it.
/// Safe to run as root in a directory others can write: see FileTestParams::directory.
FileTestResult runFileTest(const FileTestParams& params, const std::atomic_bool* cancel = nullptr,
                           const std::function<void(const QString&)>& progress = {});

} // namespace RaidBench
