#pragma once

#include "campaign/campaignresults.h"
#include "util/result.h"

#include <QString>

namespace RaidBench::Ui {

/// The whole comparison as one self-contained HTML file that opens offline in any browser: host and
/// disk identity, the comparison and disk charts (and the detail charts the results have) as inline
/// SVG, the tables of `raidbench-cli report` (configurations, the relative table, file
/// tests), and the exact commands run for each configuration. No script, no external reference.
QString resultsToHtml(const CampaignResults& results, bool dark = false);
Result<void> writeHtmlReport(const CampaignResults& results, const QString& path, bool dark = false);

/// Markdown as `resultsToMarkdown` writes it (headings, paragraphs, pipe tables, **bold**) to HTML.
QString markdownToHtml(const QString& markdown);

} // namespace RaidBench::Ui
