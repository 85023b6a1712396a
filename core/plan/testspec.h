#pragma once

#include "engine/iojob.h"
#include "fs/filetests.h"
#include "util/result.h"
#include "util/testkind.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>

namespace RaidBench {

/// One test of a campaign: an engine job shape (the target is filled in per configuration), a
/// block-size or queue-depth sweep of such jobs, or a file test on a file system made on the array.
struct TestSpec
{
    static constexpr int maxSweepPoints = 32;

    QString name; ///< "SEQ1M QD8 write"
    TestKind kind = TestKind::Io;
    FileTestParams file; ///< for the file test kinds
    IoPattern pattern = IoPattern::Write;
    std::uint32_t blockSize = 1u << 20;
    int queueDepth = 1;
    int readPercent = 50;
    bool dsync = false; ///< every write durable before it completes ("sync": "dsync"): flush-bound
    /// Writes until the rate settles (or `sustainedBytes`), from the first byte, without a ramp: the burst
    /// a cache takes, the steady rate after it, and where it dropped (SustainedWrite).
    bool sustained = false;
    std::uint64_t sustainedBytes = 0; ///< 0: until the rate settles
    QList<std::uint32_t> sweepSizes; ///< for kind "sweep"
    QList<int> sweepDepths; ///< for kind "qd-sweep"

    QString id() const; ///< stable short form, e.g. seq1m-qd8-write
    bool isSweep() const { return kind == TestKind::Sweep || kind == TestKind::QdSweep; }
    bool isFileTest() const { return isFileTestKind(kind); }
    /// The engine runs of one repeat: one, or one per block size or queue depth of a sweep.
    int points() const;
    /// Progress units of the test at `minRuns` runs a point: a file test and a sustained write (which
    /// runs once) are one.
    int units(int minRuns) const { return isFileTest() || sustained ? 1 : points() * minRuns; }
    QJsonObject toJson() const;
    static Result<TestSpec> fromJson(const QJsonValue& json);
    /// The named standard tests: seq1m-qd8-write/read, rnd4k-qd32-write/read, dd-seq1m-qd1-write,
    /// bs-sweep-write/read, qd-sweep-rnd4k-read/write, and the flush-bound seq1m-qd1-write-dsync and
    /// rnd4k-qd1-write-dsync, and seq1m-qd8-write-sustained.
    static Result<TestSpec> standard(const QString& id);
    static QList<TestSpec> defaults();
};

} // namespace RaidBench
