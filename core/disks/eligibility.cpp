#include "disks/eligibility.h"

#include "util/units.h"

namespace RaidBench {

namespace {

void addReason(Disk& disk, const QString& code, const QString& message)
{
    for (const auto& reason : disk.reasons) {
        if (reason.code == code && reason.message == message) {
            return;
        }
    }
    disk.reasons.append({code, message});
}

bool wipeAllowed(const Disk& disk, const EligibilityOptions& options)
{
    return options.wipe.contains(disk.path) || options.wipe.contains(disk.name) ||
        (!disk.stablePath.isEmpty() && options.wipe.contains(disk.stablePath));
}

QString describeSignature(const DiskSignature& signature)
{
    if (signature.usage == QLatin1String("partition-table")) {
        return QStringLiteral("a %1 partition table").arg(signature.type);
    }
    QString what;
    if (signature.usage == QLatin1String("filesystem")) {
        what = QStringLiteral("a file system signature (%1").arg(signature.type);
    } else if (signature.type == QLatin1String("swap")) {
        what = QStringLiteral("a swap signature (%1").arg(signature.type);
    } else if (signature.usage == QLatin1String("raid")) {
        what = QStringLiteral("a RAID signature (%1").arg(signature.type);
    } else if (signature.usage == QLatin1String("crypto")) {
        what = QStringLiteral("an encryption signature (%1").arg(signature.type);
    } else {
        what = QStringLiteral("a signature (%1").arg(signature.type);
    }
    if (!signature.label.isEmpty()) {
        what += QStringLiteral(", label '%1'").arg(signature.label);
    }
    return what + QLatin1Char(')');
}

/// Reasons a device has by itself (used by the device and, for partitions, by its disk too).
void usageReasons(Disk& target, const Disk& source, const EligibilityOptions& options, bool viaPartition)
{
    const QString who = viaPartition ? QStringLiteral("partition %1 ").arg(source.name) : QString();
    if (!source.mountPoints.isEmpty()) {
        addReason(target, QStringLiteral("mounted"),
                  QStringLiteral("%1mounted at %2").arg(who, source.mountPoints.join(QStringLiteral(", "))).trimmed());
    }
    if (source.swap) {
        addReason(target, QStringLiteral("swap"), QStringLiteral("%1in use as swap").arg(who).trimmed());
    }
    if (!source.holders.isEmpty()) {
        addReason(target, QStringLiteral("holders"),
                  QStringLiteral("%1held by %2").arg(who, source.holders.join(QStringLiteral(", "))).trimmed());
    }
    const bool wipe = wipeAllowed(source, options) || (viaPartition && wipeAllowed(target, options));
    if (!source.mdArray.isEmpty()) {
        const bool active = source.holders.contains(source.mdArray);
        if (active || !wipe) {
            addReason(target, QStringLiteral("md-member"),
                      QStringLiteral("%1member of md array %2%3")
                          .arg(who, source.mdArray, active ? QString() : QStringLiteral(" (not running)"))
                          .trimmed());
        }
    }
    if (source.lvmPv && (!source.holders.isEmpty() || !wipe)) {
        addReason(target, QStringLiteral("lvm-pv"), QStringLiteral("%1an LVM physical volume").arg(who).trimmed());
    }
    if (!wipe) {
        for (const auto& signature : source.signatures) {
            if (signature.type == QLatin1String("linux_raid_member") ||
                signature.type == QLatin1String("LVM2_member")) {
                continue; // said above as md-member / lvm-pv
            }
            const bool table = signature.usage == QLatin1String("partition-table");
            addReason(target, table ? QStringLiteral("partition-table") : QStringLiteral("signature"),
                      QStringLiteral("%1has %2").arg(who, describeSignature(signature)).trimmed());
        }
    }
}

} // namespace

namespace {

/// Why `disk` is no disk RaidBench writes (a RAM disk, an array, a network block device), or empty.
QString virtualReason(const Disk& disk, const EligibilityOptions& options)
{
    if (disk.kind == QLatin1String("zram") || disk.kind == QLatin1String("ram")) {
        return QStringLiteral("a RAM disk, not a disk");
    }
    if (disk.kind == QLatin1String("rom")) {
        return QStringLiteral("an optical drive");
    }
    if ((disk.kind == QLatin1String("md") || disk.kind == QLatin1String("dm")) && !options.allowArrays) {
        return QStringLiteral("%1 is itself an array or mapped device").arg(disk.name);
    }
    if (disk.kind == QLatin1String("other")) {
        return QStringLiteral("not a disk RaidBench knows how to use");
    }
    return {};
}

} // namespace

void applyEligibility(Disk& disk, const EligibilityOptions& options)
{
    disk.reasons.clear();
    const QString virtualWhy = virtualReason(disk, options);
    for (Disk& partition : disk.partitions) {
        partition.systemDisk = partition.systemDisk || disk.systemDisk;
        partition.readOnly = partition.readOnly || disk.readOnly;
        applyEligibility(partition, options);
        if (disk.kind == QLatin1String("loop") && !options.allowLoop) {
            // A partition of a loop device is as much a file as the loop device itself.
            addReason(partition, QStringLiteral("loop-device"),
                      QStringLiteral("a partition of loop device %1; allowed only when loop devices are allowed")
                          .arg(disk.name));
            partition.eligible = false;
        }
        if (!virtualWhy.isEmpty()) {
            // A partition of an array or a network block device is no more a disk than its parent.
            addReason(partition, QStringLiteral("virtual-device"),
                      QStringLiteral("a partition of %1: %2").arg(disk.name, virtualWhy));
            partition.eligible = false;
        }
    }
    if (disk.kind == QLatin1String("loop") && !options.allowLoop) {
        addReason(disk, QStringLiteral("loop-device"),
                  QStringLiteral("a loop device (a file, not a disk); allowed only when loop devices are allowed"));
    }
    if (!virtualWhy.isEmpty()) {
        addReason(disk, QStringLiteral("virtual-device"), virtualWhy);
    }
    if (disk.systemDisk) {
        addReason(disk, QStringLiteral("system-disk"),
                  disk.kind == QLatin1String("partition")
                      ? QStringLiteral("on the disk that holds the running system (/ or /boot)")
                      : QStringLiteral("holds the running system (/ or /boot)"));
    }
    if (disk.readOnly) {
        addReason(disk, QStringLiteral("read-only"), QStringLiteral("read-only"));
    }
    usageReasons(disk, disk, options, false);
    for (const Disk& partition : disk.partitions) {
        usageReasons(disk, partition, options, true);
    }
    if (options.minSizeBytes && disk.sizeBytes < options.minSizeBytes) {
        addReason(disk, QStringLiteral("too-small"),
                  QStringLiteral("%1, smaller than the %2 the plan needs")
                      .arg(Units::formatBytesDecimal(double(disk.sizeBytes)),
                           Units::formatBytesDecimal(double(options.minSizeBytes))));
    }
    if (disk.sizeBytes == 0) {
        addReason(disk, QStringLiteral("empty"), QStringLiteral("has no media or a size of 0"));
    }
    for (const QString& error : disk.scanErrors) {
        addReason(disk, QStringLiteral("scan-error"), error);
    }
    disk.eligible = disk.reasons.isEmpty();
}

} // namespace RaidBench
