#pragma once

#include "util/result.h"

#include <QString>
#include <QStringList>

namespace RaidBench {

/// A host kernel the lab can boot: its image and its modules.
struct LabKernel
{
    QString version;
    QString image; ///< /boot/vmlinuz-VERSION
    QString modulesDir; ///< /lib/modules/VERSION
};

/// Finds a kernel and builds (or finds cached) the lab's boot image: an initramfs holding busybox,
/// the init script and the md/raid/dm/virtio/9p/filesystem modules of that kernel with their
/// dependencies, in an order insmod can load them.
class LabImage
{
public:
    /// The modules the lab needs; their dependencies are added by resolveModules().
    static QStringList wantedModules();

    /// The running kernel if it has md modules, else the newest installed kernel that does.
    static Result<LabKernel> findKernel(const QString& bootDir = QStringLiteral("/boot"),
                                        const QString& modulesRoot = QStringLiteral("/lib/modules"));

    /// Module files (relative to the modules directory) in load order: dependencies first, soft
    /// dependencies ("pre:", e.g. crc32c_generic before libcrc32c) before the module that wants them.
    static Result<QStringList> resolveModules(const QString& modulesDir, const QStringList& wanted);

    /// Path of the initramfs for `kernel`, building it into `cacheDir`/VERSION/ when it is not there.
    static Result<QString> ensureInitramfs(const LabKernel& kernel, const QString& cacheDir,
                                           const QString& busybox = QStringLiteral("/bin/busybox"));

    /// $XDG_CACHE_HOME/raidbench/lab (or ~/.cache/raidbench/lab).
    static QString defaultCacheDir();

    /// The VM's /init: loads modules, mounts the host root read-only over 9p, chroots into it and
    /// runs the lab agent, then powers off.
    static QString initScript();
};

} // namespace RaidBench
