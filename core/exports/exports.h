#pragma once

#include "answer/recommend.h"
#include "exports/fiojson.h"
#include "results/campaignresults.h"
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

} // namespace RaidBench
