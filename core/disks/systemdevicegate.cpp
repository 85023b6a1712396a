#include "disks/systemdevicegate.h"

#include "disks/deviceusers.h"
#include "disks/diskscanner.h"
#include "disks/shownpath.h"
#include "disks/trustedpath.h"
#include "system/commandrunner.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/monotonicclock.h"
#include "util/privatedir.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
namespace RaidBench {

namespace {

/// A small sysfs attribute, trimmed; empty when it cannot be read.
QString readSmall(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.read(256)).trimmed() : QString();
}

/// In-use reasons: never waived, whatever the device carries.
bool inUseReason(const QString& code)
{
    static const QSet<QString> codes {
        QStringLiteral("mounted"),     QStringLiteral("swap"),         QStringLiteral("holders"),
        QStringLiteral("system-disk"), QStringLiteral("read-only"),    QStringLiteral("virtual-device"),
        QStringLiteral("loop-device"), QStringLiteral("empty"),        QStringLiteral("scan-error"),
        QStringLiteral("too-small"),   QStringLiteral("loop-backing"), QStringLiteral("open"),
        QStringLiteral("exported")};
    return codes.contains(code);
}

} // namespace

SystemDeviceGate::SystemDeviceGate()
    : SystemDeviceGate(Options {})
{ }

SystemDeviceGate::SystemDeviceGate(Options options)
    : m_options(std::move(options))
{ }

SystemDeviceGate SystemDeviceGate::withLoop(bool allowLoop)
{
    Options options;
    options.eligibility.allowLoop = allowLoop;
    return SystemDeviceGate(options);
}

Result<QString> SystemDeviceGate::resolveTrusted(const QString& path, const QString& devRoot, uid_t trustedUid)
{
    return TrustedPath::resolve(path, devRoot, trustedUid);
}

DiskScanner SystemDeviceGate::scanner() const
{
    DiskScanner scanner(m_options.sysRoot, m_options.procRoot, m_options.devRoot, m_options.probe);
    scanner.setProbeTimeout(m_options.probeTimeoutMs);
    return scanner;
}

Result<Disk> SystemDeviceGate::inspectNode(const QString& node) const
{
    // Only this device (and its partitions) is probed: a check never reads, or waits on, another disk.
    return scanner().inspect(node, m_options.eligibility);
}

namespace {

bool openByProcess(const Disk& disk)
{
    auto open = [](const Disk& device) {
        auto byProcess = [](const DeviceUse& use) { return use.kind == DeviceUse::Kind::OpenByProcess; };
        return std::any_of(device.users.begin(), device.users.end(), byProcess) ||
            std::any_of(device.diskUsers.begin(), device.diskUsers.end(), byProcess);
    };
    return open(disk) || std::any_of(disk.partitions.begin(), disk.partitions.end(), open);
}

} // namespace

QStringList SystemDeviceGate::usersOf(std::uint64_t rdev) const
{
    const std::uint64_t until = monotonicNs() + std::uint64_t(m_options.settleMs) * 1'000'000ull;
    for (;;) {
        const auto found =
            DeviceUsers(m_options.sysRoot, m_options.procRoot, m_options.devRoot, qint64(getpid())).find(5000);
        if (!found) {
            return {found.error().message};
        }
        const QList<DeviceUse> uses = found->value(rdev);
        const bool processesOnly = std::all_of(
            uses.begin(), uses.end(), [](const DeviceUse& use) { return use.kind == DeviceUse::Kind::OpenByProcess; });
        if (uses.isEmpty() || !processesOnly || monotonicNs() >= until) {
            QStringList reasons;
            for (const DeviceUse& use : uses) {
                reasons.append(use.reason().message);
            }
            return reasons;
        }
        const timespec pause {0, 100'000'000};
        nanosleep(&pause, nullptr);
    }
}

Result<QList<Disk>> SystemDeviceGate::inspectAllSettled(const QStringList& nodes) const
{
    const std::uint64_t until = monotonicNs() + std::uint64_t(m_options.settleMs) * 1'000'000ull;
    for (;;) {
        // Only these devices (and their partitions) are probed, as a check of one probes only it.
        auto disks = scanner().inspectAll(nodes, m_options.eligibility);
        if (!disks || std::none_of(disks->cbegin(), disks->cend(), openByProcess) || monotonicNs() >= until) {
            return disks;
        }
        const timespec pause {0, 100'000'000};
        nanosleep(&pause, nullptr);
    }
}

