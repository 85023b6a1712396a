#include "engine/referencecommands.h"

#include "util/units.h"

#include <QStringList>

namespace RaidBench {

namespace {

QString fioTime(std::uint64_t ns)
{
    if (ns % 1'000'000'000ull == 0) {
        return QStringLiteral("%1s").arg(ns / 1'000'000'000ull);
    }
    return QStringLiteral("%1ms").arg((ns + 500'000) / 1'000'000);
}

} // namespace

QString ReferenceCommands::fio(const IoJob& job, std::uint64_t rangeLength, bool fixedBuffers, bool sync)
{
    QStringList args {QStringLiteral("fio"), QStringLiteral("--name=raidbench"),
                      QStringLiteral("--filename=%1").arg(job.target),
                      QStringLiteral("--rw=%1").arg(patternName(job.pattern))};
    if (job.strideBlocks == 1) {
        // fio's offset modifier skips after every I/O; a gap after several blocks has no fio equivalent.
        args.last() +=
            QStringLiteral(":%1").arg(Units::formatSizeCompact(std::uint64_t(job.skipBlocks) * job.blockSize));
    }
    if (job.pattern == IoPattern::ReadWrite || job.pattern == IoPattern::RandReadWrite) {
        args << QStringLiteral("--rwmixread=%1").arg(job.readPercent);
    }
    args << QStringLiteral("--bs=%1").arg(Units::formatSizeCompact(job.blockSize));
    if (sync) {
        args << QStringLiteral("--ioengine=psync");
    } else {
        args << QStringLiteral("--ioengine=io_uring") << QStringLiteral("--iodepth=%1").arg(job.queueDepth);
        if (fixedBuffers) {
            args << QStringLiteral("--fixedbufs=1") << QStringLiteral("--registerfiles=1");
        }
    }
    args << QStringLiteral("--direct=%1").arg(job.direct ? 1 : 0);
    if (job.dsync && patternWrites(job.pattern)) {
        args << QStringLiteral("--sync=dsync");
    }
    if (job.offset) {
        args << QStringLiteral("--offset=%1").arg(job.offset);
    }
    if (rangeLength) {
        args << QStringLiteral("--size=%1").arg(Units::formatSizeCompact(rangeLength));
    }
    if (job.sizeLimit && job.sizeLimit != rangeLength) {
        args << QStringLiteral("--io_size=%1").arg(Units::formatSizeCompact(job.sizeLimit));
    }
    if (job.timeLimitNs) {
        args << QStringLiteral("--runtime=%1").arg(fioTime(job.timeLimitNs)) << QStringLiteral("--time_based");
    }
    if (job.rampNs) {
        args << QStringLiteral("--ramp_time=%1").arg(fioTime(job.rampNs));
    }
    if (job.data == DataPattern::Zeros) {
        args << QStringLiteral("--zero_buffers");
    }
    if (!job.direct && patternWrites(job.pattern)) {
        args << QStringLiteral("--end_fsync=1");
    }
    return args.join(QLatin1Char(' '));
}

QString ReferenceCommands::dd(const IoJob& job, std::uint64_t bytes)
{
    if (job.pattern != IoPattern::Write && job.pattern != IoPattern::Read) {
        return {};
    }
    const std::uint64_t count = bytes / job.blockSize;
    QStringList args {QStringLiteral("dd")};
    const QString position =
        job.offset % job.blockSize == 0 ? QString::number(job.offset / job.blockSize) : QString::number(job.offset);
    const bool positionInBytes = job.offset % job.blockSize != 0;
    if (job.pattern == IoPattern::Write) {
        args << (job.data == DataPattern::Zeros ? QStringLiteral("if=/dev/zero") : QStringLiteral("if=/dev/urandom"))
             << QStringLiteral("of=%1").arg(job.target);
    } else {
        args << QStringLiteral("if=%1").arg(job.target) << QStringLiteral("of=/dev/null");
    }
    args << QStringLiteral("bs=%1").arg(Units::formatSizeCompact(job.blockSize))
         << QStringLiteral("count=%1").arg(count);
    if (job.offset) {
        args << (job.pattern == IoPattern::Write ? QStringLiteral("seek=%1") : QStringLiteral("skip=%1")).arg(position);
    }
    QStringList flags;
    if (job.direct) {
        flags << QStringLiteral("direct");
    }
    if (job.dsync && job.pattern == IoPattern::Write) {
        flags << QStringLiteral("dsync");
    }
    if (positionInBytes) {
        flags << (job.pattern == IoPattern::Write ? QStringLiteral("seek_bytes") : QStringLiteral("skip_bytes"));
    }
    if (!flags.isEmpty()) {
        args << (job.pattern == IoPattern::Write ? QStringLiteral("oflag=") : QStringLiteral("iflag=")) +
                flags.join(QLatin1Char(','));
    }
    if (!job.direct && job.pattern == IoPattern::Write) {
        args << QStringLiteral("conv=fdatasync");
    }
    if (job.data == DataPattern::Random && job.pattern == IoPattern::Write) {
        args << QStringLiteral("iflag=fullblock");
    }
    return args.join(QLatin1Char(' '));
}

} // namespace RaidBench
