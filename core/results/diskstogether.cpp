#include "results/diskstogether.h"

#include "results/campaignresults.h"
#include "util/jsonvalues.h"
#include "util/units.h"

#include <QJsonArray>

#include <tuple>

namespace RaidBench {

std::optional<double> DisksTogether::share(bool write) const
{
    const std::optional<double>& together = write ? writeBw : readBw;
    const std::optional<double>& alone = write ? aloneWriteBw : aloneReadBw;
    if (!together || !alone || *alone <= 0) {
        return std::nullopt;
    }
    return *together / *alone;
}

bool DisksTogether::limited(bool write) const
{
    const auto part = share(write);
    return part && *part < ceilingShare;
}

QString DisksTogether::name(Audience audience) const
{
    return scope == Scope::Controller
        ? phrase(audience, "DisksTogether", QT_TRANSLATE_NOOP("DisksTogether", "controller %1")).arg(controller)
        : phrase(audience, "DisksTogether", QT_TRANSLATE_NOOP("DisksTogether", "all %1 disks")).arg(disks.size());
}

QString DisksTogether::describe(Audience audience) const
{
    const auto words = [audience](const char* english) { return phrase(audience, "DisksTogether", english); };
    if (!error.isEmpty()) {
        return words(QT_TRANSLATE_NOOP("DisksTogether", "%1: not measured together: %2")).arg(name(audience), error);
    }
    QStringList parts;
    for (const bool write : {true, false}) {
        const auto part = share(write);
        if (!part) {
            continue;
        }
        const bool controllerScope = scope == Scope::Controller;
        const char* english = controllerScope
            ? (write ? QT_TRANSLATE_NOOP("DisksTogether", "%1 disks write %2 together, %3 % of their sum")
                     : QT_TRANSLATE_NOOP("DisksTogether", "%1 disks read %2 together, %3 % of their sum"))
            : (write ? QT_TRANSLATE_NOOP("DisksTogether", "they write %2 together, %3 % of their sum")
                     : QT_TRANSLATE_NOOP("DisksTogether", "they read %2 together, %3 % of their sum"));
        parts.append(fillTemplate(words(english),
                                  {QString::number(disks.size()), formatMBps(audience, write ? *writeBw : *readBw),
                                   QString::number(qRound(*part * 100))}));
    }
    if (parts.isEmpty()) {
        return words(QT_TRANSLATE_NOOP("DisksTogether", "%1: not measured together")).arg(name(audience));
    }
    return QStringLiteral("%1: %2").arg(name(audience), parts.join(QStringLiteral("; ")));
}

QString DisksTogether::scopeName(Scope scope)
{
    return scope == Scope::Controller ? QStringLiteral("controller") : QStringLiteral("pool");
}

QJsonObject DisksTogether::toJson() const
{
    QJsonObject json {{QStringLiteral("scope"), scopeName(scope)},
                      {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
                      {QStringLiteral("write_bw_bytes"), optionalNumber(writeBw)},
                      {QStringLiteral("read_bw_bytes"), optionalNumber(readBw)},
                      {QStringLiteral("alone_write_bw_bytes"), optionalNumber(aloneWriteBw)},
                      {QStringLiteral("alone_read_bw_bytes"), optionalNumber(aloneReadBw)},
                      {QStringLiteral("limited"), limited()},
                      {QStringLiteral("summary"), describe()}};
    if (scope == Scope::Controller) {
        json.insert(QStringLiteral("controller"), controller);
    }
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    return json;
}

DisksTogether DisksTogether::fromJson(const QJsonObject& json)
{
    DisksTogether group;
    group.scope =
        json.value(QStringLiteral("scope")).toString() == QLatin1String("controller") ? Scope::Controller : Scope::Pool;
    group.controller = json.value(QStringLiteral("controller")).toString();
    for (const auto& disk : json.value(QStringLiteral("disks")).toArray()) {
        group.disks.append(disk.toString());
    }
    group.writeBw = readOptional(json.value(QStringLiteral("write_bw_bytes")));
    group.readBw = readOptional(json.value(QStringLiteral("read_bw_bytes")));
    group.aloneWriteBw = readOptional(json.value(QStringLiteral("alone_write_bw_bytes")));
    group.aloneReadBw = readOptional(json.value(QStringLiteral("alone_read_bw_bytes")));
    group.error = json.value(QStringLiteral("error")).toString();
    return group;
}

QList<DisksTogether> togetherGroups(const QList<DiskResult>& disks, bool measuredOnly)
{
    QStringList controllers;
    QStringList all;
    for (const DiskResult& disk : disks) {
        if (measuredOnly && (!disk.writeBw || !disk.readBw)) {
            continue;
        }
        all.append(disk.path);
        if (!controllers.contains(disk.controller)) {
            controllers.append(disk.controller);
        }
    }
    QList<DisksTogether> groups;
    if (controllers.size() > 1) {
        for (const QString& controller : std::as_const(controllers)) {
            DisksTogether group;
            group.scope = DisksTogether::Scope::Controller;
            group.controller = controller.isEmpty() ? QStringLiteral("unknown") : controller;
            for (const DiskResult& disk : disks) {
                if (disk.controller == controller && all.contains(disk.path)) {
                    group.disks.append(disk.path);
                }
            }
            if (group.disks.size() > 1) {
                groups.append(group);
            }
        }
    }
    if (all.size() > 1) {
        DisksTogether pool;
        pool.disks = all;
        groups.append(pool);
    }
    for (DisksTogether& group : groups) {
        fillAloneSums(group, disks);
    }
    return groups;
}

void fillAloneSums(DisksTogether& group, const QList<DiskResult>& disks)
{
    double write = 0;
    double read = 0;
    for (const DiskResult& disk : disks) {
        if (group.disks.contains(disk.path)) {
            write += disk.writeBw.value_or(0);
            read += disk.readBw.value_or(0);
        }
    }
    group.aloneWriteBw = write > 0 ? std::optional<double>(write) : std::nullopt;
    group.aloneReadBw = read > 0 ? std::optional<double>(read) : std::nullopt;
}

QString togetherMarkdown(const CampaignResults& results)
{
    const QList<DisksTogether>& groups = results.together;
    if (groups.isEmpty()) {
        return {};
    }
    auto mbps = [](const std::optional<double>& value) {
        return value ? QString::number(*value / 1e6, 'f', 1) : QStringLiteral("-");
    };
    auto pct = [](const std::optional<double>& value) {
        return value ? QStringLiteral("%1 %").arg(qRound(*value * 100)) : QStringLiteral("-");
    };
    QString text =
        QStringLiteral(
            "\n## The disks together\n\nEach disk its own stream (SEQ1M QD8), all of a group at once, against the "
            "sum of the same disks alone. Below %1 % of their sum, the disks share a ceiling: a controller, an "
            "expander or the bus, and no layout over them can go faster.\n\n"
            "| disks | count | write together MB/s | sum alone | share | read together MB/s | sum alone | share |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|\n")
            .arg(qRound(DisksTogether::ceilingShare * 100));
    QStringList ceilings;
    for (const DisksTogether& group : groups) {
        text +=
            QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                .arg(group.name(), QString::number(group.disks.size()), mbps(group.writeBw), mbps(group.aloneWriteBw),
                     pct(group.share(true)), mbps(group.readBw), mbps(group.aloneReadBw), pct(group.share(false)));
        if (group.limited() || !group.error.isEmpty()) {
            ceilings.append(QStringLiteral("- %1\n").arg(group.describe()));
        }
    }
    bool measured = false;
    for (const DisksTogether& group : groups) {
        measured = measured || group.share(true) || group.share(false);
    }
    if (!ceilings.isEmpty()) {
        text += QStringLiteral("\n") + ceilings.join(QString());
    } else if (measured) {
        text += QStringLiteral("\nNo shared ceiling: together the disks reach the sum of their own speeds.\n");
    } else {
        text += QStringLiteral("\nThe run ended before the disks were measured together.\n");
    }
    QStringList bounded;
    for (const ConfigResult& config : results.configs) {
        for (const auto& [bound, note, what] :
             {std::tuple {config.predictedWriteBound, config.predictedWriteNote, QStringLiteral("write")},
              std::tuple {config.predictedReadBound, config.predictedReadNote, QStringLiteral("read")}}) {
            if (bound == QLatin1String("shared")) {
                bounded.append(QStringLiteral("- %1, %2: %3\n").arg(config.name, what, note));
            }
        }
    }
    if (!bounded.isEmpty()) {
        text += QStringLiteral("\nThe predictions these ceilings lower:\n\n") + bounded.join(QString());
    }
    return text;
}

} // namespace RaidBench
