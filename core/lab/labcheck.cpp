#include "lab/labcheck.h"

#include "lab/kvmprobe.h"
#include "lab/labdisks.h"
#include "lab/labimage.h"
#include "lab/labmachine.h"
#include "util/units.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <elf.h>
#include <sys/statvfs.h>

namespace RaidBench {

namespace {

QString findSystemProgram(const QString& name)
{
    const QStringList dirs {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin"),
                            QStringLiteral("/bin")};
    return QStandardPaths::findExecutable(name, dirs);
}

/// A static ELF executable has no PT_INTERP program header.
bool isStaticElf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return false;
    }
    const QByteArray data = file.read(64 * 1024);
    if (data.size() < int(sizeof(Elf64_Ehdr)) ||
        !data.startsWith("\x7f"
                         "ELF")) {
        return false;
    }
    Elf64_Ehdr header;
    std::memcpy(&header, data.constData(), sizeof(header));
    for (int i = 0; i < header.e_phnum; ++i) {
        const qsizetype at = qsizetype(header.e_phoff) + qsizetype(i) * header.e_phentsize;
        if (at + qsizetype(sizeof(Elf64_Phdr)) > data.size()) {
            return false;
        }
        Elf64_Phdr program;
        std::memcpy(&program, data.constData() + at, sizeof(program));
        if (program.p_type == PT_INTERP) {
            return false;
        }
    }
    return true;
}

} // namespace

QList<LabCheck> checkLabHost(const QString& cacheDirIn, const QString& workRootIn)
{
    QList<LabCheck> checks;
    const QString qemu = QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64"));
    checks.append({QStringLiteral("qemu-system-x86_64"), !qemu.isEmpty(), true,
                   qemu.isEmpty() ? QStringLiteral("not found") : qemu, QStringLiteral("qemu-system-x86")});

    auto kernel = LabImage::findKernel();
    checks.append({QStringLiteral("kernel with md modules"), kernel.ok(), true,
                   kernel ? QStringLiteral("%1 (%2)").arg(kernel->version, kernel->image) : kernel.error().message,
                   QStringLiteral("linux-image-amd64")});
    if (kernel) {
        auto modules = LabImage::resolveModules(kernel->modulesDir, LabImage::wantedModules());
        checks.append(
            {QStringLiteral("md, raid, dm, virtio, 9p, ext4, xfs modules"), modules.ok(), true,
             modules ? QStringLiteral("%1 modules in load order").arg(modules->size()) : modules.error().message,
             QStringLiteral("linux-image-amd64")});
    }

    const QString busybox = QStringLiteral("/bin/busybox");
    const bool busyboxStatic = QFileInfo(busybox).isFile() && isStaticElf(busybox);
    checks.append({QStringLiteral("static busybox"), busyboxStatic, true,
                   busyboxStatic
                       ? busybox
                       : (QFileInfo(busybox).isFile() ? QStringLiteral("%1 is dynamically linked").arg(busybox)
                                                      : QStringLiteral("%1 not found").arg(busybox)),
                   QStringLiteral("busybox-static")});

    for (const auto& [program, package, required] :
         {std::tuple {QStringLiteral("mdadm"), QStringLiteral("mdadm"), true},
          std::tuple {QStringLiteral("lvm"), QStringLiteral("lvm2"), true},
          std::tuple {QStringLiteral("wipefs"), QStringLiteral("util-linux"), true},
          std::tuple {QStringLiteral("mkfs.ext4"), QStringLiteral("e2fsprogs"), false},
          std::tuple {QStringLiteral("mkfs.xfs"), QStringLiteral("xfsprogs"), false}}) {
        const QString path = findSystemProgram(program);
        checks.append(
            {program, !path.isEmpty(), required, path.isEmpty() ? QStringLiteral("not found") : path, package});
    }

    const QString cacheDir = cacheDirIn.isEmpty() ? LabImage::defaultCacheDir() : cacheDirIn;
    bool cacheOk = QDir().mkpath(cacheDir);
    if (cacheOk) {
        QTemporaryFile probe(cacheDir + QStringLiteral("/probe-XXXXXX"));
        cacheOk = probe.open();
    }
    checks.append({QStringLiteral("writable cache directory"), cacheOk, true,
                   cacheOk ? cacheDir : QStringLiteral("%1 is not writable (set XDG_CACHE_HOME)").arg(cacheDir),
                   QString()});

    const QString workRoot = workRootIn.isEmpty() ? LabDisks::defaultWorkRoot(2ull << 30) : workRootIn;
    struct statvfs fs
    { };
    const bool statOk = statvfs(QFile::encodeName(workRoot).constData(), &fs) == 0;
    const std::uint64_t available = statOk ? std::uint64_t(fs.f_bavail) * fs.f_frsize : 0;
    checks.append({QStringLiteral("room for virtual disks"), statOk && available >= (2ull << 30), true,
                   statOk ? QStringLiteral("%1 free in %2").arg(Units::formatBytesBinary(double(available)), workRoot)
                          : QStringLiteral("%1 does not exist (set RAIDBENCH_LAB_DIR)").arg(workRoot),
                   QString()});

    const KvmProbe kvm = KvmProbe::run(2000);
    checks.append({QStringLiteral("KVM acceleration"), kvm.works, false,
                   kvm.works ? kvm.reason : kvm.reason + QStringLiteral("; the lab uses TCG (slower, works)"),
                   QString()});
    return checks;
}

} // namespace RaidBench
