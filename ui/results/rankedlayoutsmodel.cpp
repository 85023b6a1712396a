#include "results/rankedlayoutsmodel.h"

namespace RaidBench::Ui {

void RankedLayoutsModel::setLayouts(const QList<RankedLayout>& layouts)
{
    beginResetModel();
    m_layouts = layouts;
    endResetModel();
}

int RankedLayoutsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_layouts.size());
}

int RankedLayoutsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RankedColumns;
}

QString RankedLayoutsModel::text(const RankedLayout& layout, int row, Column column) const
{
    switch (column) {
    case ColumnRank:
        return QString::number(row + 1);
    case ColumnLayout:
        return layout.predicted ? tr("%1\n(predicted, not run)").arg(layout.name) : layout.name;
    case ColumnScore:
        return QString::number(qRound(layout.score));
    case ColumnWhy:
        return layout.why;
    case RankedColumns:
        break;
    }
    return {};
}

QVariant RankedLayoutsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const auto column = Column(index.column());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return text(m_layouts.at(index.row()), index.row(), column);
    case Qt::TextAlignmentRole:
        return column == ColumnScore || column == ColumnRank ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant RankedLayoutsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (Column(section)) {
    case ColumnRank:
        return tr("Rank");
    case ColumnLayout:
        return tr("Layout");
    case ColumnScore:
        return tr("Score");
    case ColumnWhy:
        return tr("Why");
    case RankedColumns:
        break;
    }
    return {};
}

} // namespace RaidBench::Ui
