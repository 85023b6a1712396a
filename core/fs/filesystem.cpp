#include "fs/filesystem.h"

#include "disks/devicegate.h"
#include "disks/deviceusers.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/privatedir.h"
#include "util/units.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

namespace {
constexpr int mkfsTimeoutMs = 900'000;
constexpr int mountTimeoutMs = 120'000;

/// Chunk (bytes) and data-disk count of the top of `spec`, when it stripes.
std::pair<std::uint64_t, int> stripeGeometry(const ArraySpec& spec)
{
    const int n = int(spec.activeChildren().size());
    switch (spec.level) {
    case ArrayLevel::Raid0:
        return {spec.chunkBytes ? spec.chunkBytes : 512 * 1024, n};
    case ArrayLevel::Raid4:
    case ArrayLevel::Raid5:
        return {spec.chunkBytes ? spec.chunkBytes : 512 * 1024, n - 1};
    case ArrayLevel::Raid6:
        return {spec.chunkBytes ? spec.chunkBytes : 512 * 1024, n - 2};
    case ArrayLevel::Raid10: {
        const int copies = spec.layout.size() == 2 && spec.layout.at(1).isDigit() ? spec.layout.at(1).digitValue() : 2;
        return {spec.chunkBytes ? spec.chunkBytes : 512 * 1024, std::max(1, n / copies)};
    }
    case ArrayLevel::LvmStripe:
        return {spec.stripeBytes ? spec.stripeBytes : 64 * 1024, n};
    default:
        return {0, 0};
    }
}
} // namespace

QJsonObject FilesystemSpec::toJson() const
{
    return QJsonObject {{QStringLiteral("type"), type}, {QStringLiteral("mount_options"), mountOptions}};
}

Result<FilesystemSpec> FilesystemSpec::fromJson(const QJsonValue& json)
{
    FilesystemSpec fs;
    if (json.isString()) {
        fs.type = json.toString();
    } else if (json.isObject()) {
        fs.type = json.toObject().value(QStringLiteral("type")).toString(QStringLiteral("ext4"));
        fs.mountOptions = json.toObject().value(QStringLiteral("mount_options")).toString(QStringLiteral("noatime"));
    } else if (!json.isUndefined() && !json.isNull()) {
        return makeError(ErrorCode::invalidPlan, QStringLiteral("\"filesystem\" is \"ext4\", \"xfs\" or an object"));
    }
    if (fs.type != QLatin1String("ext4") && fs.type != QLatin1String("xfs")) {
        return makeError(ErrorCode::invalidPlan,
                         QStringLiteral("file system '%1' is not ext4 or xfs").arg(fs.type.left(32)));
    }
    if (auto ok = checkMountOptions(fs.mountOptions); !ok) {
        return ok.error();
    }
    return fs;
}

Result<void> checkMountOptions(const QString& options)
{
    // What changes how fast a file system is, and nothing that changes who may do what on it
    // (suid, dev, exec, user, uid=, context=, ...) or how the kernel reacts to errors (errors=panic).
    static const QStringList flags {QStringLiteral("defaults"),
                                    QStringLiteral("noatime"),
                                    QStringLiteral("relatime"),
                                    QStringLiteral("strictatime"),
                                    QStringLiteral("nodiratime"),
                                    QStringLiteral("lazytime"),
                                    QStringLiteral("nolazytime"),
                                    QStringLiteral("sync"),
                                    QStringLiteral("async"),
                                    QStringLiteral("dirsync"),
                                    QStringLiteral("discard"),
                                    QStringLiteral("nodiscard"),
                                    QStringLiteral("barrier"),
                                    QStringLiteral("nobarrier"),
                                    QStringLiteral("delalloc"),
                                    QStringLiteral("nodelalloc"),
                                    QStringLiteral("dioread_nolock"),
                                    QStringLiteral("dioread_lock"),
                                    QStringLiteral("journal_checksum"),
                                    QStringLiteral("nojournal_checksum"),
                                    QStringLiteral("inode64"),
                                    QStringLiteral("inode32"),
                                    QStringLiteral("largeio"),
                                    QStringLiteral("nolargeio"),
                                    QStringLiteral("wsync"),
                                    QStringLiteral("noquota"),
                                    QStringLiteral("noexec"),
                                    QStringLiteral("nosuid"),
                                    QStringLiteral("nodev")};
    static const QRegularExpression number(QStringLiteral("^[0-9]{1,9}$"));
    static const QRegularExpression size(QStringLiteral("^[0-9]{1,9}[kKmMgG]?$"));
    static const QList<std::pair<QString, const QRegularExpression*>> values {
        {QStringLiteral("commit"), &number},
        {QStringLiteral("barrier"), &number},
        {QStringLiteral("stripe"), &number},
        {QStringLiteral("journal_ioprio"), &number},
        {QStringLiteral("inode_readahead_blks"), &number},
        {QStringLiteral("max_batch_time"), &number},
        {QStringLiteral("min_batch_time"), &number},
        {QStringLiteral("logbufs"), &number},
        {QStringLiteral("logbsize"), &size},
        {QStringLiteral("allocsize"), &size}};
    if (options.size() > 256) {
        return makeError(ErrorCode::invalidPlan, QStringLiteral("mount options: at most 256 characters"));
    }
    for (const QString& option : options.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString key = option.section(QLatin1Char('='), 0, 0);
        const QString value = option.section(QLatin1Char('='), 1);
        bool allowed = !option.contains(QLatin1Char('=')) && flags.contains(option);
        if (key == QLatin1String("data") && option.contains(QLatin1Char('='))) {
            allowed = value == QLatin1String("ordered") || value == QLatin1String("writeback") ||
                value == QLatin1String("journal");
        }
        for (const auto& [name, pattern] : values) {
            if (key == name && option.contains(QLatin1Char('='))) {
                allowed = pattern->match(value).hasMatch();
            }
        }
        if (!allowed) {
            return makeError(ErrorCode::invalidPlan,
                             QStringLiteral("mount option '%1' is not one RaidBench allows; it takes options that "
                                            "change speed (noatime, data=writeback, commit=N, discard, ...) and "
                                            "always mounts nosuid,nodev")
                                 .arg(option.left(64)));
        }
    }
    return {};
}

