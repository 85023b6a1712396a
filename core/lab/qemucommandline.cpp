#include "lab/qemucommandline.h"

#include <QFileInfo>

namespace RaidBench {

QString QemuCommandLine::topNode(const LabDiskSpec& disk)
{
    if (disk.controllerMBps > 0) {
        return QStringLiteral("controller%1").arg(disk.index);
    }
    if (disk.writeMBps > 0 || disk.readMBps > 0 || disk.iops > 0) {
        return QStringLiteral("limit%1").arg(disk.index);
    }
    return disk.fault ? QStringLiteral("fault%1").arg(disk.index) : QStringLiteral("raw%1").arg(disk.index);
}

int QemuCommandLine::defaultCpus(const QString& accel)
{
    // Under TCG each virtual CPU is a host thread, and the emulator stops them all together for every
    // event that crosses CPUs (a TLB flush, an IPI): when the host's cores are busy, a second virtual
    // CPU waits for the first more than it works. Measured on a 2-core host beside two busy loops, a
    // lab test that builds fifteen arrays: 174 CPU-seconds and 178 s with two virtual CPUs, 111 and
    // 134 s with one.
    return accel == QLatin1String("kvm") ? 2 : 1;
}

QStringList QemuCommandLine::diskArguments(const LabOptions& options, const QString& workDir)
{
    QStringList args;
    int controllers = 1;
    for (const auto& disk : options.disks) {
        controllers = std::max(controllers, disk.controller + 1);
    }
    for (int c = 0; c < controllers; ++c) {
        // Without event_idx: under TCG on a busy host the guest now and then misses the interrupt for a
        // batch of completions, and with event_idx qemu never interrupts again (the guest's used_event
        // stays behind), so the disks' I/O hangs for good. Hung in 3 of 3 loaded tries; with it off,
        // none in 16 runs (docs/architecture.md, "The virtual lab").
        args << QStringLiteral("-device") << QStringLiteral("virtio-scsi-pci,id=scsi%1,event_idx=off").arg(c);
        // A controller slower than its disks together: one throttle group all of them share.
        for (const auto& disk : options.disks) {
            if (disk.controller == c && disk.controllerMBps > 0) {
                args << QStringLiteral("-object")
                     << QStringLiteral("throttle-group,id=shared%1,x-bps-total=%2")
                            .arg(c)
                            .arg(qint64(disk.controllerMBps * 1e6));
                break;
            }
        }
    }
    for (const auto& disk : options.disks) {
        const int i = disk.index;
        if (disk.diskModel.kind == DiskKind::Flat) {
            args << QStringLiteral("-blockdev")
                 << QStringLiteral("driver=file,node-name=file%1,filename=%2/disks/disk%1.img,cache.direct=on")
                        .arg(i)
                        .arg(workDir);
        } else {
            // A modelled disk: the lab's nbdkit filter times its requests (LabDisks::startServer).
            args << QStringLiteral("-blockdev")
                 << QStringLiteral("driver=nbd,node-name=file%1,server.type=unix,server.path=%2/disks/disk%1.sock")
                        .arg(i)
                        .arg(workDir);
        }
        args << QStringLiteral("-blockdev") << QStringLiteral("driver=raw,node-name=raw%1,file=file%1").arg(i);
        QString top = QStringLiteral("raw%1").arg(i);
        if (disk.fault) {
            args << QStringLiteral("-blockdev")
                 << QStringLiteral("driver=blkdebug,node-name=fault%1,config=%2/disks/disk%1.blkdebug,image=%3")
                        .arg(i)
                        .arg(workDir, top);
            top = QStringLiteral("fault%1").arg(i);
        }
        if (disk.writeMBps > 0 || disk.readMBps > 0 || disk.iops > 0) {
            QString limits = QStringLiteral("throttle-group,id=throttle%1").arg(i);
            if (disk.iops > 0) {
                // Requests per second, reads and writes together: what a hard disk's seeks allow.
                limits += QStringLiteral(",x-iops-total=%1").arg(disk.iops);
            }
            if (disk.writeMBps > 0 && disk.writeMBps == disk.readMBps) {
                // One speed: reads and writes share it, as they share a real disk's time (md's
                // read-modify-write then costs what it costs on a real disk).
                limits += QStringLiteral(",x-bps-total=%1").arg(qint64(disk.writeMBps * 1e6));
            } else {
                if (disk.writeMBps > 0) {
                    limits += QStringLiteral(",x-bps-write=%1").arg(qint64(disk.writeMBps * 1e6));
                }
                if (disk.readMBps > 0) {
                    limits += QStringLiteral(",x-bps-read=%1").arg(qint64(disk.readMBps * 1e6));
                }
            }
            args << QStringLiteral("-object") << limits;
            args << QStringLiteral("-blockdev")
                 << QStringLiteral("driver=throttle,node-name=limit%1,throttle-group=throttle%1,file=%2")
                        .arg(i)
                        .arg(top);
            top = QStringLiteral("limit%1").arg(i);
        }
        if (disk.controllerMBps > 0) {
            args << QStringLiteral("-blockdev")
                 << QStringLiteral("driver=throttle,node-name=controller%1,throttle-group=shared%2,file=%3")
                        .arg(i)
                        .arg(disk.controller)
                        .arg(top);
            top = QStringLiteral("controller%1").arg(i);
        }
        QString device = QStringLiteral("scsi-hd,id=disk%2,bus=scsi%1.0,channel=0,scsi-id=%2,lun=0,drive=%3,serial=%4,"
                                        "vendor=%5,product=%6,wwn=%7")
                             .arg(disk.controller)
                             .arg(i)
                             .arg(top, disk.serial(), disk.vendor(), disk.model(), disk.wwn());
        // A model says what it is, as a real disk does (SCSI's rotation rate: 1 = not rotating).
        if (disk.diskModel.kind == DiskKind::Hdd) {
            device += QStringLiteral(",rotation_rate=%1").arg(qRound(disk.diskModel.rpm));
        } else if (disk.diskModel.kind == DiskKind::Ssd) {
            device += QStringLiteral(",rotation_rate=1");
        }
        args << QStringLiteral("-device") << device;
    }
    return args;
}

QStringList QemuCommandLine::arguments(const LabOptions& options, const QString& accel, const QString& kernel,
                                       const QString& initramfs, const QString& workDir, const QString& agent)
{
    QStringList args;
    args << QStringLiteral("-name") << QStringLiteral("raidbench-lab,process=raidbench-lab");
    if (accel == QLatin1String("kvm")) {
        args << QStringLiteral("-accel") << QStringLiteral("kvm") << QStringLiteral("-cpu") << QStringLiteral("host");
    } else {
        args << QStringLiteral("-accel") << QStringLiteral("tcg,thread=multi");
    }
    args << QStringLiteral("-m") << QString::number(options.memoryMiB) << QStringLiteral("-smp")
         << QString::number(options.cpus > 0 ? options.cpus : defaultCpus(accel)) << QStringLiteral("-nodefaults")
         << QStringLiteral("-no-user-config") << QStringLiteral("-display") << QStringLiteral("none")
         << QStringLiteral("-no-reboot");
    args << QStringLiteral("-kernel") << kernel << QStringLiteral("-initrd") << initramfs;
    // no_timer_check: under TCG on a busy host the kernel's early check that the timer interrupt works
    // can miss its window and panic ("IO-APIC + timer doesn't work!"); qemu's timer works.
    QString append = QStringLiteral("console=ttyS0 panic=-1 loglevel=4 no_timer_check rb_agent=%1").arg(agent);
    if (!options.outDir.isEmpty()) {
        append += QStringLiteral(" rb_out=%1").arg(options.outDir);
    }
    if (!options.hostname.isEmpty()) {
        append += QStringLiteral(" rb_hostname=%1").arg(options.hostname);
    }
    if (options.sshPort > 0) {
        append += QStringLiteral(" rb_net=1");
    }
    const QString agentDir = QFileInfo(agent).absolutePath();
    if (agentDir.startsWith(QLatin1String("/tmp/")) || agentDir.startsWith(QLatin1String("/run/"))) {
        append += QStringLiteral(" rb_keep=%1").arg(agentDir);
    }
    args << QStringLiteral("-append") << append;
    args << QStringLiteral("-chardev") << QStringLiteral("file,id=console,path=%1/console.log").arg(workDir)
         << QStringLiteral("-serial") << QStringLiteral("chardev:console");
    // The monitor: pulling a disk out and putting it back (requests from the guest, see pollRequests).
    args << QStringLiteral("-qmp") << QStringLiteral("unix:%1/qmp.sock,server=on,wait=off").arg(workDir);
    // The host's root, read-only: the VM runs the host's mdadm, lvm and RaidBench binaries.
    args << QStringLiteral("-fsdev")
         << QStringLiteral("local,id=hostroot,path=/,security_model=none,readonly=on,multidevs=remap")
         << QStringLiteral("-device") << QStringLiteral("virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot");
    args << QStringLiteral("-fsdev")
         << QStringLiteral("local,id=rbctl,path=%1/ctl,security_model=none,multidevs=remap").arg(workDir)
         << QStringLiteral("-device") << QStringLiteral("virtio-9p-pci,fsdev=rbctl,mount_tag=rbctl");
    if (!options.outDir.isEmpty()) {
        args << QStringLiteral("-fsdev")
             << QStringLiteral("local,id=rbout,path=%1,security_model=none,multidevs=remap").arg(options.outDir)
             << QStringLiteral("-device") << QStringLiteral("virtio-9p-pci,fsdev=rbout,mount_tag=rbout");
    }
    if (options.sshPort > 0) {
        // Only 127.0.0.1:PORT reaches the guest's sshd; restrict=on keeps the guest from reaching out.
        args << QStringLiteral("-netdev")
             << QStringLiteral("user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:%1-:22").arg(options.sshPort)
             << QStringLiteral("-device") << QStringLiteral("virtio-net-pci,netdev=net0");
    }
    args << QStringLiteral("-device") << QStringLiteral("virtio-serial-pci,id=vser");
    for (const char* port : {"stdin", "stdout", "stderr"}) {
        args << QStringLiteral("-chardev")
             << QStringLiteral("socket,id=%1,path=%2/%1.sock").arg(QLatin1String(port), workDir)
             << QStringLiteral("-device")
             << QStringLiteral("virtserialport,bus=vser.0,chardev=%1,name=raidbench.%1").arg(QLatin1String(port));
    }
    args << diskArguments(options, workDir);
    return args;
}

} // namespace RaidBench
