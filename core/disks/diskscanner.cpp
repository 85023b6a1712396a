#include "disks/diskscanner.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace RaidBench {

struct DiskScanner::Context
{
    QHash<QString, QStringList> mountsByDev; // "8:1" -> mount points
    QSet<QString> swapNames; // sda2, dm-1
    QHash<QString, QStringList> idLinks; // sda -> by-id link names
    QSet<QString> systemDevs; // dev numbers of the file systems at /, /boot, /boot/efi
    QHash<std::uint64_t, QList<DeviceUse>> users; // device number -> who uses it without a claim
    QString usersError; // why the users could not be told: every device may be in use
};

namespace {

QString kindOf(const QString& name)
{
    static const QList<std::pair<QString, QString>> prefixes {
        {QStringLiteral("loop"), QStringLiteral("loop")},
        {QStringLiteral("md"), QStringLiteral("md")},
        {QStringLiteral("dm-"), QStringLiteral("dm")},
        {QStringLiteral("zram"), QStringLiteral("zram")},
        {QStringLiteral("ram"), QStringLiteral("ram")},
        {QStringLiteral("sr"), QStringLiteral("rom")},
        {QStringLiteral("nbd"), QStringLiteral("other")},
        {QStringLiteral("fd"), QStringLiteral("other")},
        // Served by a process or another machine, or stacked on other disks: no disk RaidBench may
        // write (a Ceph image, a DRBD replica, a ZFS volume, a bcache cache, a userspace block device).
        {QStringLiteral("rbd"), QStringLiteral("other")},
        {QStringLiteral("drbd"), QStringLiteral("other")},
        {QStringLiteral("zd"), QStringLiteral("other")},
        {QStringLiteral("bcache"), QStringLiteral("other")},
        {QStringLiteral("ublkb"), QStringLiteral("other")},
        // Flash chips' raw and firmware areas, not disks.
        {QStringLiteral("mtdblock"), QStringLiteral("other")},
        {QStringLiteral("ubiblock"), QStringLiteral("other")},
    };
    for (const auto& [prefix, kind] : prefixes) {
        if (name.startsWith(prefix)) {
            return kind;
        }
    }
    // An eMMC's boot and replay-protected areas hold its firmware, not data.
    static const QRegularExpression firmwareArea(QStringLiteral("^mmcblk\\d+(boot\\d+|rpmb)$"));
    if (firmwareArea.match(name).hasMatch()) {
        return QStringLiteral("other");
    }
    return QStringLiteral("disk");
}

/// Unescapes mountinfo's octal escapes (\040 for a space).
QString unescapeMount(const QString& text)
{
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('\\') && i + 3 < text.size()) {
            bool ok = false;
            const int code = text.mid(i + 1, 3).toInt(&ok, 8);
            if (ok) {
                out += QChar(code);
                i += 3;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

const QRegularExpression& pciAddress()
{
    static const QRegularExpression re(QStringLiteral("^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]$"));
    return re;
}

} // namespace

DiskScanner::DiskScanner(QString sysRoot, QString procRoot, QString devRoot, SignatureProbe probe)
    : m_sysRoot(std::move(sysRoot))
    , m_procRoot(std::move(procRoot))
    , m_devRoot(std::move(devRoot))
    , m_probe(std::move(probe))
{ }

QString DiskScanner::readAttribute(const QString& path, QStringList* errors) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (errors && file.exists()) {
            errors->append(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
        }
        return {};
    }
    return QString::fromUtf8(file.readAll()).trimmed();
}

void DiskScanner::inheritFrom(Disk& disk, const Disk& parent)
{
    disk.logicalSectorSize = parent.logicalSectorSize;
    disk.physicalSectorSize = parent.physicalSectorSize;
    disk.rotational = parent.rotational;
    disk.transport = parent.transport;
    disk.controller = parent.controller;
    disk.port = parent.port;
    disk.removable = parent.removable;
    disk.model = parent.model;
    disk.vendor = parent.vendor;
    disk.serial = parent.serial;
}

void DiskScanner::readQueue(Disk& disk, const QString& sysPath) const
{
    bool ok = false;
    const QString queue = sysPath + QStringLiteral("/queue/");
    disk.logicalSectorSize = readAttribute(queue + QStringLiteral("logical_block_size")).toUInt(&ok);
    if (!ok) {
        disk.logicalSectorSize = 512;
    }
    disk.physicalSectorSize = readAttribute(queue + QStringLiteral("physical_block_size")).toUInt(&ok);
    if (!ok) {
        disk.physicalSectorSize = disk.logicalSectorSize;
    }
    disk.rotational = readAttribute(queue + QStringLiteral("rotational")) == QLatin1String("1");
    disk.removable = readAttribute(sysPath + QStringLiteral("/removable")) == QLatin1String("1");
}

void DiskScanner::readAttachment(Disk& disk, const QString& sysPath)
{
    // Where the device hangs in the device tree tells its controller, port and transport.
    const QString resolved = QFileInfo(sysPath).canonicalFilePath();
    const QStringList parts = resolved.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    static const QRegularExpression hctl(QStringLiteral("^\\d+:\\d+:\\d+:\\d+$"));
    static const QRegularExpression ata(QStringLiteral("^ata\\d+$"));
    static const QRegularExpression usbPort(QStringLiteral("^\\d+-[\\d.]+$"));
    static const QRegularExpression nvme(QStringLiteral("^nvme\\d+$"));
    QString ataPort;
    QString usb;
    QString scsi;
    QString nvmeController;
    for (const QString& part : parts) {
        if (pciAddress().match(part).hasMatch()) {
            disk.controller = part;
        } else if (ata.match(part).hasMatch()) {
            ataPort = part;
        } else if (usbPort.match(part).hasMatch()) {
            usb = part;
        } else if (hctl.match(part).hasMatch()) {
            scsi = part;
        } else if (nvme.match(part).hasMatch()) {
            nvmeController = part;
        }
    }
    const QString path = QLatin1Char('/') + parts.join(QLatin1Char('/'));
    if (disk.kind != QLatin1String("disk")) {
        disk.transport = disk.kind == QLatin1String("loop") ? QStringLiteral("loop") : QStringLiteral("virtual");
        disk.controller = QStringLiteral("virtual");
    } else if (!nvmeController.isEmpty() || path.contains(QLatin1String("/nvme/"))) {
        disk.transport = QStringLiteral("nvme");
        disk.port = nvmeController;
    } else if (path.contains(QLatin1String("/usb"))) {
        disk.transport = QStringLiteral("usb");
        disk.port = usb;
    } else if (!ataPort.isEmpty()) {
        disk.transport = QStringLiteral("sata");
        disk.port = ataPort;
    } else if (path.contains(QLatin1String("/end_device-")) || path.contains(QLatin1String("/sas_")) ||
               path.contains(QLatin1String("/expander-"))) {
        disk.transport = QStringLiteral("sas");
        disk.port = scsi;
    } else if (path.contains(QLatin1String("/virtio"))) {
        disk.transport = QStringLiteral("virtio");
        disk.port = scsi;
    } else if (path.contains(QLatin1String("/mmc"))) {
        disk.transport = QStringLiteral("mmc");
    } else if (!scsi.isEmpty()) {
        disk.transport = QStringLiteral("scsi");
        disk.port = scsi;
    } else {
        disk.transport = QStringLiteral("unknown");
    }
    if (disk.controller.isEmpty()) {
        disk.controller = disk.kind == QLatin1String("disk") ? QStringLiteral("unknown") : QStringLiteral("virtual");
    }
    if (disk.port.isEmpty() && !scsi.isEmpty()) {
        disk.port = scsi;
    }
}

void DiskScanner::readIdentity(Disk& disk, const QString& sysPath) const
{
    const QString device = sysPath + QStringLiteral("/device/");
    disk.model = readAttribute(device + QStringLiteral("model")).simplified();
    disk.vendor = readAttribute(device + QStringLiteral("vendor")).simplified();
    disk.serial = readAttribute(device + QStringLiteral("serial")).simplified();
    if (disk.serial.isEmpty()) {
        disk.serial = readAttribute(sysPath + QStringLiteral("/serial")).simplified();
    }
    if (disk.serial.isEmpty()) {
        QFile vpd(device + QStringLiteral("vpd_pg80"));
        if (vpd.open(QIODevice::ReadOnly)) {
            disk.serial = QString::fromLatin1(vpd.readAll().mid(4)).simplified();
        }
    }
    QString wwid = readAttribute(sysPath + QStringLiteral("/wwid"));
    if (wwid.isEmpty()) {
        wwid = readAttribute(device + QStringLiteral("wwid"));
    }
    if (wwid.startsWith(QLatin1String("naa."))) {
        disk.wwn = QStringLiteral("0x") + wwid.mid(4);
    } else if (wwid.startsWith(QLatin1String("eui.")) || wwid.startsWith(QLatin1String("nvme."))) {
        disk.wwn = wwid;
    }
}

void DiskScanner::chooseStablePath(Disk& disk, const QStringList& links, bool partition)
{
    static const QStringList preferred {QStringLiteral("ata-"), QStringLiteral("nvme-"),   QStringLiteral("scsi-"),
                                        QStringLiteral("usb-"), QStringLiteral("virtio-"), QStringLiteral("wwn-")};
    for (const QString& prefix : preferred) {
        for (const QString& link : links) {
            if (disk.stablePath.isEmpty() && link.startsWith(prefix) && !link.contains(QLatin1String("nvme-eui"))) {
                disk.stablePath = QStringLiteral("/dev/disk/by-id/") + link;
            }
        }
    }
    if (disk.stablePath.isEmpty() && !links.isEmpty()) {
        disk.stablePath = QStringLiteral("/dev/disk/by-id/") + links.first();
    }
    if (disk.serial.isEmpty() && !partition) {
        // udev's ata-MODEL_SERIAL / usb-VENDOR_MODEL_SERIAL-0:0 names end in the serial.
        for (const QString& link : links) {
            if (link.startsWith(QLatin1String("ata-")) || link.startsWith(QLatin1String("nvme-"))) {
                disk.serial = link.section(QLatin1Char('_'), -1);
                break;
            }
        }
    }
}

void DiskScanner::probeSignatures(Disk& disk) const
{
    if (disk.kind != QLatin1String("disk") && disk.kind != QLatin1String("partition") &&
        disk.kind != QLatin1String("loop")) {
        return;
    }
    const ProbeResult probed = !m_probe ? ProbeResult {}
        : m_probeTimeoutMs > 0          ? probeWithin(m_probe, disk.path, m_probeTimeoutMs)
                                        : m_probe(disk.path);
    disk.signatures = probed.signatures;
    if (!probed.error.isEmpty()) {
        disk.scanErrors.append(probed.error);
    }
    for (const auto& signature : disk.signatures) {
        if (signature.type == QLatin1String("linux_raid_member") && disk.mdArray.isEmpty()) {
            disk.mdArray =
                signature.label.isEmpty() ? QStringLiteral("(superblock %1)").arg(signature.uuid) : signature.label;
        }
        if (signature.type == QLatin1String("LVM2_member")) {
            disk.lvmPv = true;
        }
    }
}

Disk DiskScanner::readDevice(const Context& context, const QString& sysPath, const QString& name, const Disk* parent,
                             const QStringList& onlyDevs) const
{
    Disk disk;
    disk.name = name;
    disk.path = QStringLiteral("/dev/") + name;
    disk.kind = parent ? QStringLiteral("partition") : kindOf(name);
    disk.parent = parent ? parent->name : QString();
    QStringList& errors = disk.scanErrors;

    if (!QFileInfo::exists(sysPath)) {
        errors.append(QStringLiteral("%1 vanished during the scan").arg(name));
        return disk;
    }
    disk.devNumber = readAttribute(sysPath + QStringLiteral("/dev"), &errors);
    bool ok = false;
    const std::uint64_t sectors = readAttribute(sysPath + QStringLiteral("/size"), &errors).toULongLong(&ok);
    if (!ok) {
        errors.append(QStringLiteral("cannot read the size of %1").arg(name));
    }
    disk.sizeBytes = sectors * 512;
    disk.readOnly = readAttribute(sysPath + QStringLiteral("/ro")) == QLatin1String("1");
    for (const QString& holder :
         QDir(sysPath + QStringLiteral("/holders")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System)) {
        disk.holders.append(holder);
        if (holder.startsWith(QLatin1String("md"))) {
            disk.mdArray = holder;
        }
    }
    disk.users = context.users.value(makedev(disk.devNumber.section(QLatin1Char(':'), 0, 0).toUInt(),
                                             disk.devNumber.section(QLatin1Char(':'), 1).toUInt()));
    if (!context.usersError.isEmpty()) {
        errors.append(context.usersError);
    }
    if (disk.kind == QLatin1String("loop")) {
        const DeviceUsers::LoopBacking backing = DeviceUsers::loopBacking(m_sysRoot, m_devRoot, name);
        disk.backingFile = backing.file;
        disk.backingInode = backing.inode;
        disk.backingOffset = backing.offset;
    }
    if (parent) {
        disk.partitionNumber = readAttribute(sysPath + QStringLiteral("/partition")).toInt();
        disk.startSector = readAttribute(sysPath + QStringLiteral("/start")).toULongLong();
        // A partition is used by whatever uses its whole disk; a loop device's partition is that file's.
        disk.diskUsers = parent->users;
        if (parent->kind == QLatin1String("loop")) {
            disk.backingFile = parent->backingFile;
            disk.backingInode = parent->backingInode;
            disk.backingOffset = parent->backingOffset;
        }
    }
    disk.diskSeq = parent ? parent->diskSeq : readAttribute(sysPath + QStringLiteral("/diskseq")).toULongLong();
    disk.mountPoints = context.mountsByDev.value(disk.devNumber);
    disk.swap = context.swapNames.contains(name);

    if (parent) {
        inheritFrom(disk, *parent);
    } else {
        readQueue(disk, sysPath);
        readAttachment(disk, sysPath);
        readIdentity(disk, sysPath);
    }
    chooseStablePath(disk, context.idLinks.value(name), parent != nullptr);

    // A check probes the devices it checks and their partitions only: it never reads (or waits on)
    // another disk.
    if (onlyDevs.isEmpty() || onlyDevs.contains(disk.devNumber) || (parent && onlyDevs.contains(parent->devNumber))) {
        probeSignatures(disk);
    }

    if (!parent) {
        QStringList children = QDir(sysPath).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        std::sort(children.begin(), children.end(), [](const QString& a, const QString& b) {
            return a.size() != b.size() ? a.size() < b.size() : a < b;
        });
        for (const QString& child : children) {
            if (QFileInfo::exists(sysPath + QLatin1Char('/') + child + QStringLiteral("/partition"))) {
                disk.partitions.append(readDevice(context, sysPath + QLatin1Char('/') + child, child, &disk, onlyDevs));
            }
        }
    }
    return disk;
}

QList<Disk> DiskScanner::scan(const EligibilityOptions& options) const
{
    return scanDevices(options, {});
}

void DiskScanner::readMounts(Context& context) const
{
    QFile mountinfo(m_procRoot + QStringLiteral("/self/mountinfo"));
    if (mountinfo.open(QIODevice::ReadOnly)) {
        for (const QString& line :
             QString::fromUtf8(mountinfo.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList fields = line.split(QLatin1Char(' '));
            if (fields.size() < 5) {
                continue;
            }
            const QString dev = fields[2];
            const QString mountPoint = unescapeMount(fields[4]);
            context.mountsByDev[dev].append(mountPoint);
            static const QStringList systemPoints {QStringLiteral("/"), QStringLiteral("/boot"),
                                                   QStringLiteral("/boot/efi"), QStringLiteral("/efi"),
                                                   QStringLiteral("/usr")};
            if (systemPoints.contains(mountPoint)) {
                context.systemDevs.insert(dev);
                // A btrfs (or any file system with a device number of its own) says its device only as
                // its source, after " - TYPE ".
                const qsizetype dash = fields.indexOf(QStringLiteral("-"), 6);
                const QString source = dash > 0 ? unescapeMount(fields.value(dash + 2)) : QString();
                struct stat st
                { };
                if (source.startsWith(QLatin1String("/dev/")) &&
                    ::stat(QFile::encodeName(m_devRoot + source.mid(4)).constData(), &st) == 0 && S_ISBLK(st.st_mode)) {
                    context.systemDevs.insert(QStringLiteral("%1:%2").arg(major(st.st_rdev)).arg(minor(st.st_rdev)));
                }
            }
        }
    }
}

void DiskScanner::readSwaps(Context& context) const
{
    QFile swaps(m_procRoot + QStringLiteral("/swaps"));
    if (swaps.open(QIODevice::ReadOnly)) {
        const QStringList lines = QString::fromUtf8(swaps.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString& line : lines.mid(1)) {
            const QString file = unescapeMount(line.section(QLatin1Char(' '), 0, 0, QString::SectionSkipEmpty));
            if (!file.startsWith(QLatin1String("/dev/"))) {
                continue; // a swap file
            }
            const QString underDev = m_devRoot + file.mid(4);
            const QString resolved = QFileInfo(underDev).canonicalFilePath();
            context.swapNames.insert(QFileInfo(resolved.isEmpty() ? file : resolved).fileName());
        }
    }
}

QList<Disk> DiskScanner::scanDevices(const EligibilityOptions& options, const QStringList& onlyDevs) const
{
    Context context;
    readMounts(context);
    readSwaps(context);
    const QDir byId(m_devRoot + QStringLiteral("/disk/by-id"));
    for (const QString& link : byId.entryList(QDir::System | QDir::Files | QDir::NoDotAndDotDot)) {
        const QFileInfo info(byId.filePath(link));
        if (info.isSymLink()) {
            context.idLinks[QFileInfo(info.symLinkTarget()).fileName()].append(link);
        }
    }
    for (auto it = context.idLinks.begin(); it != context.idLinks.end(); ++it) {
        it->sort();
    }
    // Who uses a device without a claim (a loop device over it, a process holding it open): one look
    // for every device. This process is left out: it opens the disks it probes and measures itself.
    if (auto users = DeviceUsers(m_sysRoot, m_procRoot, m_devRoot, qint64(getpid())).find(usersTimeoutMs)) {
        context.users = *users;
    } else {
        context.usersError = users.error().message;
    }

    QList<Disk> disks;
    const QDir blocks(m_sysRoot + QStringLiteral("/block"));
    for (const QString& name : blocks.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System)) {
        disks.append(readDevice(context, blocks.filePath(name), name, nullptr, onlyDevs));
    }

    // Which whole disks carry /, /boot: through partitions, and through md/dm stacks (slaves).
    QHash<QString, QString> nameOfDev;
    QHash<QString, QString> parentOf;
    for (const Disk& disk : disks) {
        nameOfDev.insert(disk.devNumber, disk.name);
        for (const Disk& partition : disk.partitions) {
            nameOfDev.insert(partition.devNumber, partition.name);
            parentOf.insert(partition.name, disk.name);
        }
    }
    QSet<QString> systemDisks;
    std::function<void(const QString&, int)> mark = [&](const QString& name, int depth) {
        if (depth > 16) {
            return;
        }
        const QString whole = parentOf.value(name, name);
        systemDisks.insert(whole);
        const QString sysPath =
            parentOf.contains(name) ? blocks.filePath(whole) + QLatin1Char('/') + name : blocks.filePath(name);
        for (const QString& slave : QDir(sysPath + QStringLiteral("/slaves"))
                                        .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System)) {
            mark(slave, depth + 1);
        }
    };
    for (const QString& dev : context.systemDevs) {
        if (nameOfDev.contains(dev)) {
            mark(nameOfDev.value(dev), 0);
        }
    }
    for (Disk& disk : disks) {
        disk.systemDisk = systemDisks.contains(disk.name);
        applyEligibility(disk, options);
    }
    std::sort(disks.begin(), disks.end(), [](const Disk& a, const Disk& b) {
        return a.name.size() != b.name.size() ? a.name.size() < b.name.size() : a.name < b.name;
    });
    return disks;
}

