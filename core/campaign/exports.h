#pragma once

#include "campaign/campaignresults.h"
#include "campaign/recommend.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

namespace RaidBench {

/// One row per configuration x test (docs/results-format.md lists the columns).
QString resultsToCsv(const CampaignResults& results);
/// Per-disk baselines (slow disks marked), configurations x tests, the relative table, and at the
/// end the recommendation for `requirements` (none for a comparison of several files).
QString resultsToMarkdown(const CampaignResults& results, const Requirements& requirements = Requirements::defaults());
/// The file-system test section of resultsToMarkdown alone (the bonnie-like table); empty when
/// the results have no file test.
QString resultsFileTestsMarkdown(const CampaignResults& results);
/// fio's --output-format=json shape for one test, so fio tooling can read RaidBench numbers.
QJsonObject testToFioJson(const ConfigResult& config, const TestResult& test);
/// Writes one fio-style JSON file per configuration x test into `directory`; returns the count.
Result<int> exportFioJson(const CampaignResults& results, const QString& directory);
/// Adds the jobs of a fio --output-format=json file as a test of configuration `configName` (created when
/// absent), marked source "fio", so fio's numbers sit beside RaidBench's.
Result<void> importFioJson(CampaignResults& results, const QByteArray& fioJson, const QString& configName);

} // namespace RaidBench
