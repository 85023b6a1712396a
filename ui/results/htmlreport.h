#pragma once

#include "answer/recommend.h"
#include "results/campaignresults.h"
#include "util/result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RaidBench::Ui {

/// The whole comparison as one self-contained HTML file that opens offline in any browser: host and
/// disk identity, the comparison and disk charts (and the detail charts the results have) as inline
/// SVG, the tables of `raidbench-cli report` (configurations, the relative table, file
/// tests), and the exact commands run for each configuration. No script, no external reference.
/// The recommendation and the trade-off chart follow `requirements`.
QString resultsToHtml(const CampaignResults& results, bool dark = false,
                      const Requirements& requirements = Requirements::defaults());
Result<void> writeHtmlReport(const CampaignResults& results, const QString& path, bool dark = false,
                             const Requirements& requirements = Requirements::defaults());

/// The report in steps, for a caller that must not block (ReportWriter): which charts, each chart
/// (Qt Charts: the GUI thread), and the page around them (any thread). `results` are analysed.
struct ReportChart
{
    static constexpr int configsPerPage = 24;
    QString name;
    int page = 0;
};
QList<ReportChart> reportCharts(const CampaignResults& results);
/// One chart as a figure with inline SVG and its caption; empty when it has nothing to draw.
QString reportFigure(const CampaignResults& results, const ReportChart& chart, bool dark,
                     const Requirements& requirements = Requirements::defaults());
QString reportPage(const CampaignResults& results, const QStringList& figures, bool dark,
                   const Requirements& requirements = Requirements::defaults());

/// Markdown as `resultsToMarkdown` writes it (headings, paragraphs, pipe tables, **bold**) to HTML.
QString markdownToHtml(const QString& markdown);

} // namespace RaidBench::Ui
