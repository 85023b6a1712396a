#include "results/sustainedwrite.h"

#include "results/campaignresults.h"
#include "util/jsonvalues.h"
#include "util/units.h"

#include <algorithm>
#include <limits>

namespace RaidBench {

namespace {

struct Interval
{
    double seconds;
    double bytes;
    double rate() const { return seconds > 0 ? bytes / seconds : 0; }
};

QList<Interval> intervals(const std::vector<IoSample>& samples)
{
    QList<Interval> list;
    std::uint64_t last = 0;
    for (const IoSample& sample : samples) {
        if (sample.tNs > last) {
            list.append({double(sample.tNs - last) / 1e9, double(sample.bytes)});
        }
        last = sample.tNs;
    }
    return list;
}

double rateOf(const QList<Interval>& list, qsizetype from, qsizetype to)
{
    double seconds = 0;
    double bytes = 0;
    for (qsizetype i = std::max<qsizetype>(0, from); i < std::min(to, list.size()); ++i) {
        seconds += list.at(i).seconds;
        bytes += list.at(i).bytes;
    }
    return seconds > 0 ? bytes / seconds : 0;
}

} // namespace

SustainedWrite SustainedWrite::fromSamples(const std::vector<IoSample>& samples)
{
    SustainedWrite result;
    const QList<Interval> list = intervals(samples);
    if (list.size() < 8) {
        return result;
    }
    result.measured = true;
    // Steady: the last quarter of the run. The start: the fastest three intervals running in its first
    // half, since a pause of the host's (or of the disk's own housekeeping) only ever slows a stretch.
    const qsizetype n = list.size();
    result.steadyBw = rateOf(list, n - std::max<qsizetype>(2, n / 4), n);
    double first = 0;
    for (qsizetype i = 0; i + 3 <= std::max<qsizetype>(3, n / 2); ++i) {
        first = std::max(first, rateOf(list, i, i + 3));
    }
    if (result.steadyBw >= dropRatio * first) {
        result.burstBw = first;
        return result;
    }
    // The drop: after the last stretch of three intervals at or above halfway, where the rate stays below
    // halfway to the end (a rate that swings, as garbage collection makes it, is smoothed over three; a
    // pause during the burst is followed by fast intervals, so it is no drop).
    const double middle = (first + result.steadyBw) / 2;
    qsizetype at = -1;
    for (qsizetype i = n - 1; i >= 1 && at < 0; --i) {
        if (rateOf(list, i - 1, i + 2) >= middle) {
            at = i;
        }
    }
    while (at >= 0 && at < n && list.at(at).rate() >= middle) {
        ++at;
    }
    if (at < 0 || at + 1 >= n) {
        result.burstBw = first; // slower at the end, but no place where it fell: no cache filled that we saw
        return result;
    }
    result.dropped = true;
    result.burstBw = at > 0 ? rateOf(list, 0, at) : first;
    for (qsizetype i = 0; i < at; ++i) {
        result.dropAtBytes += std::uint64_t(list.at(i).bytes);
        result.dropAtSeconds += list.at(i).seconds;
    }
    // Within the interval it fell in: the share written at the burst rate.
    const Interval& mixed = list.at(at);
    if (result.burstBw > result.steadyBw) {
        const double burstSeconds = std::clamp(
            (mixed.bytes - result.steadyBw * mixed.seconds) / (result.burstBw - result.steadyBw), 0.0, mixed.seconds);
        result.dropAtBytes += std::uint64_t(burstSeconds * result.burstBw);
        result.dropAtSeconds += burstSeconds;
    }
    return result;
}

QString SustainedWrite::summary() const
{
    const QString stopped = !error.isEmpty() ? QStringLiteral(" (it failed: %1)").arg(error)
        : interrupted                        ? QStringLiteral(" (stopped before the rate settled)")
                                             : QString();
    if (!measured) {
        return QStringLiteral("too short to tell") + stopped;
    }
    if (!dropped) {
        return QStringLiteral("%1 throughout: no cache filled").arg(Units::formatMBps(steadyBw)) + stopped;
    }
    return QStringLiteral("%1 for the first %2 (%3 s), then %4: a cache filled")
               .arg(Units::formatMBps(burstBw), Units::formatBytesBinary(double(dropAtBytes)))
               .arg(dropAtSeconds, 0, 'f', 1)
               .arg(Units::formatMBps(steadyBw)) +
        stopped;
}

QJsonObject SustainedWrite::toJson() const
{
    QJsonObject json {{QStringLiteral("measured"), measured},
                      {QStringLiteral("dropped"), dropped},
                      {QStringLiteral("burst_bw_bytes"), burstBw},
                      {QStringLiteral("steady_bw_bytes"), steadyBw},
                      {QStringLiteral("summary"), summary()}};
    if (dropped) {
        json.insert(QStringLiteral("drop_at_bytes"), double(dropAtBytes));
        json.insert(QStringLiteral("drop_at_seconds"), dropAtSeconds);
    }
    if (interrupted) {
        json.insert(QStringLiteral("interrupted"), true);
    }
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    return json;
}

SustainedWrite SustainedWrite::fromJson(const QJsonObject& json)
{
    SustainedWrite result;
    result.measured = json.value(QStringLiteral("measured")).toBool();
    result.dropped = json.value(QStringLiteral("dropped")).toBool();
    result.burstBw = std::max(0.0, json.value(QStringLiteral("burst_bw_bytes")).toDouble());
    result.steadyBw = std::max(0.0, json.value(QStringLiteral("steady_bw_bytes")).toDouble());
    result.dropAtBytes = readUInt64(json.value(QStringLiteral("drop_at_bytes")));
    result.dropAtSeconds = std::max(0.0, json.value(QStringLiteral("drop_at_seconds")).toDouble());
    result.interrupted = json.value(QStringLiteral("interrupted")).toBool();
    result.error = json.value(QStringLiteral("error")).toString().left(1000);
    return result;
}

QString sustainedMarkdown(const CampaignResults& results)
{
    QString rows;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (!test.spec.sustained || test.runs.isEmpty()) {
                continue;
            }
            const SustainedWrite& s = test.sustained;
            rows += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                        .arg(QString(config.name).replace(QLatin1Char('|'), QLatin1Char('/')),
                             s.measured ? QString::number(s.burstBw / 1e6, 'f', 1) : QStringLiteral("-"),
                             s.measured ? QString::number(s.steadyBw / 1e6, 'f', 1) : QStringLiteral("-"),
                             s.dropped ? QStringLiteral("%1 (%2 s)")
                                             .arg(Units::formatBytesBinary(double(s.dropAtBytes)))
                                             .arg(s.dropAtSeconds, 0, 'f', 1)
                                       : QStringLiteral("no drop"),
                             s.summary());
        }
    }
    if (rows.isEmpty()) {
        return {};
    }
    return QStringLiteral("\n## Sustained writes\n\nSEQ1M QD8 from the first byte, without a ramp, until the rate "
                          "settled: a cache (an SSD's fast area, a hard disk's write cache) takes a burst, and what "
                          "a backup or a rebuild sees is the steady rate after it.\n\n| configuration | burst MB/s | "
                          "steady MB/s | dropped after | |\n|---|---:|---:|---|---|\n") +
        rows;
}

