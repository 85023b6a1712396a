#pragma once

#include "results/campaignresults.h"
#include "results/resultstablemodel.h"

#include <QStringList>
#include <QTableView>

class QSortFilterProxyModel;

namespace RaidBench::Ui {

/// The results page's table: a view of ResultsTableModel through a sort proxy. Plan order until the
/// user clicks a header; numbers sort as numbers.
class ResultsTable final : public QTableView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsTable)

public:
    using Column = ResultsTableModel::Column;

    explicit ResultsTable(QWidget* parent = nullptr);

    /// A row for each configuration of `results`.
    void fill(const CampaignResults& results);
    /// Marks (bold, shaded) the configurations holding the disk `path` (empty: none); their names.
    QStringList markDisk(const QString& path);
    /// Rows as shown (sorted as the user sorted them).
    int rowCount() const;
    /// A cell's text as shown, by row in the view's order.
    QString text(int row, Column column) const;
    /// What "one disk" is, for the text above the table: the median disk, and the slowest beside it.
    static QString oneDiskText(const CampaignResults& results);

    ResultsTableModel* tableModel() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }

private:
    ResultsTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
};

} // namespace RaidBench::Ui
