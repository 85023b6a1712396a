#include "plan/drillspec.h"

#include "util/errorcodes.h"
#include "util/units.h"

#include <QStringList>

namespace RaidBench {

namespace {

Error drillError(const QString& message)
{
    return makeError(ErrorCode::invalidPlan, QStringLiteral("drill: %1").arg(message));
}

Result<std::uint64_t> speed(const QJsonValue& value, const char* key)
{
    const QString text = value.toVariant().toString().trimmed();
    QString number = text;
    if (number.endsWith(QLatin1String("/s"))) {
        number.chop(2);
    }
    auto bytes = Units::parseSize(number);
    if (!bytes || (!value.isString() && !value.isDouble())) {
        return drillError(QStringLiteral("'%1' must be a speed such as 50M (bytes per second), not '%2'")
                              .arg(QLatin1String(key), text.left(32)));
    }
    if (*bytes < 1024) {
        return drillError(
            QStringLiteral("'%1' must be at least 1k per second (md counts in KiB/s); leave it out for the "
                           "system's limit")
                .arg(QLatin1String(key)));
    }
    if (*bytes > (100ull << 30)) {
        return drillError(
            QStringLiteral("'%1' must be at most 100G per second (md keeps it in KiB/s)").arg(QLatin1String(key)));
    }
    return *bytes;
}

} // namespace

QJsonObject DrillSpec::toJson() const
{
    QJsonObject json {{QStringLiteral("degraded"), degraded},
                      {QStringLiteral("rebuild"), rebuild},
                      {QStringLiteral("readd"), readd},
                      {QStringLiteral("initial_resync"), initialResync},
                      {QStringLiteral("estimate_member_size"), Units::formatSizeCompact(estimateMemberBytes)}};
    if (!underLoad.isEmpty()) {
        json.insert(QStringLiteral("under_load"), underLoad);
    }
    if (syncSpeedMin) {
        json.insert(QStringLiteral("sync_speed_min"), Units::formatSizeCompact(*syncSpeedMin));
    }
    if (syncSpeedMax) {
        json.insert(QStringLiteral("sync_speed_max"), Units::formatSizeCompact(*syncSpeedMax));
    }
    if (!member.isEmpty()) {
        json.insert(QStringLiteral("member"), member);
    }
    return json;
}

Result<DrillSpec> DrillSpec::fromJson(const QJsonValue& value)
{
    DrillSpec drill;
    if (value.isBool()) {
        drill.enabled = value.toBool();
        return drill;
    }
    if (!value.isObject()) {
        return drillError(QStringLiteral("give true, false or an object"));
    }
    const QJsonObject json = value.toObject();
    static const QStringList known {
        QStringLiteral("degraded"),       QStringLiteral("rebuild"),        QStringLiteral("readd"),
        QStringLiteral("under_load"),     QStringLiteral("sync_speed_min"), QStringLiteral("sync_speed_max"),
        QStringLiteral("initial_resync"), QStringLiteral("member"),         QStringLiteral("estimate_member_size"),
        QStringLiteral("enabled")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return drillError(QStringLiteral("unknown field '%1'").arg(key.left(64)));
        }
    }
    for (const char* key : {"enabled", "degraded", "rebuild", "readd", "initial_resync"}) {
        const QJsonValue field = json.value(QLatin1String(key));
        if (!field.isUndefined() && !field.isBool()) {
            return drillError(QStringLiteral("'%1' is true or false").arg(QLatin1String(key)));
        }
    }
    drill.enabled = json.value(QStringLiteral("enabled")).toBool(true);
    drill.degraded = json.value(QStringLiteral("degraded")).toBool(true);
    drill.rebuild = json.value(QStringLiteral("rebuild")).toBool(true);
    drill.readd = json.value(QStringLiteral("readd")).toBool(false);
    drill.initialResync = json.value(QStringLiteral("initial_resync")).toBool(false);
    drill.underLoad = json.value(QStringLiteral("under_load")).toString();
    drill.member = json.value(QStringLiteral("member")).toString();
    if (drill.underLoad.isEmpty() != !json.contains(QStringLiteral("under_load"))) {
        return drillError(QStringLiteral("'under_load' names a test, such as rnd4k-qd32-read"));
    }
    if (!drill.member.isEmpty() && !drill.member.startsWith(QLatin1String("/dev/"))) {
        return drillError(QStringLiteral("'member' is one of the plan's disks, a path under /dev"));
    }
    for (const auto& [key, target] :
         {std::pair {"sync_speed_min", &drill.syncSpeedMin}, std::pair {"sync_speed_max", &drill.syncSpeedMax}}) {
        if (json.contains(QLatin1String(key))) {
            auto bytes = speed(json.value(QLatin1String(key)), key);
            if (!bytes) {
                return bytes.error();
            }
            *target = *bytes;
        }
    }
    if (drill.syncSpeedMin && drill.syncSpeedMax && *drill.syncSpeedMin > *drill.syncSpeedMax) {
        return drillError(QStringLiteral("'sync_speed_min' is above 'sync_speed_max'"));
    }
    if (json.contains(QStringLiteral("estimate_member_size"))) {
        auto bytes = Units::parseSize(json.value(QStringLiteral("estimate_member_size")).toVariant().toString());
        if (!bytes || *bytes == 0) {
            return drillError(QStringLiteral("'estimate_member_size' is a size such as 4T"));
        }
        drill.estimateMemberBytes = *bytes;
    }
    if (!drill.degraded && !drill.rebuild && !drill.readd && !drill.initialResync) {
        return drillError(QStringLiteral("nothing to do: degraded, rebuild, readd and initial_resync are all off"));
    }
    if (!drill.underLoad.isEmpty() && !drill.rebuild) {
        return drillError(QStringLiteral("'under_load' runs during the rebuild; it needs 'rebuild'"));
    }
    return drill;
}

} // namespace RaidBench
