#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <array>
#include <optional>

namespace RaidBench {
class Session;
struct Disk;
} // namespace RaidBench

namespace RaidBench::Ui {

class DiskPoolModel;

/// The Disks page's table: every disk the helper sees, with its facts, health, its own speeds (this
/// session's, or the last kept ones, dated) and whether RaidBench may use it, and why not. Rows are
/// worked out once per reload, from the session and the pool; the view only reads them.
class DiskTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiskTableModel)

public:
    enum Column {
        ColumnDisk,
        ColumnModel,
        ColumnSerial,
        ColumnSize,
        ColumnTransport,
        ColumnController,
        ColumnHealth,
        ColumnTemperature,
        ColumnLink,
        ColumnWriteCache,
        ColumnWrite,
        ColumnRead,
        ColumnUsable,
        TableColumns
    };
    enum Role {
        DiskPathRole = Qt::UserRole + 1, ///< the path a plan uses for the disk
        EligibleRole, ///< whether RaidBench may use it
        SortRole ///< bytes for the size, the text elsewhere
    };

    explicit DiskTableModel(Session* session, QObject* parent = nullptr);
    /// The pool gives the last kept speeds of a disk not measured in this session.
    void setPool(const DiskPoolModel* pool);

    /// Reads the session's disks, speeds and health again.
    void reload();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        std::array<QString, TableColumns> cells;
        std::array<bool, TableColumns> flagged {}; ///< shown in the warning colour
        QString tip;
        QString path;
        double sizeBytes = 0;
        bool eligible = false;
    };
    Row makeRow(const Disk& disk) const;
    /// The pool's last kept write and read of the disk at `path`, dated; empty when it has none.
    std::pair<QString, QString> rememberedSpeeds(const QString& path) const;
    static QString tipFor(const Disk& disk, const QString& why, const QString& slow);

    Session* m_session;
    const DiskPoolModel* m_pool = nullptr;
    QList<Row> m_rows;
};

} // namespace RaidBench::Ui
