#pragma once

#include <QCoreApplication>
#include <QString>

class QChart;
class QObject;

namespace RaidBench::Ui {

/// What hovering a chart of the results page shows: a line's nearest measured point, a bar's height,
/// with the series' name and the axis' unit.
class ChartHover
{
    Q_DECLARE_TR_FUNCTIONS(RaidBench::Ui::ChartHover)

public:
    /// "raid5 — 64 block size (KiB): 512 MB/s".
    static QString text(const QString& name, const QString& where, double value, const QString& unit);
    /// Shows text() in a tooltip while the pointer is over a series of `chart` (for as long as
    /// `receiver` lives).
    static void connect(QChart* chart, QObject* receiver);
};

} // namespace RaidBench::Ui
