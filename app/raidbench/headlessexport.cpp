#include "headlessexport.h"

#include "answer/compare.h"
#include "model/analysis.h"
#include "results/chartexport.h"
#include "results/htmlreport.h"
#include "results/resultcharts.h"
#include "util/errorcodes.h"

#include <QChart>
#include <QRegularExpression>

#include <cstdio>
#include <memory>

using namespace RaidBench;
using namespace RaidBench::Ui;

namespace {

int fail(int code, const QString& message)
{
    std::fprintf(stderr, "raidbench: error: %s\n", qPrintable(message));
    return code;
}

} // namespace

int runHeadlessExport(const HeadlessExport& request)
{
    if (!request.report.isEmpty() && !request.chart.isEmpty()) {
        return fail(2, QStringLiteral("--export-report and --export-chart go one at a time"));
    }
    if (request.out.isEmpty()) {
        return fail(2, QStringLiteral("--out FILE is needed: where to write"));
    }
    const QString resultsPath = request.report.isEmpty() ? request.results : request.report;
    if (resultsPath.isEmpty()) {
        return fail(2, QStringLiteral("which results file? raidbench --export-chart NAME --out FILE RESULTS.json"));
    }
    auto results = loadAnalysed(resultsPath);
    if (!results) {
        return fail(1, QStringLiteral("cannot open %1: %2").arg(resultsPath, results.error().message));
    }
    if (!request.compareWith.isEmpty()) {
        // Side by side (many hosts: the fleet's median judges the disks); each file keeps its analysis.
        const QStringList paths = QStringList {resultsPath} + request.compareWith;
        QList<CampaignResults> loaded {*results};
        for (const QString& path : request.compareWith) {
            auto other = CampaignResults::load(path);
            if (!other) {
                return fail(1, QStringLiteral("cannot open %1: %2").arg(path, other.error().message));
            }
            loaded.append(*other);
        }
        const QStringList labels = compareLabels(paths, loaded);
        QList<ComparedResults> sides;
        for (qsizetype i = 0; i < loaded.size(); ++i) {
            sides.append({loaded.at(i), labels.at(i)});
        }
        *results = compareResults(sides);
    }
    Requirements requirements = Requirements::defaults();
    if (request.recommend) {
        auto parsed = Requirements::parse(*request.recommend);
        if (!parsed) {
            return fail(2, parsed.error().message);
        }
        requirements = *parsed;
    }
    if (!request.report.isEmpty()) {
        if (auto written = writeHtmlReport(*results, request.out, request.dark, requirements); !written) {
            return fail(1, written.error().message);
        }
        std::fprintf(stderr, "raidbench: report written to %s\n", qPrintable(request.out));
        return 0;
    }

    auto format = parseChartFormat(request.format.isEmpty() ? request.out : request.format);
    if (!format) {
        return fail(2, format.error().message);
    }
    static const QRegularExpression sizePattern(QStringLiteral("^(\\d+)x(\\d+)$"));
    const auto size = sizePattern.match(request.size);
    if (!size.hasMatch()) {
        return fail(
            2, QStringLiteral("--size must be WIDTHxHEIGHT in pixels, like 1200x700, not \"%1\"").arg(request.size));
    }
    bool ok = false;
    const int dpi = request.dpi.toInt(&ok);
    if (!ok) {
        return fail(2, QStringLiteral("--dpi must be a number, not \"%1\"").arg(request.dpi));
    }
    ChartOptions options;
    options.dark = request.dark;
    options.requirements = requirements;
    const QString order = request.order.toLower();
    if (order == QLatin1String("plan")) {
        options.order = ResultsOrder::Plan;
    } else if (order == QLatin1String("write")) {
        options.order = ResultsOrder::Write;
    } else if (order == QLatin1String("read")) {
        options.order = ResultsOrder::Read;
    } else if (order == QLatin1String("space")) {
        options.order = ResultsOrder::Space;
    } else {
        return fail(2, QStringLiteral("--order must be plan, write, read or space, not \"%1\"").arg(request.order));
    }
    const int page = request.page.toInt(&ok);
    const int pages = ResultsModel::pageCount(*results, options.perPage);
    if (!ok || page < 1 || page > pages) {
        return fail(2, QStringLiteral("--page must be 1 to %1, not \"%2\"").arg(pages).arg(request.page));
    }
    options.page = page - 1;
    auto chart = Charts::make(request.chart, *results, options);
    if (!chart) {
        return fail(chart.error().code == ErrorCode::usage ? 2 : 1, chart.error().message);
    }
    std::unique_ptr<QChart> owned(*chart);
    if (auto written =
            exportChart(owned.get(), request.out, *format, QSize(size.captured(1).toInt(), size.captured(2).toInt()),
                        dpi, Charts::caption(request.chart));
        !written) {
        return fail(written.error().code == ErrorCode::usage ? 2 : 1, written.error().message);
    }
    std::fprintf(stderr, "raidbench: %s chart written to %s\n", qPrintable(request.chart), qPrintable(request.out));
    return 0;
}
