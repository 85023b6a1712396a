#include "disks/eligibility.h"

#include "util/units.h"

#include <QCoreApplication>

#include <optional>

namespace RaidBench {

namespace {

/// Every reason's words are marked here for the catalogue, under "DiskReason" (DiskReason::text()).
constexpr const char* ofPartition = QT_TRANSLATE_NOOP("DiskReason", "partition %1 %2");

void addReason(Disk& disk, const DiskReason& reason)
{
    for (const auto& known : disk.reasons) {
        if (known.code == reason.code && known.message == reason.message) {
            return;
        }
    }
    disk.reasons.append(reason);
}

bool wipeAllowed(const Disk& disk, const EligibilityOptions& options)
{
    return options.wipe.contains(disk.path) || options.wipe.contains(disk.name) ||
        (!disk.stablePath.isEmpty() && options.wipe.contains(disk.stablePath));
}

/// "has a file system signature (ext4, label 'data')", "has a gpt partition table", ...
DiskReason signatureReason(const DiskSignature& signature)
{
    if (signature.usage == QLatin1String("partition-table")) {
        return DiskReason::make(QStringLiteral("partition-table"),
                                QT_TRANSLATE_NOOP("DiskReason", "has a %1 partition table"), {signature.type});
    }
    const bool labelled = !signature.label.isEmpty();
    const char* english = nullptr;
    if (signature.usage == QLatin1String("filesystem")) {
        english = labelled ? QT_TRANSLATE_NOOP("DiskReason", "has a file system signature (%1, label '%2')")
                           : QT_TRANSLATE_NOOP("DiskReason", "has a file system signature (%1)");
    } else if (signature.type == QLatin1String("swap")) {
        english = labelled ? QT_TRANSLATE_NOOP("DiskReason", "has a swap signature (%1, label '%2')")
                           : QT_TRANSLATE_NOOP("DiskReason", "has a swap signature (%1)");
    } else if (signature.usage == QLatin1String("raid")) {
        english = labelled ? QT_TRANSLATE_NOOP("DiskReason", "has a RAID signature (%1, label '%2')")
                           : QT_TRANSLATE_NOOP("DiskReason", "has a RAID signature (%1)");
    } else if (signature.usage == QLatin1String("crypto")) {
        english = labelled ? QT_TRANSLATE_NOOP("DiskReason", "has an encryption signature (%1, label '%2')")
                           : QT_TRANSLATE_NOOP("DiskReason", "has an encryption signature (%1)");
    } else {
        english = labelled ? QT_TRANSLATE_NOOP("DiskReason", "has a signature (%1, label '%2')")
                           : QT_TRANSLATE_NOOP("DiskReason", "has a signature (%1)");
    }
    return DiskReason::make(QStringLiteral("signature"), english, {signature.type, signature.label});
}

/// The reasons a device has by itself, said of its disk too when `source` is a partition of it.
QList<DiskReason> sourceReasons(const Disk& source, bool wipe)
{
    QList<DiskReason> found;
    if (!source.mountPoints.isEmpty()) {
        found.append(DiskReason::make(QStringLiteral("mounted"), QT_TRANSLATE_NOOP("DiskReason", "mounted at %1"),
                                      {source.mountPoints.join(QStringLiteral(", "))}));
    }
    if (source.swap) {
        found.append(DiskReason::make(QStringLiteral("swap"), QT_TRANSLATE_NOOP("DiskReason", "in use as swap")));
    }
    if (!source.holders.isEmpty()) {
        found.append(DiskReason::make(QStringLiteral("holders"), QT_TRANSLATE_NOOP("DiskReason", "held by %1"),
                                      {source.holders.join(QStringLiteral(", "))}));
    }
    // Users that hold no claim: a loop device over it, a process that has it open. At most a few
    // processes by name: the rest are counted.
    constexpr qsizetype namedUsers = 4;
    qsizetype processes = 0;
    for (const DeviceUse& use : source.users) {
        const bool process = use.kind == DeviceUse::Kind::OpenByProcess;
        processes += process ? 1 : 0;
        if (!process || processes <= namedUsers) {
            found.append(use.reason());
        }
    }
    if (processes > namedUsers) {
        found.append(DiskReason::make(QStringLiteral("open"),
                                      QT_TRANSLATE_NOOP("DiskReason", "open by %1 more processes"),
                                      {QString::number(processes - namedUsers)}));
    }
    if (!source.mdArray.isEmpty()) {
        const bool active = source.holders.contains(source.mdArray);
        if (active || !wipe) {
            found.append(DiskReason::make(QStringLiteral("md-member"),
                                          active
                                              ? QT_TRANSLATE_NOOP("DiskReason", "member of md array %1")
                                              : QT_TRANSLATE_NOOP("DiskReason", "member of md array %1 (not running)"),
                                          {source.mdArray}));
        }
    }
    if (source.lvmPv && (!source.holders.isEmpty() || !wipe)) {
        found.append(
            DiskReason::make(QStringLiteral("lvm-pv"), QT_TRANSLATE_NOOP("DiskReason", "an LVM physical volume")));
    }
    if (!wipe) {
        for (const auto& signature : source.signatures) {
            if (signature.type == QLatin1String("linux_raid_member") ||
                signature.type == QLatin1String("LVM2_member")) {
                continue; // said above as md-member / lvm-pv
            }
            found.append(signatureReason(signature));
        }
    }
    return found;
}

/// Reasons a device has by itself (used by the device and, for partitions, by its disk too).
void usageReasons(Disk& target, const Disk& source, const EligibilityOptions& options, bool viaPartition)
{
    const bool wipe = wipeAllowed(source, options) || (viaPartition && wipeAllowed(target, options));
    for (const DiskReason& reason : sourceReasons(source, wipe)) {
        addReason(target, viaPartition ? reason.within(ofPartition, source.name) : reason);
    }
}

/// Why `disk` is no disk RaidBench writes (a RAM disk, an array, a network block device), if it is not.
std::optional<DiskReason> virtualReason(const Disk& disk, const EligibilityOptions& options)
{
    const QString virtualDevice = QStringLiteral("virtual-device");
    if (disk.kind == QLatin1String("zram") || disk.kind == QLatin1String("ram")) {
        return DiskReason::make(virtualDevice, QT_TRANSLATE_NOOP("DiskReason", "a RAM disk, not a disk"));
    }
    if (disk.kind == QLatin1String("rom")) {
        return DiskReason::make(virtualDevice, QT_TRANSLATE_NOOP("DiskReason", "an optical drive"));
    }
    if ((disk.kind == QLatin1String("md") || disk.kind == QLatin1String("dm")) && !options.allowArrays) {
        return DiskReason::make(virtualDevice,
                                QT_TRANSLATE_NOOP("DiskReason", "%1 is itself an array or mapped device"), {disk.name});
    }
    if (disk.kind == QLatin1String("other")) {
        return DiskReason::make(virtualDevice,
                                QT_TRANSLATE_NOOP("DiskReason", "not a disk RaidBench knows how to use"));
    }
    return std::nullopt;
}

} // namespace

void applyEligibility(Disk& disk, const EligibilityOptions& options)
{
    disk.reasons.clear();
    const std::optional<DiskReason> virtualWhy = virtualReason(disk, options);
    for (Disk& partition : disk.partitions) {
        partition.systemDisk = partition.systemDisk || disk.systemDisk;
        partition.readOnly = partition.readOnly || disk.readOnly;
        applyEligibility(partition, options);
        if (disk.kind == QLatin1String("loop") && !options.allowLoop) {
            // A partition of a loop device is as much a file as the loop device itself.
            addReason(partition,
                      DiskReason::make(QStringLiteral("loop-device"),
                                       QT_TRANSLATE_NOOP("DiskReason",
                                                         "a partition of loop device %1; allowed only "
                                                         "when loop devices are allowed"),
                                       {disk.name}));
            partition.eligible = false;
        }
        for (const DeviceUse& use : partition.diskUsers) {
            // Whatever uses the whole disk uses this partition's sectors too.
            addReason(partition, use.reason().within(QT_TRANSLATE_NOOP("DiskReason", "its disk %1: %2"), disk.name));
            partition.eligible = false;
        }
        if (virtualWhy) {
            // A partition of an array or a network block device is no more a disk than its parent.
            addReason(partition,
                      virtualWhy->within(QT_TRANSLATE_NOOP("DiskReason", "a partition of %1: %2"), disk.name));
            partition.eligible = false;
        }
    }
    if (disk.kind == QLatin1String("loop") && !options.allowLoop) {
        addReason(disk,
                  DiskReason::make(QStringLiteral("loop-device"),
                                   QT_TRANSLATE_NOOP("DiskReason",
                                                     "a loop device (a file, not a disk); allowed "
                                                     "only when loop devices are allowed")));
    }
    if (virtualWhy) {
        addReason(disk, *virtualWhy);
    }
    if (disk.systemDisk) {
        addReason(disk,
                  DiskReason::make(
                      QStringLiteral("system-disk"),
                      disk.kind == QLatin1String("partition")
                          ? QT_TRANSLATE_NOOP("DiskReason", "on the disk that holds the running system (/ or /boot)")
                          : QT_TRANSLATE_NOOP("DiskReason", "holds the running system (/ or /boot)")));
    }
    if (disk.readOnly) {
        addReason(disk, DiskReason::make(QStringLiteral("read-only"), QT_TRANSLATE_NOOP("DiskReason", "read-only")));
    }
    usageReasons(disk, disk, options, false);
    for (const Disk& partition : disk.partitions) {
        usageReasons(disk, partition, options, true);
    }
    if (options.minSizeBytes && disk.sizeBytes < options.minSizeBytes) {
        addReason(disk,
                  DiskReason::make(QStringLiteral("too-small"),
                                   QT_TRANSLATE_NOOP("DiskReason", "%1, smaller than the %2 the plan needs"),
                                   {Units::formatBytesDecimal(double(disk.sizeBytes)),
                                    Units::formatBytesDecimal(double(options.minSizeBytes))}));
    }
    if (disk.sizeBytes == 0) {
        addReason(
            disk,
            DiskReason::make(QStringLiteral("empty"), QT_TRANSLATE_NOOP("DiskReason", "has no media or a size of 0")));
    }
    for (const QString& error : disk.scanErrors) {
        addReason(disk, DiskReason::asIs(QStringLiteral("scan-error"), error));
    }
    disk.eligible = disk.reasons.isEmpty();
}

} // namespace RaidBench
