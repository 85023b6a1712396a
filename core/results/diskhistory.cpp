#include "results/diskhistory.h"

#include "util/units.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>

#include <algorithm>

namespace RaidBench {

namespace {

QString day(const QDateTime& when)
{
    return when.toString(QStringLiteral("yyyy-MM-dd"));
}

std::optional<double> changePct(const std::optional<double>& first, const std::optional<double>& last)
{
    if (!first || !last || *first <= 0) {
        return std::nullopt;
    }
    return 100.0 * (*last - *first) / *first;
}

/// The first and the latest point that have the side (write or read).
std::pair<const DiskHistoryPoint*, const DiskHistoryPoint*> ends(const QList<DiskHistoryPoint>& points, bool write)
{
    const DiskHistoryPoint* first = nullptr;
    const DiskHistoryPoint* last = nullptr;
    for (const DiskHistoryPoint& point : points) {
        if ((write ? point.writeBw : point.readBw).has_value()) {
            first = first ? first : &point;
            last = &point;
        }
    }
    return {first, last};
}

void judge(DiskHistory& history)
{
    QStringList notes;
    for (const bool write : {true, false}) {
        const auto [first, last] = ends(history.points, write);
        if (!first || first == last) {
            continue;
        }
        const auto firstBw = write ? first->writeBw : first->readBw;
        const auto lastBw = write ? last->writeBw : last->readBw;
        const auto change = changePct(firstBw, lastBw);
        (write ? history.writeChangePct : history.readChangePct) = change;
        if (change && *change < -100.0 * DiskHistory::dropThreshold) {
            history.dropped = true;
            notes.append(QStringLiteral("%1 %2 on %3, %4 % below its first (%5 on %6)")
                             .arg(write ? QStringLiteral("write") : QStringLiteral("read"), Units::formatMBps(*lastBw),
                                  day(last->when), QString::number(qRound(-*change)), Units::formatMBps(*firstBw),
                                  day(first->when)));
        }
    }
    history.dropNote = notes.join(QStringLiteral("; "));
}

QDateTime whenOf(const QString& path, const CampaignResults& results)
{
    QDateTime when = QDateTime::fromString(results.created, Qt::ISODate);
    if (!when.isValid()) {
        when = QFileInfo(path).lastModified();
    }
    return when;
}

} // namespace

QList<DiskHistory> diskHistories(const QList<std::pair<QString, CampaignResults>>& files)
{
    QList<DiskHistory> histories;
    QHash<QString, qsizetype> index;
    for (const auto& [path, results] : files) {
        if (!results.comparedLabels.isEmpty()) {
            continue;
        }
        for (const DiskResult& disk : results.disks) {
            if (disk.serial.trimmed().isEmpty() || (!disk.writeBw && !disk.readBw)) {
                continue;
            }
            const QString key = disk.serial + QLatin1Char('\n') + disk.model;
            if (!index.contains(key)) {
                index.insert(key, histories.size());
                DiskHistory history;
                history.serial = disk.serial;
                history.model = disk.model;
                histories.append(history);
            }
            histories[index.value(key)].points.append({path, whenOf(path, results),
                                                       results.host.value(QStringLiteral("hostname")).toString(),
                                                       disk.writeBw, disk.readBw});
        }
    }
    for (DiskHistory& history : histories) {
        std::stable_sort(history.points.begin(), history.points.end(),
                         [](const DiskHistoryPoint& a, const DiskHistoryPoint& b) { return a.when < b.when; });
        judge(history);
    }
    return histories;
}

HistoryScan scanHistory(const QString& folder)
{
    HistoryScan scan;
    QList<std::pair<QString, CampaignResults>> files;
    const QFileInfoList infos = QDir(folder).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& info : infos) {
        if (info.isSymLink() || info.size() == 0) {
            continue;
        }
        auto results = CampaignResults::load(info.absoluteFilePath());
        if (!results) {
            scan.unreadable.append(QStringLiteral("%1: %2").arg(info.fileName(), results.error().message));
            continue;
        }
        // Only what the history needs: a thousand runs' samples are not kept in memory.
        results->configs.clear();
        for (DiskResult& disk : results->disks) {
            disk.writeRun.reset();
            disk.readRun.reset();
        }
        files.append({info.absoluteFilePath(), *results});
    }
    scan.disks = diskHistories(files);
    return scan;
}

