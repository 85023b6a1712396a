#include "results/resultcharts.h"
#include "results/resultcharts_p.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

namespace RaidBench::Ui {

// The queue-depth sweep: where latency takes off as the load grows (vdbench's response-time curve,
// fio-plot's 2D charts), and how IOPS grow with the queue depth.

using namespace ChartParts;

namespace {

struct DepthSweep
{
    const ConfigResult* config = nullptr;
    const TestResult* test = nullptr;
};

/// The configurations on the page that ran queue-depth sweep `id` (or the first sweep when empty).
QList<DepthSweep> depthSweeps(const CampaignResults& results, const ChartOptions& options, QString* name)
{
    const QStringList ids = ResultsModel::depthSweepTests(results);
    const QString id = options.test.isEmpty() ? ids.value(0) : options.test;
    QList<DepthSweep> sweeps;
    if (!ids.contains(id)) {
        return sweeps;
    }
    for (const ConfigResult* config : Charts::configsOnPage(results, options)) {
        const TestResult* test = config->test(id);
        if (test && !test->depthSweep.isEmpty()) {
            sweeps.append({config, test});
            *name = test->spec.name;
        }
    }
    return sweeps;
}

/// A new chart titled for test `name`, with the x axis given and a value axis on the left.
QChart* sweepChart(const QString& chartName, const QString& name, QAbstractAxis* axisX, const QString& xTitle,
                   QValueAxis* axisY, const QString& yTitle, const ChartOptions& options)
{
    QChart* chart = newChart(tr("%1: %2").arg(Charts::title(chartName), name), options);
    axisX->setTitleText(xTitle);
    axisY->setTitleText(yTitle);
    axisY->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    return chart;
}

} // namespace

Result<QChart*> Charts::depthLatency(const CampaignResults& results, const ChartOptions& options)
{
    QString name;
    const QList<DepthSweep> sweeps = depthSweeps(results, options, &name);
    if (sweeps.isEmpty()) {
        return nothing(tr("No queue-depth sweep in these results (add one to the plan)."));
    }
    auto* axisX = new QValueAxis;
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    auto* axisY = new QValueAxis;
    double largest = 1;
    for (const DepthSweep& sweep : sweeps) {
        for (const auto& point : std::as_const(sweep.test->depthSweep)) {
            largest = std::max({largest, point.second.latP50Median / 1000.0, point.second.latP99Median / 1000.0});
        }
    }
    const LatencyUnit unit = latencyUnit(largest);
    QChart* chart = sweepChart(QStringLiteral("qd-latency"), name, axisX, tr("IOPS"), axisY,
                               tr("latency (%1)").arg(unit.name), options);
    double right = 1;
    double top = 1;
    int colour = 0;
    for (const DepthSweep& sweep : sweeps) {
        const QColor pen = seriesColour(colour++, options.dark);
        for (const bool tail : {false, true}) {
            auto* line = new QLineSeries;
            line->setName(tr("%1 %2").arg(sweep.config->name, tail ? QStringLiteral("p99") : QStringLiteral("p50")));
            line->setPointsVisible(true);
            line->setPen(QPen(pen, tail ? 1.5 : 2.5, tail ? Qt::DashLine : Qt::SolidLine));
            for (const auto& [depth, point] : sweep.test->depthSweep) {
                const double latency = (tail ? point.latP99Median : point.latP50Median) / 1000.0 * unit.perMicrosecond;
                line->append(point.iopsMedian, latency);
                right = std::max(right, point.iopsMedian);
                top = std::max(top, latency);
            }
            chart->addSeries(line);
            line->attachAxis(axisX);
            line->attachAxis(axisY);
        }
    }
    fitValueRange(axisX, right);
    fitValueRange(axisY, top);
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::depthIops(const CampaignResults& results, const ChartOptions& options)
{
    QString name;
    const QList<DepthSweep> sweeps = depthSweeps(results, options, &name);
    if (sweeps.isEmpty()) {
        return nothing(tr("No queue-depth sweep in these results (add one to the plan)."));
    }
    auto* axisX = new QLogValueAxis;
    axisX->setBase(2);
    axisX->setLabelFormat(QStringLiteral("%g"));
    auto* axisY = new QValueAxis;
    QChart* chart = sweepChart(QStringLiteral("qd-iops"), name, axisX, tr("queue depth"), axisY, tr("IOPS"), options);
    double top = 1;
    int smallest = 0;
    int largest = 1;
    for (const DepthSweep& sweep : sweeps) {
        auto* line = new QLineSeries;
        line->setName(sweep.config->name);
        line->setPointsVisible(true);
        line->setPen(QPen(seriesColour(int(chart->series().size()), options.dark), 2));
        for (const auto& [depth, point] : sweep.test->depthSweep) {
            line->append(double(depth), point.iopsMedian);
            top = std::max(top, point.iopsMedian);
            smallest = smallest ? std::min(smallest, depth) : depth;
            largest = std::max(largest, depth);
        }
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
    }
    axisX->setRange(double(std::max(1, smallest)) / 1.3, double(largest) * 1.3);
    fitValueRange(axisY, top);
    matchLegendMarkers(chart);
    return chart;
}

} // namespace RaidBench::Ui
