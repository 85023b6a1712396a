#include "disks/healthprobe.h"

#include "system/commandrunner.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"

#include <QFile>

namespace RaidBench::HealthProbe {

namespace {

constexpr int kToolTimeoutMs = 30000;

QString readSysfs(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QString::fromLatin1(file.read(256)).trimmed();
}

/// "8.0 GT/s PCIe" -> 8.0
double transferRate(const QString& speed)
{
    bool ok = false;
    const double rate = speed.section(QLatin1Char(' '), 0, 0).toDouble(&ok);
    return ok ? rate : -1;
}

/// NVMe's link is its PCIe function's: speed per lane and lanes, current and maximum.
void readPcieLink(const Disk& disk, const QString& sysRoot, DiskHealth& health)
{
    if (disk.port.isEmpty() || disk.port.contains(QLatin1Char('/'))) {
        return;
    }
    const QString device = QStringLiteral("%1/class/nvme/%2/device/").arg(sysRoot, disk.port);
    const QString speed = readSysfs(device + QStringLiteral("current_link_speed"));
    const QString maxSpeed = readSysfs(device + QStringLiteral("max_link_speed"));
    const int width = readSysfs(device + QStringLiteral("current_link_width")).toInt();
    const int maxWidth = readSysfs(device + QStringLiteral("max_link_width")).toInt();
    if (transferRate(speed) <= 0 || transferRate(maxSpeed) <= 0 || width <= 0 || maxWidth <= 0) {
        return;
    }
    health.linkCurrent = QStringLiteral("%1 x%2").arg(speed, QString::number(width));
    health.linkMax = QStringLiteral("%1 x%2").arg(maxSpeed, QString::number(maxWidth));
    health.linkCurrentGbps = transferRate(speed) * width;
    health.linkMaxGbps = transferRate(maxSpeed) * maxWidth;
}

bool isWholeDisk(const Disk& disk)
{
    return disk.kind == QLatin1String("disk");
}

} // namespace

QString cacheTool(const Disk& disk, QString* whyNot)
{
    QString tool;
    QString reason;
    if (!isWholeDisk(disk)) {
        reason = QStringLiteral("a %1 device has no write cache of its own").arg(disk.kind);
    } else if (disk.transport == QLatin1String("nvme")) {
        tool = QStringLiteral("nvme");
    } else if (disk.transport == QLatin1String("sata")) {
        tool = QStringLiteral("hdparm");
    } else if (disk.name.startsWith(QLatin1String("sd"))) {
        // SAS, SCSI, USB and virtual SCSI disks answer the SCSI caching mode page.
        tool = QStringLiteral("sdparm");
    } else {
        reason = QStringLiteral("no program can read the write cache of a %1 disk").arg(disk.transport);
    }
    if (whyNot) {
        *whyNot = reason;
    }
    return tool;
}

DiskHealth readHealth(const Disk& disk, CommandRunner& runner, const QString& sysRoot, const std::atomic_bool* cancel)
{
    if (!isWholeDisk(disk)) {
        return DiskHealth::unknown(QStringLiteral("a %1 device has no SMART of its own").arg(disk.kind));
    }
    const CommandResult smartctl =
        runner.run({QStringLiteral("smartctl"), QStringLiteral("--json=c"), QStringLiteral("-a"), disk.path},
                   kToolTimeoutMs, cancel);
    DiskHealth health;
    if (!smartctl.started || smartctl.timedOut || smartctl.cancelled) {
        health = DiskHealth::unknown(QStringLiteral("smartctl: %1").arg(smartctl.summary()));
    } else {
        // smartctl's exit status is a bit mask of findings; the JSON says what it could read.
        Result<DiskHealth> parsed = parseSmartctlJson(smartctl.out.toUtf8());
        health = parsed ? *parsed : DiskHealth::unknown(parsed.error().message);
    }
    if (disk.transport == QLatin1String("nvme") && health.linkMaxGbps <= 0) {
        readPcieLink(disk, sysRoot, health);
    }
    return health;
}

WriteCacheState readWriteCache(const Disk& disk, CommandRunner& runner, const std::atomic_bool* cancel)
{
    QString whyNot;
    const QString tool = cacheTool(disk, &whyNot);
    if (tool.isEmpty()) {
        return WriteCacheState::unknown(whyNot);
    }
    QStringList argv {tool};
    if (tool == QLatin1String("hdparm")) {
        argv << QStringLiteral("-W") << disk.path;
    } else if (tool == QLatin1String("sdparm")) {
        argv << QStringLiteral("--get=WCE") << disk.path;
    } else {
        argv << QStringLiteral("get-feature") << disk.path << QStringLiteral("--feature-id=6");
    }
    const CommandResult result = runner.run(argv, kToolTimeoutMs, cancel);
    if (!result.started || result.timedOut || result.cancelled) {
        return WriteCacheState::unknown(QStringLiteral("%1: %2").arg(tool, result.summary()), tool);
    }
    // What the tool printed decides: sdparm exits 5 after printing the current value when the disk
    // refuses to report its saved one (qemu's disks do).
    const WriteCacheState state = tool == QLatin1String("hdparm") ? parseHdparmWriteCache(result.out)
        : tool == QLatin1String("sdparm")                         ? parseSdparmWriteCache(result.out)
                                                                  : parseNvmeWriteCache(result.out);
    if (state.state == CacheState::Unknown && !result.ok()) {
        return WriteCacheState::unknown(QStringLiteral("%1: %2").arg(tool, result.summary()), tool);
    }
    return state;
}

Result<WriteCacheState> setWriteCache(const VerifiedDevice& device, const Disk& disk, bool on, CommandRunner& runner)
{
    const QString wanted = on ? QStringLiteral("on") : QStringLiteral("off");
    QString whyNot;
    const QString tool = cacheTool(disk, &whyNot);
    if (tool.isEmpty()) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("cannot turn %1's write cache %2: %3").arg(disk.path, wanted, whyNot));
    }
    QStringList argv {tool};
    if (tool == QLatin1String("hdparm")) {
        argv << (on ? QStringLiteral("-W1") : QStringLiteral("-W0")) << disk.path;
    } else if (tool == QLatin1String("sdparm")) {
        // The current value only: --save would outlive a crash that keeps us from restoring it.
        argv << (on ? QStringLiteral("--set=WCE=1") : QStringLiteral("--set=WCE=0")) << disk.path;
    } else {
        argv << QStringLiteral("set-feature") << disk.path << QStringLiteral("--feature-id=6")
             << (on ? QStringLiteral("--value=1") : QStringLiteral("--value=0"));
    }
    auto command = GuardedCommand::make(argv, {device});
    if (!command) {
        return command.error();
    }
    const CommandResult result = runner.run(*command, kToolTimeoutMs);
    if (!result.ok()) {
        return makeError(
            ErrorCode::writeCacheFailed,
            QStringLiteral("cannot turn %1's write cache %2: %3: %4").arg(disk.path, wanted, tool, result.summary()));
    }
    if (disk.name.startsWith(QLatin1String("sd"))) {
        // The kernel keeps what it read at probe time; without this it would go on sending cache
        // flushes to a disk without a cache, or worse, none to a disk whose cache was turned on.
        const CommandResult rescan = runner.rescanDisk(disk.path);
        if (!rescan.ok()) {
            return makeError(ErrorCode::writeCacheFailed,
                             QStringLiteral("%1's write cache is now %2, but the kernel could not read it again: %3")
                                 .arg(disk.path, wanted, rescan.summary()));
        }
    }
    const WriteCacheState now = readWriteCache(disk, runner);
    if (now.state != cacheStateFor(on)) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("%1's write cache should be %2 but reads %3%4")
                             .arg(disk.path, wanted, cacheStateName(now.state),
                                  now.reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(now.reason)));
    }
    return now;
}

