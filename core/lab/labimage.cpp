#include "lab/labimage.h"

#include "lab/cpioarchive.h"
#include "util/errorcodes.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QVersionNumber>

#include <functional>
#include <sys/utsname.h>

namespace RaidBench {

namespace {

constexpr int imageFormatVersion = 1;

QString moduleName(const QString& path)
{
    QString name = QFileInfo(path).fileName();
    name.chop(name.size() - name.indexOf(QLatin1String(".ko")));
    return name.replace(QLatin1Char('-'), QLatin1Char('_'));
}

bool hasMdModules(const QString& modulesDir)
{
    return QFile::exists(modulesDir + QStringLiteral("/kernel/drivers/md/md-mod.ko")) ||
        QFile::exists(modulesDir + QStringLiteral("/kernel/drivers/md/md-mod.ko.xz")) ||
        QFile::exists(modulesDir + QStringLiteral("/kernel/drivers/md/md-mod.ko.zst"));
}

/// "6.1.0-57-amd64" -> 6.1.0.57 for ordering; the flavour suffix does not matter.
QVersionNumber kernelVersionNumber(const QString& version)
{
    QList<int> parts;
    for (const QString& piece : QString(version).replace(QLatin1Char('-'), QLatin1Char('.')).split(QLatin1Char('.'))) {
        bool ok = false;
        const int n = piece.toInt(&ok);
        if (!ok) {
            break;
        }
        parts.append(n);
    }
    return QVersionNumber(parts);
}

} // namespace

QStringList LabImage::wantedModules()
{
    return {QStringLiteral("virtio_pci"), QStringLiteral("virtio_scsi"),    QStringLiteral("sd_mod"),
            QStringLiteral("virtio_blk"), QStringLiteral("virtio_console"), QStringLiteral("9pnet_virtio"),
            QStringLiteral("9p"),         QStringLiteral("crc32c_generic"), QStringLiteral("md_mod"),
            QStringLiteral("linear"),     QStringLiteral("raid0"),          QStringLiteral("raid1"),
            QStringLiteral("raid10"),     QStringLiteral("raid456"),        QStringLiteral("dm_mod"),
            QStringLiteral("dm_raid"),    QStringLiteral("ext4"),           QStringLiteral("xfs"),
            QStringLiteral("virtio_net")};
}

Result<LabKernel> LabImage::findKernel(const QString& bootDir, const QString& modulesRoot)
{
    utsname uts {};
    uname(&uts);
    const QString running = QString::fromLocal8Bit(uts.release);
    auto usable = [&](const QString& version) {
        return QFile::exists(bootDir + QStringLiteral("/vmlinuz-") + version) &&
            hasMdModules(modulesRoot + QLatin1Char('/') + version);
    };
    QString chosen;
    if (usable(running)) {
        chosen = running;
    } else {
        const QStringList versions = QDir(modulesRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString& version : versions) {
            if (usable(version) && (chosen.isEmpty() || kernelVersionNumber(version) > kernelVersionNumber(chosen))) {
                chosen = version;
            }
        }
    }
    if (chosen.isEmpty()) {
        return makeError(ErrorCode::labNoKernel,
                         QStringLiteral("no kernel with md modules: neither the running kernel %1 nor any in %2 has "
                                        "both %3/vmlinuz-VERSION and md-mod.ko; install the Debian package "
                                        "linux-image-amd64")
                             .arg(running, modulesRoot, bootDir));
    }
    return LabKernel {chosen, bootDir + QStringLiteral("/vmlinuz-") + chosen, modulesRoot + QLatin1Char('/') + chosen};
}

namespace {

/// modules.alias: each alias's module names ('-' read as '_').
QHash<QString, QStringList> readModuleAliases(const QString& modulesDir)
{
    QHash<QString, QStringList> aliases;
    QFile aliasFile(modulesDir + QStringLiteral("/modules.alias"));
    if (aliasFile.open(QIODevice::ReadOnly)) {
        while (!aliasFile.atEnd()) {
            const QStringList fields = QString::fromUtf8(aliasFile.readLine()).simplified().split(QLatin1Char(' '));
            if (fields.size() == 3 && fields[0] == QLatin1String("alias")) {
                aliases[fields[1]].append(QString(fields[2]).replace(QLatin1Char('-'), QLatin1Char('_')));
            }
        }
    }
    return aliases;
}

/// modules.softdep: the modules each module wants loaded before it.
QHash<QString, QStringList> readModuleSoftDeps(const QString& modulesDir)
{
    QHash<QString, QStringList> softPre;
    QFile softFile(modulesDir + QStringLiteral("/modules.softdep"));
    if (softFile.open(QIODevice::ReadOnly)) {
        while (!softFile.atEnd()) {
            const QStringList fields = QString::fromUtf8(softFile.readLine()).simplified().split(QLatin1Char(' '));
            if (fields.size() < 3 || fields[0] != QLatin1String("softdep")) {
                continue;
            }
            bool pre = false;
            for (int i = 2; i < fields.size(); ++i) {
                if (fields[i] == QLatin1String("pre:")) {
                    pre = true;
                } else if (fields[i] == QLatin1String("post:")) {
                    pre = false;
                } else if (pre) {
                    softPre[QString(fields[1]).replace(QLatin1Char('-'), QLatin1Char('_'))].append(fields[i]);
                }
            }
        }
    }
    return softPre;
}

} // namespace

Result<QStringList> LabImage::resolveModules(const QString& modulesDir, const QStringList& wanted)
{
    QFile depFile(modulesDir + QStringLiteral("/modules.dep"));
    if (!depFile.open(QIODevice::ReadOnly)) {
        return makeError(
            ErrorCode::labNoModules,
            QStringLiteral("cannot read %1 (run depmod, or reinstall linux-image-amd64)").arg(depFile.fileName()));
    }
    QHash<QString, QString> pathOf; // module name -> relative path
    QHash<QString, QStringList> depsOf; // module name -> dependency names
    while (!depFile.atEnd()) {
        const QString line = QString::fromUtf8(depFile.readLine()).trimmed();
        const int colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0) {
            continue;
        }
        const QString path = line.left(colon);
        const QString name = moduleName(path);
        pathOf.insert(name, path);
        QStringList deps;
        for (const QString& dep : line.mid(colon + 1).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            deps.append(moduleName(dep));
        }
        depsOf.insert(name, deps);
    }

