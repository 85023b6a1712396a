#include "system/helpercgroup.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

namespace {

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

/// Writes `text` to a cgroup or proc file that must already exist (never creates, never follows a link).
bool writeExisting(const QString& path, const QByteArray& text)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    const bool ok = ::write(fd, text.constData(), size_t(text.size())) == text.size();
    ::close(fd);
    return ok;
}

QString& savedCallerPath()
{
    static QString path;
    return path;
}

} // namespace

QString HelperCgroup::callerPath()
{
    return savedCallerPath().isEmpty() ? unifiedPath(readText(QStringLiteral("/proc/self/cgroup"))) : savedCallerPath();
}

QString HelperCgroup::unifiedMount(const QString& mountInfo)
{
    // "36 25 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw"
    for (const QString& line : mountInfo.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList fields = line.split(QLatin1Char(' '));
        const qsizetype dash = fields.indexOf(QStringLiteral("-"));
        if (dash > 4 && fields.value(dash + 1) == QLatin1String("cgroup2") && fields.value(3) == QLatin1String("/")) {
            return fields.value(4);
        }
    }
    return {};
}

QString HelperCgroup::unifiedPath(const QString& cgroupFile)
{
    for (const QString& line : cgroupFile.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1String("0::"))) {
            return line.mid(3);
        }
    }
    return {};
}

QString HelperCgroup::foreignOwner(const QString& mount, const QString& path)
{
    QString at = path;
    for (;;) {
        const QString directory = mount + (at == QLatin1String("/") ? QString() : at);
        struct stat st
        { };
        if (::lstat(QFile::encodeName(directory).constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 ||
            (st.st_mode & 0022) != 0) {
            return directory;
        }
        // The files that control it: a user given cgroup.procs or cgroup.kill of a root directory counts too.
        for (const char* control : {"cgroup.procs", "cgroup.kill", "cgroup.freeze", "cgroup.subtree_control"}) {
            struct stat file
            { };
            const QString name = directory + QLatin1Char('/') + QLatin1String(control);
            if (::lstat(QFile::encodeName(name).constData(), &file) == 0 &&
                (file.st_uid != 0 || (file.st_mode & 0022) != 0)) {
                return name;
            }
        }
        if (at.isEmpty() || at == QLatin1String("/")) {
            return {};
        }
        at = at.section(QLatin1Char('/'), 0, -2);
        if (at.isEmpty()) {
            at = QStringLiteral("/");
        }
    }
}

Result<void> HelperCgroup::leaveCallersControl(const QString& procRoot)
{
    // The OOM killer's choice: the caller may have raised it (up to 1000) to have root's helper go first.
    const QString adjust = procRoot + QStringLiteral("/self/oom_score_adj");
    if (readText(adjust).trimmed().toInt() > 0) {
        writeExisting(adjust, "0");
    }
    const QString mount = unifiedMount(readText(procRoot + QStringLiteral("/self/mountinfo")));
    const QString path = unifiedPath(readText(procRoot + QStringLiteral("/self/cgroup")));
    if (procRoot == QLatin1String("/proc")) {
        savedCallerPath() = path; // the user's command goes back under it
    }
    if (mount.isEmpty() || path.isEmpty()) {
        return {}; // no cgroup v2 hierarchy: no group a user could be given
    }
    // A group the user controls, or one of their login's: logind lets a user signal every process in
    // their session's scope and in their user slice (loginctl kill-session, kill-user) without a
    // password, root's helper too, though both are root's.
    QString foreign = foreignOwner(mount, path);
    if (foreign.isEmpty() && (path == QLatin1String("/user.slice") || path.startsWith(QLatin1String("/user.slice/")))) {
        foreign = mount + path;
    }
    if (foreign.isEmpty()) {
        return {};
    }
    const QString own = mount + QStringLiteral("/raidbench-helper");
    if (::mkdir(QFile::encodeName(own).constData(), 0755) != 0 && errno != EEXIST) {
        return makeError(ErrorCode::internal,
                         QStringLiteral("runs in %1, which another user controls, and cannot make %2: %3")
                             .arg(foreign, own, errnoText(errno)));
    }
    if (!foreignOwner(mount, QStringLiteral("/raidbench-helper")).isEmpty() ||
        !writeExisting(own + QStringLiteral("/cgroup.procs"), QByteArray::number(qint64(getpid())))) {
        return makeError(ErrorCode::internal,
                         QStringLiteral("runs in %1, which another user controls, and cannot move to %2: %3")
                             .arg(foreign, own, errnoText(errno)));
    }
    const QString now = unifiedPath(readText(procRoot + QStringLiteral("/self/cgroup")));
    if (const QString still = now.startsWith(QLatin1String("/user.slice")) ? mount + now : foreignOwner(mount, now);
        !still.isEmpty()) {
        return makeError(ErrorCode::internal,
                         QStringLiteral("still runs in %1, which another user controls").arg(still));
    }
    return {};
}

} // namespace RaidBench
