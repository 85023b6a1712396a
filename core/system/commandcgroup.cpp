#include "system/commandcgroup.h"

#include "system/helpercgroup.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/monotonicclock.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace RaidBench {

namespace {

constexpr const char* namePrefix = "raidbench-command-";

/// A directory of the hierarchy root owns and only root may write: opened without following links.
int openRootDirectory(const QString& path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    struct stat st
    { };
    if (::fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 || (st.st_mode & 0022) != 0) {
        ::close(fd);
        errno = EPERM;
        return -1;
    }
    return fd;
}

/// A control file of the group `dirFd` (never a link).
int openControl(int dirFd, const char* name, int flags)
{
    return ::openat(dirFd, name, flags | O_NOFOLLOW | O_CLOEXEC);
}

bool writeControl(int dirFd, const char* name, const char* text)
{
    const int fd = openControl(dirFd, name, O_WRONLY);
    if (fd < 0) {
        return false;
    }
    const ssize_t length = ssize_t(std::strlen(text));
    const bool ok = ::write(fd, text, size_t(length)) == length;
    ::close(fd);
    return ok;
}

QByteArray readControl(int dirFd, const char* name)
{
    const int fd = openControl(dirFd, name, O_RDONLY);
    if (fd < 0) {
        return {};
    }
    QByteArray text;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof(buffer))) > 0;) {
        text.append(buffer, n);
        if (text.size() > (1 << 20)) {
            break;
        }
    }
    ::close(fd);
    return text;
}

bool populated(int dirFd)
{
    // "populated 0" once no process is left in it (nor in a group below it, which it never has).
    return !readControl(dirFd, "cgroup.events").contains("populated 0");
}

QString cgroupMount()
{
    QFile mountInfo(QStringLiteral("/proc/self/mountinfo"));
    return mountInfo.open(QIODevice::ReadOnly) ? HelperCgroup::unifiedMount(QString::fromUtf8(mountInfo.readAll()))
                                               : QString();
}

QString groupAbove(const QString& path)
{
    const QString up = path.section(QLatin1Char('/'), 0, -2);
    return up.isEmpty() ? QStringLiteral("/") : up;
}

/// This process's pid namespace (the inode of /proc/self/ns/pid): a pid names a process only in its
/// namespace, and a helper in a container may share the hierarchy with the host's.
QString pidNamespace()
{
    struct stat st
    { };
    return ::stat("/proc/self/ns/pid", &st) == 0 ? QString::number(qulonglong(st.st_ino)) : QStringLiteral("0");
}

/// When process `pid` started (clock ticks after boot, /proc/PID/stat's 22nd field); 0 when it is gone.
qulonglong startTimeOf(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly)) {
        return 0;
    }
    // "PID (COMM) STATE ..." where COMM may hold spaces and parentheses: the fields after the last ')'.
    const QByteArray text = stat.readAll();
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 19 ? fields.at(19).toULongLong() : 0;
}

} // namespace

QString CommandCgroup::parentFor(const QString& mount, const QString& callerPath)
{
    QString at = callerPath.isEmpty() ? QStringLiteral("/") : callerPath;
    // Up to the first group that it and every group above it only root controls: a group the user was
    // delegated (under their own systemd manager) would let them move the command out of ours.
    while (at != QLatin1String("/") && !HelperCgroup::foreignOwner(mount, at).isEmpty()) {
        at = groupAbove(at);
    }
    // A unit's own group holds its processes; its slice holds groups only, and its limits.
    while (at != QLatin1String("/") &&
           (at.endsWith(QLatin1String(".scope")) || at.endsWith(QLatin1String(".service")))) {
        at = groupAbove(at);
    }
    return at;
}

Result<CommandCgroup> CommandCgroup::create()
{
    const QString mount = cgroupMount();
    if (mount.isEmpty()) {
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("the user's command needs the cgroup v2 hierarchy (mounted at /sys/fs/cgroup) "
                                        "so that nothing it starts outlives its test; it is not mounted here"));
    }
    if (!HelperCgroup::foreignOwner(mount, QStringLiteral("/")).isEmpty()) {
        return makeError(ErrorCode::forkFailed, QStringLiteral("%1 is not root's alone").arg(mount));
    }
    static std::atomic_int counter {0};
    CommandCgroup group;
    const QString parent = parentFor(mount, HelperCgroup::callerPath());
    group.m_parent = mount + (parent == QLatin1String("/") ? QString() : parent);
    // Named for the process that made it (its pid and when it started: a pid alone may be another's
    // later), so that one left behind by a process that is gone can be told from one in use.
    group.m_name = QLatin1String(namePrefix) + pidNamespace() + QLatin1Char('-') + QString::number(getpid()) +
        QLatin1Char('-') + QString::number(startTimeOf(getpid())) + QLatin1Char('-') + QString::number(++counter);
    group.m_path = group.m_parent + QLatin1Char('/') + group.m_name;
    group.m_parentFd = openRootDirectory(group.m_parent);
    const QByteArray name = QFile::encodeName(group.m_name);
    if (group.m_parentFd < 0 || ::mkdirat(group.m_parentFd, name.constData(), 0755) != 0) {
        const int err = errno;
        return makeError(
            ErrorCode::forkFailed,
            QStringLiteral("cannot make the control group %1 for the command: %2").arg(group.m_path, errnoText(err)));
    }
    group.m_dirFd = ::openat(group.m_parentFd, name.constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    group.m_procsFd = group.m_dirFd >= 0 ? openControl(group.m_dirFd, "cgroup.procs", O_WRONLY) : -1;
    if (group.m_procsFd < 0) {
        const int err = errno;
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("cannot open the control group %1: %2").arg(group.m_path, errnoText(err)));
    }
    return group;
}

