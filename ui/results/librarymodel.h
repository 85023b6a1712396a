#pragma once

#include "results/resultsfolder.h"

#include <QAbstractTableModel>

namespace RaidBench::Ui {

/// The results library's rows: each results file of the folder with its date, host, status, disks,
/// layouts and size; a file that cannot be read greyed, with the reason where the layouts go.
class ResultsLibraryModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsLibraryModel)

public:
    enum Column { ColumnDate, ColumnHost, ColumnStatus, ColumnDisks, ColumnLayouts, ColumnSize, Columns };
    enum Role {
        PathRole = Qt::UserRole + 1, ///< the file, on every column
        SortRole, ///< the date and the size as values, the text elsewhere
        ReadableRole
    };

    using QAbstractTableModel::QAbstractTableModel;

    void setEntries(const QList<ResultsFolder::Entry>& entries);
    const QList<ResultsFolder::Entry>& entries() const { return m_entries; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "4 x VDISK W105 R105, 2 x ST4000DM004": the disks of a run by model.
    static QString diskSummary(const QStringList& models);

private:
    static QString text(const ResultsFolder::Entry& entry, Column column);
    static QString toolTip(const ResultsFolder::Entry& entry, Column column);

    QList<ResultsFolder::Entry> m_entries;
};

} // namespace RaidBench::Ui