    const QHash<QString, QStringList> aliases = readModuleAliases(modulesDir); // alias -> module names
    auto resolveName = [&](const QString& nameOrAlias) -> QString {
        const QString name = QString(nameOrAlias).replace(QLatin1Char('-'), QLatin1Char('_'));
        if (pathOf.contains(name)) {
            return name;
        }
        // Prefer the portable implementation: the VM's CPU under TCG may lack what crc32c_intel needs.
        QString best;
        for (const QString& candidate : aliases.value(nameOrAlias)) {
            if (pathOf.contains(candidate) && (best.isEmpty() || candidate.contains(QLatin1String("generic")))) {
                best = candidate;
            }
        }
        return best;
    };

    const QHash<QString, QStringList> softPre = readModuleSoftDeps(modulesDir);

    QStringList order;
    QSet<QString> done;
    QSet<QString> visiting;
    QString missing;
    std::function<void(const QString&)> visit = [&](const QString& name) {
        if (done.contains(name) || visiting.contains(name)) {
            return;
        }
        visiting.insert(name);
        for (const QString& soft : softPre.value(name)) {
            const QString resolved = resolveName(soft);
            if (!resolved.isEmpty()) {
                visit(resolved);
            }
        }
        for (const QString& dep : depsOf.value(name)) {
            visit(dep);
        }
        visiting.remove(name);
        done.insert(name);
        order.append(pathOf.value(name));
    };
    for (const QString& want : wanted) {
        const QString name = resolveName(want);
        if (name.isEmpty()) {
            missing += (missing.isEmpty() ? QString() : QStringLiteral(", ")) + want;
            continue;
        }
        visit(name);
    }
    if (!missing.isEmpty()) {
        return makeError(
            ErrorCode::labNoModules,
            QStringLiteral("kernel modules missing from %1: %2 (install linux-image-amd64)").arg(modulesDir, missing));
    }
    return order;
}

