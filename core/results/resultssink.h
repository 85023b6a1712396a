#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <sys/types.h>

namespace RaidBench {

/// Where a run's results go, every time they change: one file, written whole each time (a new file
/// renamed over the old one, so a reader never sees half of it). When that file cannot be written
/// (a full disk, a directory gone), the results go to a fallback file from then on, and the sink
/// says so once: nothing measured is lost. The runner, the window and the CLI all save through one.
class ResultsSink
{
public:
    /// Told once, when the results move to the fallback file: why, and where they go now.
    using MovedHandler = std::function<void(const Error& why, const QString& fallback)>;

    /// `fallbackDirectory`: where a fallback file goes (made private, 0700, when first used); empty:
    /// the temporary directory. `mode`: the files' permissions.
    explicit ResultsSink(QString path, QString fallbackDirectory = {}, mode_t mode = 0644);

    void setMovedHandler(MovedHandler handler) { m_moved = std::move(handler); }

    /// Writes `bytes` to the current file; on the first failure, to a new fallback file.
    Result<void> write(const QByteArray& bytes);

    /// The file the results are in now: the one asked for, or the fallback.
    const QString& path() const { return m_current; }
    const QString& requestedPath() const { return m_path; }
    bool movedToFallback() const { return m_current != m_path; }

    /// A fallback file's name in `directory` (the temporary directory when empty): not a name anyone
    /// can guess and take first (a directory there would stop the saving).
    static QString fallbackPath(const QString& directory = {});

private:
    QString m_path;
    QString m_fallbackDirectory;
    QString m_current;
    mode_t m_mode;
    MovedHandler m_moved;
};

} // namespace RaidBench
