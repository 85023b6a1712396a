#include "engine/iotarget.h"

#include "engine/blockbuffers.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QFileInfo>
#include <QScopeGuard>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace RaidBench {

namespace {

Error openError(const QString& path, int err, bool block)
{
    switch (err) {
    case EBUSY:
        return makeError(ErrorCode::deviceInUse,
                         QStringLiteral("%1 is in use (mounted, swap, or held by md, dm or LVM); the kernel refused "
                                        "exclusive access: %2")
                             .arg(path, errnoText(err)));
    case EACCES:
    case EPERM:
        return makeError(
            ErrorCode::permissionDenied,
            QStringLiteral("no permission to open %1: %2%3")
                .arg(path, errnoText(err),
                     block ? QStringLiteral(" (block devices need root or the RaidBench helper)") : QString()));
    case EROFS:
        return makeError(ErrorCode::readOnly, QStringLiteral("%1 is read-only: %2").arg(path, errnoText(err)));
    case EINVAL:
        return makeError(ErrorCode::directIoUnsupported,
                         QStringLiteral("the file system of %1 does not support O_DIRECT (tmpfs does not); use "
                                        "--buffered to measure through the page cache")
                             .arg(path));
    case ENOENT:
        return makeError(ErrorCode::notFound, QStringLiteral("%1 does not exist").arg(path));
    default:
        return makeError(ErrorCode::openFailed, QStringLiteral("cannot open %1: %2").arg(path, errnoText(err)));
    }
}

std::uint32_t directIoAlignment(int fd, std::uint32_t fallback)
{
    struct statx stx
    { };
    if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) == 0 && (stx.stx_mask & STATX_DIOALIGN) &&
        stx.stx_dio_offset_align != 0) {
        return stx.stx_dio_offset_align;
    }
    return fallback;
}

/// Writes the new file once so that a read job reads data, not holes, and drops it from the page cache.
Result<void> layOutFile(int fd, const QString& path, std::uint64_t bytes, std::uint64_t seed)
{
    BlockBuffers buffer;
    constexpr std::uint32_t chunk = 1u << 20;
    if (auto allocated = buffer.allocate(1, chunk, DataPattern::Random, seed); !allocated) {
        return allocated.error();
    }
    for (std::uint64_t at = 0; at < bytes;) {
        const std::uint64_t length = std::min<std::uint64_t>(chunk, bytes - at);
        buffer.stamp(0, at);
        const ssize_t written = pwrite(fd, buffer.buffer(0), length, off_t(at));
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            const int err = errno;
            return makeError(err == ENOSPC ? ErrorCode::noSpace : ErrorCode::ioError,
                             QStringLiteral("cannot lay out %1 for reading at offset %2: %3")
                                 .arg(path, QString::number(at), errnoText(err)));
        }
        at += std::uint64_t(written);
    }
    if (fdatasync(fd) != 0) {
        const int err = errno;
        return makeError(ErrorCode::ioError, QStringLiteral("cannot sync %1: %2").arg(path, errnoText(err)));
    }
    posix_fadvise(fd, 0, off_t(bytes), POSIX_FADV_DONTNEED);
    return {};
}

} // namespace

IoTarget::~IoTarget()
{
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

IoTarget::IoTarget(IoTarget&& other) noexcept
{
    *this = std::move(other);
}

IoTarget& IoTarget::operator=(IoTarget&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) {
            ::close(m_fd);
        }
        m_fd = std::exchange(other.m_fd, -1);
        m_kind = other.m_kind;
        m_created = other.m_created;
        m_direct = other.m_direct;
        m_path = other.m_path;
        m_size = other.m_size;
        m_logicalBlockSize = other.m_logicalBlockSize;
        m_rangeStart = other.m_rangeStart;
        m_rangeLength = other.m_rangeLength;
    }
    return *this;
}

Result<IoTarget> IoTarget::open(const IoJob& job, QStringList& notes)
{
    bool created = false;
    auto opened = openChecked(job, notes, created);
    if (!opened && created) {
        // Nothing half-done: a file this call created is removed when the job cannot run on it.
        const bool inDirectory = job.directoryFd >= 0;
        const QByteArray name = QFile::encodeName(inDirectory ? QFileInfo(job.target).fileName() : job.target);
        ::unlinkat(inDirectory ? job.directoryFd : AT_FDCWD, name.constData(), 0);
    }
    return opened;
}

