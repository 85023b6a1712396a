#include "arrays/mdassemblyguard.h"

#include "util/atomicfile.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

namespace {

const QRegularExpression& guardName()
{
    static const QRegularExpression name(QStringLiteral("^raidbench-([a-z0-9]{1,12})\\.conf$"));
    return name;
}

} // namespace

MdAssemblyGuard::MdAssemblyGuard(QString etcRoot)
    : m_etcRoot(std::move(etcRoot))
{ }

QString MdAssemblyGuard::newUuid()
{
    QStringList groups;
    for (int i = 0; i < 4; ++i) {
        groups.append(QStringLiteral("%1").arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0')));
    }
    return groups.join(QLatin1Char(':'));
}

QStringList MdAssemblyGuard::directories() const
{
    // Debian's mdadm reads /etc/mdadm/mdadm.conf.d beside /etc/mdadm/mdadm.conf; mdadm as upstream builds
    // it (Fedora, Arch...) reads /etc/mdadm.conf.d, unless only /etc/mdadm/mdadm.conf exists (config.c,
    // load_conffile). Which one this mdadm reads is its build's choice: the guard goes in both.
    return {m_etcRoot + QStringLiteral("/mdadm/mdadm.conf.d"), m_etcRoot + QStringLiteral("/mdadm.conf.d")};
}

namespace {

/// A directory that is not there and cannot be made on a read-only file system: no mdadm reads a guard
/// from it, and nobody can have put anything there either.
const QString readOnlyCode = QStringLiteral("read-only");

/// Whether `path` is a directory (no link) of root's (or of this process's user, a test's) that no one
/// else may write; a root-owned sticky directory (/tmp, where a test's tree is) is let through.
bool trustedDirectory(const QString& path)
{
    struct stat st
    { };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISDIR(st.st_mode) ||
        (st.st_uid != 0 && st.st_uid != geteuid())) {
        return false;
    }
    return (st.st_mode & 0022) == 0 || (st.st_uid == 0 && (st.st_mode & S_ISVTX));
}

/// `dir` as a directory root may write its guard in: every directory from / down to it trusted, those
/// missing made (0755) on the way, and one that is there left with the mode its admin gave it.
Result<void> guardDirectory(const QString& dir)
{
    QStringList chain;
    for (QString at = dir; at != QLatin1String("/"); at = QFileInfo(at).path()) {
        chain.prepend(at);
    }
    for (const QString& at : chain) {
        if (::mkdir(QFile::encodeName(at).constData(), 0755) != 0 && errno != EEXIST) {
            const int err = errno;
            return makeError(err == EROFS ? readOnlyCode : ErrorCode::unsafeDirectory,
                             QStringLiteral("cannot make %1: %2").arg(at, errnoText(err)));
        }
        struct stat st
        { };
        const bool sticky = ::lstat(QFile::encodeName(at).constData(), &st) == 0 && (st.st_mode & S_ISVTX);
        if (!trustedDirectory(at) || (at == dir && sticky)) {
            return makeError(ErrorCode::unsafeDirectory,
                             QStringLiteral("%1 is not a directory that only root may write").arg(at));
        }
    }
    return {};
}

} // namespace

Result<void> MdAssemblyGuard::install(const QString& tag, const QStringList& uuids) const
{
    static const QRegularExpression uuidShape(QStringLiteral("^[0-9a-f]{8}(:[0-9a-f]{8}){3}$"));
    if (!guardName().match(QStringLiteral("raidbench-%1.conf").arg(tag)).hasMatch()) {
        return makeError(ErrorCode::badTag, QStringLiteral("%1 is not a RaidBench tag").arg(tag.left(64)));
    }
    QByteArray text = QByteArrayLiteral("# RaidBench, build ") + tag.toLatin1() +
        QByteArrayLiteral(": while its arrays exist, md adds no other device to them. Removed with them.\n");
    for (const QString& uuid : uuids) {
        if (!uuidShape.match(uuid).hasMatch()) {
            return makeError(ErrorCode::internal, QStringLiteral("%1 is not an md UUID").arg(uuid.left(64)));
        }
        text += QByteArrayLiteral("ARRAY <ignore> UUID=") + uuid.toLatin1() + '\n';
    }
    int written = 0;
    for (const QString& dir : directories()) {
        // Root's, and writable by root alone, all the way (a link or a user's directory is refused).
        if (auto ok = guardDirectory(dir); !ok) {
            if (ok.error().code == readOnlyCode) {
                continue; // /etc read-only (the lab's): the other one, if any, is where mdadm reads
            }
            (void)remove(tag);
            return ok.error();
        }
        if (auto ok = writeFileAtomically(dir + QStringLiteral("/raidbench-%1.conf").arg(tag), text, {}, 0644); !ok) {
            (void)remove(tag);
            return ok.error();
        }
        ++written;
    }
    if (written == 0) {
        return makeError(ErrorCode::writeFailed,
                         QStringLiteral("no directory of mdadm's configuration can be written (%1)")
                             .arg(directories().join(QStringLiteral(", "))));
    }
    return {};
}

Result<void> MdAssemblyGuard::remove(const QString& tag) const
{
    if (!guardName().match(QStringLiteral("raidbench-%1.conf").arg(tag)).hasMatch()) {
        return {};
    }
    for (const QString& dir : directories()) {
        const QByteArray path = QFile::encodeName(dir + QStringLiteral("/raidbench-%1.conf").arg(tag));
        struct stat st
        { };
        if (::lstat(path.constData(), &st) != 0) {
            continue;
        }
        if (!S_ISREG(st.st_mode) || st.st_uid != 0 || ::unlink(path.constData()) != 0) {
            const int err = errno;
            return makeError(ErrorCode::writeFailed,
                             QStringLiteral("cannot remove %1: %2")
                                 .arg(QFile::decodeName(path),
                                      S_ISREG(st.st_mode) ? errnoText(err) : QStringLiteral("not a file of root's")));
        }
    }
    return {};
}

QStringList MdAssemblyGuard::removeStale(const QSet<QString>& liveTags) const
{
    QHash<QString, QStringList> stale; // tag -> its guard files, in either directory
    for (const QString& dir : directories()) {
        for (const QString& name :
             QDir(dir).entryList({QStringLiteral("raidbench-*.conf")}, QDir::Files | QDir::System)) {
            const auto match = guardName().match(name);
            if (match.hasMatch() && !liveTags.contains(match.captured(1))) {
                stale[match.captured(1)].append(dir + QLatin1Char('/') + name);
            }
        }
    }
    QStringList removed;
    for (auto it = stale.cbegin(); it != stale.cend(); ++it) {
        if (remove(it.key())) {
            removed += it.value();
        }
    }
    return removed;
}

} // namespace RaidBench
