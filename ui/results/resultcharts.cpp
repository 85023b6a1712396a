#include "results/resultcharts.h"

#include "../displaynumbers.h"
#include "../outsidetr.h"
#include "fs/filetests.h"
#include "model/analysis.h"
#include "results/resultcharts_p.h"
#include "util/errorcodes.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace RaidBench::Ui {

namespace ChartParts {

/// A legend marker hideFromLegend() took out of the legend.
constexpr const char* hiddenFromLegend = "raidbenchHiddenFromLegend";

QString tr(const char* text)
{
    return trOutsideQObject(text);
}

QChart* newChart(const QString& title, const ChartOptions& options)
{
    auto* chart = new QChart;
    chart->setTheme(options.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setTitle(title);
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true);
    chart->setLocalizeNumbers(true); // axis labels with the user's decimal point, as the window's numbers
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

/// Long or many category labels are slanted so they are shown whole instead of elided.
void fitLabels(QBarCategoryAxis* axis, const QStringList& categories)
{
    qsizetype longest = 0;
    for (const QString& category : categories) {
        longest = std::max(longest, category.size());
    }
    // Qt draws a slanted label centred on its tick and leaves out one that would reach past the plot's edge
    // or over its neighbour: the last of a row of long names went missing. Upright, a label is one line
    // of text wide, and every one is drawn.
    if (longest > 14 || longest * categories.size() > 140) {
        axis->setLabelsAngle(-90);
    } else if (longest * categories.size() > 90) {
        axis->setLabelsAngle(-35);
    }
    axis->setTruncateLabels(false);
}

/// The series on category (x) and value (y) axes; returns the value axis for its range.
QValueAxis* addBarAxes(QChart* chart, QBarSeries* bars, const QStringList& categories, const QString& valueTitle,
                       const QString& labelFormat)
{
    chart->addSeries(bars);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(categories);
    fitLabels(axisX, categories);
    chart->addAxis(axisX, Qt::AlignBottom);
    bars->attachAxis(axisX);
    auto* axisY = new QValueAxis;
    axisY->setTitleText(valueTitle);
    axisY->setLabelFormat(labelFormat);
    chart->addAxis(axisY, Qt::AlignLeft);
    bars->attachAxis(axisY);
    return axisY;
}

/// 0 to a little above the largest value, ticks on round numbers (20, 40, ... not 31, 63, 94).
void fitValueRange(QValueAxis* axis, double top)
{
    const Charts::NiceScale scale = Charts::niceScale(top * 1.05);
    axis->setRange(0, scale.top);
    axis->setTickCount(scale.intervals + 1);
    axis->setLabelFormat(scale.step < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
}

LatencyUnit latencyUnit(double largestMicroseconds)
{
    if (largestMicroseconds > 10000) {
        return {0.001, tr("milliseconds")};
    }
    return {1, tr("microseconds")};
}

void fitTimeAxes(QValueAxis* seconds, QValueAxis* values, double end, double top, const QString& secondsTitle,
                 const QString& valuesTitle)
{
    seconds->setTitleText(secondsTitle);
    const Charts::NiceScale scale = Charts::niceScale(end);
    seconds->setRange(0, scale.top);
    seconds->setTickCount(scale.intervals + 1);
    seconds->setLabelFormat(scale.step < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    values->setTitleText(valuesTitle);
    values->setLabelFormat(QStringLiteral("%.0f"));
    fitValueRange(values, top);
}

/// A line's legend entry is a line and a marker's the marker, as drawn; a bar set's stays a filled
/// square in its colour.
void matchLegendMarkers(QChart* chart)
{
    int visible = 0;
    for (QLegendMarker* marker : chart->legend()->markers()) {
        if (marker->type() != QLegendMarker::LegendMarkerTypeBar) {
            marker->setShape(QLegend::MarkerShapeFromSeries);
        }
        visible += marker->isVisible() ? 1 : 0;
    }
    if (visible > 6) {
        // Many entries share one row: a smaller font keeps their names whole.
        QFont font = chart->legend()->font();
        font.setPointSizeF(font.pointSizeF() * 0.85);
        chart->legend()->setFont(font);
    }
}

void hideFromLegend(QChart* chart, QAbstractSeries* series)
{
    for (QLegendMarker* marker : chart->legend()->markers(series)) {
        // Kept as a property too: a chart not shown yet has every marker invisible (fitLegend).
        marker->setProperty(hiddenFromLegend, true);
        marker->setVisible(false);
    }
}

QString categoryLabel(const ConfigResult& config, const ChartOptions& options)
{
    QString label = config.name;
    if (config.status == RunState::Failed) {
        label += tr(" (failed)");
    } else if (config.status != RunState::Completed) {
        label += QStringLiteral(" (%1)").arg(Display::runStatus(config.status));
    }
    if (!options.highlightDisk.isEmpty()) {
        const QStringList leaves = config.spec.leafDevices();
        if (leaves.contains(options.highlightDisk)) {
            label = QStringLiteral("▶ %1").arg(label);
        }
    }
    return label;
}

/// A short dashed horizontal stroke: the predicted value's marker.
QImage dashMarker(const QColor& colour)
{
    // Square: the series draws its marker image at marker size in both directions.
    QImage image(44, 44, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(colour, 4, Qt::CustomDashLine, Qt::FlatCap);
    pen.setDashPattern({2.0, 1.5});
    painter.setPen(pen);
    painter.drawLine(QPointF(0, 22), QPointF(44, 22));
    return image;
}

/// One chart's empty-data refusal.
Result<QChart*> nothing(const QString& why)
{
    return makeError(ErrorCode::noData, why);
}

} // namespace ChartParts

using namespace ChartParts;

namespace {

/// Every chart: its name, title and builder, in the order the Details tab and the report show them.
struct ChartKind
{
    const char* name;
    const char* title;
    Result<QChart*> (*build)(const CampaignResults&, const ChartOptions&);
};

const ChartKind chartKinds[] = {
    {"comparison", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "MB/s per configuration"), &Charts::comparison},
    {"disks", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Each disk on its own"), &Charts::disks},
    {"tradeoff", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Space kept against speed"), &Charts::tradeoffChart},
    {"surface", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Each disk across its surface"), &Charts::surface},
    {"sweep", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "MB/s by block size"), &Charts::sweep},
    {"qd-latency", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Latency against IOPS as the queue deepens"),
     &Charts::depthLatency},
    {"qd-iops", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "IOPS by queue depth"), &Charts::depthIops},
    {"timeline", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "MB/s over time"), &Charts::timeline},
    {"latency", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Latency percentiles"), &Charts::latency},
    {"command", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Your command: seconds per run"), &Charts::command},
    {"failure", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "When a disk fails: healthy and degraded MB/s"),
     &Charts::failure},
    {"rebuild", QT_TRANSLATE_NOOP("RaidBench::Ui::Charts", "Rebuild MB/s over time"), &Charts::rebuild},
};

const ChartKind* chartKind(const QString& name)
{
    for (const ChartKind& kind : chartKinds) {
        if (name == QLatin1String(kind.name)) {
            return &kind;
        }
    }
    return nullptr;
}

} // namespace

QStringList Charts::names()
{
    QStringList list;
    for (const ChartKind& kind : chartKinds) {
        list.append(QLatin1String(kind.name));
    }
    return list;
}

QStringList Charts::detailNames()
{
    QStringList list = names();
    list.removeAll(QStringLiteral("comparison"));
    list.removeAll(QStringLiteral("disks"));
    list.removeAll(QStringLiteral("tradeoff"));
    return list;
}

QString Charts::title(const QString& name)
{
    const ChartKind* kind = chartKind(name);
    return kind ? tr(kind->title) : name;
}

QString Charts::caption(const QString& name)
{
    if (name == QLatin1String("comparison")) {
        return tr("Bars: median of the repeats; whiskers: min to max; dashes: predicted from the disks' own speed; "
                  "dash-dot lines: one disk on its own (the median disk); a triangle: the repeats still varied "
                  "more than the plan allows (unstable); a diamond: measured while an array resynced. Random tests are "
                  "on the Table tab, in IOPS.");
    }
    if (name == QLatin1String("disks")) {
        return tr("Each disk on its own, grouped by controller; a slow disk (below 75 % of the median disk's speed) in "
                  "orange.");
    }
    if (name == QLatin1String("tradeoff")) {
        return tr("A point per layout: further right keeps more space, higher is faster. Shape and colour: the "
                  "failures it survives; hollow: left out by the requirements. The dashed line joins the best "
                  "trade-offs among the layouts that qualify (no other that qualifies keeps as much space and is as "
                  "fast), which are named. A score is the weighted mean of each measure as a share of the best "
                  "layout that qualifies (100); a layout left out may score above it.");
    }
    if (name == QLatin1String("surface")) {
        return tr("Each disk read at points from its first byte (0 %) to its last (100 %), read only. A hard disk "
                  "passes more data per turn on its outer tracks, at the start, than on its inner ones at the end; "
                  "an SSD stays flat. A dip in one place only can be a weak area of the disk.");
    }
    if (name == QLatin1String("qd-latency")) {
        return tr("A point per queue depth, from QD 1 at the left; solid: median latency (p50), dashed: p99. Where a "
                  "line turns up, more load buys latency, not IOPS.");
    }
    return {};
}

Charts::NiceScale Charts::niceScale(double largest, int maxIntervals)
{
    NiceScale scale;
    if (!(largest > 0) || !std::isfinite(largest) || maxIntervals < 1) {
        scale.top = 1;
        scale.step = 0.2;
        scale.intervals = 5;
        return scale;
    }
    // The smallest step of 1, 2, 2.5 or 5 x 10^k that covers `largest` in at most maxIntervals.
    const double magnitude = std::pow(10.0, std::floor(std::log10(largest / maxIntervals)));
    for (const double factor : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        const double step = factor * magnitude;
        const int intervals = int(std::ceil(largest / step - 1e-9));
        if (intervals <= maxIntervals) {
            scale.step = step;
            scale.intervals = std::max(1, intervals);
            scale.top = step * scale.intervals;
            return scale;
        }
    }
    scale.step = 10 * magnitude;
    scale.intervals = int(std::ceil(largest / scale.step));
    scale.top = scale.step * scale.intervals;
    return scale;
}

QColor Charts::seriesColour(int index, bool dark)
{
    // Twenty colours told apart at a glance (Tableau 20: ten hues, each dark then light).
    static const QRgb light[20] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2,
                                   0x7f7f7f, 0xbcbd22, 0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896,
                                   0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xc7c7c7, 0xdbdb8d, 0x9edae5};
    const QColor colour = QColor::fromRgb(light[((index % 20) + 20) % 20]);
    return dark && index % 20 < 10 ? colour.lighter(125) : colour;
}

void Charts::fitLegend(QChart* chart, qreal width)
{
    QLegend* legend = chart->legend();
    if (!legend->isVisible() || width <= 0) {
        return;
    }
    // What one row needs: each entry's name, its marker and the gaps around them (Qt's legend draws
    // a marker up to a line wide, then the text, with a few pixels' margin around each entry and the
    // chart's own margins at either end).
    const QFontMetricsF metrics(legend->font());
    qreal needed = 0;
    for (QLegendMarker* marker : legend->markers()) {
        if (!marker->property(hiddenFromLegend).toBool() && !marker->label().isEmpty()) {
            needed += metrics.horizontalAdvance(marker->label()) + 3 * metrics.height();
        }
    }
    const Qt::Alignment alignment = needed <= width - 3 * metrics.height() ? Qt::AlignBottom : Qt::AlignRight;
    if (alignment == legend->alignment()) {
        return;
    }
    legend->setAlignment(alignment);
    // A legend beside the chart gives every entry the widest marker's room; the entries' sizes were
    // worked out for a row, so they are worked out again, or the longest name loses its last letters.
    for (QLegendMarker* marker : legend->markers()) {
        marker->setLabel(marker->label());
    }
}

QColor Charts::warningColour()
{
    return QColor(0xe6, 0x7e, 0x22);
}

QList<const ConfigResult*> Charts::configsOnPage(const CampaignResults& results, const ChartOptions& options)
{
    return ResultsModel::page(results, options.order, options.perPage, options.page);
}

Result<QChart*> Charts::make(const QString& name, const CampaignResults& results, const ChartOptions& options)
{
    if (const ChartKind* kind = chartKind(name)) {
        return kind->build(results, options);
    }
    return makeError(ErrorCode::usage,
                     tr("There is no chart \"%1\"; the charts are %2.").arg(name, names().join(QStringLiteral(", "))));
}

} // namespace RaidBench::Ui