namespace {

/// Creates the missing file `path` in `dirFd` (never through a link: O_EXCL, O_NOFOLLOW) at the size
/// the job needs, written through first when the job reads it; its device and inode.
/// `created`: the file exists now (the caller removes it when what follows fails).
Result<std::pair<dev_t, ino_t>> createTargetFile(const IoJob& job, int dirFd, const QByteArray& path, bool reads,
                                                 QStringList& notes, bool& created)
{
    // Creating a regular file is right for a benchmark file, never for a mistyped device name.
    if (job.target.startsWith(QLatin1String("/dev/"))) {
        return makeError(ErrorCode::notFound, QStringLiteral("%1 does not exist (no such device)").arg(job.target));
    }
    const std::uint64_t newSize = job.offset + (job.length ? job.length : job.sizeLimit);
    if (newSize == job.offset) {
        return makeError(
            ErrorCode::sizeRequired,
            QStringLiteral("%1 does not exist; give --size so a file of that size can be created").arg(job.target));
    }
    // O_EXCL: a link planted at this name makes the create fail instead of being followed.
    const int fd = ::openat(dirFd, path.constData(), O_CREAT | O_EXCL | O_NOFOLLOW | O_RDWR | O_CLOEXEC, 0644);
    if (fd < 0) {
        return openError(job.target, errno, false);
    }
    created = true;
    auto cleanup = [&](const Error& error) -> Result<std::pair<dev_t, ino_t>> {
        ::close(fd);
        return error;
    };
    struct stat made
    { };
    if (::fstat(fd, &made) != 0) {
        return cleanup(makeError(ErrorCode::createFailed,
                                 QStringLiteral("cannot look at %1: %2").arg(job.target, errnoText(errno))));
    }
    if (ftruncate(fd, off_t(newSize)) != 0) {
        const int err = errno;
        return cleanup(makeError(ErrorCode::createFailed,
                                 QStringLiteral("cannot size %1 to %2 bytes: %3")
                                     .arg(job.target, QString::number(newSize), errnoText(err))));
    }
    if (reads) {
        if (auto laidOut = layOutFile(fd, job.target, newSize, job.seed ^ 0x5eedull); !laidOut) {
            return cleanup(laidOut.error());
        }
        notes.append(QStringLiteral("created %1 and wrote %2 to it before reading (not measured)")
                         .arg(job.target, Units::formatBytesBinary(double(newSize))));
    } else {
        notes.append(
            QStringLiteral("created %1 (%2, sparse)").arg(job.target, Units::formatBytesBinary(double(newSize))));
    }
    ::close(fd);
    return std::make_pair(made.st_dev, made.st_ino);
}

/// What the target found is allowed to be for this job: a regular file in a directory given as a
/// descriptor, the kind the caller checked, not a directory; as root, an existing file written only
/// in a directory no one else can write.
Result<void> checkTargetKind(const IoJob& job, const struct stat& st, int dirFd, bool inDirectory, bool created)
{
    const bool writes = patternWrites(job.pattern);
    if (inDirectory && !S_ISREG(st.st_mode)) {
        return makeError(ErrorCode::invalidTarget,
                         QStringLiteral("%1 is not a regular file (links are not followed here)").arg(job.target));
    }
    // What the caller decided it is (raidbench-cli bench gates block devices and not files): the same
    // kind now, or someone swapped it in between.
    if ((job.expect == IoJob::TargetKind::File && !S_ISREG(st.st_mode)) ||
        (job.expect == IoJob::TargetKind::Block && !S_ISBLK(st.st_mode))) {
        return makeError(ErrorCode::invalidTarget,
                         QStringLiteral("%1 changed kind since it was checked").arg(job.target));
    }
    if (writes && !created && S_ISREG(st.st_mode) && geteuid() == 0 && !inDirectory) {
        // Root overwrites an existing file only in a directory no one else can write: where a user can
        // swap directories and files, root makes new files only (O_CREAT|O_EXCL).
        struct stat dir
        { };
        const bool othersWrite = ::fstat(dirFd, &dir) != 0 || (dir.st_mode & S_IWOTH) ||
            ((dir.st_mode & S_IWGRP) && dir.st_gid != 0) || (dir.st_uid != 0);
        if (othersWrite) {
            return makeError(ErrorCode::invalidTarget,
                             QStringLiteral("%1 already exists in a directory others can write; as root, RaidBench "
                                            "writes only new files there (remove it, or use a directory of root's)")
                                 .arg(job.target));
        }
    }

    if (S_ISDIR(st.st_mode)) {
        return makeError(ErrorCode::isDirectory,
                         QStringLiteral("%1 is a directory; give a file or a block device").arg(job.target));
    }
    return {};
}

} // namespace

