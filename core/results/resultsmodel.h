#pragma once

#include "results/campaignresults.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// How configurations are ordered on the comparison chart, in the table and in exports.
enum class ResultsOrder { Plan, Write, Read, Space };

/// What a results file holds, chosen and ordered for showing: which configurations in which order
/// and on which page, the disks measured on their own, the controllers, which tests can be charted.
/// The desktop program's charts and table, the HTML report and the headless exports draw from it;
/// comparing files is compareResults() (results/compare.h).
namespace ResultsModel {

/// Configurations in the chosen order (plan order, by sequential write or read, or by space kept;
/// ties keep plan order).
QList<const ConfigResult*> ordered(const CampaignResults& results, ResultsOrder order);
/// Pages of `perPage` configurations (at least one page).
int pageCount(const CampaignResults& results, int perPage);
/// The configurations of page `page` in `order`: a thousand bars in one chart are unreadable.
QList<const ConfigResult*> page(const CampaignResults& results, ResultsOrder order, int perPage, int page);

/// The raw-device tests of the campaign, in the order they first appear.
QList<TestSpec> ioTests(const CampaignResults& results);
/// The engine tests measured in MB/s that charts compare: the sequential ones. Random tests are told in
/// IOPS (the table, the answer); as MB/s their bars would not show beside a sequential one's.
QList<TestSpec> sequentialTests(const CampaignResults& results);
/// Test ids with samples (for a timeline) or with latency percentiles (random tests), in plan order.
QStringList timelineTests(const CampaignResults& results);
QStringList latencyTests(const CampaignResults& results);
/// The queue-depth sweep tests with at least one measured depth, in plan order.
QStringList depthSweepTests(const CampaignResults& results);

/// The controllers of the disks, in order, so that charts and tables name them "controller 1", ...
QStringList controllers(const CampaignResults& results);
/// The disks measured on their own, grouped by controller (a slow controller shows as a block).
QList<const DiskResult*> measuredDisks(const CampaignResults& results);

} // namespace ResultsModel

} // namespace RaidBench
