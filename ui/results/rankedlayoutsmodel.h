#pragma once

#include "answer/recommend.h"

#include <QAbstractTableModel>

namespace RaidBench::Ui {

/// The answer's ranked layouts: rank, layout (marked when only predicted), score and the sentence
/// saying why.
class RankedLayoutsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RankedLayoutsModel)

public:
    enum Column { ColumnRank, ColumnLayout, ColumnScore, ColumnWhy, RankedColumns };

    using QAbstractTableModel::QAbstractTableModel;

    void setLayouts(const QList<RankedLayout>& layouts);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString text(const RankedLayout& layout, int row, Column column) const;

    QList<RankedLayout> m_layouts;
};

} // namespace RaidBench::Ui