Result<Disk> SystemDeviceGate::inspectSettled(const QString& node) const
{
    auto disks = inspectAllSettled({node});
    if (!disks) {
        return disks.error();
    }
    return disks->first();
}

namespace {

/// The volume group the LVM label on `node` names, asking LVM about that one device only.
Result<QString> volumeGroupFromLvm(const QString& node)
{
    SystemCommandRunner runner;
    const CommandResult result =
        runner.run({QStringLiteral("lvm"), QStringLiteral("pvs"), QStringLiteral("--config"),
                    QStringLiteral("devices{use_devicesfile=0 obtain_device_list_from_udev=0}"),
                    QStringLiteral("--devices"), node, QStringLiteral("--reportformat"), QStringLiteral("json"),
                    QStringLiteral("-o"), QStringLiteral("vg_name"), node},
                   30000);
    const QJsonArray reports =
        QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("report")).toArray();
    const QJsonArray rows = reports.first().toObject().value(QStringLiteral("pv")).toArray();
    if (!result.ok() || rows.size() != 1) {
        return makeError(ErrorCode::deviceInUse,
                         QStringLiteral("LVM cannot say which volume group %1 is in: %2").arg(node, result.summary()));
    }
    return rows.first().toObject().value(QStringLiteral("vg_name")).toString();
}

} // namespace

QStringList SystemDeviceGate::foreignSignatures(const Disk& disk, const QString& node, const QString& tag,
                                                bool lvmPv) const
{
    QStringList why;
    for (const DiskSignature& signature : disk.signatures) {
        // An LVM label is the build's only on a disk it made a physical volume of.
        const bool foreignLabel = signature.type == QLatin1String("LVM2_member") && !lvmPv;
        if (foreignLabel || !ownSignature(signature, tag)) {
            why.append(QStringLiteral("it carries %1 %2%3, which RaidBench did not write")
                           .arg(signature.usage, signature.type,
                                signature.label.isEmpty() ? QString()
                                                          : QStringLiteral(" '%1'").arg(shownPath(signature.label))));
            continue;
        }
        if (signature.type != QLatin1String("LVM2_member")) {
            continue;
        }
        // blkid cannot tell whose an LVM label is; the label itself can, read from this device alone.
        const auto group = m_options.volumeGroupOf ? m_options.volumeGroupOf(node) : volumeGroupFromLvm(node);
        if (!group) {
            why.append(group.error().message);
        } else if (!group->isEmpty() && !ownVolumeGroup(*group, tag)) {
            why.append(QStringLiteral("it is an LVM physical volume of volume group '%1', not of this build")
                           .arg(shownPath(*group)));
        }
    }
    return why;
}

