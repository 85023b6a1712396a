#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QSize>
#include <QString>

class QChart;

namespace RaidBench::Ui {

enum class ChartFormat { Png, Svg, Pdf };

/// "png", "svg", "pdf" (also from a file name's suffix).
Result<ChartFormat> parseChartFormat(const QString& text);

/// Renders a chart into a file: PNG of exactly `pixels` at `dpi` (text and lines scale with the DPI,
/// so a 300 DPI picture for print keeps the layout of the 96 DPI one), SVG (vector, text as text),
/// or PDF (one page of the chart's size). The chart is not changed or taken. A `caption` (what the
/// page says beside the chart) is drawn in a band below it, inside the same size.
Result<void> exportChart(QChart* chart, const QString& path, ChartFormat format, QSize pixels = {1200, 700},
                         int dpi = 96, const QString& caption = QString());

/// The chart as an SVG document, for the HTML report (which sets captions as HTML).
QByteArray chartToSvg(QChart* chart, QSize size = {1000, 560}, const QString& caption = QString());

} // namespace RaidBench::Ui
