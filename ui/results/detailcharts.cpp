#include "fs/filetests.h"
#include "results/resultcharts.h"
#include "results/resultcharts_p.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace RaidBench::Ui {

// The detail charts: block-size sweep, MB/s over time, latency percentiles, the user's command.

using namespace ChartParts;

Result<QChart*> Charts::sweep(const CampaignResults& results, const ChartOptions& options)
{
    QChart* chart = nullptr;
    QLogValueAxis* axisX = nullptr;
    QValueAxis* axisY = nullptr;
    double top = 10;
    std::uint32_t smallest = 0;
    std::uint32_t largest = 0;
    for (const ConfigResult* config : Charts::configsOnPage(results, options)) {
        for (const TestResult& test : config->tests) {
            if (test.spec.kind != TestKind::Sweep || test.sweep.isEmpty()) {
                continue;
            }
            if (!chart) {
                chart = newChart(title(QStringLiteral("sweep")), options);
                axisX = new QLogValueAxis;
                axisX->setBase(2);
                axisX->setTitleText(tr("block size (KiB)"));
                axisX->setLabelFormat(QStringLiteral("%g"));
                axisY = new QValueAxis;
                axisY->setTitleText(tr("MB/s"));
                axisY->setLabelFormat(QStringLiteral("%.0f"));
                chart->addAxis(axisX, Qt::AlignBottom);
                chart->addAxis(axisY, Qt::AlignLeft);
            }
            auto* line = new QLineSeries;
            line->setName(QStringLiteral("%1 %2").arg(config->name, patternName(test.spec.pattern)));
            line->setPointsVisible(true);
            line->setPen(QPen(seriesColour(int(chart->series().size()), options.dark), 2));
            for (const auto& [blockSize, summary] : test.sweep) {
                line->append(double(blockSize) / 1024.0, summary.bwMedian / 1e6);
                top = std::max(top, summary.bwMedian / 1e6);
                smallest = smallest ? std::min(smallest, blockSize) : blockSize;
                largest = std::max(largest, blockSize);
            }
            chart->addSeries(line);
            line->attachAxis(axisX);
            line->attachAxis(axisY);
        }
    }
    if (!chart) {
        return nothing(tr("No block-size sweep in these results (add one to the plan)."));
    }
    axisX->setRange(double(smallest) / 1024.0 / 1.3, double(largest) / 1024.0 * 1.3);
    fitValueRange(axisY, top);
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::surface(const CampaignResults& results, const ChartOptions& options)
{
    QChart* chart = nullptr;
    QValueAxis* axisX = nullptr;
    QValueAxis* axisY = nullptr;
    double top = 10;
    for (const DiskResult& disk : results.disks) {
        if (disk.surface.isEmpty()) {
            continue;
        }
        if (!chart) {
            chart = newChart(title(QStringLiteral("surface")), options);
            axisX = new QValueAxis;
            axisX->setTitleText(tr("position on the disk (%): its first byte at 0, its last at 100"));
            axisX->setLabelFormat(QStringLiteral("%.0f"));
            axisX->setRange(0, 100);
            axisX->setTickCount(11);
            axisY = new QValueAxis;
            axisY->setTitleText(tr("MB/s"));
            axisY->setLabelFormat(QStringLiteral("%.0f"));
            chart->addAxis(axisX, Qt::AlignBottom);
            chart->addAxis(axisY, Qt::AlignLeft);
        }
        auto* line = new QLineSeries;
        const SurfacePoint* slow = disk.surface.slowest();
        const SurfacePoint* fast = disk.surface.fastest();
        // The zone in the user's words (the results file keeps "start", "middle" and "end").
        const QString zone = DiskSurface::zone(slow->position(disk.sizeBytes));
        const QString zoneWord = zone == QLatin1String("start") ? tr("start")
            : zone == QLatin1String("middle")                   ? tr("middle")
                                                                : tr("end");
        line->setName(
            disk.surface.flat()
                ? tr("%1: flat (within 5 %)").arg(disk.label())
                : tr("%1: slowest at the %2, %3 % of its fastest")
                      .arg(disk.label(), zoneWord,
                           QString::number(fast->bwBytes > 0 ? qRound(100 * slow->bwBytes / fast->bwBytes) : 0)));
        line->setPointsVisible(true);
        line->setPen(QPen(seriesColour(int(chart->series().size()), options.dark), 2));
        for (const SurfacePoint& point : disk.surface.points) {
            line->append(point.position(disk.sizeBytes) * 100, point.bwBytes / 1e6);
            top = std::max(top, point.bwBytes / 1e6);
        }
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
    }
    if (!chart) {
        return nothing(tr("No disk in these results was read across its surface (Disks page: Surface; "
                          "raidbench-cli disks --surface)."));
    }
    fitValueRange(axisY, top);
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::timeline(const CampaignResults& results, const ChartOptions& options)
{
    const QStringList ids = ResultsModel::timelineTests(results);
    const QString id = options.test.isEmpty() ? ids.value(0) : options.test;
    if (!ids.contains(id)) {
        return nothing(id.isEmpty() ? tr("No test in these results kept its samples.")
                                    : tr("No samples of %1 in these results.").arg(id));
    }
    QString name = id;
    QChart* chart = nullptr;
    QValueAxis* axisX = new QValueAxis;
    QValueAxis* axisY = new QValueAxis;
    double top = 10;
    double end = 1;
    for (const ConfigResult* config : Charts::configsOnPage(results, options)) {
        const TestResult* test = config->test(id);
        if (!test || test->runs.isEmpty() || test->runs.first().samples.empty()) {
            continue;
        }
        name = test->spec.name;
        if (!chart) {
            chart = newChart(QString(), options);
            chart->addAxis(axisX, Qt::AlignBottom);
            chart->addAxis(axisY, Qt::AlignLeft);
        }
        auto* line = new QLineSeries;
        line->setName(config->name);
        line->setPen(QPen(seriesColour(int(chart->series().size()), options.dark), 2));
        for (const IoSample& sample : test->runs.first().samples) {
            line->append(double(sample.tNs) / 1e9, sample.bwBytes / 1e6);
            top = std::max(top, sample.bwBytes / 1e6);
            end = std::max(end, double(sample.tNs) / 1e9);
        }
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
    }
    if (!chart) {
        delete axisX;
        delete axisY;
        return nothing(tr("No configuration on this page kept samples of %1.").arg(id));
    }
    chart->setTitle(tr("%1: %2").arg(title(QStringLiteral("timeline")), name));
    fitTimeAxes(axisX, axisY, end, top, tr("seconds"), tr("MB/s"));
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::latency(const CampaignResults& results, const ChartOptions& options)
{
    const QStringList ids = ResultsModel::latencyTests(results);
    const QString id = options.test.isEmpty() ? ids.value(0) : options.test;
    if (!ids.contains(id)) {
        return nothing(tr("No random test in these results: latency percentiles come from the 4k random tests."));
    }
    const QList<const ConfigResult*> configs = Charts::configsOnPage(results, options);
    QChart* chart = newChart(QString(), options);
    auto* bars = new QBarSeries;
    bars->setBarWidth(barWidth);
    const QList<std::pair<QString, std::uint64_t LatencySummary::*>> percentiles {
        {QStringLiteral("p50"), &LatencySummary::p50},
        {QStringLiteral("p90"), &LatencySummary::p90},
        {QStringLiteral("p99"), &LatencySummary::p99},
        {QStringLiteral("p99.9"), &LatencySummary::p999}};
    QStringList categories;
    QString name = id;
    double top = 1;
    for (const ConfigResult* config : configs) {
        categories.append(categoryLabel(*config, options));
    }
    QList<QList<double>> medians; // per percentile, per configuration, in µs
    for (const auto& percentile : percentiles) {
        const auto member = percentile.second;
        QList<double>& row = medians.emplace_back();
        for (const ConfigResult* config : configs) {
            const TestResult* test = config->test(id);
            QList<double> values;
            if (test) {
                name = test->spec.name;
                for (const IoResult& run : test->runs) {
                    values.append(double(run.latency.*member) / 1000.0);
                }
            }
            row.append(median(values));
            top = std::max(top, row.last());
        }
    }
    const LatencyUnit unit = latencyUnit(top);
    for (qsizetype i = 0; i < percentiles.size(); ++i) {
        auto* set = new QBarSet(percentiles.at(i).first);
        for (const double value : std::as_const(medians.at(i))) {
            set->append(value * unit.perMicrosecond);
        }
        bars->append(set);
    }
    fitValueRange(addBarAxes(chart, bars, categories, unit.name), top * unit.perMicrosecond);
    chart->setTitle(tr("%1: %2 (median of the runs)").arg(title(QStringLiteral("latency")), name));
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::command(const CampaignResults& results, const ChartOptions& options)
{
    QList<std::pair<const ConfigResult*, QJsonObject>> rows;
    for (const ConfigResult* config : Charts::configsOnPage(results, options)) {
        for (const TestResult& test : config->tests) {
            if (test.spec.kind != TestKind::Command) {
                continue;
            }
            const QJsonObject summary =
                test.file.value_or(FileTestResult {}).details.value(QStringLiteral("summary")).toObject();
            if (!summary.isEmpty()) {
                rows.append({config, summary});
            }
        }
    }
    if (rows.isEmpty()) {
        return nothing(tr("No command of yours ran in these results."));
    }
    QChart* chart = newChart(title(QStringLiteral("command")), options);
    auto* bars = new QBarSeries;
    bars->setBarWidth(barWidth);
    QStringList categories;
    double top = 0.1;
    const QList<std::pair<QString, QString>> keys {{tr("min"), QStringLiteral("min_s")},
                                                   {tr("median"), QStringLiteral("median_s")},
                                                   {tr("max"), QStringLiteral("max_s")}};
    for (const auto& [config, summary] : rows) {
        categories.append(categoryLabel(*config, options));
    }
    for (const auto& [label, key] : keys) {
        auto* set = new QBarSet(label);
        for (const auto& [config, summary] : rows) {
            const double value = summary.value(key).toDouble();
            set->append(value);
            top = std::max(top, value);
        }
        bars->append(set);
    }
    fitValueRange(addBarAxes(chart, bars, categories, tr("seconds (less is better)"), QStringLiteral("%.1f")), top);
    matchLegendMarkers(chart);
    return chart;
}

} // namespace RaidBench::Ui
