#pragma once

#include "util/result.h"

#include <QJsonObject>
#include <QJsonValue>

namespace RaidBench {

/// Repeat-until-stable: a test runs again until the coefficient of variation (standard deviation over
/// mean) of its runs' MB/s is at most `cvMax`, at least `minRuns()` and at most `maxRepeats` times; one
/// that reaches the cap still varying is flagged unstable.
struct StableSpec
{
    double cvMax = 0; ///< 0 = off: every test runs the plan's `repeats` times
    int maxRepeats = 10;

    bool enabled() const { return cvMax > 0; }
    /// Runs before the spread is judged: the plan's repeats, at least 2 (a spread needs two), at most maxRepeats.
    int minRuns(int repeats) const;
    QJsonObject toJson() const;
    static Result<StableSpec> fromJson(const QJsonValue& json);
};

} // namespace RaidBench
