#pragma once

#include "util/runstate.h"
#include "util/units.h"

#include <QString>

#include <cstdint>

/// Numbers, times and states as the window shows them: core's formats (docs/results-format.md's units) with the decimal
/// point of the user's locale ("105,0 MB/s" in Spanish). Files and the CLI keep core's own, which
/// scripts read.
namespace RaidBench::Ui::Display {

/// `text` with each decimal point between two digits written as the locale's.
QString localized(const QString& text);
/// A results file's time (ISO 8601, as files keep it) in the user's local time and date format.
QString formatFileTime(const QString& iso);
/// A run's or a configuration's state (running, completed, cancelled, failed) in the user's language.
QString runStatus(RunState status);

inline QString formatMBps(double bytesPerSecond)
{
    return localized(Units::formatMBps(bytesPerSecond));
}
inline QString formatBytesDecimal(double bytes)
{
    return localized(Units::formatBytesDecimal(bytes));
}
inline QString formatBytesBinary(double bytes)
{
    return localized(Units::formatBytesBinary(bytes));
}
inline QString formatSizeCompact(std::uint64_t bytes)
{
    return localized(Units::formatSizeCompact(bytes));
}
inline QString formatRoughDuration(double seconds)
{
    return localized(Units::formatRoughDuration(seconds));
}

} // namespace RaidBench::Ui::Display
