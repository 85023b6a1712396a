#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QStyledItemDelegate>

namespace RaidBench::Ui {

/// The Run page's queue: a row per step of the run (the disks on their own, then each
/// configuration) with what it is doing and how far it is.
class RunQueueModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunQueueModel)

public:
    enum Column { ColumnName, ColumnState, ColumnProgress, QueueColumns };
    enum Role {
        PercentRole = Qt::UserRole + 1 ///< 0-100, on every column
    };

    explicit RunQueueModel(QObject* parent = nullptr);

    /// New rows, each waiting at 0 %.
    void setRows(const QStringList& names);
    void setState(int row, const QString& state);
    /// Sets a row's progress; `onlyUp` keeps a bar from going back.
    void setPercent(int row, int percent, bool onlyUp = false);
    int percent(int row) const;
    QString state(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString name;
        QString state;
        int percent = 0;
    };
    bool valid(int row) const { return row >= 0 && row < m_rows.size(); }

    QList<Row> m_rows;
};

/// Draws a 0-100 value (PercentRole) as a progress bar, in the style's own look.
class ProgressBarDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace RaidBench::Ui
