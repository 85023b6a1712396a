#pragma once

#include "disks/disk.h"
#include "results/diskhistory.h"

#include <QAbstractListModel>
#include <QColor>
#include <QDateTime>
#include <QFutureWatcher>
#include <QStyledItemDelegate>
#include <QWidget>

#include <optional>
#include <tuple>

class QLabel;
class QListView;
class QTextBrowser;
class QPushButton;

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

/// MIME type of disks dragged from the pool: their paths, one per line.
inline constexpr auto disksMimeType = "application/x-raidbench-disks";

/// A colour per controller, the same for the same controller in every view.
QColor controllerColour(const QString& controller, const QStringList& allControllers);

/// The session's disks as a list model: eligible ones can be dragged.
class DiskPoolModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiskPoolModel)

public:
    /// WriteRole and ReadRole: this session's measurement, else the last the results folder kept of the
    /// same disk (by serial and model), with RememberedRole its date ("2026-12-01"), empty for this session's.
    enum Role {
        DiskPathRole = Qt::UserRole + 1,
        EligibleRole,
        ControllerRole,
        WriteRole,
        ReadRole,
        SlowRole,
        RememberedRole
    };

    explicit DiskPoolModel(Session* session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }

    const Disk& diskAt(int row) const { return m_disks.at(row); }
    QStringList controllers() const;
    /// The path a plan uses for a disk: its stable by-id path when it has one.
    static QString planPath(const Disk& disk);

    /// The disks' speeds as the kept results have them: shown for a disk not measured in this session.
    void setHistory(const HistoryScan& history);

private:
    void reload();
    /// The last kept write and read of `disk`, and when; none for a disk without a serial or history.
    std::optional<std::tuple<double, double, QDateTime>> remembered(const Disk& disk) const;

    Session* m_session;
    QList<Disk> m_disks;
    HistoryScan m_history;
};

/// Paints a disk: controller colour, name, model, size, transport, a lock when it must not be used,
/// and write/read bars once measured (a warning colour for a slow disk).
class DiskDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

/// The disk pool: the list, a controller legend, the details of the selected disk (with its speed
/// history from the results folder), "Measure disks".
class DiskPoolWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiskPoolWidget)

public:
    explicit DiskPoolWidget(Session* session, QWidget* parent = nullptr);
    ~DiskPoolWidget() override;

    QListView* view() const { return m_view; }
    DiskPoolModel* model() const { return m_model; }
    QTextBrowser* details() const { return m_details; }
    /// Plan paths of the selected eligible disks.
    QStringList selectedDisks() const;
    /// The selected eligible disks, or every eligible one when none is selected: what Measure disks
    /// measures.
    QStringList disksToMeasure() const;
    /// Reads every disk's speed history from the results folder again (on a worker); the details show
    /// it. Done after each new announcement of the disks, so after every run.
    void refreshHistory();
    const HistoryScan& history() const { return m_history; }

Q_SIGNALS:
    void measureRequested(const QStringList& disks);
    void contextMenuRequested(const QStringList& disks, const QPoint& globalPos);
    void historyLoaded();

private:
    void updateDetails();
    void updateLegend();

    Session* m_session;
    DiskPoolModel* m_model;
    QListView* m_view;
    QLabel* m_legend;
    QTextBrowser* m_details;
    QPushButton* m_measure;
    HistoryScan m_history;
    QFutureWatcher<HistoryScan> m_historyReading;
    bool m_historyAgain = false;
};

} // namespace RaidBench::Ui