QList<DiskHistory> historiesOf(const HistoryScan& scan, const QString& serial)
{
    QList<DiskHistory> found;
    for (const DiskHistory& history : scan.disks) {
        if (history.serial == serial) {
            found.append(history);
        }
    }
    return found;
}

const DiskHistoryPoint* DiskHistory::first(bool write) const
{
    return ends(points, write).first;
}

const DiskHistoryPoint* DiskHistory::latest(bool write) const
{
    return ends(points, write).second;
}

QJsonObject DiskHistory::toJson() const
{
    QJsonArray array;
    for (const DiskHistoryPoint& point : points) {
        array.append(QJsonObject {
            {QStringLiteral("file"), point.file},
            {QStringLiteral("when"), point.when.toString(Qt::ISODate)},
            {QStringLiteral("host"), point.host},
            {QStringLiteral("write_bw_bytes"), point.writeBw ? QJsonValue(*point.writeBw) : QJsonValue()},
            {QStringLiteral("read_bw_bytes"), point.readBw ? QJsonValue(*point.readBw) : QJsonValue()},
        });
    }
    return {
        {QStringLiteral("serial"), serial},
        {QStringLiteral("model"), model},
        {QStringLiteral("points"), array},
        {QStringLiteral("write_change_pct"), writeChangePct ? QJsonValue(*writeChangePct) : QJsonValue()},
        {QStringLiteral("read_change_pct"), readChangePct ? QJsonValue(*readChangePct) : QJsonValue()},
        {QStringLiteral("dropped"), dropped},
        {QStringLiteral("drop_note"), dropNote},
    };
}

QString DiskHistory::toText() const
{
    QString text = QStringLiteral("%1, serial %2: %3 measurement%4\n\n")
                       .arg(model.isEmpty() ? QStringLiteral("disk") : model, serial, QString::number(points.size()),
                            points.size() == 1 ? QString() : QStringLiteral("s"));
    text += QStringLiteral("%1 %2 %3 %4  %5\n")
                .arg(QStringLiteral("date"), -16)
                .arg(QStringLiteral("write"), 12)
                .arg(QStringLiteral("read"), 12)
                .arg(QStringLiteral("vs first"), 16)
                .arg(QStringLiteral("host, file"));
    const auto [firstWrite, lastWrite] = ends(points, true);
    const auto [firstRead, lastRead] = ends(points, false);
    Q_UNUSED(lastWrite);
    Q_UNUSED(lastRead);
    for (const DiskHistoryPoint& point : points) {
        const auto write = changePct(firstWrite ? firstWrite->writeBw : std::nullopt, point.writeBw);
        const auto read = changePct(firstRead ? firstRead->readBw : std::nullopt, point.readBw);
        const QString change = QStringLiteral("%1 / %2").arg(
            write ? QStringLiteral("%1%2 %").arg(*write >= 0 ? "+" : "").arg(qRound(*write)) : QStringLiteral("-"),
            read ? QStringLiteral("%1%2 %").arg(*read >= 0 ? "+" : "").arg(qRound(*read)) : QStringLiteral("-"));
        text += QStringLiteral("%1 %2 %3 %4  %5, %6\n")
                    .arg(point.when.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), -16)
                    .arg(point.writeBw ? Units::formatMBps(*point.writeBw) : QStringLiteral("-"), 12)
                    .arg(point.readBw ? Units::formatMBps(*point.readBw) : QStringLiteral("-"), 12)
                    .arg(change, 16)
                    .arg(point.host.isEmpty() ? QStringLiteral("?") : point.host, QFileInfo(point.file).fileName());
    }
    text += dropped ? QStringLiteral("\nSLOWER: %1; more than %2 % below its first measurement.\n")
                          .arg(dropNote, QString::number(qRound(100 * dropThreshold)))
        : points.size() > 1
        ? QStringLiteral("\nNo drop of more than %1 % from its first measurement.\n").arg(qRound(100 * dropThreshold))
        : QStringLiteral("\nOne measurement: nothing to compare yet.\n");
    return text;
}

} // namespace RaidBench
