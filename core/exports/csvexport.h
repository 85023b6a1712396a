#pragma once

#include <QString>

namespace RaidBench {

struct CampaignResults;

/// One row per configuration x test (docs/results-format.md lists the columns).
QString resultsToCsv(const CampaignResults& results);

} // namespace RaidBench
