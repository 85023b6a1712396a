#pragma once

// Private to the file tests: what filetests.cpp and filecommand.cpp share.

#include "fs/filetests.h"
#include "util/errnotext.h"

#include <QString>

#include <atomic>
#include <cstdint>

namespace RaidBench {

std::uint64_t nowNs();
bool isCancelled(const std::atomic_bool* cancel);
/// The "command" test kind (filecommand.cpp).
void commandTest(const FileTestParams& params, const std::atomic_bool* cancel, FileTestResult& result);

} // namespace RaidBench
