#include "build/filesystem.h"

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
        return makeError(QStringLiteral("invalid-plan"),
                         QStringLiteral("\"filesystem\" is \"ext4\", \"xfs\" or an object"));
    }
    if (fs.type != QLatin1String("ext4") && fs.type != QLatin1String("xfs")) {
        return makeError(QStringLiteral("invalid-plan"),
                         QStringLiteral("file system '%1' is not ext4 or xfs").arg(fs.type.left(32)));
    }
    static const QRegularExpression options(QStringLiteral("^[a-z0-9_=,]*$"));
    if (!options.match(fs.mountOptions).hasMatch()) {
        return makeError(QStringLiteral("invalid-plan"),
                         QStringLiteral("mount options '%1' may hold only letters, digits, _, = and commas")
                             .arg(fs.mountOptions.left(64)));
    }
    return fs;
}

QJsonObject MountedFilesystem::toJson() const
{
    return QJsonObject {{QStringLiteral("type"), spec.type},
                        {QStringLiteral("mount_options"), spec.mountOptions},
                        {QStringLiteral("geometry"), geometry},
                        {QStringLiteral("mkfs_command"), mkfsCommand.join(QLatin1Char(' '))},
                        {QStringLiteral("mount_command"), mountCommand.join(QLatin1Char(' '))}};
}

QStringList mkfsArguments(const FilesystemSpec& fs, const QString& device, const ArraySpec& spec, QString* geometry)
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
    argv << device;
    if (geometry) {
        *geometry = layout;
    }
    return argv;
}

Result<MountedFilesystem> makeAndMount(CommandRunner& runner, const FilesystemSpec& fs, const QString& device,
                                       const ArraySpec& spec, const QString& tag, int ownerUid, int ownerGid,
                                       const QString& root)
{
    MountedFilesystem mounted;
    mounted.device = device;
    mounted.spec = fs;
    mounted.mkfsCommand = mkfsArguments(fs, device, spec, &mounted.geometry);
    const CommandResult mkfs = runner.run(mounted.mkfsCommand, mkfsTimeoutMs);
    if (!mkfs.ok()) {
        return makeError(QStringLiteral("mkfs-failed"),
                         QStringLiteral("%1 failed: %2").arg(mounted.mkfsCommand.first(), mkfs.summary()));
    }
    if (!QDir().mkpath(root)) {
        return makeError(QStringLiteral("mount-failed"), QStringLiteral("cannot create %1").arg(root));
    }
    ::chmod(QFile::encodeName(root).constData(), 0711);
    mounted.mountPoint = root + QStringLiteral("/mnt-") + tag;
    const QByteArray point = QFile::encodeName(mounted.mountPoint);
    if (::mkdir(point.constData(), 0700) != 0 && errno != EEXIST) {
        return makeError(QStringLiteral("mount-failed"), QStringLiteral("cannot create %1").arg(mounted.mountPoint));
    }
    mounted.mountCommand = {QStringLiteral("mount"),
                            QStringLiteral("-t"),
                            fs.type,
                            QStringLiteral("-o"),
                            fs.mountOptions.isEmpty() ? QStringLiteral("defaults") : fs.mountOptions,
                            device,
                            mounted.mountPoint};
    const CommandResult mount = runner.run(mounted.mountCommand, mountTimeoutMs);
    if (!mount.ok()) {
        ::rmdir(point.constData());
        return makeError(QStringLiteral("mount-failed"), QStringLiteral("mount failed: %1").arg(mount.summary()));
    }
    // The file system's root belongs to whoever runs the file tests; the directory above stays 0700.
    if (ownerUid >= 0 && ::chown(point.constData(), uid_t(ownerUid), gid_t(ownerGid >= 0 ? ownerGid : ownerUid)) != 0) {
        const int err = errno;
        const auto ignored = unmountFilesystem(runner, mounted); // the chown error is the one to report
        Q_UNUSED(ignored);
        return makeError(QStringLiteral("mount-failed"),
                         QStringLiteral("cannot give %1 to uid %2: %3")
                             .arg(mounted.mountPoint)
                             .arg(ownerUid)
                             .arg(QString::fromLocal8Bit(strerror(err))));
    }
    ::chmod(point.constData(), 0700);
    return mounted;
}

Result<void> unmountFilesystem(CommandRunner& runner, const MountedFilesystem& mounted)
{
    if (mounted.mountPoint.isEmpty()) {
        return {};
    }
    const CommandResult umount = runner.run({QStringLiteral("umount"), mounted.mountPoint}, mountTimeoutMs);
    if (!umount.ok()) {
        // Something still has it open: detach it now so the array can still be torn down.
        const CommandResult lazy =
            runner.run({QStringLiteral("umount"), QStringLiteral("-l"), mounted.mountPoint}, mountTimeoutMs);
        if (!lazy.ok()) {
            return makeError(QStringLiteral("umount-failed"),
                             QStringLiteral("%1 is still mounted on %2: %3")
                                 .arg(mounted.device, mounted.mountPoint, lazy.summary()));
        }
    }
    ::rmdir(QFile::encodeName(mounted.mountPoint).constData());
    return {};
}

} // namespace RaidBench
