#pragma once

#include "fs/filetestparams.h"

#include <atomic>

namespace RaidBench {

/// The "command" file test: the user's command (and its preparing commands) run in its directory, as
/// its user, `repeats` times with the caches dropped before each; each run a phase.
void commandTest(const FileTestParams& params, const std::atomic_bool* cancel, FileTestResult& result);

} // namespace RaidBench
