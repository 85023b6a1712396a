#include "util/atomicfile.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

Result<void> writeFileAtomically(const QString& path, const QByteArray& data, const std::function<void()>& beforeRename,
                                 mode_t mode)
{
    auto fail = [&](const QString& what) {
        return makeError(ErrorCode::writeFailed, QStringLiteral("cannot %1 %2: %3").arg(what, path, errnoText(errno)));
    };
    const QByteArray target = QFile::encodeName(path);
    // A new file of an unpredictable name (mkstemp: O_CREAT|O_EXCL): a link planted beside the target
    // (root may write results into a directory a user can write) is never followed.
    QByteArray temporary = target + ".tmp-XXXXXX";
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd < 0) {
        return fail(QStringLiteral("write"));
    }
    ::fchmod(fd, mode);
    qsizetype written = 0;
    while (written < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + written, size_t(data.size() - written));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            ::unlink(temporary.constData());
            errno = err;
            return fail(QStringLiteral("write"));
        }
        written += n;
    }
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(temporary.constData());
        errno = err;
        return fail(QStringLiteral("sync"));
    }
    ::close(fd);
    if (beforeRename) {
        beforeRename();
    }
    if (::rename(temporary.constData(), target.constData()) != 0) {
        const int err = errno;
        ::unlink(temporary.constData());
        errno = err;
        return fail(QStringLiteral("replace"));
    }
    const int dir =
        ::open(QFile::encodeName(QFileInfo(path).absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return {};
}

} // namespace RaidBench
