#include "exports/surfacereport.h"

#include "results/campaignresults.h"

namespace RaidBench {

QString surfaceMarkdown(const CampaignResults& results)
{
    QString table;
    QString lines;
    for (const DiskResult& disk : results.disks) {
        if (disk.surface.isEmpty() && disk.surface.error.isEmpty()) {
            continue;
        }
        const SurfacePoint* slow = disk.surface.slowest();
        const SurfacePoint* fast = disk.surface.fastest();
        const QString name = disk.name.isEmpty() ? disk.path : disk.name;
        table += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7/%8 |\n")
                     .arg(name, QString(disk.model).replace(QLatin1Char('|'), QLatin1Char('/')),
                          slow ? disk.surface.slowestZone(disk.sizeBytes) : QStringLiteral("-"),
                          slow ? QString::number(slow->bwBytes / 1e6, 'f', 1) : QStringLiteral("-"),
                          fast ? QString::number(fast->bwBytes / 1e6, 'f', 1) : QStringLiteral("-"),
                          slow && fast && fast->bwBytes > 0
                              ? QStringLiteral("%1 %").arg(qRound(100 * slow->bwBytes / fast->bwBytes))
                              : QStringLiteral("-"),
                          QString::number(disk.surface.points.size()), QString::number(disk.surface.pointsPlanned));
        QStringList points;
        for (const SurfacePoint& point : disk.surface.points) {
            points.append(QStringLiteral("%1 %: %2")
                              .arg(QString::number(qRound(point.position(disk.sizeBytes) * 100)),
                                   QString::number(point.bwBytes / 1e6, 'f', 1)));
        }
        lines += QStringLiteral("- %1: %2%3\n")
                     .arg(name, points.join(QStringLiteral(" · ")),
                          disk.surface.error.isEmpty() ? QString()
                                                       : QStringLiteral(" (stopped: %1)").arg(disk.surface.error));
    }
    if (table.isEmpty()) {
        return {};
    }
    return QStringLiteral(
               "\n## Each disk across its surface\n\nRead only, 1M blocks at queue depth 8, at points from "
               "each disk's first byte (0 %) to its last (100 %). A hard disk is fastest at its start (outer "
               "tracks) and slowest at its end; an array tested only at its start overstates what it "
               "sustains once full.\n\n| disk | model | slowest zone | slowest MB/s | fastest MB/s | "
               "slowest / fastest | points |\n|---|---|---|---:|---:|---:|---:|\n") +
        table + QStringLiteral("\nMB/s by position:\n\n") + lines;
}

} // namespace RaidBench
