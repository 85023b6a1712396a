#include "../displaynumbers.h"
#include "results/resultspage.h"
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

// What hovering the results page's charts shows: a bar's or a point's value, with what limited it.

QString ResultsPage::detailHoverText(const QString& name, const QString& where, double value, const QString& unit)
{
    return tr("%1 — %2: %3 %4").arg(name, where, QLocale().toString(value, 'g', 4), unit).trimmed();
}

void ResultsPage::connectDetailHover(QChart* chart)
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
            connect(xy, &QXYSeries::hovered, this, [xy, unit, xTitle](const QPointF& at, bool state) {
                if (!state || xy->count() == 0) {
                    QToolTip::hideText();
                    return;
                }
                QPointF nearest = xy->at(0);
                for (const QPointF& point : xy->points()) {
                    nearest = std::abs(point.x() - at.x()) < std::abs(nearest.x() - at.x()) ? point : nearest;
                }
                const QString where = QStringLiteral("%1 %2").arg(QLocale().toString(nearest.x(), 'g', 4), xTitle);
                QToolTip::showText(QCursor::pos(), detailHoverText(xy->name(), where.trimmed(), nearest.y(), unit));
            });
        } else if (auto* bars = qobject_cast<QBarSeries*>(series)) {
            QStringList categories;
            for (QAbstractAxis* axis : chart->axes(Qt::Horizontal, bars)) {
                if (auto* categoryAxis = qobject_cast<QBarCategoryAxis*>(axis)) {
                    categories = categoryAxis->categories();
                }
            }
            connect(bars, &QBarSeries::hovered, this, [categories, unit](bool status, int index, QBarSet* set) {
                if (!status || index < 0 || index >= set->count()) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(),
                                   detailHoverText(set->label(), categories.value(index), set->at(index), unit));
            });
        }
    }
}

void ResultsPage::onComparisonHovered(bool status, int index, const QString& testName)
{
    if (!status || index < 0 || index >= m_pageConfigs.size()) {
        QToolTip::hideText();
        return;
    }
    const ConfigResult* config = m_pageConfigs.at(index);
    for (const TestResult& test : config->tests) {
        if (test.spec.name != testName) {
            continue;
        }
        QString text = tr("%1 — %2: %3").arg(config->name, testName, Display::formatMBps(test.summary.bwMedian));
        if (test.summary.runs > 1) {
            text += tr("\nmin %1, max %2 over %3 runs")
                        .arg(Display::formatMBps(test.summary.bwMin), Display::formatMBps(test.summary.bwMax))
                        .arg(test.summary.runs);
            if (test.summary.cv >= 0) {
                text += tr(", varying %1 % (coefficient of variation)").arg(test.summary.cv * 100, 0, 'f', 1);
            }
        }
        if (test.summary.unstable) {
            text += tr("\nunstable: the runs still varied more than the plan allows after its most repeats");
        }
        if (test.duringResync) {
            text += tr("\nmeasured while an array of it was resyncing");
        }
        if (test.status != RunState::Completed) {
            text += QStringLiteral("\n%1 %2").arg(Display::runStatus(test.status), test.error);
        }
        if (test.resources) {
            text += tr("\nlimited by %1").arg(test.resources->explanation);
        }
        QToolTip::showText(QCursor::pos(), text);
        return;
    }
    QToolTip::showText(QCursor::pos(), tr("%1 — %2: not measured").arg(config->name, testName));
}

} // namespace RaidBench::Ui
