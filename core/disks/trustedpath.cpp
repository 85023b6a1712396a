#include "disks/trustedpath.h"

#include "disks/shownpath.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QFile>
#include <QStringList>

#include <cerrno>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

namespace {

constexpr int maxLinks = 40;

QStringList components(const QString& path)
{
    QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    parts.removeAll(QStringLiteral("."));
    return parts;
}

gid_t diskGroup()
{
    static const gid_t gid = [] {
        struct group entry
        { };
        struct group* found = nullptr;
        char buffer[4096];
        return getgrnam_r("disk", &entry, buffer, sizeof(buffer), &found) == 0 && found ? found->gr_gid : gid_t(0);
    }();
    return gid;
}

} // namespace

Result<QString> TrustedPath::resolve(const QString& path, const QString& devRoot, uid_t trustedUid)
{
    auto bad = [](const QString& message) { return makeError(ErrorCode::badPath, message); };
    if (path.isEmpty() || path.size() > 4096 || path.contains(QChar(0))) {
        return bad(QStringLiteral("a device path must be 1 to 4096 characters"));
    }
    if (!path.startsWith(devRoot + QLatin1Char('/'))) {
        return bad(QStringLiteral("%1 is not a path under %2/").arg(shownPath(path), devRoot));
    }
    QStringList pending = components(path.mid(devRoot.size()));
    if (pending.contains(QStringLiteral(".."))) {
        return bad(QStringLiteral("%1: a device path may not contain '..'").arg(shownPath(path)));
    }
    auto trusted = [&](const QString& dir, const struct stat& st) -> Result<void> {
        // Root's, and writable by no one else: a group may write only if it is root's own group, or the
        // group "disk", whose members can write every disk anyway (mdadm makes /dev/md root:disk 0770
        // where no udev runs).
        const bool groupWrites = (st.st_mode & S_IWGRP) && st.st_gid != 0 && st.st_gid != diskGroup();
        if (st.st_uid != trustedUid || groupWrites || (st.st_mode & S_IWOTH)) {
            return bad(QStringLiteral("%1 passes through %2, which %3 can change; give the device's own node "
                                      "or a link under /dev/disk")
                           .arg(shownPath(path), shownPath(dir),
                                (st.st_mode & S_IWOTH) ? QStringLiteral("anyone") : QStringLiteral("not only root")));
        }
        return {};
    };
    struct stat st
    { };
    if (::stat(QFile::encodeName(devRoot).constData(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        return bad(QStringLiteral("%1 is not a directory").arg(devRoot));
    }
    if (auto ok = trusted(devRoot, st); !ok) {
        return ok.error();
    }
    QString current = devRoot;
    int links = 0;
    while (!pending.isEmpty()) {
        const QString part = pending.takeFirst();
        if (part == QLatin1String("..")) {
            // Only a link's target brings us here; it may not climb out of devRoot.
            if (current == devRoot) {
                return bad(QStringLiteral("%1 leads out of %2/").arg(shownPath(path), devRoot));
            }
            current = current.left(current.lastIndexOf(QLatin1Char('/')));
            continue;
        }
        const QString next = current + QLatin1Char('/') + part;
        const QByteArray encoded = QFile::encodeName(next);
        if (::lstat(encoded.constData(), &st) != 0) {
            const int err = errno;
            return makeError(err == ENOENT ? ErrorCode::notFound : ErrorCode::badPath,
                             next == path || pending.isEmpty()
                                 ? QStringLiteral("%1 does not exist").arg(shownPath(path))
                                 : QStringLiteral("%1: %2: %3").arg(shownPath(path), shownPath(next), errnoText(err)));
        }
        if (S_ISLNK(st.st_mode)) {
            if (++links > maxLinks) {
                return bad(QStringLiteral("%1: too many links (a loop?)").arg(shownPath(path)));
            }
            char target[4096];
            const ssize_t n = ::readlink(encoded.constData(), target, sizeof(target) - 1);
            if (n <= 0) {
                return bad(QStringLiteral("%1: cannot read the link %2").arg(shownPath(path), shownPath(next)));
            }
            const QString to = QFile::decodeName(QByteArray(target, n));
            if (to.startsWith(QLatin1Char('/'))) {
                if (!to.startsWith(devRoot + QLatin1Char('/'))) {
                    return bad(QStringLiteral("%1 leads out of %2/").arg(shownPath(path), devRoot));
                }
                pending = components(to.mid(devRoot.size())) + pending;
                current = devRoot;
            } else {
                pending = components(to) + pending;
            }
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            if (auto ok = trusted(next, st); !ok) {
                return ok.error();
            }
            current = next;
            continue;
        }
        if (!pending.isEmpty()) {
            return bad(QStringLiteral("%1: %2 is not a directory").arg(shownPath(path), shownPath(next)));
        }
        return next;
    }
    return current;
}

} // namespace RaidBench
