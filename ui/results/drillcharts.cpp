#include "results/resultcharts.h"
#include "results/resultcharts_p.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

namespace RaidBench::Ui {

// The failure drill's charts: each layout healthy against degraded, and the rebuilds over time.

using namespace ChartParts;

Result<QChart*> Charts::failure(const CampaignResults& results, const ChartOptions& options)
{
    // The tests that ran degraded, in plan order; a pair of bars (healthy, degraded) for each.
    QList<const ConfigResult*> configs;
    QList<TestSpec> tests;
    for (const ConfigResult* config : Charts::configsOnPage(results, options)) {
        if (!config->drill || config->drill->degraded.isEmpty()) {
            continue;
        }
        configs.append(config);
        for (const TestResult& test : config->drill->degraded) {
            if (std::none_of(tests.cbegin(), tests.cend(),
                             [&](const TestSpec& spec) { return spec.id() == test.spec.id(); })) {
                tests.append(test.spec);
            }
        }
    }
    if (configs.isEmpty()) {
        return nothing(tr("No layout on this page ran the failure drill."));
    }
    QChart* chart = newChart(title(QStringLiteral("failure")), options);
    auto* bars = new QBarSeries;
    bars->setBarWidth(barWidth);
    QStringList categories;
    for (const ConfigResult* config : std::as_const(configs)) {
        categories.append(categoryLabel(*config, options));
    }
    double top = 10;
    for (const TestSpec& spec : std::as_const(tests)) {
        auto* healthy = new QBarSet(tr("%1, healthy").arg(spec.name));
        auto* degraded = new QBarSet(tr("%1, one disk failed").arg(spec.name));
        for (const ConfigResult* config : std::as_const(configs)) {
            const TestResult* before = config->test(spec.id());
            const TestResult* after = config->drill->degradedTest(spec.id());
            healthy->append(before ? before->summary.bwMedian / 1e6 : 0);
            degraded->append(after ? after->summary.bwMedian / 1e6 : 0);
            top =
                std::max({top, before ? before->summary.bwMedian / 1e6 : 0, after ? after->summary.bwMedian / 1e6 : 0});
        }
        bars->append(healthy);
        bars->append(degraded);
    }
    fitValueRange(addBarAxes(chart, bars, categories, tr("MB/s")), top);
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::rebuild(const CampaignResults& results, const ChartOptions& options)
{
    QChart* chart = nullptr;
    auto* axisX = new QValueAxis;
    auto* axisY = new QValueAxis;
    double top = 10;
    double end = 1;
    for (const ConfigResult* config : Charts::configsOnPage(results, options)) {
        if (!config->drill || !config->drill->rebuild || config->drill->rebuild->timeline.isEmpty()) {
            continue;
        }
        if (!chart) {
            chart = newChart(title(QStringLiteral("rebuild")), options);
            chart->addAxis(axisX, Qt::AlignBottom);
            chart->addAxis(axisY, Qt::AlignLeft);
        }
        auto* line = new QLineSeries;
        line->setName(tr("%1 (%2 s)").arg(config->name, QString::number(config->drill->rebuild->seconds, 'f', 1)));
        line->setPen(QPen(seriesColour(int(chart->series().size()), options.dark), 2));
        for (const SyncPoint& point : config->drill->rebuild->timeline) {
            line->append(point.seconds, point.bytesPerSecond / 1e6);
            top = std::max(top, point.bytesPerSecond / 1e6);
            end = std::max(end, point.seconds);
        }
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
    }
    if (!chart) {
        delete axisX;
        delete axisY;
        return nothing(tr("No layout on this page timed a rebuild."));
    }
    fitTimeAxes(axisX, axisY, end, top, tr("seconds since the disk was added back"), tr("rebuild MB/s"));
    matchLegendMarkers(chart);
    return chart;
}

} // namespace RaidBench::Ui