void explain(QList<Disk>& disks, Audience audience)
{
    QList<DiskFacts> pool;
    QList<int> index;
    for (int i = 0; i < disks.size(); ++i) {
        if (disks[i].healthRead && isWholeDisk(disks[i])) {
            pool.append({disks[i].model, disks[i].rotational, disks[i].health, disks[i].writeCache});
            index.append(i);
        }
    }
    for (int i = 0; i < pool.size(); ++i) {
        disks[index[i]].explanations = explainDisk(pool, i, audience);
    }
}

void probe(QList<Disk>& disks, CommandRunner& runner, const QString& sysRoot, const std::atomic_bool* cancel)
{
    for (Disk& disk : disks) {
        if (!isWholeDisk(disk)) {
            continue;
        }
        if (cancelled(cancel)) {
            disk.health = DiskHealth::unknown(QStringLiteral("not read: cancelled"));
            disk.writeCache = WriteCacheState::unknown(QStringLiteral("not read: cancelled"));
        } else {
            disk.health = readHealth(disk, runner, sysRoot, cancel);
            disk.writeCache = readWriteCache(disk, runner, cancel);
        }
        disk.healthRead = true;
    }
    explain(disks);
}

void reword(QList<Disk>& disks, Audience audience)
{
    QList<Disk> worded = disks;
    explain(worded, audience);
    for (qsizetype i = 0; i < disks.size(); ++i) {
        for (DiskExplanation& sent : disks[i].explanations) {
            for (const DiskExplanation& mine : worded.at(i).explanations) {
                if (mine.code == sent.code) {
                    sent.message = mine.message;
                    break;
                }
            }
        }
    }
}

void markUnread(QList<Disk>& disks, const QString& reason)
{
    for (Disk& disk : disks) {
        if (isWholeDisk(disk)) {
            disk.health = DiskHealth::unknown(reason);
            disk.writeCache = WriteCacheState::unknown(reason);
            disk.healthRead = true;
            disk.explanations.clear();
        }
    }
}

} // namespace RaidBench::HealthProbe