QString LabImage::defaultCacheDir()
{
    QString base = qEnvironmentVariable("XDG_CACHE_HOME");
    if (base.isEmpty()) {
        base = QDir::homePath() + QStringLiteral("/.cache");
    }
    return base + QStringLiteral("/raidbench/lab");
}

QString LabImage::initScript()
{
    return QStringLiteral(R"(#!/bin/busybox sh
# RaidBench lab init: modules, host root over 9p (read-only), chroot, run the agent, power off.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
hostname "${rb_hostname:-raidbench-lab}"
say() { echo "raidbench-lab: $*"; }
die() { say "$*"; poweroff -f; }
say "loading modules"
for m in $(cat /etc/lab-modules); do
    insmod "/lib/modules/$m" 2>/dev/null || say "insmod $m failed"
done
ip link set lo up 2>/dev/null
if [ -n "$rb_net" ]; then
    # qemu's user network: the guest is 10.0.2.15, and only the forwarded port reaches it.
    ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0 && ip route add default via 10.0.2.2 \
        || say "cannot configure eth0"
fi
mkdir -p /mnt/root
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot /mnt/root \
    || die "cannot mount the host root over 9p"
R=/mnt/root
mount -t devtmpfs devtmpfs $R/dev || die "cannot mount /dev"
mkdir -p $R/dev/pts $R/dev/shm 2>/dev/null
mount -t proc proc $R/proc || die "cannot mount /proc"
mount -t sysfs sysfs $R/sys || die "cannot mount /sys"
# The VM gets a fresh /tmp and /run; RaidBench's own binaries may live there on the host (a build
# in /tmp): keep that one directory visible through a bind mount.
if [ -n "$rb_keep" ]; then
    mkdir -p /mnt/keep
    mount -o bind "$R$rb_keep" /mnt/keep || die "cannot keep $rb_keep"
fi
mount -t tmpfs -o mode=1777 tmpfs $R/tmp || die "cannot mount /tmp"
mount -t tmpfs -o mode=0755 tmpfs $R/run || die "cannot mount /run"
if [ -n "$rb_keep" ]; then
    mkdir -p "$R$rb_keep"
    mount -o bind /mnt/keep "$R$rb_keep" || die "cannot mount $rb_keep"
fi
mount -t tmpfs -o mode=1777 tmpfs $R/dev/shm
# cgroup v2: the user's command runs in a group of its own, killed as a whole when its test ends.
mount -t cgroup2 cgroup2 $R/sys/fs/cgroup 2>/dev/null || say "no cgroup2 hierarchy"
# md's configuration writable in the VM (the host's /etc is read-only here): a build keeps md's
# automatic assembly off its arrays with a file in mdadm.conf.d.
if [ -d $R/etc/mdadm ]; then
    mkdir -p /mnt/mdadm && cp -a $R/etc/mdadm/. /mnt/mdadm/ 2>/dev/null
    mount -t tmpfs -o mode=0755 tmpfs $R/etc/mdadm && cp -a /mnt/mdadm/. $R/etc/mdadm/ \
        || say "md's configuration stays read-only"
fi
if [ -n "$rb_net" ] && [ -f $R/etc/resolv.conf ]; then
    # qemu's restricted network drops every query to a name server: one on loopback refuses at once,
    # where the host's would keep sudo (and anything else resolving this machine's name) waiting.
    echo "nameserver 127.0.0.1" > $R/run/resolv.conf && mount -o bind $R/run/resolv.conf $R/etc/resolv.conf
fi
mkdir -p $R/run/lock $R/run/raidbench-lab
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,cache=none rbctl $R/run/raidbench-lab \
    || die "cannot mount the control directory"
if [ -n "$rb_out" ]; then
    mkdir -p "$R$rb_out" 2>/dev/null
    mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,cache=none rbout "$R$rb_out" \
        || die "cannot mount the output directory $rb_out"
fi
[ -x "$R$rb_agent" ] || die "agent $rb_agent is not executable inside the VM"
say "ready"
echo RAIDBENCH-LAB-READY
chroot $R "$rb_agent" lab agent /run/raidbench-lab
say "agent finished, powering off"
poweroff -f
)");
}

