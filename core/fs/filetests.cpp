#include "fs/filetests.h"

#include "engine/ioengine.h"
#include "fs/filecommand.h"
#include "util/cancelflag.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/monotonicclock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <numeric>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace RaidBench {

namespace {

double cpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
        double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/// Times a phase: wall clock and this process's CPU.
struct PhaseClock
{
    std::uint64_t start = monotonicNs();
    double cpu = cpuSeconds();

    FilePhase finish(const QString& name, std::uint64_t ops, std::uint64_t bytes) const
    {
        FilePhase phase;
        phase.name = name;
        phase.ops = ops;
        phase.bytes = bytes;
        phase.seconds = double(monotonicNs() - start) / 1e9;
        phase.cpuPct = phase.seconds > 0 ? 100.0 * (cpuSeconds() - cpu) / phase.seconds : 0;
        return phase;
    }
};

FilePhase fromEngine(const QString& name, const IoResult& result)
{
    FilePhase phase;
    phase.name = name;
    phase.ops = result.ios;
    phase.bytes = result.bytes;
    phase.seconds = double(result.elapsedNs) / 1e9;
    phase.cpuPct = phase.seconds > 0 ? 100.0 * (result.cpuUserS + result.cpuSysS) / phase.seconds : 0;
    return phase;
}

/// A directory only this process's user can write, made with mkdtemp inside the test directory and
/// held open: every file of a test is opened relative to it (openat, no link followed), so a link
/// someone plants in the test directory can never steer root to another file. Removed with
/// everything in it when it goes.
class ScratchDirectory
{
public:
    ScratchDirectory(const QString& parent, const QString& kind)
    {
        QByteArray pattern = QFile::encodeName(QStringLiteral("%1/.raidbench-%2-XXXXXX").arg(parent, kind));
        if (!::mkdtemp(pattern.data())) {
            m_error = QStringLiteral("cannot create a directory in %1: %2").arg(parent, errnoText(errno));
            return;
        }
        m_path = QFile::decodeName(pattern);
        m_name = pattern.mid(pattern.lastIndexOf('/') + 1);
        m_parent = ::open(QFile::encodeName(parent).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        m_fd = ::openat(m_parent, m_name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        struct stat st
        { };
        // Whoever owns the test directory could have swapped ours for theirs in between: it must be ours.
        if (m_parent < 0 || m_fd < 0 || ::fstat(m_fd, &st) != 0 || st.st_uid != geteuid() || (st.st_mode & 0077) != 0) {
            m_error = QStringLiteral("%1 is not the private directory RaidBench made").arg(m_path);
            if (m_fd >= 0) {
                ::close(m_fd);
                m_fd = -1;
            }
        }
    }
    ~ScratchDirectory()
    {
        if (m_fd >= 0) {
            removeContents(m_fd);
            struct stat ours
            { };
            struct stat named
            { };
            // Remove it by name only if the name still is our directory.
            if (::fstat(m_fd, &ours) == 0 &&
                ::fstatat(m_parent, m_name.constData(), &named, AT_SYMLINK_NOFOLLOW) == 0 &&
                ours.st_dev == named.st_dev && ours.st_ino == named.st_ino) {
                ::unlinkat(m_parent, m_name.constData(), AT_REMOVEDIR);
            }
            ::close(m_fd);
        }
        if (m_parent >= 0) {
            ::close(m_parent);
        }
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    bool ok() const { return m_fd >= 0; }
    QString error() const { return m_error; }
    int fd() const { return m_fd; }
    QString path() const { return m_path; }
    QString filePath(const QString& name) const { return m_path + QLatin1Char('/') + name; }

private:
    static void removeContents(int dirFd)
    {
        for (int pass = 0; pass < 4; ++pass) {
            const int copy = ::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            DIR* dir = copy >= 0 ? fdopendir(copy) : nullptr;
            if (!dir) {
                if (copy >= 0) {
                    ::close(copy);
                }
                return;
            }
            bool removed = false;
            while (const dirent* entry = readdir(dir)) {
                if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0) {
                    continue;
                }
                struct stat st
                { };
                if (::fstatat(dirFd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
                    continue;
                }
                if (S_ISDIR(st.st_mode)) {
                    const int sub = ::openat(dirFd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                    if (sub >= 0) {
                        removeContents(sub);
                        ::close(sub);
                    }
                    removed = ::unlinkat(dirFd, entry->d_name, AT_REMOVEDIR) == 0 || removed;
                } else {
                    removed = ::unlinkat(dirFd, entry->d_name, 0) == 0 || removed;
                }
            }
            closedir(dir);
            if (!removed) {
                return;
            }
        }
    }

    QString m_path;
    QByteArray m_name;
    QString m_error;
    int m_parent = -1;
    int m_fd = -1;
};

void fileSequential(const FileTestParams& params, const std::atomic_bool* cancel, FileTestResult& result)
{
    ScratchDirectory scratch(params.directory, QStringLiteral("fileseq"));
    if (!scratch.ok()) {
        result.status = RunState::Failed;
        result.error = scratch.error();
        return;
    }
    const QString path = scratch.filePath(QStringLiteral("data"));
    IoJob write;
    write.target = path;
    write.directoryFd = scratch.fd();
    write.pattern = IoPattern::Write;
    write.blockSize = params.blockSize;
    write.queueDepth = 1;
    write.sizeLimit = params.fileSize;
    write.direct = params.direct;
    const IoResult written = IoEngine::run(write, cancel);
    result.phases.append(fromEngine(QStringLiteral("write"), written));
    if (written.status != IoStatus::Completed) {
        result.status = written.status == IoStatus::Cancelled ? RunState::Cancelled : RunState::Failed;
        result.error = written.error ? written.error->message : QString();
        return;
    }
    // Rewrite, as bonnie does: read each block, change it, write it back in place.
    const int fd = ::openat(scratch.fd(), "data", O_RDWR | O_NOFOLLOW | O_CLOEXEC | (params.direct ? O_DIRECT : 0));
    if (fd < 0) {
        result.status = RunState::Failed;
        result.error = QStringLiteral("cannot reopen %1: %2").arg(path, errnoText(errno));
        return;
    }
    void* buffer = nullptr;
    if (posix_memalign(&buffer, 4096, params.blockSize) != 0) {
        ::close(fd);
        result.status = RunState::Failed;
        result.error = QStringLiteral("out of memory");
        return;
    }
    PhaseClock clock;
    std::uint64_t done = 0;
    std::uint64_t blocks = 0;
    QString failure;
    for (std::uint64_t at = 0; at + params.blockSize <= written.bytes && !cancelled(cancel); at += params.blockSize) {
        if (::pread(fd, buffer, params.blockSize, off_t(at)) != ssize_t(params.blockSize)) {
            failure = QStringLiteral("rewrite: read at offset %1 failed: %2").arg(at).arg(errnoText(errno));
            break;
        }
        static_cast<unsigned char*>(buffer)[at / params.blockSize % params.blockSize] ^= 0x5a;
        if (::pwrite(fd, buffer, params.blockSize, off_t(at)) != ssize_t(params.blockSize)) {
            failure = QStringLiteral("rewrite: write at offset %1 failed: %2").arg(at).arg(errnoText(errno));
            break;
        }
        done += params.blockSize;
        ++blocks;
    }
    if (failure.isEmpty() && ::fdatasync(fd) != 0) {
        failure = QStringLiteral("rewrite: fdatasync failed: %1").arg(errnoText(errno));
    }
    result.phases.append(clock.finish(QStringLiteral("rewrite"), blocks, done));
    // The read must come from the disk, not from what the writes left in the page cache.
    posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    ::close(fd);
    free(buffer);
    if (!failure.isEmpty() || cancelled(cancel)) {
        result.status = failure.isEmpty() ? RunState::Cancelled : RunState::Failed;
        result.error = failure;
        return;
    }
    IoJob read = write;
    read.pattern = IoPattern::Read;
    read.sizeLimit = written.bytes;
    const IoResult readBack = IoEngine::run(read, cancel);
    result.phases.append(fromEngine(QStringLiteral("read"), readBack));
    if (readBack.status != IoStatus::Completed) {
        result.status = readBack.status == IoStatus::Cancelled ? RunState::Cancelled : RunState::Failed;
        result.error = readBack.error ? readBack.error->message : QString();
    }
    result.details.insert(QStringLiteral("direct"), params.direct);
}

void fileSeeks(const FileTestParams& params, const std::atomic_bool* cancel, FileTestResult& result)
{
    ScratchDirectory scratch(params.directory, QStringLiteral("seeks"));
    if (!scratch.ok()) {
        result.status = RunState::Failed;
        result.error = scratch.error();
        return;
    }
    IoJob prepare;
    prepare.target = scratch.filePath(QStringLiteral("data"));
    prepare.directoryFd = scratch.fd();
    prepare.pattern = IoPattern::Write;
    prepare.blockSize = 1u << 20;
    prepare.queueDepth = 4;
    prepare.sizeLimit = params.fileSize;
    prepare.direct = false;
    const IoResult prepared = IoEngine::run(prepare, cancel);
    if (prepared.status != IoStatus::Completed) {
        result.status = prepared.status == IoStatus::Cancelled ? RunState::Cancelled : RunState::Failed;
        result.error = prepared.error ? prepared.error->message : QString();
        return;
    }
    IoJob seeks = prepare;
    seeks.pattern = IoPattern::RandRead;
    seeks.blockSize = 4096;
    seeks.queueDepth = 1;
    seeks.sizeLimit = 0;
    seeks.timeLimitNs = params.timeNs;
    seeks.direct = true;
    IoResult sought = IoEngine::run(seeks, cancel);
    if (sought.status == IoStatus::Failed && sought.error && sought.error->code == ErrorCode::directIoUnsupported) {
        seeks.direct = false; // tmpfs and the like: through the page cache, and say so
        sought = IoEngine::run(seeks, cancel);
        result.details.insert(QStringLiteral("note"),
                              QStringLiteral("no O_DIRECT on this file system: reads hit the page cache"));
    }
    result.phases.append(fromEngine(QStringLiteral("seeks"), sought));
    result.details.insert(QStringLiteral("file_bytes"), double(params.fileSize));
    if (sought.status != IoStatus::Completed) {
        result.status = sought.status == IoStatus::Cancelled ? RunState::Cancelled : RunState::Failed;
        result.error = sought.error ? sought.error->message : QString();
    }
}

/// The small-files test's phases over one private directory: create, stat, read and delete every
/// file, in the order given; each adds its phase to the result, the first failure stops the rest.
struct SmallFiles
{
    const FileTestParams& params;
    const std::atomic_bool* cancel;
    FileTestResult& result;
    const ScratchDirectory& scratch;
    int root = -1;
    int directories = 1;
    QByteArray data {};
    QByteArray readBuffer {};
    QString failure {};

    /// Names relative to the private directory (the directories in them are ours and only ours), made
    /// as they are needed: ten million files cost 40 MB of indices, not a gigabyte of names.
    QByteArray name(int i) const
    {
        char text[32];
        std::snprintf(text, sizeof(text), "d%03d/f%07d", i % directories, i);
        return QByteArray(text);
    }
    QString where(int i) const { return scratch.filePath(QString::fromLatin1(name(i))); }

    void createAll(const std::vector<int>& order, const QString& phase)
    {
        PhaseClock clock;
        std::uint64_t count = 0;
        for (const int i : order) {
            if (cancelled(cancel)) {
                break;
            }
            const int fd =
                ::openat(root, name(i).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
            if (fd < 0) {
                failure = QStringLiteral("%1: cannot create %2: %3").arg(phase, where(i), errnoText(errno));
                break;
            }
            if (!data.isEmpty() && ::write(fd, data.constData(), size_t(data.size())) != data.size()) {
                failure = QStringLiteral("%1: cannot write %2: %3").arg(phase, where(i), errnoText(errno));
                ::close(fd);
                break;
            }
            if (params.fsync == QLatin1String("each")) {
                ::fsync(fd);
            }
            ::close(fd);
            ++count;
        }
        if (params.fsync == QLatin1String("end") && failure.isEmpty()) {
            ::syncfs(root);
        }
        result.phases.append(clock.finish(phase, count, count * std::uint64_t(data.size())));
    }

    void statAll(const std::vector<int>& order, const QString& phase)
    {
        PhaseClock clock;
        std::uint64_t count = 0;
        struct stat st
        { };
        for (const int i : order) {
            if (cancelled(cancel) || ::fstatat(root, name(i).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                break;
            }
            ++count;
        }
        result.phases.append(clock.finish(phase, count, 0));
    }

    void readAll(const std::vector<int>& order, const QString& phase)
    {
        PhaseClock clock;
        std::uint64_t count = 0;
        std::uint64_t bytes = 0;
        for (const int i : order) {
            if (cancelled(cancel)) {
                break;
            }
            const int fd = ::openat(root, name(i).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
            if (fd < 0) {
                failure = QStringLiteral("%1: cannot open %2: %3").arg(phase, where(i), errnoText(errno));
                break;
            }
            const ssize_t n = ::read(fd, readBuffer.data(), size_t(readBuffer.size()));
            ::close(fd);
            bytes += n > 0 ? std::uint64_t(n) : 0;
            ++count;
        }
        result.phases.append(clock.finish(phase, count, bytes));
    }

    void deleteAll(const std::vector<int>& order, const QString& phase)
    {
        PhaseClock clock;
        std::uint64_t count = 0;
        for (const int i : order) {
            if (::unlinkat(root, name(i).constData(), 0) == 0) {
                ++count;
            }
        }
        result.phases.append(clock.finish(phase, count, 0));
    }
};

void smallFiles(const FileTestParams& params, const std::atomic_bool* cancel, FileTestResult& result)
{
    ScratchDirectory scratch(params.directory, QStringLiteral("smallfiles"));
    if (!scratch.ok()) {
        result.status = RunState::Failed;
        result.error = scratch.error();
        return;
    }
    SmallFiles run {params, cancel, result, scratch};
    run.root = scratch.fd();
    run.directories = std::max(1, params.directories);
    for (int d = 0; d < run.directories; ++d) {
        ::mkdirat(run.root, QStringLiteral("d%1").arg(d, 3, 10, QLatin1Char('0')).toLatin1().constData(), 0755);
    }
    run.data = QByteArray(qsizetype(params.smallFileSize), 'r');
    run.readBuffer = QByteArray(qsizetype(std::max<std::uint64_t>(params.smallFileSize, 1)), '\0');
    std::vector<int> names(size_t(params.files));
    std::iota(names.begin(), names.end(), 0);
    std::vector<int> shuffled = names;
    std::shuffle(shuffled.begin(), shuffled.end(), *QRandomGenerator::global());
    for (const auto& [order, suffix] :
         {std::pair {names, QString()}, std::pair {shuffled, QStringLiteral("-random")}}) {
        run.createAll(order, QStringLiteral("create") + suffix);
        if (run.failure.isEmpty() && !cancelled(cancel)) {
            run.statAll(order, QStringLiteral("stat") + suffix);
            run.readAll(order, QStringLiteral("read") + suffix);
        }
        run.deleteAll(order, QStringLiteral("delete") + suffix);
        if (!run.failure.isEmpty() || cancelled(cancel)) {
            break;
        }
    }
    result.details.insert(QStringLiteral("files"), params.files);
    result.details.insert(QStringLiteral("directories"), run.directories);
    result.details.insert(QStringLiteral("file_bytes"), double(params.smallFileSize));
    result.details.insert(QStringLiteral("fsync"), params.fsync);
    if (!run.failure.isEmpty()) {
        result.status = RunState::Failed;
        result.error = run.failure;
    } else if (cancelled(cancel)) {
        result.status = RunState::Cancelled;
    }
}

} // namespace

FileTestResult runFileTest(const FileTestParams& params, const std::atomic_bool* cancel,
                           const std::function<void(const QString&)>& progress)
{
    FileTestResult result;
    result.kind = params.kind;
    const QFileInfo dir(params.directory);
    if (!dir.isDir()) {
        result.status = RunState::Failed;
        result.error = QStringLiteral("%1 is not a directory").arg(params.directory);
        return result;
    }
    if (progress) {
        progress(QStringLiteral("%1 in %2").arg(testKindName(params.kind), params.directory));
    }
    if (params.kind == TestKind::FileSeq) {
        fileSequential(params, cancel, result);
    } else if (params.kind == TestKind::FileSeeks) {
        fileSeeks(params, cancel, result);
    } else if (params.kind == TestKind::SmallFiles) {
        smallFiles(params, cancel, result);
    } else if (params.kind == TestKind::Command) {
        commandTest(params, cancel, result);
    } else {
        result.status = RunState::Failed;
        result.error = QStringLiteral("unknown file test '%1'").arg(testKindName(params.kind));
    }
    return result;
}

} // namespace RaidBench
