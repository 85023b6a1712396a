#pragma once

#include "answer/recommend.h"
#include "exports/csvexport.h"
#include "exports/filetestsreport.h"
#include "exports/fiojson.h"
#include "results/campaignresults.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

namespace RaidBench {

/// Per-disk baselines (slow disks marked), configurations x tests, the relative table, and at the
/// end the recommendation for `requirements` (none for a comparison of several files).
QString resultsToMarkdown(const CampaignResults& results, const Requirements& requirements = Requirements::defaults());

} // namespace RaidBench
