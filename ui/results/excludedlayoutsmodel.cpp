#include "results/excludedlayoutsmodel.h"

namespace RaidBench::Ui {

void ExcludedLayoutsModel::setLayouts(const QList<ExcludedLayout>& layouts)
{
    beginResetModel();
    m_layouts = layouts;
    endResetModel();
}

int ExcludedLayoutsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_layouts.size());
}

int ExcludedLayoutsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ExcludedColumns;
}

QVariant ExcludedLayoutsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        (role != Qt::DisplayRole && role != Qt::ToolTipRole)) {
        return {};
    }
    const ExcludedLayout& layout = m_layouts.at(index.row());
    return index.column() == ColumnLayout ? layout.name : layout.why;
}

QVariant ExcludedLayoutsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (Column(section)) {
    case ColumnLayout:
        return tr("Left out");
    case ColumnWhy:
        return tr("Why");
    case ExcludedColumns:
        break;
    }
    return {};
}

} // namespace RaidBench::Ui
