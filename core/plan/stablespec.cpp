#include "plan/stablespec.h"

#include "plan/planerror.h"
#include "util/errorcodes.h"

#include <cmath>

namespace RaidBench {

int StableSpec::minRuns(int repeats) const
{
    return std::min(maxRepeats, std::max(repeats, 2));
}

QJsonObject StableSpec::toJson() const
{
    return QJsonObject {{QStringLiteral("cv_max"), cvMax}, {QStringLiteral("max_repeats"), maxRepeats}};
}

Result<StableSpec> StableSpec::fromJson(const QJsonValue& value)
{
    if (!value.isObject()) {
        return planError(QStringLiteral("\"stable\" is an object: {\"cv_max\": 0.03, \"max_repeats\": 10}"));
    }
    const QJsonObject json = value.toObject();
    for (const QString& key : json.keys()) {
        if (key != QLatin1String("cv_max") && key != QLatin1String("max_repeats")) {
            return planError(QStringLiteral("unknown field '%1' in \"stable\"").arg(key.left(64)));
        }
    }
    StableSpec stable;
    const QJsonValue cv = json.value(QStringLiteral("cv_max"));
    stable.cvMax = cv.toDouble(0.03);
    if ((!cv.isUndefined() && !cv.isDouble()) || !(stable.cvMax > 0) || stable.cvMax >= 1) {
        return planError(QStringLiteral("stable: cv_max %1 must be above 0 and below 1 (0.03 is 3 %)")
                             .arg(cv.toVariant().toString().left(32)));
    }
    const QJsonValue max = json.value(QStringLiteral("max_repeats"));
    stable.maxRepeats = max.toInt(10);
    if ((!max.isUndefined() && (!max.isDouble() || max.toDouble() != double(stable.maxRepeats))) ||
        stable.maxRepeats < 2 || stable.maxRepeats > 100) {
        return planError(QStringLiteral("stable: max_repeats %1 must be a whole number from 2 to 100")
                             .arg(max.toVariant().toString().left(32)));
    }
    return stable;
}

} // namespace RaidBench
