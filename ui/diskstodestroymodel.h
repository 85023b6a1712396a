#pragma once

#include "disks/disk.h"

#include <QAbstractTableModel>

namespace RaidBench::Ui {

/// The disks a run will destroy, as the confirmation lists them: device, model, serial and size,
/// so the user can check them against the labels on the drives.
class DisksToDestroyModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DisksToDestroyModel)

public:
    enum Column { ColumnDevice, ColumnModel, ColumnSerial, ColumnSize, DestroyColumns };

    explicit DisksToDestroyModel(const QList<Disk>& disks, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const QList<Disk> m_disks;
};

} // namespace RaidBench::Ui
