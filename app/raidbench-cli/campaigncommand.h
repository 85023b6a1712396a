#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli run PLAN.json --out RESULTS.json`: the campaign.
int runCampaign(const QStringList& arguments);
/// `raidbench-cli report RESULTS.json`: Markdown, CSV and fio-JSON exports, fio imports.
int runReport(const QStringList& arguments);
/// `raidbench-cli lab demo`: the campaign on the virtual lab's disks.
int runLabDemo(const QStringList& arguments);

} // namespace RaidBench::Cli
