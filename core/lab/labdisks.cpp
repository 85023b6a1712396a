#include "lab/labdisks.h"

#include "lab/qemucommandline.h"
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
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace RaidBench {

LabDisks::LabDisks(QList<LabDiskSpec> disks, QString workDir)
    : m_disks(std::move(disks))
    , m_workDir(std::move(workDir))
{ }

LabDisks::~LabDisks()
{
    stop();
}

std::uint64_t LabDisks::totalBytes(const QList<LabDiskSpec>& disks)
{
    std::uint64_t total = 0;
    for (const auto& disk : disks) {
        total += disk.sizeBytes;
    }
    return total;
}

QString LabDisks::defaultWorkRoot(std::uint64_t diskBytes)
{
    if (const QString chosen = qEnvironmentVariable("RAIDBENCH_LAB_DIR"); !chosen.isEmpty()) {
        return chosen;
    }
    const QString memory = QStringLiteral("/dev/shm");
    const QString disk = QStringLiteral("/var/tmp");
    // Room: the disks, and 4 GiB of the machine's memory left for the VM (1 GiB) and everything else.
    std::uint64_t memAvailable = 0;
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (meminfo.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : meminfo.readAll().split('\n')) {
            if (line.startsWith("MemAvailable:")) {
                memAvailable = line.mid(13).trimmed().split(' ').value(0).toULongLong() * 1024;
            }
        }
    }
    struct statvfs fs
    { };
    const std::uint64_t margin = 4ull << 30;
    if (statvfs(QFile::encodeName(memory).constData(), &fs) != 0 ||
        std::uint64_t(fs.f_bavail) * fs.f_frsize < diskBytes + margin || memAvailable < diskBytes + margin) {
        return disk;
    }
    // qemu opens the disk files with O_DIRECT; tmpfs takes it only since Linux 6.6.
    QByteArray probe = QFile::encodeName(memory + QStringLiteral("/raidbench-probe-XXXXXX"));
    const int fd = mkstemp(probe.data());
    if (fd < 0) {
        return disk;
    }
    const int direct = ::open(probe.constData(), O_RDWR | O_DIRECT | O_CLOEXEC);
    unlink(probe.constData());
    ::close(fd);
    if (direct < 0) {
        return disk;
    }
    ::close(direct);
    return memory;
}

Result<void> LabDisks::create()
{
    const std::uint64_t total = totalBytes(m_disks);
    struct statvfs fs
    { };
    if (statvfs(QFile::encodeName(m_workDir).constData(), &fs) == 0) {
        const std::uint64_t available = std::uint64_t(fs.f_bavail) * fs.f_frsize;
        if (total > available) {
            return makeError(ErrorCode::labNoSpace,
                             QStringLiteral("the virtual disks need %1 but %2 has only %3 free (set RAIDBENCH_LAB_DIR "
                                            "to a larger file system, or use smaller disks)")
                                 .arg(Units::formatBytesBinary(double(total)), QFileInfo(m_workDir).absolutePath(),
                                      Units::formatBytesBinary(double(available))));
        }
    }
    if (!QDir().mkpath(m_workDir + QStringLiteral("/disks"))) {
        return makeError(ErrorCode::labNoWorkdir, QStringLiteral("cannot create directories in %1").arg(m_workDir));
    }
    for (const auto& disk : std::as_const(m_disks)) {
        if (auto made = createImage(disk); !made) {
            return made;
        }
    }
    for (const auto& disk : std::as_const(m_disks)) {
        if (auto served = startServer(disk); !served) {
            return served;
        }
    }
    return {};
}

Result<void> LabDisks::createImage(const LabDiskSpec& disk) const
{
    QFile image(QStringLiteral("%1/disks/disk%2.img").arg(m_workDir, QString::number(disk.index)));
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
        QFile config(QStringLiteral("%1/disks/disk%2.blkdebug").arg(m_workDir, QString::number(disk.index)));
        if (!config.open(QIODevice::WriteOnly)) {
            return makeError(ErrorCode::labNoWorkdir, config.errorString());
        }
        config.write(QStringLiteral("[inject-error]\nevent = \"none\"\niotype = \"%1\"\nerrno = \"5\"\n"
                                    "sector = \"%2\"\nonce = \"off\"\nimmediately = \"on\"\n")
                         .arg(disk.fault->onWrite ? QStringLiteral("write") : QStringLiteral("read"),
                              QString::number(disk.fault->offset / 512))
                         .toUtf8());
    }
    return {};
}