Result<QString> DiskScanner::deviceNumberOf(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink()) {
        return makeError(ErrorCode::notFound, QStringLiteral("%1 does not exist").arg(path));
    }
    char buffer[PATH_MAX];
    if (!::realpath(QFile::encodeName(path).constData(), buffer)) {
        const int err = errno;
        return makeError(
            err == ENOENT ? ErrorCode::notFound : ErrorCode::badPath,
            QStringLiteral("%1 does not resolve to a device: %2%3")
                .arg(path, errnoText(err), err == ELOOP ? QStringLiteral(" (a symlink loop)") : QString()));
    }
    const QString resolved = QFile::decodeName(buffer);
    struct stat st
    { };
    if (::stat(QFile::encodeName(resolved).constData(), &st) != 0 || !S_ISBLK(st.st_mode)) {
        return makeError(ErrorCode::notBlockDevice,
                         QStringLiteral("%1 is not a block device")
                             .arg(resolved == path ? path : path + QStringLiteral(" (") + resolved + QLatin1Char(')')));
    }
    return QStringLiteral("%1:%2").arg(major(st.st_rdev)).arg(minor(st.st_rdev));
}

Result<Disk> DiskScanner::inspect(const QString& path, const EligibilityOptions& options) const
{
    auto disks = inspectAll({path}, options);
    if (!disks) {
        return disks.error();
    }
    return disks->first();
}

Result<QList<Disk>> DiskScanner::inspectAll(const QStringList& paths, const EligibilityOptions& options) const
{
    QStringList devs;
    for (const QString& path : paths) {
        auto dev = deviceNumberOf(path);
        if (!dev) {
            return dev.error();
        }
        devs.append(*dev);
    }
    if (devs.isEmpty()) {
        return QList<Disk> {};
    }
    const QList<Disk> scanned = scanDevices(options, devs);
    QList<Disk> found;
    for (qsizetype i = 0; i < devs.size(); ++i) {
        const Disk* match = nullptr;
        for (const Disk& disk : scanned) {
            if (disk.devNumber == devs.at(i)) {
                match = &disk;
            }
            for (const Disk& partition : disk.partitions) {
                if (partition.devNumber == devs.at(i)) {
                    match = &partition;
                }
            }
            if (match) {
                break;
            }
        }
        if (!match) {
            return makeError(ErrorCode::notFound,
                             QStringLiteral("%1 is not in %2/block (it vanished?)").arg(paths.at(i), m_sysRoot));
        }
        found.append(*match);
    }
    return found;
}

} // namespace RaidBench
