#pragma once

#include "system/verifieddevice.h"
#include "util/result.h"

#include <QJsonObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <optional>

namespace RaidBench {

enum class IoPattern { Write, Read, RandWrite, RandRead, ReadWrite, RandReadWrite };
enum class DataPattern { Random, Zeros };

QString patternName(IoPattern pattern);
Result<IoPattern> parsePattern(const QString& name);
bool patternReads(IoPattern pattern);
bool patternWrites(IoPattern pattern);
bool patternIsRandom(IoPattern pattern);

QString dataPatternName(DataPattern data);
Result<DataPattern> parseDataPattern(const QString& name);

/// One engine run: what to do to which target, and when to stop.
struct IoJob
{
    static constexpr std::uint32_t minBlockSize = 512;
    static constexpr std::uint32_t maxBlockSize = 64u << 20;
    static constexpr int minQueueDepth = 1;
    static constexpr int maxQueueDepth = 256;
    /// Queue depth x block size may not exceed this: the engine's memory is bounded by its buffers.
    static constexpr std::uint64_t maxBufferBytes = 1ull << 30;

    QString target;
    /// When set, `target` names a file directly in this directory: it is opened relative to it, without
    /// following a link (file tests in a directory only this process may write).
    int directoryFd = -1;
    /// What the caller found the target to be when it checked it; the engine refuses anything else.
    enum class TargetKind { Any, File, Block };
    TargetKind expect = TargetKind::Any;
    IoPattern pattern = IoPattern::Read;
    int readPercent = 50; ///< only for ReadWrite and RandReadWrite
    std::uint32_t blockSize = 1u << 20;
    int queueDepth = 1;
    std::uint64_t sizeLimit = 0; ///< bytes to transfer; 0 = no byte limit
    std::uint64_t timeLimitNs = 0; ///< 0 = no time limit
    std::uint64_t rampNs = 0; ///< run this long before measuring
    std::uint64_t offset = 0; ///< start of the range within the target
    std::uint64_t length = 0; ///< length of the range; 0 = to the end of the target
    /// Sequential patterns: the range in this many equal parts, visited in turn for `zoneVisitBytes`
    /// each (each part going on where it left off): a test spread across a disk, whose outer and
    /// inner tracks differ, measures it as a whole. 1 = one sequential pass. Random patterns ignore it.
    std::uint32_t zones = 1;
    static constexpr std::uint32_t maxZones = 64;
    static constexpr std::uint64_t zoneVisitBytes = 64ull << 20;
    /// Sequential patterns: after every `strideBlocks` blocks, skip `skipBlocks` blocks (what a member of
    /// a parity array does when a stream skips its parity chunks); 0 = no gaps. The bandwidth counts the
    /// blocks transferred, so the gaps' cost shows as a lower rate. Random patterns refuse it.
    std::uint32_t strideBlocks = 0;
    std::uint32_t skipBlocks = 0;
    static constexpr std::uint32_t maxStride = 64;
    bool direct = true;
    DataPattern data = DataPattern::Random;
    bool forceSync = false; ///< use pread/pwrite even where io_uring works
    /// io_uring: submit every slot one reap freed in one call, instead of each I/O as soon as its slot is
    /// free (the default, as fio does with its default batch settings: docs/benchmarks.md).
    bool batchSubmit = false;
    /// Every write durable before it completes (O_DSYNC): the disk's write cache is flushed, or
    /// written through, per write, as a database's log does. The test the write cache matters for.
    bool dsync = false;
    /// After the measured time, flush the device's write cache (fdatasync), outside the time: what this
    /// run left in a disk's cache is written now, not during the next test (a hard disk's first read
    /// after a write otherwise waits for it). Only for direct writes, after a stop as well (not after an
    /// I/O error, nor after a cancel: a cancel stops at once); the flush's time is reported.
    bool flushAfter = false;
    /// Set from another thread (or the progress callback) to end the run as its time limit would: a
    /// normal end, not a cancel (a sustained write whose rate settled). Never serialised.
    const std::atomic_bool* finish = nullptr;
    bool destroyData = false; ///< required to write to a block device
    /// Required to write to a block device: the device gate's check of `target`, made right before the
    /// run. The opened device must be the very one it checked (same device number). Never serialised.
    std::optional<VerifiedDevice> verified;
    std::uint64_t seed = 0; ///< 0 = pick one per run

    /// Checks the parameters alone (no file system access).
    Result<void> validate() const;

    QJsonObject toJson() const;
    static Result<IoJob> fromJson(const QJsonObject& json);
};

} // namespace RaidBench
