#pragma once

#include "results/campaignresults.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <array>
#include <optional>

namespace RaidBench::Ui {

/// The results table's rows: one per configuration with its speeds, its figures against one disk and
/// against the prediction, what limited it, how much its repeats varied and its state. Each row is
/// worked out once, when the results are set; the view only reads them. Numbers sort as numbers
/// (SortRole), whatever their text ("145 %", "–").
class ResultsTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsTableModel)

public:
    enum Column {
        ColumnName,
        ColumnDisks,
        ColumnWrite,
        ColumnRead,
        ColumnRandomWrite,
        ColumnRandomRead,
        ColumnWritePct,
        ColumnReadPct,
        ColumnSpace,
        ColumnFailures,
        ColumnController,
        ColumnWriteRatio,
        ColumnReadRatio,
        ColumnLimit,
        ColumnSpread,
        ColumnWeakest,
        ColumnState,
        TableColumns
    };
    enum Role {
        SortRole = Qt::UserRole + 1, ///< a number for number columns (missing ones lowest), else the text
        LeavesRole ///< the configuration's disks (plan paths), on every column
    };

    explicit ResultsTableModel(QObject* parent = nullptr);

    /// A row for each configuration of `results`.
    void setResults(const CampaignResults& results);
    /// Marks (bold, shaded) the configurations holding the disk `path` (empty: none); their names.
    QStringList markDisk(const QString& path);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "disks", "CPU (md thread)", "CPU" or "neither" for a test's ResourceUse; empty without one.
    static QString limitWord(const TestResult* test);

private:
    /// One cell as shown: its text, its number to sort by, its tooltip, and a warning colour if any.
    struct Cell
    {
        QString text;
        std::optional<double> number;
        QString tip;
        std::optional<QColor> colour;
    };
    struct Row
    {
        std::array<Cell, TableColumns> cells;
        QStringList leaves;
        bool marked = false;
    };

    static Row makeRow(const CampaignResults& results, const ConfigResult& config);
    static void fillFigures(Row& row, const ConfigResult& config);
    static void fillLimits(Row& row, const ConfigResult& config);
    static Cell spreadCell(const ConfigResult& config);

    QList<Row> m_rows;
};

} // namespace RaidBench::Ui
