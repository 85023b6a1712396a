#pragma once

#include <QJsonArray>
#include <QJsonValue>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace RaidBench {

/// A number that may be missing, as JSON writes it: the number, or null.
inline QJsonValue optionalNumber(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

/// A number that may be missing, as JSON read it: anything but a number is none.
inline std::optional<double> readOptional(const QJsonValue& value)
{
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

/// A count or size as JSON read it: not a number, negative or NaN reads as 0, a number beyond the
/// type's range as its largest value. A cast of such a double is undefined behaviour, and every
/// file and message we read may come from someone else.
inline std::uint64_t readUInt64(const QJsonValue& value)
{
    const double number = value.toDouble();
    if (!(number > 0.0))
        return 0;
    if (number >= 18446744073709551616.0)
        return std::numeric_limits<std::uint64_t>::max();
    return std::uint64_t(number);
}

/// As readUInt64, for signed 64-bit values: out of range saturates, NaN reads as 0.
inline std::int64_t readInt64(const QJsonValue& value)
{
    const double number = value.toDouble();
    if (std::isnan(number))
        return 0;
    if (number >= 9223372036854775808.0)
        return std::numeric_limits<std::int64_t>::max();
    if (number < -9223372036854775808.0)
        return std::numeric_limits<std::int64_t>::min();
    return std::int64_t(number);
}

/// A number that may be missing: `fallback` when it is not a number, else as readInt64.
inline std::int64_t readInt64Or(const QJsonValue& value, std::int64_t fallback)
{
    return value.isDouble() ? readInt64(value) : fallback;
}

/// As readInt64Or, clamped to int.
inline int readIntOr(const QJsonValue& value, int fallback)
{
    if (!value.isDouble()) {
        return fallback;
    }
    return int(
        std::clamp<std::int64_t>(readInt64(value), std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

/// A size that fits 32 bits (a block or sector size): `fallback` when it is not a number, else as
/// readUInt64 clamped to 32 bits.
inline std::uint32_t readUInt32Or(const QJsonValue& value, std::uint32_t fallback)
{
    if (!value.isDouble()) {
        return fallback;
    }
    return std::uint32_t(std::min<std::uint64_t>(readUInt64(value), std::numeric_limits<std::uint32_t>::max()));
}

/// A list of texts, as JSON read it: each item's text (an item that is not one reads as empty).
inline QStringList readStrings(const QJsonValue& value)
{
    QStringList list;
    for (const auto& item : value.toArray()) {
        list.append(item.toString());
    }
    return list;
}

} // namespace RaidBench
