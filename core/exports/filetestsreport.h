#pragma once

#include <QString>

namespace RaidBench {

struct CampaignResults;

/// The file-system test section of resultsToMarkdown alone (the bonnie-like table); empty when
/// the results have no file test.
QString resultsFileTestsMarkdown(const CampaignResults& results);

} // namespace RaidBench
