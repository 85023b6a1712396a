#include "../displaynumbers.h"
#include "../outsidetr.h"
#include "model/analysis.h"
#include "results/resultcharts.h"
#include "results/resultcharts_p.h"
#include "util/units.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>

// The comparison chart (every configuration's tests side by side, the model's figures and the disks'
// own speeds over them) and the disks' chart.

namespace RaidBench::Ui {

using namespace ChartParts;

namespace {

/// Where the bar of test `set` of configuration `category` stands on the overlay's x axis.
struct BarPlace
{
    int tests = 1;
    double operator()(int category, int set) const { return category - barWidth / 2 + (set + 0.5) * barWidth / tests; }
};

using Overlay = std::function<void(QXYSeries* series, bool legend)>;

/// The comparison's bars: each test's median MB/s per configuration, a min-max whisker for a test
/// run more than once, the bars of the highlighted disk's configurations selected; `top` raised to
/// the highest value.
QBarSeries* comparisonBars(const QList<TestSpec>& tests, const QList<const ConfigResult*>& configs,
                           const ChartOptions& options, BarPlace barX, QList<QLineSeries*>& whiskers, double& top)
{
    auto* bars = new QBarSeries;
    bars->setBarWidth(barWidth);
    for (int j = 0; j < tests.size(); ++j) {
        auto* set = new QBarSet(tests.at(j).name);
        set->setColor(Charts::seriesColour(j, options.dark));
        set->setSelectedColor(Charts::warningColour());
        for (int i = 0; i < configs.size(); ++i) {
            const TestResult* test = configs.at(i)->test(tests.at(j).id());
            const bool measured = test && test->summary.runs > 0;
            set->append(measured ? test->summary.bwMedian / 1e6 : 0.0);
            if (measured) {
                top = std::max(top, test->summary.bwMax / 1e6);
            }
            if (measured && test->summary.runs > 1) {
                // Min-max over the repeats: a whisker through the bar.
                auto* whisker = new QLineSeries;
                whisker->setName(tr("%1, %2: min-max").arg(configs.at(i)->name, tests.at(j).name));
                whisker->append(barX(i, j), test->summary.bwMin / 1e6);
                whisker->append(barX(i, j), test->summary.bwMax / 1e6);
                whiskers.append(whisker);
            }
            if (!options.highlightDisk.isEmpty() && configs.at(i)->spec.leafDevices().contains(options.highlightDisk)) {
                set->selectBar(i);
            }
        }
        bars->append(set);
    }
    return bars;
}

/// Marks over the bars not to trust as they stand: repeats that never settled, or an array
/// resyncing meanwhile (a series each, only when some bar has it).
QList<QScatterSeries*> distrustMarks(const QList<TestSpec>& tests, const QList<const ConfigResult*>& configs,
                                     const ChartOptions& options, BarPlace barX, double top)
{
    QList<QScatterSeries*> pendingMarks;
    for (const bool unstable : {true, false}) {
        auto* marks = new QScatterSeries;
        marks->setName(unstable ? tr("unstable") : tr("during resync"));
        marks->setMarkerShape(unstable ? QScatterSeries::MarkerShapeTriangle
                                       : QScatterSeries::MarkerShapeRotatedRectangle);
        marks->setMarkerSize(12);
        marks->setColor(Charts::warningColour());
        marks->setBorderColor(options.dark ? QColor(0xf0, 0xf0, 0xf0) : QColor(0x10, 0x10, 0x10));
        for (int j = 0; j < tests.size(); ++j) {
            for (int i = 0; i < configs.size(); ++i) {
                const TestResult* test = configs.at(i)->test(tests.at(j).id());
                if (test && test->summary.runs > 0 && (unstable ? test->summary.unstable : test->duringResync)) {
                    const double value = test->summary.bwMax / 1e6;
                    marks->append(barX(i, j), value + std::max(top, 10.0) * 0.04);
                }
            }
        }
        if (marks->count() == 0) {
            delete marks;
            continue;
        }
        pendingMarks.append(marks);
    }
    return pendingMarks;
}

/// The predicted sequential write and read: dashed markers over those tests' bars.
void addPredictions(const QList<TestSpec>& tests, const QList<const ConfigResult*>& configs,
                    const ChartOptions& options, BarPlace barX, const Overlay& overlay, double& top)
{
    for (const bool write : {true, false}) {
        int j = -1;
        for (int t = 0; t < tests.size(); ++t) {
            const QString id = write ? QStringLiteral("seq1m-qd8-write") : QStringLiteral("seq1m-qd8-read");
            if (tests.at(t).id() == id) {
                j = t;
            }
        }
        if (j < 0) {
            continue;
        }
        auto* predicted = new QScatterSeries;
        predicted->setName(write ? tr("predicted write") : tr("predicted read"));
        predicted->setLightMarker(dashMarker(options.dark ? QColor(0xf0, 0xf0, 0xf0) : QColor(0x10, 0x10, 0x10)));
        predicted->setMarkerSize(20);
        for (int i = 0; i < configs.size(); ++i) {
            const std::optional<double> value = write ? configs.at(i)->predictedWrite : configs.at(i)->predictedRead;
            if (value) {
                predicted->append(barX(i, j), *value / 1e6);
                top = std::max(top, *value / 1e6);
            }
        }
        if (predicted->count() == 0) {
            delete predicted;
            continue;
        }
        overlay(predicted, write);
        if (write) {
            predicted->setName(tr("predicted (dashed)"));
        }
    }
}

/// The median disk's own write and read speed: a line each across the chart.
void addDiskLines(const CampaignResults& results, int configs, const Overlay& overlay, double& top)
{
    const auto [medianWrite, medianRead] = baselineMedians(results);
    for (const bool write : {true, false}) {
        const std::optional<double> value = write ? medianWrite : medianRead;
        if (!value) {
            continue;
        }
        auto* line = new QLineSeries;
        // Short legend names, so the legend is not cut; the caption says which disk "one disk" is.
        line->setName(write ? tr("one disk, write") : tr("one disk, read"));
        line->append(-0.5, *value / 1e6);
        line->append(double(configs) - 0.5, *value / 1e6);
        QPen pen(write ? QColor(0xc0, 0x39, 0x2b) : QColor(0x29, 0x80, 0xb9), 1.5, Qt::DashDotLine);
        line->setPen(pen);
        overlay(line, true);
        top = std::max(top, *value / 1e6);
    }
}

} // namespace

Result<QChart*> Charts::comparison(const CampaignResults& results, const ChartOptions& options)
{
    const QList<TestSpec> tests = ResultsModel::sequentialTests(results);
    if (results.configs.isEmpty()) {
        return nothing(tr("These results hold no configuration."));
    }
    if (tests.isEmpty() && !ResultsModel::ioTests(results).isEmpty()) {
        return nothing(tr("These results hold only random tests: they are on the Table tab, in IOPS."));
    }
    const QList<const ConfigResult*> configs = Charts::configsOnPage(results, options);
    QChart* chart = newChart(title(QStringLiteral("comparison")), options);
    double top = 10;
    const BarPlace barX {int(std::max<qsizetype>(1, tests.size()))};
    QList<QLineSeries*> whiskers;
    QBarSeries* bars = comparisonBars(tests, configs, options, barX, whiskers, top);
    QStringList categories;
    for (const ConfigResult* config : configs) {
        categories.append(categoryLabel(*config, options));
    }
    QValueAxis* axisY = addBarAxes(chart, bars, categories, tr("MB/s"));
    // The overlays share a hidden numeric x axis laid exactly over the categories.
    auto* overlayX = new QValueAxis;
    overlayX->setRange(-0.5, double(configs.size()) - 0.5);
    overlayX->setVisible(false);
    chart->addAxis(overlayX, Qt::AlignBottom);
    const auto overlay = [&](QXYSeries* series, bool legend) {
        chart->addSeries(series);
        series->attachAxis(overlayX);
        series->attachAxis(axisY);
        if (!legend) {
            hideFromLegend(chart, series);
        }
    };
    const QList<QScatterSeries*> pendingMarks = distrustMarks(tests, configs, options, barX, top);
    for (QLineSeries* whisker : std::as_const(whiskers)) {
        whisker->setPen(QPen(options.dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20), 1.5));
        overlay(whisker, false);
    }
    addPredictions(tests, configs, options, barX, overlay, top);
    addDiskLines(results, int(configs.size()), overlay, top);
    for (QScatterSeries* marks : std::as_const(pendingMarks)) {
        overlay(marks, true);
    }
    fitValueRange(axisY, top * 1.06);
    const int pages = ResultsModel::pageCount(results, options.perPage);
    if (pages > 1) {
        chart->setTitle(tr("%1 (page %2 of %3)")
                            .arg(title(QStringLiteral("comparison")))
                            .arg(std::clamp(options.page, 0, pages - 1) + 1)
                            .arg(pages));
    }
    matchLegendMarkers(chart);
    return chart;
}

