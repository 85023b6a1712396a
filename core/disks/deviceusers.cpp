#include "disks/deviceusers.h"

#include "util/errorcodes.h"
#include "util/monotonicclock.h"
#include "util/terminaltext.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <linux/kcmp.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace RaidBench {

namespace {

QString useKindWord(DeviceUse::Kind kind)
{
    switch (kind) {
    case DeviceUse::Kind::BacksLoop:
        return QStringLiteral("loop");
    case DeviceUse::Kind::Exported:
        return QStringLiteral("export");
    case DeviceUse::Kind::OpenByProcess:
        break;
    }
    return QStringLiteral("process");
}

/// A small file, trimmed; empty when it cannot be read.
QString readKernelText(const QString& path, qint64 limit = 4096)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.read(limit)).trimmed() : QString();
}

/// The device number of the block device `path` leads to, 0 when it is none. Never waits on a file
/// system to revalidate what it has cached (a hung network mount answers from its cache).
std::uint64_t blockDeviceAt(const QByteArray& path)
{
    struct statx st
    { };
    if (::statx(AT_FDCWD, path.constData(), AT_STATX_DONT_SYNC, STATX_TYPE, &st) != 0 || !S_ISBLK(st.stx_mode)) {
        return 0;
    }
    return std::uint64_t(makedev(st.stx_rdev_major, st.stx_rdev_minor));
}

/// The names in a directory, without . and ..; empty when it cannot be read.
QList<QByteArray> directoryEntries(const QByteArray& directory)
{
    QList<QByteArray> names;
    DIR* dir = ::opendir(directory.constData());
    if (!dir) {
        return names;
    }
    while (const dirent* entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..") {
            names.append(name);
        }
    }
    ::closedir(dir);
    return names;
}

} // namespace

DiskReason DeviceUse::reason() const
{
    switch (kind) {
    case Kind::BacksLoop:
        return DiskReason::make(QStringLiteral("loop-backing"),
                                QT_TRANSLATE_NOOP("DiskReason", "backs loop device %1 (which may hold a file system)"),
                                {QStringLiteral("/dev/") + name});
    case Kind::Exported:
        return DiskReason::make(QStringLiteral("exported"),
                                QT_TRANSLATE_NOOP("DiskReason", "exported by the kernel (%1)"),
                                {terminalSafe(name.left(100))});
    case Kind::OpenByProcess:
        break;
    }
    return DiskReason::make(QStringLiteral("open"), QT_TRANSLATE_NOOP("DiskReason", "open by %1 (pid %2)"),
                            {terminalSafe(name.left(64)), QString::number(pid)});
}

QJsonObject DeviceUse::toJson() const
{
    QJsonObject json {
        {QStringLiteral("kind"), useKindWord(kind)},
        {QStringLiteral("device"), QStringLiteral("%1:%2").arg(major(dev_t(device))).arg(minor(dev_t(device)))},
        {QStringLiteral("name"), name}};
    if (kind == Kind::OpenByProcess) {
        json.insert(QStringLiteral("pid"), pid);
    }
    return json;
}

DeviceUse DeviceUse::fromJson(const QJsonObject& json)
{
    DeviceUse use;
    const QString kind = json.value(QStringLiteral("kind")).toString();
    use.kind = kind == QLatin1String("loop") ? Kind::BacksLoop
        : kind == QLatin1String("export")    ? Kind::Exported
                                             : Kind::OpenByProcess;
    const QString device = json.value(QStringLiteral("device")).toString();
    use.device = makedev(device.section(QLatin1Char(':'), 0, 0).toUInt(), device.section(QLatin1Char(':'), 1).toUInt());
    use.name = json.value(QStringLiteral("name")).toString();
    use.pid = json.value(QStringLiteral("pid")).toInteger();
    return use;
}

/// One look: what it found, the mappings already followed, and when it must stop.
struct DeviceUsers::Look
{
    QHash<std::uint64_t, QList<DeviceUse>> uses;
    QHash<QByteArray, std::uint64_t> mapped; ///< "dev inode" of a mapping -> its block device (0: none)
    QHash<QByteArray, std::uint64_t> nodes; ///< "dev inode" of each block device node in /dev -> its number
    bool nodesRead = false;
    std::uint64_t deadlineNs = 0;
    /// (pid, device) a process holds open for writing or mapped: a use at the first look.
    QSet<std::pair<qint64, std::uint64_t>> firm;