Result<void> SystemDeviceGate::checkUse(const Disk& disk, const QString& node, Use use, const QString& tag,
                                        bool lvmPv) const
{
    QStringList why;
    // A member of this build's running array is held by it, and only by it.
    const bool heldByBuild = use == Use::Member && heldOnlyByBuild(disk, tag);
    for (const DiskReason& reason : disk.reasons) {
        if (heldByBuild && reason.code == QLatin1String("holders")) {
            continue;
        }
        if (use == Use::Create || inUseReason(reason.code)) {
            why.append(reason.message);
        }
    }
    if (use == Use::Own || use == Use::Member) {
        // Only what RaidBench writes: an md superblock of its array, an LVM label of its volume group, a
        // file system it labelled. Anything else (someone reused the disk since) is not ours to remove.
        if (!disk.partitions.isEmpty()) {
            why.append(QStringLiteral("it has partitions now, which RaidBench never makes"));
        }
        why += foreignSignatures(disk, node, tag, lvmPv);
    }
    if (!why.isEmpty()) {
        return makeError(ErrorCode::deviceInUse,
                         QStringLiteral("%1 must not be written: %2").arg(node, why.join(QStringLiteral("; "))));
    }
    if (heldByBuild) {
        return {}; // md holds it, so an exclusive open must fail: the holders were checked above
    }
    // The kernel's own word: an exclusive open fails while the device is mounted or held.
    const int fd = ::open(QFile::encodeName(node).constData(), O_RDONLY | O_EXCL | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        const int err = errno;
        return makeError(
            ErrorCode::deviceInUse,
            QStringLiteral("%1 is in use: the kernel refused exclusive access (%2)").arg(node, errnoText(err)));
    }
    ::close(fd);
    if (use == Use::Create && disk.kind == QLatin1String("partition")) {
        // A partition whose disk has another partition in use (mounted, in a pool or an array: the
        // kernel then refuses the whole disk to anyone) is on a disk at work, the running system's
        // perhaps, whatever its own file systems show (a btrfs or ZFS root, a BIOS boot partition).
        const QString whole = m_options.devRoot + QLatin1Char('/') + disk.parent;
        const int wholeFd = ::open(QFile::encodeName(whole).constData(), O_RDONLY | O_EXCL | O_CLOEXEC | O_NOFOLLOW);
        if (wholeFd < 0) {
            const int err = errno;
            return makeError(ErrorCode::deviceInUse,
                             QStringLiteral("%1 is on %2, another partition of which is in use: the kernel refused "
                                            "exclusive access to %2 (%3)")
                                 .arg(node, whole, errnoText(err)));
        }
        ::close(wholeFd);
    }
    return {};
}

bool SystemDeviceGate::heldOnlyByBuild(const Disk& disk, const QString& tag) const
{
    static const QRegularExpression tagShape(QStringLiteral("^[a-z0-9]{1,12}$"));
    if (disk.holders.isEmpty() || !tagShape.match(tag).hasMatch()) {
        return false;
    }
    // The build's md arrays are the ones linked as /dev/md/raidbench-TAG-N, in a /dev/md only root (and
    // the disk group) can write, each link pointing straight at ../mdN or /dev/mdN: nothing a user or
    // another array's name can add.
    const QString directory = m_options.devRoot + QStringLiteral("/md");
    struct stat st
    { };
    // mdadm makes it root:disk 0770 where udev does not run: the disk group can write any disk anyway.
    if (::lstat(QFile::encodeName(directory).constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 ||
        (st.st_mode & S_IWOTH)) {
        return false;
    }
    const struct group* diskGroup = ::getgrnam("disk");
    if ((st.st_mode & S_IWGRP) && st.st_gid != 0 && !(diskGroup && st.st_gid == diskGroup->gr_gid)) {
        return false;
    }
    const QRegularExpression ownName(QStringLiteral("^raidbench-%1-\\d+$").arg(tag));
    static const QRegularExpression target(QStringLiteral("^(\\.\\./|/dev/)?(md\\d+)$"));
    QSet<QString> ours;
    for (const QString& name : QDir(directory).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        if (!ownName.match(name).hasMatch()) {
            continue;
        }
        const QString path = directory + QLatin1Char('/') + name;
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISLNK(st.st_mode) || st.st_uid != 0) {
            continue;
        }
        char buffer[64] = {};
        const ssize_t length = ::readlink(QFile::encodeName(path).constData(), buffer, sizeof(buffer) - 1);
        const auto match = target.match(QString::fromLatin1(buffer, length > 0 ? int(length) : 0));
        if (match.hasMatch()) {
            ours.insert(match.captured(2));
        }
    }
    // The build's logical volumes: device-mapper devices named raidbench_TAG[_N]-bench, which only root
    // (LVM activating the build's own volume group) can make.
    const QRegularExpression ownVolume(QStringLiteral("^raidbench_%1(_\\d{1,4})?-bench$").arg(tag));
    for (const QString& holder : disk.holders) {
        const bool volume = holder.startsWith(QLatin1String("dm-")) &&
            ownVolume.match(readSmall(QStringLiteral("%1/block/%2/dm/name").arg(m_options.sysRoot, holder))).hasMatch();
        if (!ours.contains(holder) && !volume) {
            return false;
        }
    }
    return true;
}

