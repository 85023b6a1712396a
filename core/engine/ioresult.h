#pragma once

#include "engine/iojob.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace RaidBench {

/// Latency percentiles of one run, in nanoseconds.
struct LatencySummary
{
    std::uint64_t min = 0;
    std::uint64_t p50 = 0;
    std::uint64_t p90 = 0;
    std::uint64_t p99 = 0;
    std::uint64_t p999 = 0;
    std::uint64_t max = 0;
    double mean = 0;
};

/// The reads or the writes of a run, apart (a mixed pattern has both).
struct IoDirectionResult
{
    std::uint64_t bytes = 0;
    std::uint64_t ios = 0;
    LatencySummary latency;
    /// Every I/O's latency as the engine's histogram held it: each non-empty bucket's middle value (ns) and
    /// count, shortest first. Empty in results written before version 0.10.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> bins;
};

/// Bytes completed in one interval of a run (about 100 ms), for charts of MB/s over time.
struct IoSample
{
    std::uint64_t tNs = 0; ///< end of the interval, from the start of measurement
    std::uint64_t bytes = 0;
    double bwBytes = 0;
};

/// Why a run stopped early, with the errno and the offset of the failing I/O where there is one.
struct IoError
{
    QString code;
    QString message;
    int errnoValue = 0;
    std::optional<std::uint64_t> offset;
};

/// Progress of a running job, reported at most every 100 ms.
struct IoProgress
{
    std::uint64_t elapsedNs = 0;
    std::uint64_t bytes = 0;
    double fraction = -1; ///< 0..1, or -1 when not known
    double currentBwBytes = 0;
    bool ramping = false;
    /// How long I/O has been in flight with none completing (0 while they complete): a disk that stopped
    /// answering shows here, every progress interval, long before the kernel's own timeouts end it.
    std::uint64_t stalledNs = 0;
    /// In a run of several jobs together (IoTogether::run), the job whose stall stalledNs is.
    int stalledJob = 0;
};

enum class IoStatus { Completed, Cancelled, Failed };

/// What an engine run measured. Partial results are kept when it was cancelled or failed.
struct IoResult
{
    IoJob job;
    IoStatus status = IoStatus::Completed;
    std::uint64_t bytes = 0;
    std::uint64_t bytesRead = 0;
    std::uint64_t bytesWritten = 0;
    std::uint64_t ios = 0;
    std::uint64_t elapsedNs = 0;
    /// CLOCK_MONOTONIC when the measured time began, to line up runs made at once; not saved.
    std::uint64_t measureStartNs = 0;
    LatencySummary latency; ///< every I/O, reads and writes together
    IoDirectionResult read;
    IoDirectionResult write;
    /// How latency was timed: "per-io" (each I/O from its submission to its own reap) or, in results
    /// written before version 0.9, "batch" (one clock read per submitted and per reaped batch).
    QString latencyTiming = QStringLiteral("per-io");
    double cpuUserS = 0;
    double cpuSysS = 0;
    std::vector<IoSample> samples;
    QString ioPath; ///< "io_uring" or "sync"
    bool fixedBuffers = false;
    std::uint64_t hugePageBytes = 0; ///< how much of the I/O buffers transparent huge pages back
    QString fallbackReason; ///< why io_uring was not used, when it was not
    int effectiveQueueDepth = 0;
    QString targetKind; ///< "file" or "block"
    bool createdFile = false;
    std::uint64_t targetBytes = 0;
    std::uint32_t logicalBlockSize = 0;
    QStringList notes;
    /// The flush of the write cache after the measured time (IoJob::flushAfter), not in any figure.
    std::uint64_t flushAfterNs = 0;
    /// What the ramp wrote, and how long it took (from the run's start to the measured time's): not in
    /// any figure but writtenThroughBw().
    std::uint64_t rampBytesWritten = 0;
    std::uint64_t rampElapsedNs = 0;
    QString fioCommand;
    QString ddCommand; ///< empty where dd has no equivalent (random and mixed patterns)
    std::optional<IoError> error;

    double bandwidth() const { return elapsedNs ? double(bytes) * 1e9 / double(elapsedNs) : 0.0; }
    /// What a write run put on the media a second, its disks' caches passed: every byte it wrote, the
    /// ramp's too, over the time from its start to the end of the flush after it (IoJob::flushAfter).
    /// The run starts with the caches empty (the run before it flushed them), so what they held at its
    /// end is counted in the flush's time. None without a flush (not asked for, cancelled, failed), and
    /// for a run that also read.
    std::optional<double> writtenThroughBw() const;
    double iops() const { return elapsedNs ? double(ios) * 1e9 / double(elapsedNs) : 0.0; }
    double bandwidth(const IoDirectionResult& part) const
    {
        return elapsedNs ? double(part.bytes) * 1e9 / double(elapsedNs) : 0.0;
    }
    double iops(const IoDirectionResult& part) const
    {
        return elapsedNs ? double(part.ios) * 1e9 / double(elapsedNs) : 0.0;
    }

    QJsonObject toJson(bool withSamples = true) const;
    static Result<IoResult> fromJson(const QJsonObject& json);
};

QString ioStatusName(IoStatus status);

/// What runs made at once moved together, bytes/s: the bytes each moved while all of them were
/// measuring (from their samples), over that common time. Runs that started apart (threads that got
/// going late) would otherwise add up rates none of them had together. None when they share no
/// measured time, or one of them measured nothing.
std::optional<double> overlappedBandwidth(const QList<IoResult>& runs);

} // namespace RaidBench

Q_DECLARE_METATYPE(RaidBench::IoResult)
Q_DECLARE_METATYPE(RaidBench::IoProgress)
