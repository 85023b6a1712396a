#pragma once

#include <atomic>

namespace RaidBench {

/// Whether a long step's cancel flag (the CLI's Ctrl-C, the window's Cancel, the helper's cancel) is
/// set; a null flag is never set.
inline bool cancelled(const std::atomic_bool* cancel)
{
    return cancel && cancel->load();
}

} // namespace RaidBench