PinnedDevice SystemDeviceGate::pinOf(const Disk& disk, const QString& node, std::uint64_t rdev,
                                     const QString& requested) const
{
    PinnedDevice pin;
    pin.requested = requested;
    pin.node = node;
    pin.name = disk.name;
    pin.rdev = rdev;
    pin.kind = disk.kind;
    pin.stablePath = disk.stablePath;
    pin.model = disk.model;
    pin.serial = disk.serial;
    pin.wwn = disk.wwn;
    pin.sizeBytes = disk.sizeBytes;
    pin.bootId = currentBootId();
    if (disk.kind == QLatin1String("partition")) {
        // Its number and start: after repartitioning, another partition of the same size is not it.
        const QString sysPath = QStringLiteral("%1/block/%2/%3").arg(m_options.sysRoot, disk.parent, disk.name);
        pin.partitionNumber = readSmall(sysPath + QStringLiteral("/partition")).toInt();
        pin.startSector = readSmall(sysPath + QStringLiteral("/start")).toULongLong();
    }
    const QString loopName = disk.kind == QLatin1String("loop") ? disk.name
        : disk.parent.startsWith(QLatin1String("loop"))         ? disk.parent
                                                                : QString();
    if (!loopName.isEmpty()) {
        const DeviceUsers::LoopBacking backing =
            DeviceUsers::loopBacking(m_options.sysRoot, m_options.devRoot, loopName);
        pin.backingFile = backing.file;
        pin.backingInode = backing.inode;
        pin.backingOffset = backing.offset;
    }
    pin.diskSeq = disk.diskSeq;
    return pin;
}

Result<PinnedDevice> SystemDeviceGate::pin(const QString& path, Use use, const QString& tag) const
{
    auto resolved = resolveTrusted(path, m_options.devRoot, m_options.trustedUid);
    if (!resolved) {
        return resolved.error();
    }
    struct stat st
    { };
    if (::stat(QFile::encodeName(*resolved).constData(), &st) != 0 || !S_ISBLK(st.st_mode)) {
        return makeError(ErrorCode::notBlockDevice, QStringLiteral("%1 is not a block device").arg(shownPath(path)));
    }
    auto disk = inspectSettled(*resolved);
    if (!disk) {
        return disk.error();
    }
    // The canonical node: /dev/NAME when it is this very device (it always is with devtmpfs).
    QString node = m_options.devRoot + QLatin1Char('/') + disk->name;
    struct stat canonical
    { };
    if (::stat(QFile::encodeName(node).constData(), &canonical) != 0 || !S_ISBLK(canonical.st_mode) ||
        canonical.st_rdev != st.st_rdev) {
        node = *resolved;
    }
    if (auto ok = checkUse(*disk, node, use, tag, false); !ok) {
        return ok.error();
    }
    PinnedDevice pinned = pinOf(*disk, node, std::uint64_t(st.st_rdev), path);
    pinned.tag = tag;
    return pinned;
}

Result<void> SystemDeviceGate::checkNode(const PinnedDevice& pin)
{
    if (!pin.isValid()) {
        return makeError(ErrorCode::deviceChanged, QStringLiteral("%1 was never checked").arg(shownPath(pin.node)));
    }
    struct stat st
    { };
    if (::lstat(QFile::encodeName(pin.node).constData(), &st) != 0 || !S_ISBLK(st.st_mode)) {
        return makeError(ErrorCode::deviceChanged, QStringLiteral("%1 is gone").arg(pin.describe()));
    }
    if (std::uint64_t(st.st_rdev) != pin.rdev) {
        return makeError(ErrorCode::deviceChanged,
                         QStringLiteral("%1 is now device %2:%3, not the %4:%5 that was checked")
                             .arg(pin.node, QString::number(major(st.st_rdev)), QString::number(minor(st.st_rdev)),
                                  QString::number(major(dev_t(pin.rdev))), QString::number(minor(dev_t(pin.rdev)))));
    }
    return {};
}

Result<void> SystemDeviceGate::checkInspected(const PinnedDevice& pin, Use use, const Disk& disk) const
{
    const PinnedDevice now = pinOf(disk, pin.node, pin.rdev, pin.requested);
    if (!now.sameIdentity(pin)) {
        return makeError(ErrorCode::deviceChanged,
                         QStringLiteral("%1 is another device now: %2").arg(pin.describe(), now.describe()));
    }
    return checkUse(disk, pin.node, use, pin.tag, pin.lvmPv);
}

