#pragma once

#include "layout/arrayspec.h"
#include "system/commandrunner.h"
#include "util/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace RaidBench {

/// The file system a configuration's file tests run on.
struct FilesystemSpec
{
    QString type = QStringLiteral("ext4"); ///< ext4 or xfs
    QString mountOptions = QStringLiteral("noatime");

    QJsonObject toJson() const;
    static Result<FilesystemSpec> fromJson(const QJsonValue& json);
};

/// A file system made on an array and mounted in a private directory.
struct MountedFilesystem
{
    QString device;
    QString mountPoint; ///< its root stays root's (0755): root's file tests make their own directory in it
    QString userDirectory; ///< in the file system, owned by the user whose command runs there; or empty
    FilesystemSpec spec;
    QStringList mkfsCommand;
    QStringList mountCommand;
    QString geometry; ///< "stride=128,stripe-width=384" or "su=512k,sw=3" or empty

    QJsonObject toJson() const;
};

/// mkfs's argv for `device`, aligned the way a careful admin aligns it: ext4 stride and stripe-width
/// (xfs su and sw) from the top array's chunk (or LVM stripe size) and its number of data disks.
QStringList mkfsArguments(const FilesystemSpec& fs, const QString& device, const ArraySpec& spec,
                          QString* geometry = nullptr, const QString& label = QString());

/// The mount options RaidBench allows (performance options only), and why `options` is refused.
Result<void> checkMountOptions(const QString& options);

/// The device gate's check of the device a file system goes on, made when called (right before mkfs,
/// and again right before mount).
using VerifyDevice = std::function<Result<VerifiedDevice>()>;

/// Makes the file system and mounts it (always nosuid,nodev) under `root`/mnt-TAG-XXXXXX (`root` 0711),
/// on the device `verify` checks right before each command. With an owner (uid >= 0), a directory of
/// theirs is made in it for their command. On failure nothing stays mounted.
Result<MountedFilesystem> makeAndMount(CommandRunner& runner, const FilesystemSpec& fs, const VerifyDevice& verify,
                                       const ArraySpec& spec, const QString& tag, int ownerUid = -1, int ownerGid = -1,
                                       const QString& root = QStringLiteral("/run/raidbench"));

/// Unmounts and removes the mount point. Never lazily: a file system still in use stays mounted (and the
/// array under it built), and the error names the processes that hold it.
Result<void> unmountFilesystem(CommandRunner& runner, const MountedFilesystem& mounted);

} // namespace RaidBench