CommandCgroup::CommandCgroup(CommandCgroup&& other) noexcept
{
    *this = std::move(other);
}

CommandCgroup& CommandCgroup::operator=(CommandCgroup&& other) noexcept
{
    if (this != &other) {
        close();
        m_path = std::exchange(other.m_path, {});
        m_parent = std::exchange(other.m_parent, {});
        m_name = std::exchange(other.m_name, {});
        m_parentFd = std::exchange(other.m_parentFd, -1);
        m_dirFd = std::exchange(other.m_dirFd, -1);
        m_procsFd = std::exchange(other.m_procsFd, -1);
    }
    return *this;
}

CommandCgroup::~CommandCgroup()
{
    if (m_dirFd >= 0) {
        (void)killAll(1000);
    }
    close();
}

void CommandCgroup::close()
{
    for (int* fd : {&m_procsFd, &m_dirFd, &m_parentFd}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

Result<void> CommandCgroup::killAll(int timeoutMs)
{
    if (m_dirFd < 0) {
        return {};
    }
    if (!writeControl(m_dirFd, "cgroup.kill", "1")) {
        // A kernel before 5.14: freeze it (nothing in it can fork any more), kill each, thaw.
        writeControl(m_dirFd, "cgroup.freeze", "1");
        for (const QByteArray& pid : readControl(m_dirFd, "cgroup.procs").split('\n')) {
            if (const int number = pid.toInt(); number > 0) {
                ::kill(number, SIGKILL);
            }
        }
        writeControl(m_dirFd, "cgroup.freeze", "0");
    }
    const std::uint64_t until = monotonicNs() + std::uint64_t(timeoutMs) * 1'000'000ull;
    while (populated(m_dirFd) && monotonicNs() < until) {
        const timespec pause {0, 10'000'000};
        nanosleep(&pause, nullptr);
    }
    if (populated(m_dirFd)) {
        const QByteArray left = readControl(m_dirFd, "cgroup.procs").simplified().replace(' ', ", ");
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("processes of the command did not end within %1 s of being killed: %2")
                             .arg(timeoutMs / 1000.0)
                             .arg(QString::fromLatin1(left.left(200))));
    }
    ::close(m_procsFd);
    m_procsFd = -1;
    ::close(m_dirFd);
    m_dirFd = -1;
    if (::unlinkat(m_parentFd, QFile::encodeName(m_name).constData(), AT_REMOVEDIR) != 0 && errno != ENOENT) {
        const int err = errno;
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("cannot remove the control group %1: %2").arg(m_path, errnoText(err)));
    }
    return {};
}

QStringList CommandCgroup::removeOrphans()
{
    QStringList removed;
    const QString mount = cgroupMount();
    if (mount.isEmpty()) {
        return removed;
    }
    static const QRegularExpression ours(
        QStringLiteral("^raidbench-command-(\\d{1,20})-(\\d{1,10})-(\\d{1,20})-\\d{1,10}$"));
    const QString namespaceHere = pidNamespace();
    // Breadth first, a few levels deep: where parentFor() puts them (a slice, or the top).
    QStringList level {mount};
    for (int depth = 0; depth < 6 && !level.isEmpty(); ++depth) {
        QStringList next;
        for (const QString& directory : std::as_const(level)) {
            for (const QString& name :
                 QDir(directory).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks)) {
                const auto match = ours.match(name);
                if (!match.hasMatch()) {
                    // Only where parentFor() puts groups: a group only root controls (a user's own subtree
                    // could be made deep or wide enough to hold up every helper's start).
                    if (const int fd = openRootDirectory(directory + QLatin1Char('/') + name); fd >= 0) {
                        ::close(fd);
                        next.append(directory + QLatin1Char('/') + name);
                    }
                    continue;
                }
                // Its maker still runs (a helper, root's CLI), or is another pid namespace's: not ours to end.
                const qint64 maker = match.captured(2).toLongLong();
                if (match.captured(1) != namespaceHere || maker == qint64(getpid()) ||
                    startTimeOf(maker) == match.captured(3).toULongLong()) {
                    continue;
                }
                CommandCgroup group;
                group.m_parent = directory;
                group.m_name = name;
                group.m_path = directory + QLatin1Char('/') + name;
                group.m_parentFd = openRootDirectory(directory);
                group.m_dirFd = group.m_parentFd >= 0 ? ::openat(group.m_parentFd, QFile::encodeName(name).constData(),
                                                                 O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                                                      : -1;
                struct stat st
                { };
                if (group.m_dirFd < 0 || ::fstat(group.m_dirFd, &st) != 0 || st.st_uid != 0) {
                    continue; // not one root made
                }
                const auto ok = group.killAll(2000);
                removed.append(ok ? group.m_path : QStringLiteral("%1 (%2)").arg(group.m_path, ok.error().message));
            }
        }
        level = next;
    }
    return removed;
}

} // namespace RaidBench
