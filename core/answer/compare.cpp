#include "answer/compare.h"

#include "model/analysis.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace RaidBench {

CampaignResults compareResults(const QList<ComparedResults>& sides)
{
    QList<ComparedResults> analysed = sides;
    for (ComparedResults& side : analysed) {
        analyzeResults(side.results);
    }
    CampaignResults merged = analysed.isEmpty() ? CampaignResults() : analysed.first().results;
    merged.configs.clear();
    merged.disks.clear();
    merged.comparedLabels.clear();
    for (const ComparedResults& side : sides) {
        merged.comparedLabels.append(side.label);
    }
    QStringList names;
    QList<RunState> statuses;
    for (const ComparedResults& side : std::as_const(analysed)) {
        for (const ConfigResult& config : side.results.configs) {
            if (!names.contains(config.name)) {
                names.append(config.name);
            }
        }
        if (!statuses.contains(side.results.status)) {
            statuses.append(side.results.status);
        }
        merged.updated = std::max(merged.updated, side.results.updated);
    }
    for (const QString& name : std::as_const(names)) {
        for (const ComparedResults& side : std::as_const(analysed)) {
            for (const ConfigResult& config : side.results.configs) {
                if (config.name == name) {
                    ConfigResult copy = config;
                    copy.name = QStringLiteral("%1 · %2").arg(config.name, side.label);
                    merged.configs.append(copy);
                }
            }
        }
    }
    for (const ComparedResults& side : std::as_const(analysed)) {
        for (const DiskResult& disk : side.results.disks) {
            DiskResult copy = disk;
            copy.name = QStringLiteral("%1 · %2").arg(disk.name.isEmpty() ? disk.path : disk.name, side.label);
            merged.disks.append(copy);
        }
    }
    // One state for the files side by side: theirs when they agree, else the one that matters most.
    merged.status = statuses.size() == 1         ? statuses.first()
        : statuses.contains(RunState::Failed)    ? RunState::Failed
        : statuses.contains(RunState::Cancelled) ? RunState::Cancelled
                                                 : RunState::Running;
    QStringList hosts;
    for (const ComparedResults& side : sides) {
        hosts.append(resultsHost(side.results));
    }
    if (sides.size() > 1 && !hosts.contains(QString()) &&
        QSet<QString>(hosts.begin(), hosts.end()).size() == hosts.size()) {
        for (const ComparedResults& side : sides) {
            merged.comparedHosts.append(side.results.host);
        }
        flagSlowDisks(merged); // comparedHosts set: against the fleet's median disk
    }
    return merged;
}

QString resultsHost(const CampaignResults& results)
{
    const QString target =
        results.host.value(QStringLiteral("connection")).toObject().value(QStringLiteral("target")).toString();
    return target.isEmpty() ? results.host.value(QStringLiteral("hostname")).toString() : target;
}

QStringList compareLabels(const QStringList& paths, const QList<CampaignResults>& results)
{
    const auto distinct = [](const QStringList& labels) {
        return QSet<QString>(labels.begin(), labels.end()).size() == labels.size();
    };
    QStringList labels;
    if (results.size() == paths.size() && results.size() > 1) {
        for (const CampaignResults& one : results) {
            labels.append(resultsHost(one));
        }
        if (!labels.contains(QString()) && distinct(labels)) {
            return labels;
        }
        labels.clear();
    }
    for (const QString& path : paths) {
        labels.append(QFileInfo(path).completeBaseName());
    }
    if (distinct(labels)) {
        return labels;
    }
    labels.clear();
    for (const QString& path : paths) {
        labels.append(QFileInfo(path).absolutePath().section(QLatin1Char('/'), -1));
    }
    if (distinct(labels)) {
        return labels;
    }
    labels.clear();
    for (int i = 1; i <= paths.size(); ++i) {
        labels.append(QString::number(i));
    }
    return labels;
}

} // namespace RaidBench