QJsonObject MountedFilesystem::toJson() const
{
    return QJsonObject {{QStringLiteral("type"), spec.type},
                        {QStringLiteral("mount_options"), spec.mountOptions},
                        {QStringLiteral("geometry"), geometry},
                        {QStringLiteral("mkfs_command"), mkfsCommand.join(QLatin1Char(' '))},
                        {QStringLiteral("mount_command"), mountCommand.join(QLatin1Char(' '))}};
}

QStringList mkfsArguments(const FilesystemSpec& fs, const QString& device, const ArraySpec& spec, QString* geometry,
                          const QString& label)
{
    const auto [chunk, dataDisks] = stripeGeometry(spec);
    QString layout;
    QStringList argv;
    if (fs.type == QLatin1String("xfs")) {
        argv = {QStringLiteral("mkfs.xfs"), QStringLiteral("-f"), QStringLiteral("-q"), QStringLiteral("-K")};
        if (chunk && dataDisks > 0) {
            layout = QStringLiteral("su=%1k,sw=%2").arg(chunk / 1024).arg(dataDisks);
            argv << QStringLiteral("-d") << layout;
        }
    } else {
        // Inode tables and journal written now, not lazily in the background during the benchmark.
        QString extended = QStringLiteral("lazy_itable_init=0,lazy_journal_init=0,nodiscard");
        if (chunk && dataDisks > 0) {
            const std::uint64_t stride = chunk / 4096;
            layout = QStringLiteral("stride=%1,stripe-width=%2").arg(stride).arg(stride * std::uint64_t(dataDisks));
            extended += QLatin1Char(',') + layout;
        }
        argv = {QStringLiteral("mkfs.ext4"),
                QStringLiteral("-F"),
                QStringLiteral("-q"),
                QStringLiteral("-b"),
                QStringLiteral("4096"),
                QStringLiteral("-E"),
                extended};
    }
    if (!label.isEmpty()) {
        argv << QStringLiteral("-L") << label; // so that a teardown knows the file system for its own
    }
    argv << device;
    if (geometry) {
        *geometry = layout;
    }
    return argv;
}

