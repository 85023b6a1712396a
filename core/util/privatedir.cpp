#include "util/privatedir.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QFile>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

Result<void> ensurePrivateDirectory(const QString& path, mode_t mode)
{
    auto refuse = [&](const QString& dir, const QString& why) {
        return makeError(ErrorCode::unsafeDirectory, QStringLiteral("%1: %2 %3").arg(path, dir, why));
    };
    if (!path.startsWith(QLatin1Char('/'))) {
        return refuse(path, QStringLiteral("is not an absolute path"));
    }
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString current;
    int fd = ::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (int i = 0; i < parts.size() && fd >= 0; ++i) {
        const QString& part = parts.at(i);
        current += QLatin1Char('/') + part;
        if (part == QLatin1String("..") || part == QLatin1String(".")) {
            ::close(fd);
            return refuse(current, QStringLiteral("is not a plain name"));
        }
        const QByteArray name = QFile::encodeName(part);
        const bool last = i == parts.size() - 1;
        if (::mkdirat(fd, name.constData(), last ? mode : 0755) != 0 && errno != EEXIST) {
            const int err = errno;
            ::close(fd);
            return refuse(current, QStringLiteral("cannot be made: %1").arg(errnoText(err)));
        }
        // Opened without following a link, then judged by what was opened.
        const int next = ::openat(fd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        ::close(fd);
        fd = next;
        if (fd < 0) {
            return refuse(current, QStringLiteral("is not a directory (or is a link)"));
        }
        struct stat st
        { };
        if (::fstat(fd, &st) != 0) {
            ::close(fd);
            return refuse(current, QStringLiteral("cannot be looked at"));
        }
        if (st.st_uid != 0 && st.st_uid != geteuid()) {
            ::close(fd);
            return refuse(current, QStringLiteral("belongs to another user"));
        }
        if (last && (st.st_mode & 07777) != mode && ::fchmod(fd, mode) != 0) {
            ::close(fd);
            return refuse(current, QStringLiteral("cannot be given mode %1").arg(mode, 0, 8));
        }
        // Others may write a directory on the way only if it is root's and sticky (/tmp): then no one but
        // the owner of the next directory (checked next) can rename or replace it.
        const bool othersWrite = (st.st_mode & S_IWOTH) || ((st.st_mode & S_IWGRP) && st.st_gid != 0);
        if (!last && othersWrite && !(st.st_uid == 0 && (st.st_mode & S_ISVTX))) {
            ::close(fd);
            return refuse(current, QStringLiteral("can be written by others"));
        }
    }
    if (fd >= 0) {
        ::close(fd);
    }
    return {};
}

QString currentBootId()
{
    QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.read(64)).trimmed() : QString();
}

} // namespace RaidBench
