#pragma once

#include "engine/iojob.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <sys/types.h>
#include <utility>

struct stat;

namespace RaidBench {

/// The file or block device a job runs on, opened with the flags the job needs, and the byte range
/// within it that the job may touch. Refuses what the engine must not do (write a block device
/// without the destroy-data flag, open a busy device, I/O that O_DIRECT cannot take).
class IoTarget
{
public:
    enum class Kind { File, Block };

    IoTarget() = default;
    ~IoTarget();
    IoTarget(IoTarget&& other) noexcept;
    IoTarget& operator=(IoTarget&& other) noexcept;
    IoTarget(const IoTarget&) = delete;
    IoTarget& operator=(const IoTarget&) = delete;

    /// Opens (creating a regular file if absent) and checks the target. Adds what the user should know
    /// to `notes` (a file created, a range rounded down).
    static Result<IoTarget> open(const IoJob& job, QStringList& notes);

    int fd() const { return m_fd; }
    Kind kind() const { return m_kind; }
    QString kindName() const { return m_kind == Kind::Block ? QStringLiteral("block") : QStringLiteral("file"); }
    bool created() const { return m_created; }
    std::uint64_t size() const { return m_size; }
    std::uint32_t logicalBlockSize() const { return m_logicalBlockSize; }
    std::uint64_t rangeStart() const { return m_rangeStart; }
    std::uint64_t rangeLength() const { return m_rangeLength; }

    /// Turns an errno from an I/O on this target into the user-facing error text.
    QString describeIoError(int err, bool write, std::uint64_t offset, std::uint32_t length) const;

private:
    static Result<IoTarget> openChecked(const IoJob& job, QStringList& notes, bool& created);
    /// openChecked()'s parts: the block device or regular file `path` in `dirFd` opened (`flags`:
    /// access, O_DIRECT, O_DSYNC) and checked to be what was looked at (`st`; a file made here, the
    /// one made: `createdAs`); then the range of the job within it, aligned for O_DIRECT.
    Result<void> openBlock(const IoJob& job, int dirFd, const QByteArray& path, int flags, const struct stat& st);
    Result<void> openFile(const IoJob& job, int dirFd, const QByteArray& path, int flags,
                          const std::optional<std::pair<dev_t, ino_t>>& createdAs);
    Result<void> setRange(const IoJob& job, QStringList& notes);

    int m_fd = -1;
    Kind m_kind = Kind::File;
    bool m_created = false;
    bool m_direct = true;
    QString m_path;
    std::uint64_t m_size = 0;
    std::uint32_t m_logicalBlockSize = 512;
    std::uint64_t m_rangeStart = 0;
    std::uint64_t m_rangeLength = 0;
};

} // namespace RaidBench