Result<void> SystemDeviceGate::check(const PinnedDevice& pin, Use use) const
{
    if (auto ok = checkNode(pin); !ok) {
        return ok;
    }
    auto disk = inspectSettled(pin.node);
    if (!disk) {
        return makeError(ErrorCode::deviceChanged, QStringLiteral("%1: %2").arg(pin.describe(), disk.error().message));
    }
    return checkInspected(pin, use, *disk);
}

Result<void> SystemDeviceGate::checkAll(const QList<PinUse>& pins) const
{
    if (pins.size() == 1) {
        return check(pins.first().pin, pins.first().use);
    }
    QStringList nodes;
    for (const PinUse& entry : pins) {
        if (auto ok = checkNode(entry.pin); !ok) {
            return ok;
        }
        nodes.append(entry.pin.node);
    }
    auto disks = inspectAllSettled(nodes);
    if (!disks) {
        // Which pin it was, in its own words: each looked at alone (a failure, so the time is no matter).
        return DeviceGate::checkAll(pins);
    }
    for (qsizetype i = 0; i < pins.size(); ++i) {
        if (auto ok = checkInspected(pins.at(i).pin, pins.at(i).use, disks->at(i)); !ok) {
            return ok;
        }
    }
    return {};
}

Result<PinnedDevice> SystemDeviceGate::relocate(const PinnedDevice& pin) const
{
    struct stat st
    { };
    if (::lstat(QFile::encodeName(pin.node).constData(), &st) == 0 && S_ISBLK(st.st_mode)) {
        if (auto disk = inspectNode(pin.node)) {
            const PinnedDevice here = pinOf(*disk, pin.node, std::uint64_t(st.st_rdev), pin.requested);
            if (here.sameIdentity(pin)) {
                return here;
            }
        }
    }
    // A device without serial, WWN or file cannot be recognised elsewhere.
    if (pin.serial.isEmpty() && pin.wwn.isEmpty() && pin.backingFile.isEmpty()) {
        return makeError(
            ErrorCode::deviceChanged,
            QStringLiteral("%1 is not there any more and has no serial to find it by").arg(pin.describe()));
    }
    QList<PinnedDevice> matches;
    // Identity is serial, WWN, model, size, file, number and start: nothing a probe reads, so no disk is read.
    const QList<Disk> disks = DiskScanner(m_options.sysRoot, m_options.procRoot, m_options.devRoot, SignatureProbe())
                                  .scan(m_options.eligibility);
    for (const Disk& disk : disks) {
        QList<const Disk*> candidates {&disk};
        for (const Disk& partition : disk.partitions) {
            candidates.append(&partition);
        }
        for (const Disk* candidate : candidates) {
            const QString node = m_options.devRoot + QLatin1Char('/') + candidate->name;
            if (::lstat(QFile::encodeName(node).constData(), &st) != 0 || !S_ISBLK(st.st_mode)) {
                continue;
            }
            PinnedDevice found = pinOf(*candidate, node, std::uint64_t(st.st_rdev), pin.requested);
            if (found.sameIdentity(pin)) {
                matches.append(found);
            }
        }
    }
    if (matches.size() != 1) {
        return makeError(ErrorCode::deviceChanged,
                         matches.isEmpty() ? QStringLiteral("%1 is not there any more").arg(pin.describe())
                                           : QStringLiteral("%1 matches %2 devices; touching none")
                                                 .arg(pin.describe(), QString::number(matches.size())));
    }
    return matches.first();
}

