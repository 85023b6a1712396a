#include "plan/diskrule.h"

#include "util/errorcodes.h"
#include "util/units.h"

#include <QRegularExpression>

#include <algorithm>

namespace RaidBench {

namespace {

Error ruleError(const QString& message)
{
    return Error {ErrorCode::invalidPlan, QStringLiteral("\"disks\" rule: %1").arg(message)};
}

QString pathOf(const Disk& disk)
{
    return disk.stablePath.isEmpty() ? disk.path : disk.stablePath;
}

} // namespace

QJsonObject DiskRule::toJson() const
{
    QJsonObject json {{QStringLiteral("select"), QStringLiteral("usable")}};
    if (!model.isEmpty()) {
        json.insert(QStringLiteral("model"), model);
    }
    if (minBytes) {
        json.insert(QStringLiteral("min_size"), Units::formatSizeCompact(minBytes));
    }
    if (maxBytes) {
        json.insert(QStringLiteral("max_size"), Units::formatSizeCompact(maxBytes));
    }
    if (count) {
        json.insert(QStringLiteral("count"), count);
    }
    return json;
}

Result<DiskRule> DiskRule::fromJson(const QJsonObject& json)
{
    static const QStringList known {QStringLiteral("select"), QStringLiteral("model"), QStringLiteral("min_size"),
                                    QStringLiteral("max_size"), QStringLiteral("count")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return ruleError(QStringLiteral("unknown field \"%1\" (it takes %2)")
                                 .arg(key.left(100), known.join(QStringLiteral(", "))));
        }
    }
    if (json.value(QStringLiteral("select")).toString() != QLatin1String("usable")) {
        return ruleError(QStringLiteral("\"select\" must be \"usable\" (every disk RaidBench may use, narrowed by "
                                        "model, min_size, max_size and count)"));
    }
    DiskRule rule;
    if (json.contains(QStringLiteral("model"))) {
        const QJsonValue model = json.value(QStringLiteral("model"));
        if (!model.isString() || model.toString().isEmpty() || model.toString().size() > 200) {
            return ruleError(QStringLiteral("\"model\" must be a pattern such as \"ST4000*\""));
        }
        rule.model = model.toString();
        if (!QRegularExpression(QRegularExpression::wildcardToRegularExpression(rule.model)).isValid()) {
            return ruleError(QStringLiteral("\"model\" pattern '%1' is not valid").arg(rule.model));
        }
    }
    for (const auto& [key, target] : {std::pair {QStringLiteral("min_size"), &rule.minBytes},
                                      std::pair {QStringLiteral("max_size"), &rule.maxBytes}}) {
        if (!json.contains(key)) {
            continue;
        }
        const QJsonValue value = json.value(key);
        auto size = value.isString() ? Units::parseSize(value.toString()) : Result<std::uint64_t>(Error {});
        if (!value.isString() || !size || *size == 0) {
            return ruleError(QStringLiteral("\"%1\" must be a size such as \"500G\" or \"4T\"").arg(key));
        }
        *target = *size;
    }
    if (rule.minBytes && rule.maxBytes && rule.minBytes > rule.maxBytes) {
        return ruleError(QStringLiteral("min_size is above max_size: no disk can match"));
    }
    if (json.contains(QStringLiteral("count"))) {
        const QJsonValue count = json.value(QStringLiteral("count"));
        const double value = count.toDouble(-1);
        if (!count.isDouble() || value != double(int(value)) || value < 1 || value > 64) {
            return ruleError(QStringLiteral("\"count\" must be a whole number from 1 to 64"));
        }
        rule.count = int(value);
    }
    return rule;
}

QString DiskRule::text() const
{
    QString out = QStringLiteral("every usable disk");
    if (!model.isEmpty()) {
        out += QStringLiteral(" of model %1").arg(model);
    }
    if (minBytes && maxBytes) {
        out += QStringLiteral(", %1 to %2")
                   .arg(Units::formatBytesBinary(double(minBytes)), Units::formatBytesBinary(double(maxBytes)));
    } else if (minBytes) {
        out += QStringLiteral(", at least %1").arg(Units::formatBytesBinary(double(minBytes)));
    } else if (maxBytes) {
        out += QStringLiteral(", at most %1").arg(Units::formatBytesBinary(double(maxBytes)));
    }
    if (count) {
        out += QStringLiteral(", %1 of them").arg(count);
    }
    return out;
}

bool DiskRule::matches(const Disk& disk) const
{
    if (!model.isEmpty()) {
        const QRegularExpression pattern(QRegularExpression::wildcardToRegularExpression(model),
                                         QRegularExpression::CaseInsensitiveOption);
        if (!pattern.match(disk.model.trimmed()).hasMatch()) {
            return false;
        }
    }
    return (!minBytes || disk.sizeBytes >= minBytes) && (!maxBytes || disk.sizeBytes <= maxBytes);
}

Result<QStringList> DiskRule::resolve(const QList<Disk>& scanned, bool allowLoop) const
{
    QList<const Disk*> chosen;
    QStringList inUse;
    QStringList near;
    for (const Disk& disk : scanned) {
        const bool wholeDisk = disk.kind == QLatin1String("disk") || (allowLoop && disk.kind == QLatin1String("loop"));
        if (!wholeDisk) {
            continue;
        }
        const bool usable = disk.eligible && disk.reasons.isEmpty();
        if (!matches(disk)) {
            if (usable) {
                near.append(
                    QStringLiteral("%1 (%2, %3)")
                        .arg(disk.name, disk.model.trimmed(), Units::formatBytesBinary(double(disk.sizeBytes))));
            }
            continue;
        }
        if (!usable) {
            inUse.append(QStringLiteral("%1 (%2)").arg(
                disk.name, disk.reasons.isEmpty() ? QStringLiteral("not usable") : disk.reasons.first().message));
            continue;
        }
        chosen.append(&disk);
    }
    std::sort(chosen.begin(), chosen.end(), [](const Disk* a, const Disk* b) { return pathOf(*a) < pathOf(*b); });
    const int needed = std::max(count, 1);
    if (chosen.size() < needed) {
        QString message = chosen.isEmpty() ? QStringLiteral("no disks match %1").arg(text())
                                           : QStringLiteral("only %1 disk(s) match %2").arg(chosen.size()).arg(text());
        if (!inUse.isEmpty()) {
            message += QStringLiteral("; matching but in use: %1").arg(inUse.join(QStringLiteral(", ")));
        }
        if (!near.isEmpty()) {
            message += QStringLiteral("; usable but not matching: %1").arg(near.join(QStringLiteral(", ")));
        }
        return makeError(ErrorCode::noDisksMatch, message);
    }
    QStringList paths;
    for (const Disk* disk : std::as_const(chosen)) {
        if (count && paths.size() == count) {
            break;
        }
        paths.append(pathOf(*disk));
    }
    return paths;
}

} // namespace RaidBench
