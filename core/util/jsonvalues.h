#pragma once

#include <QJsonValue>

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

} // namespace RaidBench