Result<void> SystemDeviceGate::checkLeaves(const QString& sysDir, const QList<PinnedDevice>& pins, int depth,
                                           bool goneMembersAllowed, int& leaves) const
{
    const QString name = QFileInfo(sysDir).fileName();
    if (depth > 8) {
        return makeError(ErrorCode::deviceChanged, QStringLiteral("arrays nested deeper than RaidBench builds"));
    }
    const QStringList slaves =
        QDir(sysDir + QStringLiteral("/slaves")).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
    if (!slaves.isEmpty()) {
        for (const QString& slave : slaves) {
            const QString below = QFileInfo(sysDir + QStringLiteral("/slaves/") + slave).canonicalFilePath();
            if (below.isEmpty()) {
                // A member pulled out while the array ran: md keeps it as failed until it is removed, and
                // its link points at nothing. Gone, it is nobody's disk, and taking the array down may go
                // on (what is left must still be ours); a test or a write on it may not.
                if (goneMembersAllowed) {
                    continue;
                }
                return makeError(ErrorCode::deviceChanged,
                                 QStringLiteral("%1 vanished from under %2").arg(slave, name));
            }
            if (auto ok = checkLeaves(below, pins, depth + 1, goneMembersAllowed, leaves); !ok) {
                return ok;
            }
        }
        return {};
    }
    if (depth == 0) {
        return makeError(ErrorCode::notFound, QStringLiteral("%1 holds no disks: it is not running").arg(name));
    }
    // A disk at the bottom: one of the build's pins, with the device number it was pinned with.
    const QString dev = readSmall(sysDir + QStringLiteral("/dev"));
    for (const PinnedDevice& pin : pins) {
        if (pin.name == name &&
            dev == QStringLiteral("%1:%2").arg(major(dev_t(pin.rdev))).arg(minor(dev_t(pin.rdev)))) {
            ++leaves;
            return {};
        }
    }
    return makeError(ErrorCode::deviceChanged,
                     QStringLiteral("%1 (%2) is in the array, and it is not one of the disks it was built from")
                         .arg(shownPath(name), dev));
}

Result<DeviceGate::BuiltNode> SystemDeviceGate::checkBuilt(const QString& path, const QList<PinnedDevice>& pins,
                                                           bool goneMembersAllowed) const
{
    // Only the names RaidBench gives its own arrays, in directories only root writes.
    static const QRegularExpression ownPath(
        QStringLiteral("^/(md/raidbench-[a-z0-9]{1,12}-\\d{1,4}|raidbench_[a-z0-9]{1,12}(_\\d{1,4})?/bench)$"));
    if (!path.startsWith(m_options.devRoot + QLatin1Char('/')) ||
        !ownPath.match(path.mid(m_options.devRoot.size())).hasMatch()) {
        return makeError(ErrorCode::badPath, QStringLiteral("%1 is not an array RaidBench names").arg(shownPath(path)));
    }
    auto resolved = resolveTrusted(path, m_options.devRoot, m_options.trustedUid);
    if (!resolved) {
        return resolved.error(); // not-found when it is gone
    }
    struct stat st
    { };
    if (::stat(QFile::encodeName(*resolved).constData(), &st) != 0 || !S_ISBLK(st.st_mode)) {
        return makeError(ErrorCode::notFound, QStringLiteral("%1 is not a block device now").arg(shownPath(path)));
    }
    const QString number = QStringLiteral("%1:%2").arg(major(st.st_rdev)).arg(minor(st.st_rdev));
    const QString sysDir =
        QFileInfo(QStringLiteral("%1/dev/block/%2").arg(m_options.sysRoot, number)).canonicalFilePath();
    if (sysDir.isEmpty() || readSmall(sysDir + QStringLiteral("/dev")) != number) {
        return makeError(ErrorCode::notFound,
                         QStringLiteral("%1 (%2) is not in %3").arg(shownPath(path), number, m_options.sysRoot));
    }
    int leaves = 0;
    if (auto ok = checkLeaves(sysDir, pins, 0, goneMembersAllowed, leaves); !ok) {
        return Error {ok.error().code, QStringLiteral("%1: %2").arg(path, ok.error().message)};
    }
    if (leaves == 0) {
        return makeError(ErrorCode::deviceChanged,
                         QStringLiteral("%1: every disk under it has vanished").arg(shownPath(path)));
    }
    // Nobody else uses the array itself: a process with it open, a loop device over it.
    if (const QStringList users = usersOf(std::uint64_t(st.st_rdev)); !users.isEmpty()) {
        return makeError(ErrorCode::deviceInUse,
                         QStringLiteral("%1 is in use: %2").arg(shownPath(path), users.join(QStringLiteral("; "))));
    }
    return BuiltNode {*resolved, std::uint64_t(st.st_rdev)};
}

} // namespace RaidBench
