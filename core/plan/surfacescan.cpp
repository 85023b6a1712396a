#include "plan/surfacescan.h"

#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/units.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <optional>

namespace RaidBench {

namespace {

constexpr std::uint64_t surfaceAlignment = 1ull << 20;

Error surfaceError(const QString& message)
{
    return makeError(ErrorCode::invalidPlan, QStringLiteral("surface: %1").arg(message));
}

} // namespace

std::uint64_t SurfaceSpec::span(std::uint64_t diskBytes) const
{
    if (points <= 0) {
        return 0;
    }
    const std::uint64_t share = diskBytes / std::uint64_t(points) / surfaceAlignment * surfaceAlignment;
    return std::min(maxSpanBytes, share);
}

QList<std::uint64_t> SurfaceSpec::offsets(std::uint64_t diskBytes) const
{
    const std::uint64_t length = span(diskBytes);
    if (points < minPoints || length < blockSize) {
        return {};
    }
    const std::uint64_t last = (diskBytes - length) / surfaceAlignment * surfaceAlignment;
    QList<std::uint64_t> list;
    for (int i = 0; i < points; ++i) {
        const double at = double(last) * double(i) / double(points - 1);
        list.append(std::uint64_t(at) / surfaceAlignment * surfaceAlignment);
    }
    return list;
}

IoJob SurfaceSpec::jobAt(std::uint64_t offset, std::uint64_t diskBytes) const
{
    IoJob job;
    job.pattern = IoPattern::Read;
    job.blockSize = blockSize;
    job.queueDepth = queueDepth;
    job.offset = offset;
    job.length = span(diskBytes);
    job.sizeLimit = job.length; // one pass at most: the next point is somewhere else
    job.timeLimitNs = timeNs;
    job.expect = IoJob::TargetKind::Block;
    return job;
}

QJsonObject SurfaceSpec::toJson() const
{
    return {{QStringLiteral("points"), points},
            {QStringLiteral("time"), QStringLiteral("%1ms").arg(timeNs / 1'000'000)}};
}

Result<SurfaceSpec> SurfaceSpec::fromJson(const QJsonValue& json)
{
    SurfaceSpec spec;
    QJsonObject object;
    if (json.isDouble()) {
        object.insert(QStringLiteral("points"), json);
    } else if (json.isObject()) {
        object = json.toObject();
    } else {
        return surfaceError(QStringLiteral("give the number of points, or {\"points\": 16, \"time\": \"1s\"}"));
    }
    for (const QString& key : object.keys()) {
        if (key != QLatin1String("points") && key != QLatin1String("time")) {
            return surfaceError(QStringLiteral("unknown field '%1' (points, time)").arg(key.left(64)));
        }
    }
    const QJsonValue points = object.value(QStringLiteral("points"));
    const double count = points.toDouble(-1);
    if (!points.isDouble() || count != std::floor(count) || count < minPoints || count > maxPoints) {
        return surfaceError(QStringLiteral("points must be a whole number from %1 to %2")
                                .arg(QString::number(minPoints), QString::number(maxPoints)));
    }
    spec.points = int(count);
    if (object.contains(QStringLiteral("time"))) {
        auto time = Units::parseDuration(object.value(QStringLiteral("time")).toVariant().toString());
        if (!time) {
            return surfaceError(time.error().message);
        }
        if (*time < 100'000'000ull || *time > 600'000'000'000ull) {
            return surfaceError(QStringLiteral("time per point must be 100ms to 10m"));
        }
        spec.timeNs = *time;
    }
    return spec;
}

double SurfacePoint::position(std::uint64_t diskBytes) const
{
    if (diskBytes <= length) {
        return 0;
    }
    return std::clamp(double(offset) / double(diskBytes - length), 0.0, 1.0);
}

const SurfacePoint* DiskSurface::slowest() const
{
    const auto it = std::min_element(points.cbegin(), points.cend(), [](const SurfacePoint& a, const SurfacePoint& b) {
        return a.bwBytes < b.bwBytes;
    });
    return it == points.cend() ? nullptr : &*it;
}

const SurfacePoint* DiskSurface::fastest() const
{
    const auto it = std::max_element(points.cbegin(), points.cend(), [](const SurfacePoint& a, const SurfacePoint& b) {
        return a.bwBytes < b.bwBytes;
    });
    return it == points.cend() ? nullptr : &*it;
}

bool DiskSurface::flat() const
{
    const SurfacePoint* slow = slowest();
    const SurfacePoint* fast = fastest();
    return slow && fast && slow->bwBytes >= 0.95 * fast->bwBytes;
}

QString DiskSurface::slowestZone(std::uint64_t diskBytes) const
{
    const SurfacePoint* slow = slowest();
    return !slow ? QString() : flat() ? QStringLiteral("flat") : zone(slow->position(diskBytes));
}

QString DiskSurface::zone(double position)
{
    return position < 1.0 / 3 ? QStringLiteral("start")
        : position < 2.0 / 3  ? QStringLiteral("middle")
                              : QStringLiteral("end");
}

QString DiskSurface::summary(std::uint64_t diskBytes) const
{
    const SurfacePoint* slow = slowest();
    const SurfacePoint* fast = fastest();
    if (!slow || !fast) {
        return error.isEmpty() ? QStringLiteral("not measured") : error;
    }
    const double slowAt = slow->position(diskBytes);
    QString text = flat()
        ? QStringLiteral("flat: %1 to %2 from start to end")
              .arg(Units::formatMBps(slow->bwBytes).remove(QStringLiteral(" MB/s")), Units::formatMBps(fast->bwBytes))
        : QStringLiteral("slowest at the %1 (%2 %): %3, %4 % of the fastest (%5 at %6 %)")
              .arg(zone(slowAt), QString::number(qRound(slowAt * 100)), Units::formatMBps(slow->bwBytes),
                   QString::number(fast->bwBytes > 0 ? qRound(100 * slow->bwBytes / fast->bwBytes) : 0),
                   Units::formatMBps(fast->bwBytes), QString::number(qRound(fast->position(diskBytes) * 100)));
    if (!complete()) {
        text += QStringLiteral("; %1 of %2 points measured")
                    .arg(QString::number(points.size()), QString::number(pointsPlanned));
    }
    return text;
}

QJsonObject DiskSurface::toJson(std::uint64_t diskBytes) const
{
    QJsonArray list;
    for (const SurfacePoint& point : points) {
        list.append(QJsonObject {{QStringLiteral("offset"), double(point.offset)},
                                 {QStringLiteral("length"), double(point.length)},
                                 {QStringLiteral("position"), point.position(diskBytes)},
                                 {QStringLiteral("bw_bytes"), point.bwBytes}});
    }
    QJsonObject json {{QStringLiteral("points"), list}, {QStringLiteral("points_planned"), pointsPlanned}};
    if (slowest()) {
        json.insert(QStringLiteral("slowest_zone"), slowestZone(diskBytes));
        json.insert(QStringLiteral("summary"), summary(diskBytes));
    }
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    return json;
}

DiskSurface DiskSurface::fromJson(const QJsonObject& json)
{
    DiskSurface surface;
    for (const auto& value : json.value(QStringLiteral("points")).toArray()) {
        const QJsonObject object = value.toObject();
        SurfacePoint point;
        point.offset = readUInt64(object.value(QStringLiteral("offset")));
        point.length = readUInt64(object.value(QStringLiteral("length")));
        point.bwBytes = std::max(0.0, object.value(QStringLiteral("bw_bytes")).toDouble());
        surface.points.append(point);
    }
    surface.pointsPlanned = std::clamp(json.value(QStringLiteral("points_planned")).toInt(), 0, SurfaceSpec::maxPoints);
    surface.error = json.value(QStringLiteral("error")).toString();
    return surface;
}

SurfaceScanner::SurfaceScanner(SurfaceSpec spec, std::uint64_t diskBytes)
    : m_spec(spec)
    , m_diskBytes(diskBytes)
{ }

namespace {

/// A point below this share of both its neighbours' rates is a dip, read once more.
constexpr double dipShare = 0.85;

} // namespace

bool SurfaceScanner::scan(DiskSurface& surface, const ReadAt& read, const Progress& progress,
                          const std::atomic_bool* cancel) const
{
    const QList<std::uint64_t> offsets = m_spec.offsets(m_diskBytes);
    surface.pointsPlanned = int(offsets.size());
    if (offsets.isEmpty()) {
        surface.error = QStringLiteral("the disk (%1) is too small for %2 points")
                            .arg(Units::formatBytesDecimal(double(m_diskBytes)), QString::number(m_spec.points));
        return false;
    }
    surface.error.clear();
    // A resumed scan goes on only where its points are this plan's; another grid starts over.
    for (qsizetype i = 0; i < surface.points.size(); ++i) {
        if (i >= offsets.size() || surface.points.at(i).offset != offsets.at(i)) {
            surface.points.clear();
            break;
        }
    }
    // One point read: its rate, or nothing when the scan must stop (`surface.error` says why, unless
    // cancelled).
    auto readPoint = [&](int i) -> std::optional<double> {
        if (cancelled(cancel)) {
            return std::nullopt;
        }
        if (progress) {
            progress(i, int(offsets.size()), offsets.at(i));
        }
        const IoJob job = m_spec.jobAt(offsets.at(i), m_diskBytes);
        auto result = read(job);
        if (!result) {
            surface.error = result.error().message;
            return std::nullopt;
        }
        if (result->status == IoStatus::Failed) {
            surface.error = result->error ? result->error->message : QStringLiteral("the read failed");
            return std::nullopt;
        }
        if (result->status == IoStatus::Cancelled) {
            return std::nullopt; // a point cut short is not a point
        }
        if (result->bytes == 0) {
            surface.error = QStringLiteral("nothing was read at %1 %")
                                .arg(qRound(100.0 * i / std::max(1, int(offsets.size()) - 1)));
            return std::nullopt;
        }
        return result->bandwidth();
    };
    for (int i = int(surface.points.size()); i < offsets.size(); ++i) {
        const auto bw = readPoint(i);
        if (!bw) {
            return false;
        }
        const IoJob job = m_spec.jobAt(offsets.at(i), m_diskBytes);
        surface.points.append({job.offset, job.length, *bw});
    }
    // A point far below both its neighbours is read once more and keeps the better reading: a moment
    // when the machine was busy is not the disk's speed there, while a slow place on the disk reads
    // slow again (and so stays).
    for (int i = 1; i + 1 < surface.points.size(); ++i) {
        SurfacePoint& point = surface.points[i];
        const double neighbours = std::min(surface.points.at(i - 1).bwBytes, surface.points.at(i + 1).bwBytes);
        if (point.bwBytes >= dipShare * neighbours) {
            continue;
        }
        const auto again = readPoint(i);
        if (!again) {
            return false;
        }
        point.bwBytes = std::max(point.bwBytes, *again);
    }
    return true;
}

} // namespace RaidBench