SettleWatch::SettleWatch(std::uint64_t windowNs, std::uint64_t minimumNs)
    : m_windowNs(std::max<std::uint64_t>(windowNs, 600'000'000ull))
    , m_minimumNs(minimumNs)
{ }

bool SettleWatch::add(std::uint64_t elapsedNs, std::uint64_t bytes)
{
    if (m_settled) {
        return true;
    }
    if (!m_points.isEmpty() && elapsedNs <= m_points.last().ns) {
        return false;
    }
    m_points.append({elapsedNs, bytes});
    const std::uint64_t from = elapsedNs > m_windowNs ? elapsedNs - m_windowNs : 0;
    while (m_points.size() > 2 && m_points.at(1).ns <= from) {
        m_points.removeFirst();
    }
    if (elapsedNs < m_minimumNs || elapsedNs < m_windowNs || m_points.first().ns > from) {
        return false;
    }
    // The bytes written by time t, between the reports around it.
    auto bytesAt = [this](double t) {
        for (qsizetype i = 1; i < m_points.size(); ++i) {
            const Point& a = m_points.at(i - 1);
            const Point& b = m_points.at(i);
            if (double(b.ns) >= t) {
                const double share = (t - double(a.ns)) / double(b.ns - a.ns);
                return double(a.bytes) + share * double(b.bytes - a.bytes);
            }
        }
        return double(m_points.last().bytes);
    };
    // Six slices of the window: settled when the slowest is within 10 % of the fastest.
    constexpr int slices = 6;
    const double slice = double(m_windowNs) / slices;
    double low = std::numeric_limits<double>::infinity();
    double high = 0;
    for (int k = 0; k < slices; ++k) {
        const double t0 = double(from) + k * slice;
        const double rate = (bytesAt(t0 + slice) - bytesAt(t0)) / slice;
        low = std::min(low, rate);
        high = std::max(high, rate);
    }
    m_settled = low > 0 && high <= low * 1.10;
    return m_settled;
}

} // namespace RaidBench
