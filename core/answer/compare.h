#pragma once

#include "results/campaignresults.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// One results file of a comparison and the label its configurations and disks carry.
struct ComparedResults
{
    CampaignResults results;
    QString label;
};

/// Two or more results side by side: configurations grouped by name, "raid5 · before" next to
/// "raid5 · after" (a configuration that is in one file only stands alone). Each file's analysis
/// (relative %, slow disks) is its own; the disks of all are listed with their label. The desktop
/// program's Compare and `raidbench-cli report --compare` both use it.
/// When the files come from different machines (their connections or host names differ), it is a
/// fleet: the disks of all hosts are judged against the fleet's median, so a slow disk, controller
/// or model stands out across machines (`comparedHosts` then holds each file's host).
CampaignResults compareResults(const QList<ComparedResults>& sides);

/// Short labels for results files: the hosts they ran on when those differ (the ssh target, else
/// the host name), else their base names, else their folders' names, else "1", "2", ...
QStringList compareLabels(const QStringList& paths, const QList<CampaignResults>& results = {});

/// The machine a results file ran on: its ssh target when run over ssh, else its host name.
QString resultsHost(const CampaignResults& results);

} // namespace RaidBench
