#include "benchcommand.h"

#include "clicommon.h"
#include "disks/devicegate.h"
#include "disks/systemdevicegate.h"
#include "engine/ioengine.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>

#include <optional>
#include <sys/stat.h>

namespace RaidBench::Cli {

namespace {

const char* const benchDescription =
    QT_TRANSLATE_NOOP("raidbench_cli", R"(Run one direct-I/O job on a file or block device and print what it measured.

Stops after --size bytes or --time, whichever comes first; with --time alone a
sequential job wraps around at the end of the target (as fio's time_based does);
with neither, one pass over the target. Sizes are powers of 1024 (512, 4k, 1M, 1G,
as dd and fio read them); MB/s in the output is 10^6 bytes per second, as dd prints.

A missing file is created (give --size); a file is never reached through a
symbolic link. Writing to a block device destroys its data and needs --destroy-data,
and the device must pass the same checks as a disk in an array (see raidbench-cli
disks): not mounted, not in use, not the system disk, no file system, partition
table or RAID signature; its path may not pass through a directory anyone but root
can change. Loop devices and arrays (md, device-mapper) are allowed here. Ctrl-C stops the run and prints the
partial result.

Blocks of 128 KiB and more live in transparent huge pages where the kernel gives
them, so a large block reaches the device as one request (fio's default memory
splits blocks over 512 KiB in two); the "io path" line and huge_page_bytes say so.

Examples:
  raidbench-cli bench --target /tmp/rb.dat --rw write --bs 1M --qd 8 --size 1G
  raidbench-cli bench --target /tmp/rb.dat --rw randread --bs 4k --qd 32 --time 10s --json
  raidbench-cli bench --target /dev/sdb --rw write --bs 1M --size 4G --destroy-data
  raidbench-cli bench --target /tmp/rb.dat --rw randrw --rwmix-read 70 --bs 4k --qd 16 --time 30s --ramp 2s)");

QString latencyLine(const LatencySummary& l)
{
    return Text::tr("min %1  p50 %2  p90 %3  p99 %4  p99.9 %5  max %6")
        .arg(Units::formatDuration(l.min), Units::formatDuration(l.p50), Units::formatDuration(l.p90),
             Units::formatDuration(l.p99), Units::formatDuration(l.p999), Units::formatDuration(l.max));
}

/// " (fixed buffers, huge pages)": what the io_uring path used, when it used anything.
QString ioPathDetails(const IoResult& result)
{
    QStringList details;
    if (result.fixedBuffers) {
        details << Text::tr("fixed buffers");
    }
    if (result.hugePageBytes) {
        details << Text::tr("huge pages");
    }
    return details.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(details.join(QStringLiteral(", ")));
}

QString humanReport(const IoResult& result)
{
    QString text;
    const IoJob& job = result.job;
    text += Text::tr("%1 %2: %3 in %4%5\n")
                .arg(patternName(job.pattern), job.target, Units::formatBytesDecimal(double(result.bytes)),
                     Units::formatDuration(result.elapsedNs),
                     result.status == IoStatus::Completed ? QString()
                                                          : QStringLiteral(" (%1)").arg(ioStatusName(result.status)));
    text += Text::tr("  bandwidth  %1 (%2 MiB/s), %3 IOPS\n")
                .arg(Units::formatMBps(result.bandwidth()), QString::number(result.bandwidth() / 1048576.0, 'f', 1),
                     QString::number(result.iops(), 'f', 0));
    text += Text::tr("  latency    %1\n").arg(latencyLine(result.latency));
    if (job.pattern == IoPattern::ReadWrite || job.pattern == IoPattern::RandReadWrite) {
        const double total = double(std::max<std::uint64_t>(1, result.bytes));
        for (const auto& [name, part] :
             {std::pair {Text::tr("read "), &result.read}, std::pair {Text::tr("write"), &result.write}}) {
            text += QStringLiteral("  %1      %2 (%3 %), %4, %5 IOPS\n")
                        .arg(name, Units::formatBytesDecimal(double(part->bytes)),
                             QString::number(100.0 * double(part->bytes) / total, 'f', 1),
                             Units::formatMBps(result.bandwidth(*part)), QString::number(result.iops(*part), 'f', 0));
            text += Text::tr("   latency   %1\n").arg(latencyLine(part->latency));
        }
    }
    text += Text::tr("  cpu        user %1 s, sys %2 s\n")
                .arg(QString::number(result.cpuUserS, 'f', 2), QString::number(result.cpuSysS, 'f', 2));
    text += Text::tr("  io path    %1%2, queue depth %3, %4, %5 data, block size %6\n")
                .arg(result.ioPath, ioPathDetails(result), QString::number(result.effectiveQueueDepth),
                     job.direct ? QStringLiteral("O_DIRECT") : Text::tr("buffered (page cache)"),
                     dataPatternName(job.data), Units::formatSizeCompact(job.blockSize));
    if (!result.fallbackReason.isEmpty() && result.ioPath != QLatin1String("io_uring")) {
        text += Text::tr("  note       %1\n").arg(result.fallbackReason);
    }
    for (const QString& note : result.notes) {
        text += Text::tr("  note       %1\n").arg(note);
    }
    text += Text::tr("  fio        %1\n").arg(result.fioCommand);
    if (!result.ddCommand.isEmpty()) {
        text += Text::tr("  dd         %1\n").arg(result.ddCommand);
    }
    return text;
}

/// The options of `bench`.
struct BenchOptions
{
    const QCommandLineOption targetOption {
        QStringLiteral("target"), Text::tr("File or block device to run on (required)."), QStringLiteral("PATH")};
    const QCommandLineOption rwOption {
        QStringLiteral("rw"), Text::tr("Pattern: write, read, randwrite, randread, rw, randrw (default read)."),
        QStringLiteral("PATTERN"), QStringLiteral("read")};
    const QCommandLineOption rwmixOption {QStringList {QStringLiteral("rwmix-read"), QStringLiteral("rwmix")},
                                          Text::tr("Percentage of reads for rw and randrw, 0 to 100 (default "
                                                   "50); reads and writes are reported apart."),
                                          QStringLiteral("PCT"), QStringLiteral("50")};
    const QCommandLineOption bsOption {QStringLiteral("bs"), Text::tr("Block size, 512 to 64M (default 1M)."),
                                       QStringLiteral("SIZE"), QStringLiteral("1M")};
    const QCommandLineOption qdOption {QStringLiteral("qd"), Text::tr("Queue depth, 1 to 256 (default 1)."),
                                       QStringLiteral("N"), QStringLiteral("1")};
    const QCommandLineOption sizeOption {QStringLiteral("size"),
                                         Text::tr("Bytes to transfer; also the size of a file to create."),
                                         QStringLiteral("SIZE")};
    const QCommandLineOption timeOption {QStringLiteral("time"), Text::tr("Run for this long (e.g. 500ms, 10s, 2m)."),
                                         QStringLiteral("DURATION")};
    const QCommandLineOption rampOption {QStringLiteral("ramp"), Text::tr("Run this long first without measuring."),
                                         QStringLiteral("DURATION")};
    const QCommandLineOption offsetOption {QStringLiteral("offset"),
                                           Text::tr("Start of the range within the target (default 0)."),
                                           QStringLiteral("SIZE"), QStringLiteral("0")};
    const QCommandLineOption lengthOption {
        QStringLiteral("length"), Text::tr("Length of the range (default: to the end)."), QStringLiteral("SIZE")};
    const QCommandLineOption bufferedOption {QStringLiteral("buffered"),
                                             Text::tr("Go through the page cache instead of O_DIRECT; writes end "
                                                      "with an fdatasync that is timed.")};
    const QCommandLineOption dataOption {QStringLiteral("data"),
                                         Text::tr("Data written: random (default; defeats compression and "
                                                  "dedup) or zeros (what dd if=/dev/zero writes)."),
                                         QStringLiteral("random|zeros"), QStringLiteral("random")};
    const QCommandLineOption syncOption {QStringLiteral("sync-io"),
                                         Text::tr("Use synchronous pread/pwrite (queue depth 1) instead of io_uring.")};
    const QCommandLineOption batchOption {
        QStringLiteral("batch-submit"),
        Text::tr("Submit every I/O whose slot one reap freed in one call, instead of each as soon as its slot "
                 "is free (the default, as fio does).")};
    const QCommandLineOption dsyncOption {
        QStringLiteral("dsync"),
        Text::tr("Make every write durable before it completes (O_DSYNC, fio's --sync=dsync): the disk's "
                 "write cache is flushed or written through per write, as a database log does.")};
    const QCommandLineOption destroyOption {QStringLiteral("destroy-data"),
                                            Text::tr("Allow writing to a block device, destroying its data.")};
    const QCommandLineOption jsonOption {QStringLiteral("json"), Text::tr("Print the result as one JSON object.")};
    const QCommandLineOption quietOption {QStringLiteral("quiet"), Text::tr("No progress line on a terminal.")};

    QList<QCommandLineOption> all() const
    {
        return {targetOption, rwOption,    rwmixOption,  bsOption,      qdOption,       sizeOption,
                timeOption,   rampOption,  offsetOption, lengthOption,  bufferedOption, dataOption,
                syncOption,   batchOption, dsyncOption,  destroyOption, jsonOption,     quietOption};
    }
};

/// The job the options describe, checked (IoJob::validate); the usage error otherwise.
Result<IoJob> readJob(const QCommandLineParser& parser, const BenchOptions& o)
{
    IoJob job;
    job.target = parser.value(o.targetOption);
    auto pattern = parsePattern(parser.value(o.rwOption));
    if (!pattern) {
        return pattern.error();
    }
    job.pattern = *pattern;
    bool ok = false;
    job.readPercent = parser.value(o.rwmixOption).toInt(&ok);
    if (!ok || job.readPercent < 0 || job.readPercent > 100) {
        return makeError(
            {}, Text::tr("--rwmix-read '%1' must be a whole number from 0 to 100").arg(parser.value(o.rwmixOption)));
    }
    if (parser.isSet(o.rwmixOption) && job.pattern != IoPattern::ReadWrite && job.pattern != IoPattern::RandReadWrite) {
        return makeError({}, Text::tr("--rwmix-read only applies to --rw rw or randrw"));
    }
    auto bs = Units::parseSize(parser.value(o.bsOption));
    if (!bs) {
        return bs.error();
    }
    if (*bs > IoJob::maxBlockSize || *bs < IoJob::minBlockSize) {
        return makeError(
            {}, Text::tr("--bs %1 is out of range; it must be between 512 and 64M").arg(parser.value(o.bsOption)));
    }
    job.blockSize = std::uint32_t(*bs);
    job.queueDepth = parser.value(o.qdOption).toInt(&ok);
    if (!ok) {
        return makeError({}, Text::tr("--qd '%1' is not a whole number").arg(parser.value(o.qdOption)));
    }
    if (parser.isSet(o.sizeOption)) {
        auto size = Units::parseSize(parser.value(o.sizeOption));
        if (!size) {
            return size.error();
        }
        if (*size == 0) {
            return makeError({}, Text::tr("--size must be more than 0"));
        }
        job.sizeLimit = *size;
    }
    if (parser.isSet(o.timeOption)) {
        auto time = Units::parseDuration(parser.value(o.timeOption));
        if (!time) {
            return time.error();
        }
        if (*time == 0) {
            return makeError({}, Text::tr("--time must be more than 0"));
        }
        job.timeLimitNs = *time;
    }
    if (parser.isSet(o.rampOption)) {
        auto ramp = Units::parseDuration(parser.value(o.rampOption));
        if (!ramp) {
            return ramp.error();
        }
        job.rampNs = *ramp;
    }
    auto offset = Units::parseSize(parser.value(o.offsetOption));
    if (!offset) {
        return offset.error();
    }
    job.offset = *offset;
    if (parser.isSet(o.lengthOption)) {
        auto length = Units::parseSize(parser.value(o.lengthOption));
        if (!length) {
            return length.error();
        }
        job.length = *length;
    }
    job.direct = !parser.isSet(o.bufferedOption);
    auto data = parseDataPattern(parser.value(o.dataOption));
    if (!data) {
        return data.error();
    }
    job.data = *data;
    job.forceSync = parser.isSet(o.syncOption);
    job.batchSubmit = parser.isSet(o.batchOption);
    job.dsync = parser.isSet(o.dsyncOption);
    job.destroyData = parser.isSet(o.destroyOption);
    if (auto valid = job.validate(); !valid) {
        return valid.error();
    }
    return job;
}

/// Runs `job` (a block device it writes pinned by the device gate and checked again right before
/// the run) and prints the result. Returns the exit code.
int runJob(IoJob job, bool json, bool quiet)
{
    // Writing to a block device goes through the device gate: the same reasons `disks` shows, and
    // the job runs on the node it pinned, checked again right before the run.
    std::optional<PinnedDevice> pin;
    // A loop device or an array named here is the user's choice; what uses it still is refused.
    SystemDeviceGate::Options gateOptions;
    gateOptions.eligibility.allowLoop = true;
    gateOptions.eligibility.allowArrays = true;
    const SystemDeviceGate gate(gateOptions);
    struct stat targetStat
    { };
    if (patternWrites(job.pattern) && ::stat(QFile::encodeName(job.target).constData(), &targetStat) == 0 &&
        S_ISBLK(targetStat.st_mode)) {
        if (!job.destroyData) {
            printError(Text::tr("writing to block device %1 destroys the data on it; pass --destroy-data if "
                                "that is what you want")
                           .arg(job.target));
            return ExitUsage;
        }
        auto pinned = gate.pin(job.target, DeviceGate::Use::Create);
        if (!pinned) {
            printError(ErrorCode::userText(pinned.error()));
            return ExitFailed;
        }
        pin = *pinned;
        job.target = pin->node;
        job.expect = IoJob::TargetKind::Block;
    } else if (patternWrites(job.pattern)) {
        job.expect = IoJob::TargetKind::File; // not gated: it must not become a block device meanwhile
    }

    const bool showProgress = !json && !quiet && stderrIsTerminal();
    installCancelHandler();
    IoEngine::ProgressCallback progress;
    if (showProgress) {
        progress = [](const IoProgress& p) {
            const QString fraction =
                p.fraction >= 0 ? QStringLiteral("%1 %").arg(p.fraction * 100, 3, 'f', 0) : QStringLiteral("     ");
            printProgress(QStringLiteral("  %1  %2  %3   ")
                              .arg(p.ramping ? Text::tr("ramp ") : fraction, Units::formatBytesDecimal(double(p.bytes)),
                                   Units::formatMBps(p.currentBwBytes)));
        };
    }
    if (pin) {
        // The gate right before the write; the engine writes the block device only with its check in hand.
        auto verified = gate.verify(*pin, DeviceGate::Use::Create);
        if (!verified) {
            printError(ErrorCode::userText(verified.error()));
            return ExitFailed;
        }
        job.verified = *verified;
    }
    const IoResult result = IoEngine::run(job, &cancelFlag(), progress);
    if (showProgress) {
        printProgress(QString());
    }
    if (json) {
        printJson(QJsonDocument(result.toJson()));
    } else if (result.status != IoStatus::Failed || result.bytes > 0) {
        printOut(humanReport(result));
    }
    if (result.status == IoStatus::Failed) {
        printError(result.error ? result.error->message : Text::tr("the run failed"));
        return ExitFailed;
    }
    if (result.status == IoStatus::Cancelled) {
        printError(Text::tr("cancelled; the partial result is above"));
        return ExitCancelled;
    }
    return ExitOk;
}

} // namespace

BenchCommand::BenchCommand()
    : Command(QStringLiteral("bench"),
              QT_TRANSLATE_NOOP("raidbench_cli", "run one direct-I/O job on a file or block device"))
{ }

int BenchCommand::execute(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("bench"), Text::tr(benchDescription));
    QCommandLineParser& parser = command.parser();
    const BenchOptions options;
    parser.addOptions(options.all());
    if (const std::optional<int> done = command.parse(arguments, false)) {
        return *done;
    }
    if (!parser.isSet(options.targetOption)) {
        printError(Text::tr("--target is required (a file or block device)"));
        return ExitUsage;
    }
    auto job = readJob(parser, options);
    if (!job) {
        printError(ErrorCode::userText(job.error()));
        return ExitUsage;
    }
    return runJob(*job, parser.isSet(options.jsonOption), parser.isSet(options.quietOption));
}

} // namespace RaidBench::Cli
