#include "arrays/mdsync.h"

#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "util/monotonicclock.h"
#include "util/statistics.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QThread>

#include <optional>

namespace RaidBench {

namespace {

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.read(256)).trimmed() : QString();
}

} // namespace

MdSyncState MdSyncState::parse(const QString& action, const QString& completed, const QString& speed,
                               const QString& degraded)
{
    MdSyncState state;
    state.action = action.trimmed();
    state.readable = !state.action.isEmpty();
    const QStringList parts = completed.trimmed().split(QLatin1Char('/'));
    if (parts.size() == 2) {
        state.doneSectors = parts.at(0).trimmed().toULongLong();
        state.totalSectors = parts.at(1).trimmed().toULongLong();
    }
    state.speedKiBs = speed.trimmed().toULongLong(); // "none" reads as 0
    state.degraded = degraded.trimmed().toInt();
    return state;
}

MdSyncState MdSyncState::read(const QString& mdDirectory)
{
    return parse(readText(mdDirectory + QStringLiteral("/sync_action")),
                 readText(mdDirectory + QStringLiteral("/sync_completed")),
                 readText(mdDirectory + QStringLiteral("/sync_speed")),
                 readText(mdDirectory + QStringLiteral("/degraded")));
}

QString mdSysDirectory(const QString& device, const QString& sysRoot)
{
    const QString name = QFileInfo(QFileInfo(device).canonicalFilePath()).fileName();
    static const QRegularExpression md(QStringLiteral("^md\\d+$"));
    if (!md.match(name).hasMatch()) {
        return {};
    }
    return QStringLiteral("%1/block/%2/md").arg(sysRoot, name);
}

double SyncTimeline::averageBytesPerSecond() const
{
    return seconds > 0 ? double(bytes) / seconds : 0;
}

double SyncTimeline::medianBytesPerSecond() const
{
    QList<double> rates;
    for (const SyncPoint& point : points) {
        if (point.bytesPerSecond > 0) {
            rates.append(point.bytesPerSecond);
        }
    }
    return median(rates);
}

MdSyncState SysfsSyncSource::readSync(const QString& mdDirectory) const
{
    return MdSyncState::read(mdDirectory);
}

void SysfsSyncSource::sleepMs(int milliseconds) const
{
    QThread::msleep(ulong(milliseconds));
}

double SysfsSyncSource::seconds() const
{
    return double(monotonicNs()) / 1e9;
}

SyncFollower::SyncFollower(QStringList mdDirectories, const SyncSource& source)
    : m_directories(std::move(mdDirectories))
    , m_source(source)
{ }

namespace {

/// One look at every array followed: the work done and to do (sectors), whether any works, how many
/// members are missing; `unreadable` names a directory that could not be read.
struct SyncLook
{
    std::uint64_t done = 0;
    std::uint64_t total = 0;
    bool working = false;
    int missing = 0;
    std::optional<QString> unreadable; ///< the directory that could not be read
};

/// `totals` keeps the largest total each array showed while it worked.
SyncLook lookAt(const QStringList& directories, const SyncSource& source, QHash<QString, std::uint64_t>& totals)
{
    SyncLook look;
    for (const QString& directory : directories) {
        const MdSyncState state = source.readSync(directory);
        if (!state.readable) {
            look.unreadable = directory;
            return look;
        }
        look.missing += state.degraded;
        if (state.working() && state.totalSectors > 0) {
            look.working = true;
            totals[directory] = std::max(totals.value(directory), state.totalSectors);
            look.done += state.doneSectors;
            look.total += totals.value(directory);
        } else {
            // Idle: an array that finished counts as whole; one that has not begun as nothing done.
            look.done += state.degraded == 0 ? totals.value(directory) : 0;
            look.total += totals.value(directory);
        }
    }
    return look;
}

} // namespace

