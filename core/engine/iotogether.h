#pragma once

#include "engine/ioengine.h"

#include <QList>

#include <atomic>

namespace RaidBench {

/// Several engine runs at once, each on its own thread (disks measured together: each its own
/// stream), until each ends. A thread of its own passes the caller's cancel on to every job, so that a
/// progress report that blocks does not hold it up.
class IoTogether
{
public:
    /// `progress` is called on the caller's thread with the jobs as one: bytes and rates summed, the
    /// least advanced job's fraction, and the longest stall (IoProgress::stalledJob says whose), for as
    /// long as any job runs. One result per job, in order; a job that fails leaves the others running.
    static QList<IoResult> run(const QList<IoJob>& jobs, const std::atomic_bool* cancel = nullptr,
                               const IoEngine::ProgressCallback& progress = {});
};

} // namespace RaidBench