    bool late() const { return monotonicNs() > deadlineNs; }
    void add(const DeviceUse& use)
    {
        QList<DeviceUse>& list = uses[use.device];
        if (!list.contains(use)) {
            list.append(use);
        }
    }
};

DeviceUsers::DeviceUsers(QString sysRoot, QString procRoot, QString devRoot, qint64 ignoredPid)
    : m_sysRoot(std::move(sysRoot))
    , m_procRoot(std::move(procRoot))
    , m_devRoot(std::move(devRoot))
    , m_ignoredPid(ignoredPid)
{ }

Result<QHash<std::uint64_t, QList<DeviceUse>>> DeviceUsers::find(int timeoutMs) const
{
    Look look;
    look.deadlineNs = monotonicNs() + std::uint64_t(std::max(1, timeoutMs)) * 1'000'000ull;
    findLoops(look);
    findExports(look);
    findProcesses(look);
    keepHeld(look);
    if (look.late()) {
        return makeError(
            ErrorCode::deviceInUse,
            QStringLiteral("could not tell within %1 s which processes hold disks open").arg(timeoutMs / 1000.0));
    }
    return look.uses;
}

DeviceUsers::LoopBacking DeviceUsers::loopBacking(const QString& sysRoot, const QString& devRoot, const QString& name)
{
    LoopBacking backing;
    const QString sysDir = sysRoot + QStringLiteral("/block/") + name;
    backing.file = readKernelText(sysDir + QStringLiteral("/loop/backing_file"));
    if (backing.file.isEmpty()) {
        return backing; // bound to nothing
    }
    // The kernel's own word: the backing inode as it holds it, whatever its path says now (renamed,
    // deleted, in another mount namespace). The path's where the node cannot be asked (a fixture tree).
    const int fd = ::open(QFile::encodeName(devRoot + QLatin1Char('/') + name).constData(),
                          O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd >= 0) {
        struct stat st
        { };
        loop_info64 info {};
        const QString number = readKernelText(sysDir + QStringLiteral("/dev"));
        const bool asked = ::fstat(fd, &st) == 0 && S_ISBLK(st.st_mode) &&
            number == QStringLiteral("%1:%2").arg(major(st.st_rdev)).arg(minor(st.st_rdev)) &&
            ::ioctl(fd, LOOP_GET_STATUS64, &info) == 0;
        ::close(fd);
        if (asked) {
            backing.inode = info.lo_inode;
            backing.fileDevice = info.lo_device;
            backing.blockDevice = info.lo_rdevice;
            backing.offset = info.lo_offset;
            backing.sizeLimit = info.lo_sizelimit;
            return backing;
        }
    }
    backing.offset = readKernelText(sysDir + QStringLiteral("/loop/offset")).toULongLong();
    backing.sizeLimit = readKernelText(sysDir + QStringLiteral("/loop/sizelimit")).toULongLong();
    struct statx st
    { };
    if (backing.file.startsWith(QLatin1Char('/')) &&
        ::statx(AT_FDCWD, QFile::encodeName(backing.file).constData(), AT_STATX_DONT_SYNC, STATX_TYPE | STATX_INO,
                &st) == 0) {
        backing.inode = st.stx_ino;
        backing.fileDevice = makedev(st.stx_dev_major, st.stx_dev_minor);
        backing.blockDevice = S_ISBLK(st.stx_mode) ? std::uint64_t(makedev(st.stx_rdev_major, st.stx_rdev_minor)) : 0;
    }
    return backing;
}

void DeviceUsers::findLoops(Look& look) const
{
    static const QRegularExpression loopName(QStringLiteral("^loop\\d{1,7}$"));
    for (const QByteArray& entry : directoryEntries(QFile::encodeName(m_sysRoot + QStringLiteral("/block")))) {
        const QString name = QString::fromLatin1(entry);
        if (!loopName.match(name).hasMatch()) {
            continue;
        }
        if (const LoopBacking backing = loopBacking(m_sysRoot, m_devRoot, name); backing.blockDevice != 0) {
            look.add({DeviceUse::Kind::BacksLoop, backing.blockDevice, name, 0});
        }
    }
}

