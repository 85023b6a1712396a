#include "runqueuemodel.h"

#include <QApplication>
#include <QStyle>
#include <QStyleOptionProgressBar>

#include <algorithm>

namespace RaidBench::Ui {

RunQueueModel::RunQueueModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void RunQueueModel::setRows(const QStringList& names)
{
    beginResetModel();
    m_rows.clear();
    for (const QString& name : names) {
        m_rows.append({name, tr("waiting"), 0});
    }
    endResetModel();
}

void RunQueueModel::setState(int row, const QString& state)
{
    if (valid(row) && m_rows[row].state != state) {
        m_rows[row].state = state;
        Q_EMIT dataChanged(index(row, ColumnState), index(row, ColumnState));
    }
}

void RunQueueModel::setPercent(int row, int percent, bool onlyUp)
{
    if (!valid(row)) {
        return;
    }
    const int value = std::clamp(onlyUp ? std::max(m_rows[row].percent, percent) : percent, 0, 100);
    if (m_rows[row].percent != value) {
        m_rows[row].percent = value;
        Q_EMIT dataChanged(index(row, ColumnProgress), index(row, ColumnProgress));
    }
}

int RunQueueModel::percent(int row) const
{
    return valid(row) ? m_rows.at(row).percent : 0;
}

QString RunQueueModel::state(int row) const
{
    return valid(row) ? m_rows.at(row).state : QString();
}

int RunQueueModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunQueueModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : QueueColumns;
}

QVariant RunQueueModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Row& row = m_rows.at(index.row());
    if (role == PercentRole) {
        return row.percent;
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    switch (Column(index.column())) {
    case ColumnName:
        return row.name;
    case ColumnState:
        return row.state;
    case ColumnProgress:
        return tr("%1 %").arg(row.percent);
    case QueueColumns:
        break;
    }
    return {};
}

QVariant RunQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (Column(section)) {
    case ColumnName:
        return tr("Configuration");
    case ColumnState:
        return tr("State");
    case ColumnProgress:
        return tr("Progress");
    case QueueColumns:
        break;
    }
    return {};
}

void ProgressBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(2, 2, -2, -2);
    bar.state = option.state | QStyle::State_Horizontal;
    bar.direction = option.direction;
    bar.fontMetrics = option.fontMetrics;
    bar.palette = option.palette;
    bar.minimum = 0;
    bar.maximum = 100;
    bar.progress = index.data(RunQueueModel::PercentRole).toInt();
    bar.text = index.data().toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

} // namespace RaidBench::Ui
