#pragma once

#include "results/campaignresults.h"

#include <QStringList>
#include <QTableWidget>

namespace RaidBench::Ui {

/// The results page's table: one row per configuration with its speeds, its figures against one disk
/// and against the prediction, what limited it, how much its repeats varied and its state. Sortable,
/// numbers sorting as numbers; plan order until the user clicks a header.
class ResultsTable final : public QTableWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsTable)

public:
    /// The columns.
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

    explicit ResultsTable(QWidget* parent = nullptr);

    /// A row for each configuration of `results`.
    void fill(const CampaignResults& results);
    /// Marks (bold, shaded) the configurations holding the disk `path` (empty: none); their names.
    QStringList markDisk(const QString& path);
    /// What "one disk" is, for the text above the table: the median disk, and the slowest beside it.
    static QString oneDiskText(const CampaignResults& results);
    /// "disks", "CPU (md thread)", "CPU" or "neither" for a test's ResourceUse; empty without one.
    static QString limitWord(const TestResult* test);

private:
    static QTableWidgetItem* spreadItem(const ConfigResult& config);
};

} // namespace RaidBench::Ui