Result<QChart*> Charts::disks(const CampaignResults& results, const ChartOptions& options)
{
    const QList<const DiskResult*> disks = ResultsModel::measuredDisks(results);
    if (disks.isEmpty()) {
        return nothing(tr("No disk was measured on its own in these results."));
    }
    const QStringList controllers = ResultsModel::controllers(results);
    QChart* chart = newChart(title(QStringLiteral("disks")), options);
    auto* bars = new QBarSeries;
    bars->setBarWidth(barWidth);
    auto* write = new QBarSet(tr("write"));
    auto* read = new QBarSet(tr("read"));
    QStringList categories;
    double top = 10;
    for (int i = 0; i < disks.size(); ++i) {
        const DiskResult* disk = disks.at(i);
        const int controller = int(controllers.indexOf(disk->controller)) + 1;
        QString label = disk->name.isEmpty() ? disk->path.section(QLatin1Char('/'), -1) : disk->name;
        if (controllers.size() > 1) {
            label += tr(" · ctl %1").arg(controller);
        }
        if (disk->slow) {
            label += tr(" (slow)");
        }
        categories.append(label);
        write->append(disk->writeBw.value_or(0) / 1e6);
        read->append(disk->readBw.value_or(0) / 1e6);
        top = std::max({top, disk->writeBw.value_or(0) / 1e6, disk->readBw.value_or(0) / 1e6});
        if (disk->slow) {
            write->selectBar(i);
            read->selectBar(i);
        }
    }
    write->setSelectedColor(warningColour());
    read->setSelectedColor(warningColour().darker(120));
    bars->append(write);
    bars->append(read);
    fitValueRange(addBarAxes(chart, bars, categories, tr("MB/s")), top);
    if (controllers.size() > 1) {
        QStringList legend;
        for (int c = 0; c < controllers.size(); ++c) {
            legend.append(tr("ctl %1 = %2").arg(c + 1).arg(controllers.at(c)));
        }
        chart->setTitle(
            QStringLiteral("%1<br><small>%2; %3</small>")
                .arg(title(QStringLiteral("disks")), legend.join(QStringLiteral(", ")), tr("slow disks in orange")));
    }
    matchLegendMarkers(chart);
    return chart;
}

} // namespace RaidBench::Ui
