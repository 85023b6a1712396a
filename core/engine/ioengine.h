#pragma once

#include "engine/iojob.h"
#include "engine/ioresult.h"

#include <QList>

#include <atomic>
#include <functional>

namespace RaidBench {

/// The direct-I/O engine: runs one IoJob on a file or block device with io_uring (or pread/pwrite
/// where io_uring is refused or not wanted) and measures it. Blocking; run it off the GUI thread
/// (IoRunner does). Always returns a result: on failure or cancel it holds what was measured so far
/// and the error.
class IoEngine
{
public:
    using ProgressCallback = std::function<void(const IoProgress&)>;

    /// `cancel` may be set from another thread; the run then stops within 100 ms.
    static IoResult run(const IoJob& job, const std::atomic_bool* cancel = nullptr,
                        const ProgressCallback& progress = {});

    /// How often a run reports its progress.
    static constexpr std::uint64_t progressIntervalNs = 100'000'000;
};

} // namespace RaidBench
