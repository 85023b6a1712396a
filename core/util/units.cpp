#include "util/units.h"

#include "util/errorcodes.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace RaidBench::Units {

Result<std::uint64_t> parseSize(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+)\\s*([kKmMgGtTpP]?)(i?[bB])?\\s*$"));
    const auto match = re.match(text);
    if (!match.hasMatch()) {
        return makeError(ErrorCode::invalidSize,
                         QStringLiteral("'%1' is not a size; use a whole number with an optional suffix k, M, G or T "
                                        "(powers of 1024), e.g. 512, 4k, 1M, 1G")
                             .arg(text));
    }
    bool ok = false;
    const std::uint64_t number = match.captured(1).toULongLong(&ok);
    if (!ok) {
        return makeError(ErrorCode::invalidSize, QStringLiteral("'%1' is too large").arg(text));
    }
    static const QString suffixes = QStringLiteral("kmgtp");
    const QString suffix = match.captured(2).toLower();
    const int shift = suffix.isEmpty() ? 0 : 10 * (int(suffixes.indexOf(suffix)) + 1);
    if (shift > 0 && number > (std::numeric_limits<std::uint64_t>::max() >> shift)) {
        return makeError(ErrorCode::invalidSize, QStringLiteral("'%1' is too large").arg(text));
    }
    return number << shift;
}

Result<std::uint64_t> parseDuration(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s|m|min|h)?\\s*$"));
    const auto match = re.match(text);
    if (!match.hasMatch()) {
        return makeError(ErrorCode::invalidDuration,
                         QStringLiteral("'%1' is not a duration; use a number with an optional unit ms, s, m or h, "
                                        "e.g. 500ms, 3s, 2m")
                             .arg(text));
    }
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    double factor = 1e9;
    if (unit == QLatin1String("ns")) {
        factor = 1;
    } else if (unit == QLatin1String("us")) {
        factor = 1e3;
    } else if (unit == QLatin1String("ms")) {
        factor = 1e6;
    } else if (unit == QLatin1String("m") || unit == QLatin1String("min")) {
        factor = 60e9;
    } else if (unit == QLatin1String("h")) {
        factor = 3600e9;
    }
    const double ns = value * factor;
    if (!std::isfinite(ns) || ns > 1e18) {
        return makeError(ErrorCode::invalidDuration, QStringLiteral("'%1' is too long").arg(text));
    }
    return static_cast<std::uint64_t>(std::llround(ns));
}

static QString formatScaled(double value, double step, const char* const* units, int unitCount)
{
    int i = 0;
    while (std::fabs(value) >= step && i < unitCount - 1) {
        value /= step;
        ++i;
    }
    const int decimals = i == 0 ? 0 : (std::fabs(value) < 10 ? 2 : (std::fabs(value) < 100 ? 1 : 0));
    return QStringLiteral("%1 %2").arg(value, 0, 'f', decimals).arg(QLatin1String(units[i]));
}

QString formatBytesDecimal(double bytes)
{
    static const char* const units[] = {"B", "kB", "MB", "GB", "TB", "PB"};
    return formatScaled(bytes, 1000.0, units, 6);
}

QString formatBytesBinary(double bytes)
{
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    return formatScaled(bytes, 1024.0, units, 6);
}

QString formatSizeCompact(std::uint64_t bytes)
{
    static const char suffixes[] = {'\0', 'k', 'M', 'G', 'T', 'P'};
    int i = 0;
    while (bytes != 0 && bytes % 1024 == 0 && i < 5) {
        bytes /= 1024;
        ++i;
    }
    QString text = QString::number(bytes);
    if (i > 0) {
        text += QLatin1Char(suffixes[i]);
    }
    return text;
}

QString formatDuration(std::uint64_t ns)
{
    if (ns >= 1000000000ULL) {
        return QStringLiteral("%1 s").arg(ns / 1e9, 0, 'f', 3);
    }
    if (ns >= 1000000ULL) {
        return QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'f', ns >= 100000000ULL ? 0 : 1);
    }
    if (ns >= 1000ULL) {
        return QStringLiteral("%1 us").arg(ns / 1e3, 0, 'f', ns >= 100000ULL ? 0 : 1);
    }
    return QStringLiteral("%1 ns").arg(ns);
}

QString formatRoughDuration(double seconds)
{
    const auto total = static_cast<long long>(std::max(0.0, seconds) + 0.5);
    if (total < 60) {
        return QStringLiteral("%1 s").arg(total);
    }
    if (total < 3600) {
        return QStringLiteral("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString formatMBps(double bytesPerSecond)
{
    return QStringLiteral("%1 MB/s").arg(bytesPerSecond / 1e6, 0, 'f', 1);
}

} // namespace RaidBench::Units
