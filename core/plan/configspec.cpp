#include "plan/configspec.h"

#include "layout/presets.h"
#include "layout/stripes.h"
#include "plan/planerror.h"
#include "util/errorcodes.h"

#include <QJsonArray>

#include <algorithm>

namespace RaidBench {

QString writeCacheModeName(WriteCacheMode mode)
{
    switch (mode) {
    case WriteCacheMode::On:
        return QStringLiteral("on");
    case WriteCacheMode::Off:
        return QStringLiteral("off");
    case WriteCacheMode::Both:
        return QStringLiteral("both");
    case WriteCacheMode::AsIs:
        break;
    }
    return QStringLiteral("as-is");
}

Result<WriteCacheMode> parseWriteCacheMode(const QJsonValue& value)
{
    for (WriteCacheMode mode : {WriteCacheMode::AsIs, WriteCacheMode::On, WriteCacheMode::Off, WriteCacheMode::Both}) {
        if (value == QJsonValue(writeCacheModeName(mode))) {
            return mode;
        }
    }
    return planError(QStringLiteral("write_cache '%1' is not \"as-is\", \"on\", \"off\" or \"both\"")
                         .arg(value.toVariant().toString().left(32)));
}

Result<QList<int>> parseStripeCaches(const QJsonValue& value)
{
    const QJsonArray values = value.isArray() ? value.toArray() : QJsonArray {value};
    const QString range = QStringLiteral("%1 to %2").arg(minStripeCache).arg(maxStripeCache);
    if (values.isEmpty() || values.size() > 8) {
        return planError(
            QStringLiteral("stripe_cache is a number of stripes (%1) or a list of 1 to 8 of them").arg(range));
    }
    QList<int> caches;
    for (const QJsonValue& entry : values) {
        const double number = entry.toDouble(-1);
        if (!entry.isDouble() || number != std::floor(number) || number < minStripeCache || number > maxStripeCache) {
            return planError(QStringLiteral("stripe_cache %1 is outside md's range of %2 stripes")
                                 .arg(entry.toVariant().toString().left(32), range));
        }
        if (caches.contains(int(number))) {
            return planError(QStringLiteral("stripe_cache lists %1 twice").arg(int(number)));
        }
        caches.append(int(number));
    }
    return caches;
}

QJsonValue stripeCachesJson(const QList<int>& caches)
{
    if (caches.size() == 1) {
        return caches.first();
    }
    QJsonArray array;
    for (int cache : caches) {
        array.append(cache);
    }
    return array;
}

QJsonObject ConfigSpec::toJson() const
{
    QJsonObject json {{QStringLiteral("name"), name}};
    if (filesystem) {
        json.insert(QStringLiteral("filesystem"), filesystem->toJson());
    }
    if (!preset.isEmpty()) {
        json.insert(QStringLiteral("preset"), preset);
    } else {
        json.insert(QStringLiteral("spec"), spec.toJson());
    }
    if (drill) {
        json.insert(QStringLiteral("drill"), drill->enabled ? QJsonValue(drill->toJson()) : QJsonValue(false));
    }
    if (writeCache) {
        json.insert(QStringLiteral("write_cache"), writeCacheModeName(*writeCache));
    }
    if (stripeCaches) {
        json.insert(QStringLiteral("stripe_cache"), stripeCachesJson(*stripeCaches));
    }
    return json;
}

Result<ConfigSpec> ConfigSpec::fromJson(const QJsonValue& value)
{
    ConfigSpec config;
    if (value.isString()) {
        config.preset = value.toString();
        config.name = config.preset;
        if (!presetNames().contains(config.preset)) {
            return planError(QStringLiteral("unknown preset '%1'; use %2")
                                 .arg(config.preset.left(64), presetNames().join(QStringLiteral(", "))));
        }
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        static const QStringList configKeys {QStringLiteral("name"),         QStringLiteral("preset"),
                                             QStringLiteral("spec"),         QStringLiteral("filesystem"),
                                             QStringLiteral("drill"),        QStringLiteral("write_cache"),
                                             QStringLiteral("stripe_cache"), QStringLiteral("comment")};
        for (const QString& key : object.keys()) {
            if (!configKeys.contains(key)) {
                return planError(QStringLiteral("unknown field '%1' in a configuration").arg(key.left(64)));
            }
        }
        config.name = object.value(QStringLiteral("name")).toString();
        config.preset = object.value(QStringLiteral("preset")).toString();
        if (!config.preset.isEmpty() && !presetNames().contains(config.preset)) {
            return planError(QStringLiteral("unknown preset '%1'").arg(config.preset.left(64)));
        }
        if (config.preset.isEmpty()) {
            auto spec = ArraySpec::fromJson(object.value(QStringLiteral("spec")).toObject());
            if (!spec) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, spec.error().message));
            }
            config.spec = *spec;
        }
        if (config.name.isEmpty()) {
            config.name = config.preset.isEmpty() ? config.spec.describe() : config.preset;
        }
        if (object.contains(QStringLiteral("filesystem"))) {
            auto fs = FilesystemSpec::fromJson(object.value(QStringLiteral("filesystem")));
            if (!fs) {
                return fs.error();
            }
            config.filesystem = *fs;
        }
        if (object.contains(QStringLiteral("drill"))) {
            auto drill = DrillSpec::fromJson(object.value(QStringLiteral("drill")));
            if (!drill) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, drill.error().message));
            }
            config.drill = *drill;
        }
        if (object.contains(QStringLiteral("write_cache"))) {
            auto mode = parseWriteCacheMode(object.value(QStringLiteral("write_cache")));
            if (!mode) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, mode.error().message));
            }
            config.writeCache = *mode;
        }
        if (object.contains(QStringLiteral("stripe_cache"))) {
            auto caches = parseStripeCaches(object.value(QStringLiteral("stripe_cache")));
            if (!caches) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, caches.error().message));
            }
            config.stripeCaches = *caches;
        }
    } else {
        return planError(QStringLiteral("a configuration is a preset name or an object"));
    }
    return config;
}

} // namespace RaidBench
