#pragma once

#include "results/campaignresults.h"

#include <QString>

namespace RaidBench {

/// The report's section on what the layouts ask of the disks: each disk's figures for the access
/// patterns (reads that skip chunks, random 4K), and each layout's random speed measured against the
/// random model's prediction. Empty when the run measured no patterns.
QString accessMarkdown(const CampaignResults& results);

} // namespace RaidBench