Result<SyncTimeline> SyncFollower::follow(const std::atomic_bool* cancel, SyncTimeline* partial,
                                          const std::function<void(const SyncPoint&)>& sampled)
{
    SyncTimeline timeline;
    const double start = m_source.seconds();
    QHash<QString, std::uint64_t> totals; // the largest total each array showed while it worked
    std::uint64_t lastDone = 0;
    double lastAt = 0;
    bool started = false;
    int idleSamples = 0;
    int stoppedSamples = 0; // looks in a row that found no work with a member still missing
    constexpr double windowSeconds = 3;
    constexpr int pollsPerInterval = 5; // the end is seen within a fifth of the interval
    QList<std::pair<double, std::uint64_t>> history; // (seconds, done sectors) of the last samples
    auto keep = [&] {
        if (partial) {
            *partial = timeline;
        }
    };
    for (;;) {
        const double now = m_source.seconds() - start;
        const SyncLook look = lookAt(m_directories, m_source, totals);
        if (look.unreadable) {
            keep();
            return makeError(ErrorCode::ioError, QStringLiteral("cannot read %1").arg(*look.unreadable));
        }
        const std::uint64_t done = look.done;
        const std::uint64_t total = look.total;
        const bool working = look.working;
        const int missing = look.missing;
        if (working) {
            stoppedSamples = 0;
        }
        if (working && !timeline.points.isEmpty() &&
            now - timeline.points.last().seconds < intervalMs / 1000.0 - 1e-6) {
            // Between points: only looking for the end, which is then known to a fifth of a second.
        } else if (working) {
            started = true;
            idleSamples = 0;
            timeline.bytes = std::max<std::uint64_t>(timeline.bytes, total * 512);
            SyncPoint point;
            point.seconds = now;
            point.fraction = total > 0 ? double(done) / double(total) : 0;
            // md moves sync_completed in steps of several MiB: the rate over the last few seconds, not one.
            history.append({now, done});
            while (history.size() > 1 && now - history.first().first > windowSeconds) {
                history.removeFirst();
            }
            if (history.size() > 1 && done >= history.first().second && now > history.first().first) {
                point.bytesPerSecond = double(done - history.first().second) * 512 / (now - history.first().first);
            }
            lastDone = done;
            lastAt = now;
            timeline.points.append(point);
            if (sampled) {
                sampled(point);
            }
        } else if (!working && missing == 0 && (started || ++idleSamples >= 2 * pollsPerInterval)) {
            // Done (or, never seen working, done before the first look: `seconds` is then an upper bound).
            timeline.seconds = now;
            timeline.completed = true;
            if (started) {
                SyncPoint last;
                last.seconds = now;
                last.fraction = 1;
                const std::uint64_t rest = timeline.bytes > lastDone * 512 ? timeline.bytes - lastDone * 512 : 0;
                last.bytesPerSecond = now > lastAt ? double(rest) / (now - lastAt) : 0;
                timeline.points.append(last);
                if (sampled) {
                    sampled(last);
                }
            }
            keep();
            return timeline;
        } else if (!working && missing > 0 && started && ++stoppedSamples > pollsPerInterval) {
            // Stopped, not between two steps: as a recovery ends md clears its progress before it counts the
            // member back in, and a rebuild may pass from one array or phase to the next; both for a look or
            // two. An interval of looks that all find no work with a member missing is a rebuild that stopped.
            timeline.seconds = now;
            keep();
            return makeError(ErrorCode::stepFailed,
                             QStringLiteral("the rebuild stopped with %1 member(s) still missing").arg(missing));
        } else if (!working && !started && now * 1000 >= startTimeoutMs) {
            keep();
            return makeError(ErrorCode::stepFailed,
                             QStringLiteral("md did not start to rebuild within %1 s").arg(startTimeoutMs / 1000));
        }
        if (cancelled(cancel)) {
            timeline.seconds = now;
            keep();
            return makeError(ErrorCode::cancelled, QStringLiteral("cancelled during the rebuild"));
        }
        m_source.sleepMs(intervalMs / pollsPerInterval);
    }
}

} // namespace RaidBench
