#include "diskstodestroymodel.h"

#include "displaynumbers.h"

namespace RaidBench::Ui {

DisksToDestroyModel::DisksToDestroyModel(const QList<Disk>& disks, QObject* parent)
    : QAbstractTableModel(parent)
    , m_disks(disks)
{ }

int DisksToDestroyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_disks.size());
}

int DisksToDestroyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : DestroyColumns;
}

QVariant DisksToDestroyModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        role != Qt::DisplayRole) {
        return {};
    }
    const Disk& disk = m_disks.at(index.row());
    switch (Column(index.column())) {
    case ColumnDevice:
        return disk.path;
    case ColumnModel:
        return QStringLiteral("%1 %2").arg(disk.vendor, disk.model).trimmed();
    case ColumnSerial:
        return disk.serial;
    case ColumnSize:
        return Display::formatBytesDecimal(double(disk.sizeBytes));
    case DestroyColumns:
        break;
    }
    return {};
}

QVariant DisksToDestroyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (Column(section)) {
    case ColumnDevice:
        return tr("Device");
    case ColumnModel:
        return tr("Model");
    case ColumnSerial:
        return tr("Serial");
    case ColumnSize:
        return tr("Size");
    case DestroyColumns:
        break;
    }
    return {};
}

} // namespace RaidBench::Ui
