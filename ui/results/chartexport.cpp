#include "results/chartexport.h"

#include "../outsidetr.h"
#include "results/resultcharts.h"
#include "util/errorcodes.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFile>
#include <QFont>
#include <QGraphicsScene>
#include <QImage>
#include <QLegend>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace RaidBench::Ui {

namespace {

QString tr(const char* text)
{
    return trOutsideQObject(text);
}

/// Draws `chart` at logical size `size` into `painter`'s current device, with `caption` (if any)
/// in a band below it, then gives the chart back to whoever had it (a view's scene, or nobody).
void render(QChart* chart, QPainter* painter, QSizeF size, QRectF target, const QString& caption = QString())
{
    constexpr double captionBand = 44; // logical pixels: two lines of 12 px text
    const double band = caption.isEmpty() ? 0 : std::min(captionBand, size.height() / 4);
    const QSizeF chartSize(size.width(), size.height() - band);
    const double scale = target.height() / size.height(); // device units per logical pixel
    const QRectF chartTarget(target.topLeft(), QSizeF(target.width(), chartSize.height() * scale));
    QGraphicsScene* previousScene = chart->scene();
    const QSizeF previousSize = chart->size();
    if (previousScene) {
        previousScene->removeItem(chart);
    }
    QGraphicsScene scene;
    scene.addItem(chart);
    const Qt::Alignment previousLegend = chart->legend()->alignment();
    Charts::fitLegend(chart, chartSize.width());
    chart->resize(chartSize);
    chart->setPos(0, 0);
    scene.setSceneRect(QRectF(QPointF(0, 0), chartSize));
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene.render(painter, chartTarget, QRectF(QPointF(0, 0), chartSize));
    scene.removeItem(chart);
    chart->legend()->setAlignment(previousLegend);
    if (previousScene) {
        previousScene->addItem(chart);
        chart->resize(previousSize);
    }
    if (!caption.isEmpty()) {
        // What the page says beside the chart travels with the picture.
        const QRectF bandRect(target.left(), chartTarget.bottom(), target.width(),
                              target.bottom() - chartTarget.bottom());
        painter->fillRect(bandRect, chart->backgroundBrush());
        QFont font = chart->titleFont();
        font.setBold(false);
        font.setPixelSize(std::max(1, qRound(12 * scale)));
        painter->setFont(font);
        painter->setPen(chart->titleBrush().color());
        painter->drawText(bandRect.adjusted(12 * scale, 0, -12 * scale, 0),
                          Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption);
    }
}

} // namespace

Result<ChartFormat> parseChartFormat(const QString& text)
{
    const QString format = text.section(QLatin1Char('.'), -1).toLower();
    if (format == QLatin1String("png")) {
        return ChartFormat::Png;
    }
    if (format == QLatin1String("svg")) {
        return ChartFormat::Svg;
    }
    if (format == QLatin1String("pdf")) {
        return ChartFormat::Pdf;
    }
    return makeError(ErrorCode::usage, tr("Unknown chart format \"%1\": use png, svg or pdf.").arg(text));
}

QByteArray chartToSvg(QChart* chart, QSize size, const QString& caption)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(chart->title());
    generator.setDescription(tr("Made by RaidBench"));
    QPainter painter(&generator);
    render(chart, &painter, size, QRectF(QPointF(0, 0), size), caption);
    painter.end();
    return buffer.data();
}

Result<void> exportChart(QChart* chart, const QString& path, ChartFormat format, QSize pixels, int dpi,
                         const QString& caption)
{
    if (!chart) {
        return makeError(ErrorCode::noData, tr("There is no chart to export."));
    }
    if (pixels.width() < 100 || pixels.height() < 100 || pixels.width() > 20000 || pixels.height() > 20000) {
        return makeError(ErrorCode::usage,
                         tr("A chart must be 100 to 20000 pixels wide and high, not %1x%2.")
                             .arg(pixels.width())
                             .arg(pixels.height()));
    }
    if (dpi < 30 || dpi > 1200) {
        return makeError(ErrorCode::usage, tr("The DPI must be 30 to 1200, not %1.").arg(dpi));
    }
    const double scale = dpi / 96.0;
    const QSizeF logical(pixels.width() / scale, pixels.height() / scale);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    bool ok = true;
    switch (format) {
    case ChartFormat::Png: {
        QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        image.setDotsPerMeterX(qRound(dpi / 0.0254));
        image.setDotsPerMeterY(qRound(dpi / 0.0254));
        QPainter painter(&image);
        render(chart, &painter, logical, QRectF(QPointF(0, 0), QSizeF(pixels)), caption);
        painter.end();
        ok = image.save(&file, "PNG");
        break;
    }
    case ChartFormat::Svg:
        ok = file.write(chartToSvg(chart, pixels, caption)) > 0;
        break;
    case ChartFormat::Pdf: {
        QPdfWriter pdf(&file);
        pdf.setResolution(dpi);
        pdf.setPageSize(QPageSize(QSizeF(pixels.width() * 72.0 / dpi, pixels.height() * 72.0 / dpi), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(chart->title());
        pdf.setCreator(QStringLiteral("RaidBench"));
        QPainter painter(&pdf);
        render(chart, &painter, logical, QRectF(QPointF(0, 0), QSizeF(pdf.width(), pdf.height())), caption);
        ok = painter.end();
        break;
    }
    }
    if (!ok || !file.commit()) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    return {};
}

} // namespace RaidBench::Ui
