#include "lab/labchannel.h"
#include "lab/labmachine.h"
#include "lab/labreaper.h"
#include "lab/qmpcommand.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/units.h"
#include "version.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/statvfs.h>
#include <unistd.h>

namespace RaidBench {

// The qemu side of LabMachine: its command line, the disk files, the launch, and the guest's requests over QMP.

namespace {

/// The block node a disk's device sits on: its throttle, else its fault injector, else the raw image.
QString topNodeOf(const LabDiskSpec& disk)
{
    if (disk.controllerMBps > 0) {
        return QStringLiteral("controller%1").arg(disk.index);
    }
    if (disk.writeMBps > 0 || disk.readMBps > 0 || disk.iops > 0) {
        return QStringLiteral("limit%1").arg(disk.index);
    }
    return disk.fault ? QStringLiteral("fault%1").arg(disk.index) : QStringLiteral("raw%1").arg(disk.index);
}

} // namespace
int LabMachine::defaultCpus(const QString& accel)
{
    // Under TCG each virtual CPU is a host thread, and the emulator stops them all together for every
    // event that crosses CPUs (a TLB flush, an IPI): when the host's cores are busy, a second virtual
    // CPU waits for the first more than it works. Measured on a 2-core host beside two busy loops, a
    // lab test that builds fifteen arrays: 174 CPU-seconds and 178 s with two virtual CPUs, 111 and
    // 134 s with one.
    return accel == QLatin1String("kvm") ? 2 : 1;
}

QStringList LabMachine::diskArguments(const LabOptions& options, const QString& workDir)
{
    QStringList args;
    int controllers = 1;
    for (const auto& disk : options.disks) {
        controllers = std::max(controllers, disk.controller + 1);
    }
    for (int c = 0; c < controllers; ++c) {
        args << QStringLiteral("-device") << QStringLiteral("virtio-scsi-pci,id=scsi%1").arg(c);
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
            // A modelled disk: the lab's nbdkit filter times its requests (startDiskServers).
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

QStringList LabMachine::qemuArguments(const LabOptions& options, const QString& accel, const QString& kernel,
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
    QString append = QStringLiteral("console=ttyS0 panic=-1 loglevel=4 rb_agent=%1").arg(agent);
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

Result<void> LabMachine::prepareDisks()
{
    QDir().mkpath(m_options.workRoot);
    QByteArray pattern = QFile::encodeName(m_options.workRoot + QStringLiteral("/raidbench-lab-XXXXXX"));
    if (!mkdtemp(pattern.data())) {
        const int err = errno;
        return makeError(ErrorCode::labNoWorkdir,
                         QStringLiteral("cannot create a directory for the virtual disks in %1: %2 (set "
                                        "RAIDBENCH_LAB_DIR)")
                             .arg(m_options.workRoot, errnoText(err)));
    }
    m_workDir = QFile::decodeName(pattern);
    m_reaper = std::make_unique<LabReaper>();
    if (!m_reaper->start(pattern)) {
        return makeError(ErrorCode::labNoWorkdir, QStringLiteral("cannot start the lab's clean-up watchdog"));
    }

    std::uint64_t total = 0;
    for (const auto& disk : m_options.disks) {
        total += disk.sizeBytes;
    }
    struct statvfs fs
    { };
    if (statvfs(pattern.constData(), &fs) == 0) {
        const std::uint64_t available = std::uint64_t(fs.f_bavail) * fs.f_frsize;
        if (total > available) {
            return makeError(ErrorCode::labNoSpace,
                             QStringLiteral("the virtual disks need %1 but %2 has only %3 free (set RAIDBENCH_LAB_DIR "
                                            "to a larger file system, or use smaller disks)")
                                 .arg(Units::formatBytesBinary(double(total)), m_options.workRoot,
                                      Units::formatBytesBinary(double(available))));
        }
    }
    if (!QDir().mkpath(m_workDir + QStringLiteral("/disks")) || !QDir().mkpath(m_workDir + QStringLiteral("/ctl"))) {
        return makeError(ErrorCode::labNoWorkdir, QStringLiteral("cannot create directories in %1").arg(m_workDir));
    }
    for (const auto& disk : m_options.disks) {
        QFile image(QStringLiteral("%1/disks/disk%2.img").arg(m_workDir).arg(disk.index));
        if (!image.open(QIODevice::WriteOnly) || !image.resize(qint64(disk.sizeBytes))) {
            return makeError(
                ErrorCode::labNoSpace,
                QStringLiteral("cannot create virtual disk %1: %2").arg(image.fileName(), image.errorString()));
        }
        // Allocated up front: a sparse file makes the first pass of writes slower than the throttle
        // (the host allocates blocks as it goes), and a disk's first write is its baseline.
        const int allocated = posix_fallocate(image.handle(), 0, off_t(disk.sizeBytes));
        if (allocated != 0 && allocated != EOPNOTSUPP) {
            return makeError(
                ErrorCode::labNoSpace,
                QStringLiteral("cannot allocate %1 for virtual disk %2: %3")
                    .arg(Units::formatBytesBinary(double(disk.sizeBytes)), image.fileName(), errnoText(allocated)));
        }
        if (disk.fault) {
            QFile config(QStringLiteral("%1/disks/disk%2.blkdebug").arg(m_workDir).arg(disk.index));
            if (!config.open(QIODevice::WriteOnly)) {
                return makeError(ErrorCode::labNoWorkdir, config.errorString());
            }
            config.write(QStringLiteral("[inject-error]\nevent = \"none\"\niotype = \"%1\"\nerrno = \"5\"\n"
                                        "sector = \"%2\"\nonce = \"off\"\nimmediately = \"on\"\n")
                             .arg(disk.fault->onWrite ? QStringLiteral("write") : QStringLiteral("read"))
                             .arg(disk.fault->offset / 512)
                             .toUtf8());
        }
    }

    if (auto served = startDiskServers(); !served) {
        return served;
    }

    QJsonArray argv;
    for (const QString& arg : m_command) {
        argv.append(arg);
    }
    // RaidBench's own binaries first: the VM runs the very build that started it.
    QStringList env {QStringLiteral("PATH=%1:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
                         .arg(QFileInfo(m_agent).absolutePath()),
                     QStringLiteral("HOME=/root"),
                     QStringLiteral("LANG=C.UTF-8"),
                     QStringLiteral("TERM=dumb"),
                     QStringLiteral("TMPDIR=/tmp"),
                     QStringLiteral("RAIDBENCH_LAB=1"),
                     QStringLiteral("RAIDBENCH_LAB_BOOT=1"),
                     QStringLiteral("RAIDBENCH_LAB_DISKS=%1").arg(formatLabSpec(m_options.disks))};
    env += m_options.environment;
    const QJsonObject request {
        {QStringLiteral("argv"), argv},
        {QStringLiteral("env"), QJsonArray::fromStringList(env)},
        {QStringLiteral("cwd"), m_options.outDir.isEmpty() ? QStringLiteral("/root") : m_options.outDir}};
    for (const auto& [name, bytes] : std::as_const(m_options.controlFiles)) {
        QFile file(m_workDir + QStringLiteral("/ctl/") + name);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
            !file.setPermissions(QFile::ReadOwner | QFile::WriteOwner) || file.write(bytes) != bytes.size()) {
            return makeError(ErrorCode::labNoWorkdir,
                             QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()));
        }
    }
    QFile requestFile(m_workDir + QStringLiteral("/ctl/request.json"));
    if (!requestFile.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::labNoWorkdir, requestFile.errorString());
    }
    requestFile.write(QJsonDocument(request).toJson());
    return {};
}

Result<void> LabMachine::launch()
{
    // Fresh channels for each qemu (a KVM stall restarts it): qemu connects to them as it starts.
    for (LabChannel** channel : {&m_stdin, &m_stdout, &m_stderr}) {
        if (*channel) {
            (*channel)->close();
            (*channel)->deleteLater();
        }
        *channel = new LabChannel(this);
    }
    for (auto [channel, name] :
         {std::pair {m_stdin, "stdin"}, std::pair {m_stdout, "stdout"}, std::pair {m_stderr, "stderr"}}) {
        const QString error = channel->listen(QStringLiteral("%1/%2.sock").arg(m_workDir, QLatin1String(name)));
        if (!error.isEmpty()) {
            return makeError(ErrorCode::labNoWorkdir, error);
        }
    }
    connect(m_stdout, &LabChannel::received, this, &LabMachine::standardOutput);
    connect(m_stderr, &LabChannel::received, this, &LabMachine::standardError);

    QFile::remove(m_workDir + QStringLiteral("/console.log"));
    m_consoleOffset = 0;
    m_console.clear();
    m_qemu = new QProcess(this);
    m_qemu->setProgram(QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64")));
    m_qemu->setArguments(qemuArguments(m_options, m_accel, m_kernel, m_initramfs, m_workDir, m_agent));
    m_qemu->setProcessChannelMode(QProcess::SeparateChannels);
    // Its own session: a Ctrl-C on our terminal reaches us, and we stop the VM in order.
    m_qemu->setChildProcessModifier([] { setsid(); });
    connect(m_qemu, &QProcess::finished, this, &LabMachine::onQemuFinished);
    Q_EMIT progress(
        tr("booting %n virtual disk(s) with %1", nullptr, int(m_options.disks.size())).arg(m_accel.toUpper()));
    m_clock.start();
    m_qemu->start();
    if (!m_qemu->waitForStarted(10000)) {
        return makeError(ErrorCode::labQemuFailed,
                         QStringLiteral("cannot start qemu-system-x86_64: %1").arg(m_qemu->errorString()));
    }
    if (m_reaper) {
        m_reaper->watch(pid_t(m_qemu->processId()));
    }
    if (!m_consoleTimer) {
        m_consoleTimer = new QTimer(this);
        m_consoleTimer->setInterval(100);
        connect(m_consoleTimer, &QTimer::timeout, this, &LabMachine::pollConsole);
    }
    m_consoleTimer->start();
    if (m_options.timeoutNs && !m_deadline) {
        m_deadline = new QTimer(this);
        m_deadline->setSingleShot(true);
        connect(m_deadline, &QTimer::timeout, this, &LabMachine::onTimeout);
        m_deadline->start(int(std::min<std::uint64_t>(m_options.timeoutNs / 1'000'000, INT32_MAX)));
    }
    return {};
}

void LabMachine::pollRequests()
{
    // What the guest asks of the machine it runs in (raidbench-cli lab unplug, plug, power-cycle):
    // one file per request in the shared control directory, answered by NAME.done.
    const QString dir = m_workDir + QStringLiteral("/ctl/requests");
    for (const QString& name : QDir(dir).entryList(QDir::Files)) {
        if (name.endsWith(QLatin1String(".done")) ||
            QFile::exists(dir + QLatin1Char('/') + name + QStringLiteral(".done"))) {
            continue;
        }
        auto answer = [&](const QString& text) {
            QFile done(dir + QLatin1Char('/') + name + QStringLiteral(".done"));
            if (done.open(QIODevice::WriteOnly)) {
                done.write(text.toUtf8() + '\n');
            }
        };
        const QString what = name.section(QLatin1Char('-'), 0, 0);
        if (name == QLatin1String("power-cycle")) {
            answer(QStringLiteral("ok"));
            powerCycle();
            return;
        }
        bool ok = false;
        const int index = name.section(QLatin1Char('-'), 1).toInt(&ok);
        const LabDiskSpec* disk = nullptr;
        for (const LabDiskSpec& candidate : m_options.disks) {
            if (ok && candidate.index == index) {
                disk = &candidate;
            }
        }
        if (!disk || (what != QLatin1String("unplug") && what != QLatin1String("plug"))) {
            answer(QStringLiteral("error no such request or disk: %1").arg(name));
            continue;
        }
        const QString qmp = m_workDir + QStringLiteral("/qmp.sock");
        Result<QJsonObject> done = makeError({}, {});
        if (what == QLatin1String("unplug")) {
            done = qmpCommand(
                qmp,
                QStringLiteral("{\"execute\":\"device_del\",\"arguments\":{\"id\":\"disk%1\"}}").arg(index).toUtf8(),
                5000);
        } else {
            // The same disk again: its node, serial, model and WWN, on its controller.
            const std::uint64_t wwn = disk->wwn().mid(2).toULongLong(nullptr, 16);
            done = qmpCommand(qmp,
                              QStringLiteral("{\"execute\":\"device_add\",\"arguments\":{\"driver\":\"scsi-hd\",\"id\":"
                                             "\"disk%1\",\"bus\":\"scsi%2.0\",\"channel\":0,\"scsi-id\":%1,\"lun\":0,"
                                             "\"drive\":\"%3\",\"serial\":\"%4\",\"vendor\":\"%5\",\"product\":\"%6\","
                                             "\"wwn\":%7}}")
                                  .arg(index)
                                  .arg(disk->controller)
                                  .arg(topNodeOf(*disk), disk->serial(), disk->vendor(), disk->model())
                                  .arg(wwn)
                                  .toUtf8(),
                              5000);
        }
        Q_EMIT progress(tr("%1 virtual disk %2: %3")
                            .arg(what == QLatin1String("unplug") ? tr("pulled out") : tr("put back"))
                            .arg(index + 1)
                            .arg(done ? tr("done") : done.error().message));
        answer(done ? QStringLiteral("ok") : QStringLiteral("error ") + done.error().message);
    }
}

QString LabMachine::diskFilter()
{
    const QString beside =
        QFileInfo(QCoreApplication::applicationDirPath() + QStringLiteral("/../lib/nbdkit-raidbench-filter.so"))
            .absoluteFilePath();
    if (QFileInfo::exists(beside)) {
        return beside;
    }
    return QStringLiteral(RAIDBENCH_INSTALL_LIBEXECDIR "/raidbench/nbdkit-raidbench-filter.so");
}

Result<void> LabMachine::startDiskServers()
{
    for (const auto& disk : std::as_const(m_options.disks)) {
        if (disk.diskModel.kind == DiskKind::Flat) {
            continue;
        }
        const QString nbdkit = QStandardPaths::findExecutable(QStringLiteral("nbdkit"));
        const QString filter = diskFilter();
        if (nbdkit.isEmpty() || !QFileInfo::exists(filter)) {
            return makeError(ErrorCode::labNoDiskModel,
                             nbdkit.isEmpty()
                                 ? QStringLiteral("disk %1 is a %2, which needs nbdkit (apt-get install nbdkit)")
                                       .arg(disk.index + 1)
                                       .arg(disk.diskModel.kind == DiskKind::Hdd ? QStringLiteral("hard disk model")
                                                                                 : QStringLiteral("SSD model"))
                                 : QStringLiteral("the lab's disk-model filter %1 is missing (build it with nbdkit's "
                                                  "plugin headers installed: apt-get install nbdkit-plugin-dev)")
                                       .arg(filter));
        }
        const QString socket = QStringLiteral("%1/disks/disk%2.sock").arg(m_workDir).arg(disk.index);
        QStringList args {QStringLiteral("--foreground"),
                          QStringLiteral("--exit-with-parent"),
                          QStringLiteral("--unix"),
                          socket,
                          QStringLiteral("--threads"),
                          QStringLiteral("32"),
                          QStringLiteral("--filter=%1").arg(filter),
                          QStringLiteral("file"),
                          QStringLiteral("file=%1/disks/disk%2.img").arg(m_workDir).arg(disk.index)};
        for (const QString& word : QString::fromStdString(disk.diskModel.toConfig()).split(QLatin1Char(' '))) {
            args.append(QStringLiteral("disk-") + word);
        }
        auto* server = new QProcess(this);
        server->setProcessChannelMode(QProcess::SeparateChannels);
        server->start(nbdkit, args);
        m_diskServers.append(server);
        QElapsedTimer waited;
        waited.start();
        while (!QFileInfo::exists(socket) && waited.elapsed() < 10000 && server->state() != QProcess::NotRunning) {
            server->waitForFinished(50);
        }
        if (!QFileInfo::exists(socket)) {
            return makeError(ErrorCode::labNoDiskModel,
                             QStringLiteral("nbdkit did not serve disk %1: %2")
                                 .arg(disk.index + 1)
                                 .arg(QString::fromLocal8Bit(server->readAllStandardError()).trimmed()));
        }
    }
    return {};
}

} // namespace RaidBench