Result<QString> LabImage::ensureInitramfs(const LabKernel& kernel, const QString& cacheDir, const QString& busybox)
{
    const QFileInfo busyboxInfo(busybox);
    if (!busyboxInfo.isFile()) {
        return makeError(ErrorCode::labNoBusybox,
                         QStringLiteral("%1 not found; install the Debian package busybox-static").arg(busybox));
    }
    auto modules = resolveModules(kernel.modulesDir, wantedModules());
    if (!modules) {
        return modules.error();
    }
    for (const QString& module : *modules) {
        if (!module.endsWith(QLatin1String(".ko"))) {
            return makeError(
                ErrorCode::labNoModules,
                QStringLiteral("module %1 is compressed; the lab needs uncompressed .ko files").arg(module));
        }
    }

    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArray::number(imageFormatVersion));
    hash.addData(initScript().toUtf8());
    auto addIdentity = [&](const QString& path) {
        const QFileInfo info(path);
        hash.addData(path.toUtf8());
        hash.addData(QByteArray::number(info.size()));
        hash.addData(QByteArray::number(info.lastModified().toMSecsSinceEpoch()));
    };
    addIdentity(busybox);
    for (const QString& module : *modules) {
        addIdentity(kernel.modulesDir + QLatin1Char('/') + module);
    }
    const QString key = QString::fromLatin1(hash.result().toHex().left(16));
    const QString dir = cacheDir + QLatin1Char('/') + kernel.version;
    const QString path = dir + QStringLiteral("/initramfs-") + key + QStringLiteral(".cpio");
    if (QFileInfo(path).isFile()) {
        return path;
    }

    if (!QDir().mkpath(dir)) {
        return makeError(ErrorCode::labCacheUnwritable,
                         QStringLiteral("cannot create the lab cache directory %1 (set XDG_CACHE_HOME to a writable "
                                        "directory)")
                             .arg(dir));
    }
    CpioArchive archive;
    for (const char* d : {"bin", "dev", "proc", "sys", "mnt", "etc", "lib", "lib/modules", "run", "tmp"}) {
        archive.addDirectory(QLatin1String(d));
    }
    archive.addCharDevice(QStringLiteral("dev/console"), 5, 1);
    archive.addCharDevice(QStringLiteral("dev/null"), 1, 3, 0666);
    QFile busyboxFile(busybox);
    if (!busyboxFile.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::labNoBusybox,
                         QStringLiteral("cannot read %1: %2").arg(busybox, busyboxFile.errorString()));
    }
    archive.addFile(QStringLiteral("bin/busybox"), busyboxFile.readAll(), 0755);
    QStringList flatNames;
    int index = 0;
    for (const QString& module : *modules) {
        QFile file(kernel.modulesDir + QLatin1Char('/') + module);
        if (!file.open(QIODevice::ReadOnly)) {
            return makeError(ErrorCode::labNoModules,
                             QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
        }
        const QString flat =
            QStringLiteral("%1-%2").arg(index++, 2, 10, QLatin1Char('0')).arg(QFileInfo(module).fileName());
        archive.addFile(QStringLiteral("lib/modules/") + flat, file.readAll());
        flatNames.append(flat);
    }
    archive.addFile(QStringLiteral("etc/lab-modules"), flatNames.join(QLatin1Char('\n')).toUtf8() + '\n');
    archive.addFile(QStringLiteral("init"), initScript().toUtf8(), 0755);

    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::labCacheUnwritable,
                         QStringLiteral("cannot write %1: %2 (set XDG_CACHE_HOME to a writable directory)")
                             .arg(path, out.errorString()));
    }
    const QByteArray data = archive.finish();
    if (out.write(data) != data.size() || !out.commit()) {
        return makeError(ErrorCode::labCacheUnwritable,
                         QStringLiteral("cannot write %1: %2").arg(path, out.errorString()));
    }
    // Old images of this kernel are of no more use.
    for (const QString& old : QDir(dir).entryList({QStringLiteral("initramfs-*.cpio")}, QDir::Files)) {
        if (dir + QLatin1Char('/') + old != path) {
            QFile::remove(dir + QLatin1Char('/') + old);
        }
    }
    return path;
}

} // namespace RaidBench
