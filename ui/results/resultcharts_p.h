#pragma once

// Private to the chart builders (resultcharts.cpp, detailcharts.cpp): the parts every chart is made of.

#include "results/campaignresults.h"
#include "results/resultcharts.h"
#include "util/result.h"

#include <QColor>
#include <QImage>
#include <QString>
#include <QStringList>

class QAbstractSeries;
class QBarCategoryAxis;
class QBarSeries;
class QChart;
class QValueAxis;

namespace RaidBench::Ui::ChartParts {

constexpr double barWidth = 0.8;

QString tr(const char* text);
/// A chart with the options' theme, its title, and the legend below.
QChart* newChart(const QString& title, const ChartOptions& options);
/// Long or many category labels are slanted so they are shown whole instead of elided.
void fitLabels(QBarCategoryAxis* axis, const QStringList& categories);
/// The series on category (x) and value (y) axes; returns the value axis for its range.
QValueAxis* addBarAxes(QChart* chart, QBarSeries* bars, const QStringList& categories, const QString& valueTitle,
                       const QString& labelFormat = QStringLiteral("%.0f"));
/// 0 to a little above the largest value, ticks on round numbers (20, 40, ... not 31, 63, 94).
void fitValueRange(QValueAxis* axis, double top);
/// Latencies in microseconds up to 10 000, in milliseconds above (no axis of 400000 µs).
struct LatencyUnit
{
    double perMicrosecond = 1; ///< multiply a value in µs by this
    QString name; ///< "microseconds" or "milliseconds"
};
LatencyUnit latencyUnit(double largestMicroseconds);
/// Seconds from 0 to `end` on round ticks below, a value from 0 to `top` beside.
void fitTimeAxes(QValueAxis* seconds, QValueAxis* values, double end, double top, const QString& secondsTitle,
                 const QString& valuesTitle);
/// A line's legend entry is a line and a marker's the marker, as drawn; a bar set's stays a filled
/// square in its colour.
void matchLegendMarkers(QChart* chart);
void hideFromLegend(QChart* chart, QAbstractSeries* series);
/// A configuration's name on an axis: its state when it did not complete, marked when highlighted.
QString categoryLabel(const ConfigResult& config, const ChartOptions& options);
/// A short dashed horizontal stroke: the predicted value's marker.
QImage dashMarker(const QColor& colour);
/// One chart's empty-data refusal.
Result<QChart*> nothing(const QString& why);

} // namespace RaidBench::Ui::ChartParts