void LabDisks::stop()
{
    for (const auto& server : m_servers) {
        if (server->state() != QProcess::NotRunning) {
            server->kill();
            server->waitForFinished(5000);
        }
    }
    m_servers.clear();
}

QString LabDisks::diskFilter()
{
    const QString beside =
        QFileInfo(QCoreApplication::applicationDirPath() + QStringLiteral("/../lib/nbdkit-raidbench-filter.so"))
            .absoluteFilePath();
    if (QFileInfo::exists(beside)) {
        return beside;
    }
    return QStringLiteral(RAIDBENCH_INSTALL_LIBEXECDIR "/raidbench/nbdkit-raidbench-filter.so");
}

Result<void> LabDisks::startServer(const LabDiskSpec& disk)
{
    if (disk.diskModel.kind == DiskKind::Flat) {
        return {};
    }
    const QString nbdkit = QStandardPaths::findExecutable(QStringLiteral("nbdkit"));
    const QString filter = diskFilter();
    if (nbdkit.isEmpty() || !QFileInfo::exists(filter)) {
        return makeError(ErrorCode::labNoDiskModel,
                         nbdkit.isEmpty()
                             ? QStringLiteral("disk %1 is a %2, which needs nbdkit (apt-get install nbdkit)")
                                   .arg(QString::number(disk.index + 1),
                                        disk.diskModel.kind == DiskKind::Hdd ? QStringLiteral("hard disk model")
                                                                             : QStringLiteral("SSD model"))
                             : QStringLiteral("the lab's disk-model filter %1 is missing (build it with nbdkit's "
                                              "plugin headers installed: apt-get install nbdkit-plugin-dev)")
                                   .arg(filter));
    }
    const QString socket = QStringLiteral("%1/disks/disk%2.sock").arg(m_workDir, QString::number(disk.index));
    QStringList args {QStringLiteral("--foreground"),
                      QStringLiteral("--exit-with-parent"),
                      QStringLiteral("--unix"),
                      socket,
                      QStringLiteral("--threads"),
                      QStringLiteral("32"),
                      QStringLiteral("--filter=%1").arg(filter),
                      QStringLiteral("file"),
                      QStringLiteral("file=%1/disks/disk%2.img").arg(m_workDir, QString::number(disk.index))};
    for (const QString& word : QString::fromStdString(disk.diskModel.toConfig()).split(QLatin1Char(' '))) {
        args.append(QStringLiteral("disk-") + word);
    }
    auto& server = m_servers.emplace_back(std::make_unique<QProcess>());
    server->setProcessChannelMode(QProcess::SeparateChannels);
    server->start(nbdkit, args);
    QElapsedTimer waited;
    waited.start();
    while (!QFileInfo::exists(socket) && waited.elapsed() < 10000 && server->state() != QProcess::NotRunning) {
        server->waitForFinished(50);
    }
    if (!QFileInfo::exists(socket)) {
        return makeError(ErrorCode::labNoDiskModel,
                         QStringLiteral("nbdkit did not serve disk %1: %2")
                             .arg(QString::number(disk.index + 1),
                                  QString::fromLocal8Bit(server->readAllStandardError()).trimmed()));
    }
    return {};
}

Result<void> LabDisks::hotplug(const QString& qmpSocket, const LabDiskSpec& disk, bool plug)
{
    Result<QJsonObject> done = makeError({}, {});
    if (!plug) {
        done = qmpCommand(
            qmpSocket,
            QStringLiteral("{\"execute\":\"device_del\",\"arguments\":{\"id\":\"disk%1\"}}").arg(disk.index).toUtf8(),
            5000);
    } else {
        // The same disk again: its node, serial, model and WWN, on its controller.
        const std::uint64_t wwn = disk.wwn().mid(2).toULongLong(nullptr, 16);
        done = qmpCommand(qmpSocket,
                          QStringLiteral("{\"execute\":\"device_add\",\"arguments\":{\"driver\":\"scsi-hd\",\"id\":"
                                         "\"disk%1\",\"bus\":\"scsi%2.0\",\"channel\":0,\"scsi-id\":%1,\"lun\":0,"
                                         "\"drive\":\"%3\",\"serial\":\"%4\",\"vendor\":\"%5\",\"product\":\"%6\","
                                         "\"wwn\":%7}}")
                              .arg(QString::number(disk.index), QString::number(disk.controller),
                                   QemuCommandLine::topNode(disk), disk.serial(), disk.vendor(), disk.model(),
                                   QString::number(wwn))
                              .toUtf8(),
                          5000);
    }
    if (!done) {
        return done.error();
    }
    return {};
}

} // namespace RaidBench
