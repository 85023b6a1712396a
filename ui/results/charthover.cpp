#include "results/charthover.h"

#include "../displaynumbers.h"
#include "util/units.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QLocale>
#include <QToolTip>
#include <QXYSeries>

#include <cmath>

namespace RaidBench::Ui {

QString ChartHover::text(const QString& name, const QString& where, double value, const QString& unit)
{
    return tr("%1 — %2: %3 %4").arg(name, where, QLocale().toString(value, 'g', 4), unit).trimmed();
}

void ChartHover::connect(QChart* chart, QObject* receiver)
{
    // The value under the pointer: a line's nearest measured point, a bar's height.
    const auto axisTitle = [chart](QAbstractSeries* series, Qt::Orientation orientation) {
        const QList<QAbstractAxis*> axes = chart->axes(orientation, series);
        return axes.isEmpty() ? QString() : axes.first()->titleText();
    };
    for (QAbstractSeries* series : chart->series()) {
        const QString unit = axisTitle(series, Qt::Vertical);
        if (auto* xy = qobject_cast<QXYSeries*>(series)) {
            const QString xTitle = axisTitle(series, Qt::Horizontal);
            QObject::connect(xy, &QXYSeries::hovered, receiver, [xy, unit, xTitle](const QPointF& at, bool state) {
                if (!state || xy->count() == 0) {
                    QToolTip::hideText();
                    return;
                }
                QPointF nearest = xy->at(0);
                for (const QPointF& point : xy->points()) {
                    nearest = std::abs(point.x() - at.x()) < std::abs(nearest.x() - at.x()) ? point : nearest;
                }
                const QString where = QStringLiteral("%1 %2").arg(QLocale().toString(nearest.x(), 'g', 4), xTitle);
                QToolTip::showText(QCursor::pos(), text(xy->name(), where.trimmed(), nearest.y(), unit));
            });
        } else if (auto* bars = qobject_cast<QBarSeries*>(series)) {
            QStringList categories;
            for (QAbstractAxis* axis : chart->axes(Qt::Horizontal, bars)) {
                if (auto* categoryAxis = qobject_cast<QBarCategoryAxis*>(axis)) {
                    categories = categoryAxis->categories();
                }
            }
            QObject::connect(bars, &QBarSeries::hovered, receiver,
                             [categories, unit](bool status, int index, QBarSet* set) {
                                 if (!status || index < 0 || index >= set->count()) {
                                     QToolTip::hideText();
                                     return;
                                 }
                                 QToolTip::showText(QCursor::pos(),
                                                    text(set->label(), categories.value(index), set->at(index), unit));
                             });
        }
    }
}

} // namespace RaidBench::Ui
