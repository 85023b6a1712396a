#include "lab/labagent.h"

#include "system/childprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace RaidBench {

namespace {

void writeStatus(const QString& controlDir, const QByteArray& text)
{
    const QByteArray path = QFile::encodeName(controlDir + QStringLiteral("/status"));
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        return;
    }
    [[maybe_unused]] const ssize_t n = ::write(fd, text.constData(), size_t(text.size()));
    ::fsync(fd);
    ::close(fd);
}

/// /dev/vportNpM of the virtio-serial port called `name` (no udev in the VM to make by-name links).
QByteArray portDevice(const QString& name)
{
    const QDir ports(QStringLiteral("/sys/class/virtio-ports"));
    for (const QString& entry : ports.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile nameFile(ports.filePath(entry) + QStringLiteral("/name"));
        if (nameFile.open(QIODevice::ReadOnly) && QString::fromUtf8(nameFile.readAll()).trimmed() == name) {
            return QFile::encodeName(QStringLiteral("/dev/") + entry);
        }
    }
    return {};
}

QString readTrimmed(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed() : QString();
}

/// The VM has no udev; make the /dev/disk/by-id links it would have made, so disks can be found by
/// serial and WWN (sdX names follow the kernel's asynchronous probe order and vary between boots).
QString serialOf(const QString& blockName)
{
    QFile vpd(QStringLiteral("/sys/block/%1/device/vpd_pg80").arg(blockName));
    return vpd.open(QIODevice::ReadOnly) ? QString::fromLatin1(vpd.readAll().mid(4)).trimmed() : QString();
}

/// A link in /dev/disk/by-id made (or made again, when it pointed elsewhere) to `target`.
void link(const QString& target, const QString& name)
{
    const QString path = QStringLiteral("/dev/disk/by-id/") + name;
    if (QFileInfo(path).isSymLink() && QFileInfo(path).symLinkTarget() != QStringLiteral("/dev/") + target.mid(6)) {
        QFile::remove(path);
    }
    QFile::link(target, path);
}

/// The VM has no udev; make the /dev/disk/by-id links it would have made, so disks can be found by
/// serial and WWN (sdX names follow the kernel's asynchronous probe order and vary between boots).
void createDiskLinks()
{
    QDir().mkpath(QStringLiteral("/dev/disk/by-id"));
    const QDir blocks(QStringLiteral("/sys/block"));
    for (const QString& name : blocks.entryList({QStringLiteral("sd*")}, QDir::Dirs | QDir::System)) {
        const QString device = blocks.filePath(name) + QStringLiteral("/device/");
        const QString serial = serialOf(name);
        const QString vendor = readTrimmed(device + QStringLiteral("vendor"));
        const QString model = readTrimmed(device + QStringLiteral("model"));
        const QString target = QStringLiteral("../../") + name;
        if (!serial.isEmpty()) {
            QString id = QStringLiteral("scsi-%1_%2_%3").arg(vendor, model, serial);
            id.replace(QLatin1Char(' '), QLatin1Char('_'));
            link(target, id);
        }
        const QString wwid = readTrimmed(device + QStringLiteral("wwid"));
        if (wwid.startsWith(QLatin1String("naa."))) {
            link(target, QStringLiteral("wwn-0x") + wwid.mid(4));
        }
    }
}

} // namespace

bool waitForReturningDisk(const QString& serialSuffix, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    const QDir blocks(QStringLiteral("/sys/block"));
    do {
        for (const QString& name : blocks.entryList({QStringLiteral("sd*")}, QDir::Dirs | QDir::System)) {
            // The size is set once the kernel has read the disk's capacity: probed, not just seen.
            if (serialOf(name).endsWith(serialSuffix) &&
                readTrimmed(blocks.filePath(name) + QStringLiteral("/size")).toULongLong() > 0) {
                createDiskLinks();
                return true;
            }
        }
        ::usleep(100'000);
    } while (clock.elapsed() < timeoutMs);
    return false;
}

int runLabAgent(const QString& controlDir)
{
    ::umask(022); // as a booted system has it: directories mdadm and LVM make under /dev are root's alone
    createDiskLinks();
    QFile requestFile(controlDir + QStringLiteral("/request.json"));
    if (!requestFile.open(QIODevice::ReadOnly)) {
        writeStatus(controlDir, "error cannot read request.json\n");
        return 1;
    }
    const QJsonObject request = QJsonDocument::fromJson(requestFile.readAll()).object();
    QStringList argv;
    for (const auto& value : request.value(QStringLiteral("argv")).toArray()) {
        argv.append(value.toString());
    }
    QStringList env;
    for (const auto& value : request.value(QStringLiteral("env")).toArray()) {
        env.append(value.toString());
    }
    if (argv.isEmpty()) {
        writeStatus(controlDir, "error the request has no command\n");
        return 1;
    }
    const QByteArray inPort = portDevice(QStringLiteral("raidbench.stdin"));
    const QByteArray outPort = portDevice(QStringLiteral("raidbench.stdout"));
    const QByteArray errPort = portDevice(QStringLiteral("raidbench.stderr"));
    if (inPort.isEmpty() || outPort.isEmpty() || errPort.isEmpty()) {
        writeStatus(controlDir, "error the VM has no raidbench.stdin/stdout/stderr virtio-serial ports\n");
        return 1;
    }
    // Open the ports before telling the host we started: it holds back the end of stdin until the
    // guest side is open, or qemu would drop what it had not delivered yet.
    const int in = ::open(inPort.constData(), O_RDONLY | O_CLOEXEC);
    const int out = ::open(outPort.constData(), O_WRONLY | O_CLOEXEC);
    const int err = ::open(errPort.constData(), O_WRONLY | O_CLOEXEC);
    if (in < 0 || out < 0 || err < 0) {
        writeStatus(controlDir, "error cannot open the virtio-serial ports\n");
        return 1;
    }
    QFile started(controlDir + QStringLiteral("/started"));
    if (started.open(QIODevice::WriteOnly)) {
        started.write("started\n");
        started.close();
    }
    ChildSpec spec;
    spec.argv = argv;
    spec.environment = env;
    spec.workingDirectory = request.value(QStringLiteral("cwd")).toString(QStringLiteral("/"));
    spec.stdinFd = in;
    spec.stdoutFd = out;
    spec.stderrFd = err;
    spec.ownProcessGroup = false; // the VM's whole life is this command
    auto child = ChildProcess::start(spec);
    if (!child) {
        const QByteArray message = "raidbench lab: cannot run " + child.error().message.toLocal8Bit() + '\n';
        [[maybe_unused]] const ssize_t n = ::write(err, message.constData(), size_t(message.size()));
        writeStatus(controlDir, "exit 127\n");
        return 0;
    }
    ::close(in);
    ::close(out);
    ::close(err);
    const int status = child->wait();
    if (WIFSIGNALED(status)) {
        writeStatus(controlDir, "signal " + QByteArray::number(WTERMSIG(status)) + '\n');
    } else {
        writeStatus(controlDir, "exit " + QByteArray::number(WEXITSTATUS(status)) + '\n');
    }
    return 0;
}

} // namespace RaidBench