Result<MountedFilesystem> makeAndMount(CommandRunner& runner, const FilesystemSpec& fs, const VerifyDevice& verify,
                                       const ArraySpec& spec, const QString& tag, int ownerUid, int ownerGid,
                                       const QString& root)
{
    // The gate right before mkfs: the device is still the array (or disk) that was built.
    auto device = verify();
    if (!device) {
        return device.error();
    }
    MountedFilesystem mounted;
    mounted.device = device->path();
    mounted.spec = fs;
    mounted.mkfsCommand = mkfsArguments(fs, mounted.device, spec, &mounted.geometry, fileSystemLabel(tag));
    auto mkfsCommand = GuardedCommand::make(mounted.mkfsCommand, {*device});
    if (!mkfsCommand) {
        return mkfsCommand.error();
    }
    const CommandResult mkfs = runner.run(*mkfsCommand, mkfsTimeoutMs);
    if (!mkfs.ok()) {
        return makeError(ErrorCode::mkfsFailed,
                         QStringLiteral("%1 failed: %2").arg(mounted.mkfsCommand.first(), mkfs.summary()));
    }
    if (auto ok = ensurePrivateDirectory(root, 0711); !ok) {
        return makeError(ErrorCode::mountFailed, ok.error().message);
    }
    // A fresh, unpredictable mount point (mode 0700) in a directory only root writes.
    QByteArray point = QFile::encodeName(root + QStringLiteral("/mnt-") + tag + QStringLiteral("-XXXXXX"));
    if (!::mkdtemp(point.data())) {
        return makeError(ErrorCode::mountFailed,
                         QStringLiteral("cannot create a mount point in %1: %2").arg(root, errnoText(errno)));
    }
    mounted.mountPoint = QFile::decodeName(point);
    // nosuid,nodev last, so that nothing before them can turn them off. For ext4 errors=remount-ro too:
    // without it the superblock's own default applies, and whoever can write the disk's blocks (a loop
    // device's file, a USB device) can make it errors=panic.
    const QString last = fs.type == QLatin1String("ext4") ? QStringLiteral(",errors=remount-ro,nosuid,nodev")
                                                          : QStringLiteral(",nosuid,nodev");
    mounted.mountCommand = {QStringLiteral("mount"),
                            QStringLiteral("-t"),
                            fs.type,
                            QStringLiteral("-o"),
                            (fs.mountOptions.isEmpty() ? QStringLiteral("defaults") : fs.mountOptions) + last,
                            mounted.device,
                            mounted.mountPoint};
    // And again right before mount: mounting writes too (a journal replayed).
    auto again = verify();
    auto mountCommand =
        again ? GuardedCommand::make(mounted.mountCommand, {*again}) : Result<GuardedCommand>(again.error());
    if (!mountCommand) {
        ::rmdir(point.constData());
        return mountCommand.error();
    }
    const CommandResult mount = runner.run(*mountCommand, mountTimeoutMs);
    if (!mount.ok()) {
        ::rmdir(point.constData());
        return makeError(ErrorCode::mountFailed, QStringLiteral("mount failed: %1").arg(mount.summary()));
    }
    // The file system's root stays root's: root's tests make a private directory in it, and the user's
    // command gets a directory of its own beside it.
    ::chmod(point.constData(), 0755);
    if (ownerUid >= 0) {
        QByteArray user = QFile::encodeName(mounted.mountPoint + QStringLiteral("/user-XXXXXX"));
        const int gid = ownerGid >= 0 ? ownerGid : ownerUid;
        int err = 0;
        if (!::mkdtemp(user.data())) {
            err = errno;
        } else if (::lchown(user.constData(), uid_t(ownerUid), gid_t(gid)) != 0) {
            err = errno;
        }
        if (err) {
            const auto ignored = unmountFilesystem(runner, mounted); // the first error is the one to report
            Q_UNUSED(ignored);
            return makeError(ErrorCode::mountFailed,
                             QStringLiteral("cannot make a directory for uid %1 in %2: %3")
                                 .arg(ownerUid)
                                 .arg(mounted.mountPoint, errnoText(err)));
        }
        mounted.userDirectory = QFile::decodeName(user);
    }
    return mounted;
}

Result<void> unmountFilesystem(CommandRunner& runner, const MountedFilesystem& mounted)
{
    if (mounted.mountPoint.isEmpty()) {
        return {};
    }
    // The device of the file system, while it is still there: who keeps it busy, if it is busy.
    struct stat st
    { };
    const bool known = ::stat(QFile::encodeName(mounted.mountPoint).constData(), &st) == 0;
    const CommandResult umount = runner.run({QStringLiteral("umount"), mounted.mountPoint}, mountTimeoutMs);
    if (!umount.ok()) {
        // Never detached lazily: a file system gone from every mount table while a process still writes
        // through it would let the teardown wipe a disk that is being written. It stays, and so does
        // the array under it, with its disks held, and the message says who holds it.
        return makeError(ErrorCode::umountFailed,
                         QStringLiteral("%1 stays mounted on %2, so the array under it stays built and its disks "
                                        "held: %3; end it, then run raidbench-cli recover")
                             .arg(mounted.device, mounted.mountPoint,
                                  known ? DeviceUsers::mountHolders(std::uint64_t(st.st_dev)) : umount.summary()));
    }
    ::rmdir(QFile::encodeName(mounted.mountPoint).constData());
    return {};
}

} // namespace RaidBench