Result<void> IoTarget::setRange(const IoJob& job, QStringList& notes)
{
    if (job.direct) {
        const std::uint32_t align = m_logicalBlockSize;
        if (job.blockSize % align != 0) {
            return makeError(ErrorCode::misaligned,
                             QStringLiteral("block size %1 is not a multiple of %2 bytes, the O_DIRECT alignment of "
                                            "%3; choose a multiple of %2 or use --buffered")
                                 .arg(QString::number(job.blockSize), QString::number(align), job.target));
        }
        if (job.offset % align != 0) {
            return makeError(ErrorCode::misaligned,
                             QStringLiteral("offset %1 is not a multiple of %2 bytes, the O_DIRECT alignment of %3")
                                 .arg(QString::number(job.offset), QString::number(align), job.target));
        }
    }
    if (job.offset >= m_size) {
        return makeError(ErrorCode::invalidRange,
                         QStringLiteral("offset %1 is at or beyond the end of %2 (%3 bytes)")
                             .arg(QString::number(job.offset), job.target, QString::number(m_size)));
    }
    std::uint64_t length = job.length ? job.length : m_size - job.offset;
    if (job.offset + length > m_size) {
        return makeError(
            ErrorCode::invalidRange,
            QStringLiteral("range %1+%2 ends beyond the end of %3 (%4 bytes)")
                .arg(QString::number(job.offset), QString::number(length), job.target, QString::number(m_size)));
    }
    const std::uint64_t rounded = length - length % job.blockSize;
    if (rounded == 0) {
        return makeError(
            ErrorCode::invalidRange,
            QStringLiteral("%1 has %2 bytes from offset %3, less than one block of %4")
                .arg(job.target, QString::number(length), QString::number(job.offset), QString::number(job.blockSize)));
    }
    if (rounded != length) {
        notes.append(QStringLiteral("range rounded down from %1 to %2 bytes, a whole number of blocks")
                         .arg(QString::number(length), QString::number(rounded)));
    }
    m_rangeStart = job.offset;
    m_rangeLength = rounded;
    return {};
}

Result<void> IoTarget::openBlock(const IoJob& job, int dirFd, const QByteArray& path, int flags, const struct stat& st)
{
    const bool writes = patternWrites(job.pattern);
    m_kind = Kind::Block;
    if (writes && !job.destroyData) {
        return makeError(ErrorCode::destroyDataRequired,
                         QStringLiteral("writing to block device %1 destroys the data on it; pass "
                                        "--destroy-data if that is what you want")
                             .arg(job.target));
    }
    if (writes && (!job.verified || !job.verified->names(job.target))) {
        // No write to a block device without the device gate's check of it, made right before.
        return makeError(ErrorCode::deviceChanged,
                         QStringLiteral("%1 was not checked by the device gate right before this write; "
                                        "RaidBench does not write it")
                             .arg(job.target));
    }
    // O_EXCL on a block device: the kernel refuses it when it is mounted or held by md/dm.
    m_fd = ::openat(dirFd, path.constData(), flags | O_EXCL | O_CLOEXEC);
    if (m_fd < 0) {
        return openError(job.target, errno, true);
    }
    struct stat opened
    { };
    if (::fstat(m_fd, &opened) != 0 || !S_ISBLK(opened.st_mode) || opened.st_rdev != st.st_rdev) {
        return makeError(ErrorCode::deviceChanged,
                         QStringLiteral("%1 changed while it was being opened").arg(job.target));
    }
    if (writes && std::uint64_t(opened.st_rdev) != job.verified->rdev()) {
        return makeError(
            ErrorCode::deviceChanged,
            QStringLiteral("%1 is not the device the gate checked (it is %2:%3 now)")
                .arg(job.target, QString::number(major(opened.st_rdev)), QString::number(minor(opened.st_rdev))));
    }
    std::uint64_t bytes = 0;
    int sector = 512;
    if (ioctl(m_fd, BLKGETSIZE64, &bytes) != 0 || ioctl(m_fd, BLKSSZGET, &sector) != 0) {
        return makeError(ErrorCode::openFailed,
                         QStringLiteral("cannot read the size of %1: %2").arg(job.target, errnoText(errno)));
    }
    m_size = bytes;
    m_logicalBlockSize = std::uint32_t(sector);
    return {};
}

