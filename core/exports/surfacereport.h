#pragma once

#include <QString>

namespace RaidBench {

struct CampaignResults;

/// The report's section on the disks read across their surface; empty when none was.
QString surfaceMarkdown(const CampaignResults& results);

} // namespace RaidBench
