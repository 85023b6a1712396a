#pragma once

#include "campaign/campaignresults.h"

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
CampaignResults compareResults(const QList<ComparedResults>& sides);

/// Short labels for results files: their base names, else their folders' names, else "1", "2", ...
QStringList compareLabels(const QStringList& paths);

} // namespace RaidBench