Result<void> IoTarget::openFile(const IoJob& job, int dirFd, const QByteArray& path, int flags,
                                const std::optional<std::pair<dev_t, ino_t>>& createdAs)
{
    m_kind = Kind::File;
    // A regular file is opened as itself, never through a link (root must not be steered to
    // another file by a link someone planted).
    m_fd = ::openat(dirFd, path.constData(), flags | O_NOFOLLOW | O_CLOEXEC);
    if (m_fd < 0) {
        if (errno == ELOOP) {
            return makeError(ErrorCode::invalidTarget,
                             QStringLiteral("%1 is a symbolic link; give the file itself").arg(job.target));
        }
        return openError(job.target, errno, false);
    }
    struct stat opened
    { };
    if (::fstat(m_fd, &opened) != 0 || !S_ISREG(opened.st_mode) ||
        (createdAs && (opened.st_dev != createdAs->first || opened.st_ino != createdAs->second))) {
        return makeError(ErrorCode::invalidTarget,
                         QStringLiteral("%1 changed while it was being opened").arg(job.target));
    }
    m_size = std::uint64_t(opened.st_size);
    m_logicalBlockSize = job.direct ? directIoAlignment(m_fd, 512) : 1;
    return {};
}

Result<IoTarget> IoTarget::openChecked(const IoJob& job, QStringList& notes, bool& created)
{
    IoTarget target;
    target.m_path = job.target;
    target.m_direct = job.direct;
    // In a directory given as a descriptor: its one entry, never through a link. Otherwise the target's
    // directory is opened once, and everything below (look, create, open) happens in that very one.
    const bool inDirectory = job.directoryFd >= 0;
    int parentFd = -1;
    const auto closeParent = qScopeGuard([&] {
        if (parentFd >= 0) {
            ::close(parentFd);
        }
    });
    if (!inDirectory) {
        const QString parent = QFileInfo(job.target).absolutePath();
        parentFd = ::open(QFile::encodeName(parent).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (parentFd < 0) {
            const int err = errno;
            return err == ENOENT || err == ENOTDIR
                ? makeError(ErrorCode::notFound, QStringLiteral("directory %1 does not exist").arg(parent))
                : openError(job.target, err, false);
        }
    }
    const int dirFd = inDirectory ? job.directoryFd : parentFd;
    const QByteArray path = QFile::encodeName(QFileInfo(job.target).fileName());
    const bool writes = patternWrites(job.pattern);
    const bool reads = patternReads(job.pattern);
    const int access = writes && reads ? O_RDWR : (writes ? O_WRONLY : O_RDONLY);
    // O_DSYNC only where the job writes: a read job's flags stay as they were.
    const int directFlag = (job.direct ? O_DIRECT : 0) | (job.dsync && writes ? O_DSYNC : 0);

    struct stat st
    { };
    std::optional<std::pair<dev_t, ino_t>> createdAs;
    if (::fstatat(dirFd, path.constData(), &st, inDirectory ? AT_SYMLINK_NOFOLLOW : 0) != 0) {
        const int err = errno;
        if (err != ENOENT) {
            return openError(job.target, err, false);
        }
        auto made = createTargetFile(job, dirFd, path, reads, notes, created);
        target.m_created = created;
        if (!made) {
            return made.error();
        }
        createdAs = *made;
        if (::fstatat(dirFd, path.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            return openError(job.target, errno, false);
        }
    }
    if (auto allowed = checkTargetKind(job, st, dirFd, inDirectory, created); !allowed) {
        return allowed.error();
    }
    if (S_ISBLK(st.st_mode)) {
        if (auto opened = target.openBlock(job, dirFd, path, access | directFlag, st); !opened) {
            return opened.error();
        }
    } else if (S_ISREG(st.st_mode)) {
        if (auto opened = target.openFile(job, dirFd, path, access | directFlag, createdAs); !opened) {
            return opened.error();
        }
    } else {
        return makeError(ErrorCode::invalidTarget,
                         QStringLiteral("%1 is neither a regular file nor a block device").arg(job.target));
    }
    if (auto ranged = target.setRange(job, notes); !ranged) {
        return ranged.error();
    }
    return target;
}

QString IoTarget::describeIoError(int err, bool write, std::uint64_t offset, std::uint32_t length) const
{
    const QString what = write ? QStringLiteral("write") : QStringLiteral("read");
    if (err == EINVAL && m_direct) {
        return QStringLiteral("O_DIRECT %1 of %2 bytes at offset %3 of %4 was refused (EINVAL): the device or file "
                              "system needs other alignment; try another block size or --buffered")
            .arg(what, QString::number(length), QString::number(offset), m_path);
    }
    return QStringLiteral("%1 of %2 bytes at offset %3 of %4 failed: %5")
        .arg(what, QString::number(length), QString::number(offset), m_path, errnoText(err));
}

} // namespace RaidBench
