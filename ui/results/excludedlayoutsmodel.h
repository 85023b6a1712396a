#pragma once

#include "answer/recommend.h"

#include <QAbstractTableModel>

namespace RaidBench::Ui {

/// The answer's layouts left out (nearest to qualifying first), each with why.
class ExcludedLayoutsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExcludedLayoutsModel)

public:
    enum Column { ColumnLayout, ColumnWhy, ExcludedColumns };

    using QAbstractTableModel::QAbstractTableModel;

    void setLayouts(const QList<ExcludedLayout>& layouts);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ExcludedLayout> m_layouts;
};

} // namespace RaidBench::Ui