void DeviceUsers::findExports(Look& look) const
{
    // What the kernel exports opens the device without claiming it: the NVMe target (a namespace, or a
    // whole controller passed through), LIO's file backstores (an iSCSI or other target), a USB
    // mass-storage gadget, Xen's block back end.
    const QString config = m_sysRoot + QStringLiteral("/kernel/config");
    auto exported = [&look](const QString& path, const QString& what) {
        if (const std::uint64_t device =
                path.startsWith(QLatin1Char('/')) ? blockDeviceAt(QFile::encodeName(path)) : 0) {
            look.add({DeviceUse::Kind::Exported, device, what, 0});
        }
    };
    auto under = [](const QString& directory) {
        QStringList paths;
        for (const QByteArray& entry : directoryEntries(QFile::encodeName(directory))) {
            paths.append(directory + QLatin1Char('/') + QFile::decodeName(entry));
        }
        return paths;
    };
    for (const QString& subsystem : under(config + QStringLiteral("/nvmet/subsystems"))) {
        for (const QString& space : under(subsystem + QStringLiteral("/namespaces"))) {
            if (readKernelText(space + QStringLiteral("/enable")) == QLatin1String("1")) {
                exported(readKernelText(space + QStringLiteral("/device_path")),
                         QStringLiteral("NVMe-oF subsystem %1").arg(QFileInfo(subsystem).fileName()));
            }
        }
    }
    for (const QString& subsystem : under(config + QStringLiteral("/nvmet/subsystems"))) {
        // A passthru subsystem exports every namespace of the controller it names (a character device).
        const QString passthru = subsystem + QStringLiteral("/passthru");
        if (readKernelText(passthru + QStringLiteral("/enable")) == QLatin1String("1")) {
            const QString controller = QFileInfo(readKernelText(passthru + QStringLiteral("/device_path"))).fileName();
            for (const QString& space : under(m_sysRoot + QStringLiteral("/class/nvme/") + controller)) {
                const QString number = readKernelText(space + QStringLiteral("/dev"));
                if (QFileInfo(space).fileName().startsWith(controller + QLatin1Char('n')) && !number.isEmpty()) {
                    look.add({DeviceUse::Kind::Exported,
                              makedev(number.section(QLatin1Char(':'), 0, 0).toUInt(),
                                      number.section(QLatin1Char(':'), 1).toUInt()),
                              QStringLiteral("NVMe-oF passthru %1").arg(QFileInfo(subsystem).fileName()), 0});
                }
            }
        }
    }
    static const QRegularExpression fileBackstore(QStringLiteral("File: (/\\S+)"));
    for (const QString& hba : under(config + QStringLiteral("/target/core"))) {
        for (const QString& backstore : under(hba)) {
            if (readKernelText(backstore + QStringLiteral("/enable")) == QLatin1String("0")) {
                continue;
            }
            const QString name = QStringLiteral("LIO backstore %1").arg(QFileInfo(backstore).fileName());
            exported(readKernelText(backstore + QStringLiteral("/udev_path")), name);
            // A file backstore set up through its control file alone names its file in its info.
            exported(fileBackstore.match(readKernelText(backstore + QStringLiteral("/info"))).captured(1), name);
        }
    }
    // Xen's block back end gives a guest the device it names ("MAJOR:MINOR" in hex), unclaimed.
    for (const QString& vbd : under(m_sysRoot + QStringLiteral("/bus/xen-backend/devices"))) {
        const QString number = readKernelText(vbd + QStringLiteral("/physical_device"));
        bool majorOk = false;
        bool minorOk = false;
        const uint majorNumber = number.section(QLatin1Char(':'), 0, 0).toUInt(&majorOk, 16);
        const uint minorNumber = number.section(QLatin1Char(':'), 1).toUInt(&minorOk, 16);
        if (QFileInfo(vbd).fileName().startsWith(QLatin1String("vbd-")) && majorOk && minorOk) {
            look.add({DeviceUse::Kind::Exported, makedev(majorNumber, minorNumber),
                      QStringLiteral("Xen guest disk %1").arg(QFileInfo(vbd).fileName()), 0});
        }
    }
    for (const QString& gadget : under(config + QStringLiteral("/usb_gadget"))) {
        for (const QString& function : under(gadget + QStringLiteral("/functions"))) {
            if (!QFileInfo(function).fileName().startsWith(QLatin1String("mass_storage."))) {
                continue;
            }
            for (const QString& lun : under(function)) {
                exported(readKernelText(lun + QStringLiteral("/file")),
                         QStringLiteral("USB mass-storage gadget %1").arg(QFileInfo(gadget).fileName()));
            }
        }
    }
    for (const QString& file : readKernelText(m_sysRoot + QStringLiteral("/module/g_mass_storage/parameters/file"))
                                   .split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        exported(file, QStringLiteral("USB mass-storage gadget"));
    }
}

