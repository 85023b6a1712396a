#pragma once

#include "util/result.h"

#include <QString>

#include <cstdint>

namespace RaidBench::Units {

/// Parses "512", "4k", "1M", "1G", "2T" (powers of 1024, as dd and fio read them; "KiB"/"MB" suffixes
/// accepted with the same binary meaning). Rejects negatives, fractions, overflow and unknown suffixes.
Result<std::uint64_t> parseSize(const QString& text);

/// Parses "500ms", "3s", "2m", "1h", "1.5s" or a bare number of seconds into nanoseconds.
Result<std::uint64_t> parseDuration(const QString& text);

/// "1.07 GB" style (10^3 steps), as dd prints.
QString formatBytesDecimal(double bytes);
/// "1.00 GiB" style (1024 steps).
QString formatBytesBinary(double bytes);
/// The compact form parseSize() reads back: 1048576 -> "1M", 4096 -> "4k", 1000 -> "1000".
QString formatSizeCompact(std::uint64_t bytes);
/// "3.000 s", "250 ms", "12.3 us", "850 ns".
QString formatDuration(std::uint64_t ns);
/// A duration for people: "45 s", "4 min 05 s", "2 h 03 min" (ETAs, estimates).
QString formatRoughDuration(double seconds);
/// MB/s with 10^6 bytes, one decimal.
QString formatMBps(double bytesPerSecond);

} // namespace RaidBench::Units
