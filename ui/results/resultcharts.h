#pragma once

#include "answer/recommend.h"
#include "results/campaignresults.h"
#include "results/resultsmodel.h"
#include "util/result.h"

#include <QColor>
#include <QString>
#include <QStringList>

class QChart;

namespace RaidBench::Ui {

struct ChartOptions
{
    ResultsOrder order = ResultsOrder::Plan;
    /// Configurations per page: a thousand bars in one chart are unreadable, so charts page.
    int perPage = 16;
    int page = 0;
    /// A disk path: the configurations holding it are highlighted.
    QString highlightDisk;
    /// For the per-test charts (MB/s over time, latency): the test id; empty = the first that fits.
    QString test;
    bool dark = false;
    /// For the trade-off chart: what is ranked on (its speed axis) and which layouts qualify.
    Requirements requirements = Requirements::defaults();
};

/// The result charts, built from a results file alone (the GUI, the HTML report and the headless
/// exports draw the same charts). Each returns a new QChart the caller owns, or an error saying why
/// there is nothing to draw. Values are MB/s (10^6 bytes per second), latencies microseconds.
namespace Charts {

/// comparison, disks, tradeoff, surface, sweep, qd-latency, qd-iops, timeline, latency, command, failure, rebuild.
QStringList names();
/// The charts of the Results page's Details tab (every name but comparison, disks and tradeoff).
QStringList detailNames();
QString title(const QString& name);

/// The configurations the charts show for `options` (its order and page): category i is entry i.
QList<const ConfigResult*> configsOnPage(const CampaignResults& results, const ChartOptions& options);

/// Grouped bars of MB/s per configuration, one set per raw-device test; min-max whiskers where a
/// test ran more than once; a triangle over a bar whose repeats stayed unstable, a diamond over one
/// measured while an array resynced; a dashed marker at the predicted sequential write and read; the median
/// disk's own write and read as reference lines.
Result<QChart*> comparison(const CampaignResults& results, const ChartOptions& options = {});
/// Each disk's own write and read, grouped by controller; slow disks selected in a warning colour.
Result<QChart*> disks(const CampaignResults& results, const ChartOptions& options = {});
/// Space kept (%) against speed for the options' requirements (the measure's own unit when it is one,
/// else the score), a point per layout: shape and colour by the failures it survives, filled when it
/// meets the requirements, hollow when not; the layouts no other beats on both as a dashed line,
/// each named.
Result<QChart*> tradeoffChart(const CampaignResults& results, const ChartOptions& options = {});
/// MB/s against the position on the disk (0 % its first byte, 100 % its last), a line per disk read
/// across its surface.
Result<QChart*> surface(const CampaignResults& results, const ChartOptions& options = {});
/// MB/s against block size (log axis), one line per configuration and sweep test.
Result<QChart*> sweep(const CampaignResults& results, const ChartOptions& options = {});
/// Latency (p50 solid, p99 dashed) against IOPS, a point per queue depth of one queue-depth sweep test,
/// a line per configuration: where latency takes off as the load grows.
Result<QChart*> depthLatency(const CampaignResults& results, const ChartOptions& options = {});
/// IOPS against queue depth (log axis) of one queue-depth sweep test, a line per configuration.
Result<QChart*> depthIops(const CampaignResults& results, const ChartOptions& options = {});
/// MB/s over time from the 100 ms samples of one test's first run, one line per configuration.
Result<QChart*> timeline(const CampaignResults& results, const ChartOptions& options = {});
/// Latency percentiles (p50, p90, p99, p99.9) of one random test per configuration.
Result<QChart*> latency(const CampaignResults& results, const ChartOptions& options = {});
/// The user's own command: min, median and max seconds per configuration.
Result<QChart*> command(const CampaignResults& results, const ChartOptions& options = {});
/// The failure drill: each layout's tests healthy and with one disk failed, side by side.
Result<QChart*> failure(const CampaignResults& results, const ChartOptions& options = {});
/// The failure drill: each layout's rebuild MB/s over time, one line per layout.
Result<QChart*> rebuild(const CampaignResults& results, const ChartOptions& options = {});
Result<QChart*> make(const QString& name, const CampaignResults& results, const ChartOptions& options = {});

/// What a reader needs beside chart `name` to read it (its marks explained), or empty; the Results
/// page shows it under the chart and exports draw it into the picture.
QString caption(const QString& name);
/// Puts the legend under the chart when all its entries fit in one row of `width` pixels, and
/// beside it, one entry a line, when they do not: a legend's names are never cut.
void fitLegend(QChart* chart, qreal width);
/// The warning colour slow disks and failed configurations are drawn in.
QColor warningColour();
/// Series colour `index` of twenty distinct ones (a qualitative palette), for up to 20 series.
QColor seriesColour(int index, bool dark = false);
/// A value axis from 0 on round ticks: steps of 1, 2, 2.5 or 5 x 10^k, at most `maxIntervals`
/// of them, the top the first tick at or above `largest`.
struct NiceScale
{
    double top = 1;
    double step = 0.2;
    int intervals = 5;
};
NiceScale niceScale(double largest, int maxIntervals = 6);

} // namespace Charts

} // namespace RaidBench::Ui