void DeviceUsers::findProcesses(Look& look) const
{
    for (const QByteArray& entry : directoryEntries(QFile::encodeName(m_procRoot))) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number || pid <= 0 || pid == m_ignoredPid) {
            continue;
        }
        if (look.late()) {
            return;
        }
        findInProcess(look, pid);
    }
}

void DeviceUsers::keepHeld(Look& look) const
{
    // A probe (blkid, udev, another scan) opens a disk for reading, for milliseconds; what uses a disk
    // holds it. A process that only reads it counts when it still has it open at each of two more
    // looks; one that opened it for writing, or mapped it, at once.
    for (int again = 0; again < 2; ++again) {
        QSet<qint64> pids;
        for (const QList<DeviceUse>& list : std::as_const(look.uses)) {
            for (const DeviceUse& use : list) {
                if (use.kind == DeviceUse::Kind::OpenByProcess && !look.firm.contains({use.pid, use.device})) {
                    pids.insert(use.pid);
                }
            }
        }
        if (pids.isEmpty() || look.late()) {
            return;
        }
        ::usleep(100'000);
        Look later;
        later.deadlineNs = look.deadlineNs;
        for (const qint64 pid : std::as_const(pids)) {
            findInProcess(later, pid);
        }
        for (auto it = look.uses.begin(); it != look.uses.end();) {
            const QList<DeviceUse> seen = later.uses.value(it.key());
            it->removeIf([&seen, &look](const DeviceUse& use) {
                return use.kind == DeviceUse::Kind::OpenByProcess && !look.firm.contains({use.pid, use.device}) &&
                    std::none_of(seen.cbegin(), seen.cend(),
                                 [&use](const DeviceUse& other) { return other.pid == use.pid; });
            });
            it = it->isEmpty() ? look.uses.erase(it) : std::next(it);
        }
    }
}

namespace {

/// Whether descriptor `fd` of the table `fdDir` (".../fd") was opened for reading only, from its
/// fdinfo flags; no when that cannot be told.
bool readOnlyDescriptor(const QByteArray& fdDir, const QByteArray& fd)
{
    QFile info(QFile::decodeName(fdDir.chopped(2) + "fdinfo/" + fd));
    if (!info.open(QIODevice::ReadOnly)) {
        return false;
    }
    for (const QByteArray& line : info.read(4096).split('\n')) {
        if (line.startsWith("flags:")) {
            bool ok = false;
            const uint flags = line.mid(6).trimmed().toUInt(&ok, 8);
            return ok && (flags & O_ACCMODE) == O_RDONLY;
        }
    }
    return false;
}

/// The block devices the descriptors in `fdDir` are open on (a pipe or a socket is no device); those
/// open for reading only go to `readOnly` instead.
QList<std::uint64_t> descriptorDevices(const QByteArray& fdDir, QList<std::uint64_t>& readOnly)
{
    QList<std::uint64_t> found;
    for (const QByteArray& fd : directoryEntries(fdDir)) {
        const QByteArray link = fdDir + '/' + fd;
        char target[64];
        const ssize_t n = ::readlink(link.constData(), target, sizeof(target));
        const QByteArray text(target, n > 0 ? int(n) : 0);
        if (text.startsWith("socket:") || text.startsWith("pipe:") || text.startsWith("anon_inode:")) {
            continue;
        }
        if (const std::uint64_t device = blockDeviceAt(link)) {
            (readOnlyDescriptor(fdDir, fd) ? readOnly : found).append(device);
        }
    }
    return found;
}

/// Whether thread `tid` shares process `pid`'s descriptor table (kcmp; no when it cannot be told, so
/// that its own table is read).
bool sharesDescriptors(qint64 pid, qint64 tid)
{
    return ::syscall(SYS_kcmp, pid_t(pid), pid_t(tid), KCMP_FILES, 0ul, 0ul) == 0;
}

/// "7f00-7f80 r--s 00000000 00:05 123  /dev/sdb": the address range and the "dev inode" of a line of
/// maps that maps a file; empty when it maps none.
std::pair<QByteArray, QByteArray> mappedFile(const QByteArray& line)
{
    const QList<QByteArray> fields = line.simplified().split(' ');
    if (fields.size() < 5 || fields.at(4) == "0") {
        return {};
    }
    return {fields.at(0), fields.at(3) + ' ' + fields.at(4)};
}

} // namespace

void DeviceUsers::findInProcess(Look& look, qint64 pid) const
{
    const QByteArray base = QFile::encodeName(m_procRoot) + '/' + QByteArray::number(pid);
    QList<std::uint64_t> readOnly;
    QList<std::uint64_t> found = descriptorDevices(base + "/fd", readOnly);
    // Its mappings (a device mapped and its descriptor closed), each file followed once per look.
    QFile maps(QFile::decodeName(base + "/maps"));
    QByteArray mapsText;
    if (maps.open(QIODevice::ReadOnly)) {
        mapsText = maps.readAll();
    }
    for (const QByteArray& line : mapsText.split('\n')) {
        const auto [range, key] = mappedFile(line);
        if (key.isEmpty()) {
            continue;
        }
        auto known = look.mapped.constFind(key);
        if (known == look.mapped.constEnd()) {
            known = look.mapped.insert(key, blockDeviceAt(base + "/map_files/" + range));
        }
        if (*known != 0) {
            found.append(*known);
        }
    }
    found += threadDevices(look, base, pid, mapsText.isEmpty(), readOnly);
    if (found.isEmpty() && readOnly.isEmpty()) {
        return;
    }
    const QString name = processName(base);
    for (const std::uint64_t device : std::as_const(found)) {
        look.add({DeviceUse::Kind::OpenByProcess, device, name, pid});
        look.firm.insert({pid, device});
    }
    for (const std::uint64_t device : std::as_const(readOnly)) {
        look.add({DeviceUse::Kind::OpenByProcess, device, name, pid});
    }
}

QList<std::uint64_t> DeviceUsers::threadDevices(Look& look, const QByteArray& base, qint64 pid, bool leaderGone,
                                                QList<std::uint64_t>& readOnly) const
{
    // A thread with a descriptor table of its own (unshare(CLONE_FILES)) shows it only under
    // task/TID/fd; a process whose first thread ended shows nothing under its own fd and maps, while
    // its other threads still hold what they opened and mapped.
    QList<std::uint64_t> found;
    for (const QByteArray& task : directoryEntries(base + "/task")) {
        const qint64 tid = task.toLongLong();
        if (tid <= 0 || tid == pid) {
            continue;
        }
        if (leaderGone || !sharesDescriptors(pid, tid)) {
            found += descriptorDevices(base + "/task/" + task + "/fd", readOnly);
        }
        if (!leaderGone) {
            continue;
        }
        // Without the first thread, map_files cannot be followed: a mapping is known by the device
        // node's own file system and inode.
        QFile maps(QFile::decodeName(base + "/task/" + task + "/maps"));
        if (!maps.open(QIODevice::ReadOnly)) {
            continue;
        }
        const QHash<QByteArray, std::uint64_t>& nodes = deviceNodes(look);
        for (const QByteArray& line : maps.readAll().split('\n')) {
            if (const std::uint64_t device = nodes.value(mappedFile(line).second)) {
                found.append(device);
            }
        }
    }
    return found;
}

const QHash<QByteArray, std::uint64_t>& DeviceUsers::deviceNodes(Look& look) const
{
    if (!look.nodesRead) {
        look.nodesRead = true;
        for (const QByteArray& entry : directoryEntries(QFile::encodeName(m_devRoot))) {
            struct stat st
            { };
            const QByteArray node = QFile::encodeName(m_devRoot) + '/' + entry;
            if (::lstat(node.constData(), &st) == 0 && S_ISBLK(st.st_mode)) {
                // As maps writes them: "%02x:%02x" of the node's file system, then its inode.
                const QByteArray key = QByteArray::number(major(st.st_dev), 16).rightJustified(2, '0') + ':' +
                    QByteArray::number(minor(st.st_dev), 16).rightJustified(2, '0') + ' ' +
                    QByteArray::number(qulonglong(st.st_ino));
                look.nodes.insert(key, std::uint64_t(st.st_rdev));
            }
        }
    }
    return look.nodes;
}

QString DeviceUsers::processName(const QByteArray& base)
{
    const QString name = readKernelText(QFile::decodeName(base + "/comm"), 64);
    return name.isEmpty() ? QStringLiteral("?") : name;
}

namespace {

/// The device of the file system `path` leads to; 0 when it cannot be told without waiting.
std::uint64_t fileSystemOf(const QByteArray& path)
{
    struct statx st
    { };
    if (::statx(AT_FDCWD, path.constData(), AT_STATX_DONT_SYNC, STATX_INO, &st) != 0) {
        return 0;
    }
    return std::uint64_t(makedev(st.stx_dev_major, st.stx_dev_minor));
}

} // namespace

Result<QList<DeviceUse>> DeviceUsers::onFileSystem(std::uint64_t fsDevice, int timeoutMs) const
{
    const std::uint64_t deadline = monotonicNs() + std::uint64_t(std::max(1, timeoutMs)) * 1'000'000ull;
    // maps writes the device as hex "MAJ:MIN".
    const QByteArray mapped = QByteArray::number(major(dev_t(fsDevice)), 16).rightJustified(2, '0') + ':' +
        QByteArray::number(minor(dev_t(fsDevice)), 16).rightJustified(2, '0');
    QList<DeviceUse> users;
    for (const QByteArray& entry : directoryEntries(QFile::encodeName(m_procRoot))) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number || pid <= 0 || pid == m_ignoredPid) {
            continue;
        }
        if (monotonicNs() > deadline) {
            return makeError(
                ErrorCode::umountFailed,
                QStringLiteral("could not tell within %1 s which processes use it").arg(timeoutMs / 1000.0));
        }
        const QByteArray base = QFile::encodeName(m_procRoot) + '/' + entry;
        bool uses = fileSystemOf(base + "/cwd") == fsDevice || fileSystemOf(base + "/root") == fsDevice;
        for (const QByteArray& fd : directoryEntries(base + "/fd")) {
            uses = uses || fileSystemOf(base + "/fd/" + fd) == fsDevice;
        }
        QFile maps(QFile::decodeName(base + "/maps"));
        if (!uses && maps.open(QIODevice::ReadOnly)) {
            for (const QByteArray& line : maps.readAll().split('\n')) {
                const QList<QByteArray> fields = line.simplified().split(' ');
                uses = uses || (fields.size() >= 5 && fields.at(4) != "0" && fields.at(3) == mapped);
            }
        }
        if (uses) {
            users.append({DeviceUse::Kind::OpenByProcess, fsDevice, processName(base), pid});
        }
    }
    return users;
}

QString DeviceUsers::mountHolders(std::uint64_t fsDevice)
{
    const auto users =
        DeviceUsers(QStringLiteral("/sys"), QStringLiteral("/proc"), QStringLiteral("/dev"), qint64(getpid()))
            .onFileSystem(fsDevice, 5000);
    if (!users) {
        return QStringLiteral("it is in use (%1)").arg(users.error().message);
    }
    if (users->isEmpty()) {
        return QStringLiteral("it is in use, by no process (the kernel holds it)");
    }
    QStringList named;
    for (const DeviceUse& use : *users) {
        named.append(use.reason().message);
    }
    return QStringLiteral("it is %1").arg(named.mid(0, 8).join(QStringLiteral(", ")));
}

} // namespace RaidBench
