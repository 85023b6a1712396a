#include "answer/tradeoff.h"
#include "results/resultcharts.h"
#include "results/resultcharts_p.h"

#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace RaidBench::Ui {

// The trade-off: space kept against speed, a point per layout, shape and colour by the failures it
// survives, filled when it meets the requirements, and the layouts no other beats on both drawn as a
// line and named.

using namespace ChartParts;

namespace {

QString groupName(int failures)
{
    switch (failures) {
    case 0:
        return tr("survives no failure");
    case 1:
        return tr("survives 1 failure");
    case 2:
        return tr("survives 2 failures");
    default:
        return tr("survives 3 or more");
    }
}

QScatterSeries::MarkerShape groupShape(int group)
{
    switch (group) {
    case 0:
        return QScatterSeries::MarkerShapeCircle;
    case 1:
        return QScatterSeries::MarkerShapeRectangle;
    case 2:
        return QScatterSeries::MarkerShapeTriangle;
    default:
        return QScatterSeries::MarkerShapeRotatedRectangle;
    }
}

/// The dashed line through the best trade-offs (`front`, by space kept), drawn under the markers.
void addFront(QChart* chart, const QList<const TradeoffPoint*>& front, QValueAxis* axisX, QValueAxis* axisY, bool dark)
{
    auto* frontLine = new QLineSeries;
    frontLine->setName(tr("best trade-offs"));
    QPen frontPen(dark ? QColor(0xbb, 0xbb, 0xbb) : QColor(0x66, 0x66, 0x66));
    frontPen.setStyle(Qt::DashLine);
    frontPen.setWidthF(1.5);
    frontLine->setPen(frontPen);
    for (const TradeoffPoint* point : std::as_const(front)) {
        frontLine->append(point->spacePct, point->speed);
    }
    chart->addSeries(frontLine);
    frontLine->attachAxis(axisX);
    frontLine->attachAxis(axisY);
}

/// A series per failures group, filled where the layout meets the requirements and hollow where not.
void addGroups(QChart* chart, const Tradeoff& data, QValueAxis* axisX, QValueAxis* axisY, bool dark)
{
    for (int group = 0; group <= 3; ++group) {
        const QColor colour = Charts::seriesColour(group, dark);
        for (const bool qualifies : {true, false}) {
            auto* series = new QScatterSeries;
            series->setObjectName(QStringLiteral("tradeoff-points"));
            series->setName(qualifies ? groupName(group) : groupName(group) + tr(" (left out)"));
            series->setMarkerShape(groupShape(group));
            series->setMarkerSize(13);
            series->setColor(colour);
            series->setBorderColor(colour);
            if (!qualifies) {
                series->setBrush(Qt::NoBrush);
                QPen pen(colour);
                pen.setWidthF(2);
                series->setPen(pen);
            }
            for (const TradeoffPoint& point : data.points) {
                if (std::min(point.failures, 3) == group && point.qualifies == qualifies) {
                    series->append(point.spacePct, point.speed);
                }
            }
            if (series->count() == 0) {
                delete series;
                continue;
            }
            chart->addSeries(series);
            series->attachAxis(axisX);
            series->attachAxis(axisY);
        }
    }
}

} // namespace

Result<QChart*> Charts::tradeoffChart(const CampaignResults& results, const ChartOptions& options)
{
    if (!results.comparedLabels.isEmpty()) {
        return nothing(tr("A comparison of several runs has no trade-off chart: open one results file."));
    }
    const Tradeoff data = RaidBench::tradeoff(results, options.requirements, Audience::Person);
    if (data.points.isEmpty()) {
        return nothing(
            tr("No layout has the measures to rank on (%1).").arg(options.requirements.measureText(Audience::Person)));
    }
    QChart* chart = newChart(tr("Space kept against %1").arg(data.rankedOn), options);
    auto* axisX = new QValueAxis;
    axisX->setTitleText(tr("space kept (%)"));
    // A little room either side, so a marker at 0 or 100 % is drawn whole; the ticks stay 0, 20, ... 100.
    axisX->setRange(-5, 105);
    axisX->setTickType(QValueAxis::TicksDynamic);
    axisX->setTickAnchor(0);
    axisX->setTickInterval(20);
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    auto* axisY = new QValueAxis;
    // A score's title says what 100 is: on two lines, so a short plot shows it whole (titles take HTML).
    QString speedTitle = data.speedTitle.toHtmlEscaped();
    if (const qsizetype open = speedTitle.indexOf(QLatin1String(" (")); open > 0 && speedTitle.size() > 20) {
        speedTitle.replace(open, 1, QStringLiteral("<br>"));
    }
    axisY->setTitleText(speedTitle);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    double top = 0;
    for (const TradeoffPoint& point : data.points) {
        top = std::max(top, point.speed);
    }
    fitValueRange(axisY, top * 1.12); // room for the names above the highest points

    // The front first, under the markers.
    QList<const TradeoffPoint*> front;
    for (const TradeoffPoint& point : data.points) {
        if (point.onFront) {
            front.append(&point);
        }
    }
    std::sort(front.begin(), front.end(),
              [](const TradeoffPoint* a, const TradeoffPoint* b) { return a->spacePct < b->spacePct; });
    addFront(chart, front, axisX, axisY, options.dark);

    addGroups(chart, data, axisX, axisY, options.dark);

    // The names of the layouts on the front, each a label of its own (Qt 6.4 labels a series' points
    // only with their coordinates, so each name is a one-point series whose label is the name).
    for (const TradeoffPoint* point : std::as_const(front)) {
        auto* label = new QScatterSeries;
        label->setObjectName(QStringLiteral("tradeoff-label"));
        label->setName(point->name);
        label->setMarkerSize(1);
        label->setColor(Qt::transparent);
        label->setBorderColor(Qt::transparent);
        QString text = point->predicted ? tr("%1 (predicted)").arg(point->name) : point->name;
        label->setPointLabelsFormat(text.replace(QLatin1Char('@'), QStringLiteral("(at)")));
        label->setPointLabelsVisible(true);
        label->setPointLabelsClipping(false);
        label->setPointLabelsColor(options.dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x1d, 0x1d, 0x1d));
        label->append(point->spacePct, point->speed);
        chart->addSeries(label);
        label->attachAxis(axisX);
        label->attachAxis(axisY);
        hideFromLegend(chart, label);
    }
    matchLegendMarkers(chart);
    return chart;
}

} // namespace RaidBench::Ui
