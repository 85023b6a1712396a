#pragma once

#include <QWidget>

class QFrame;
class QLabel;
class QPushButton;
class QHBoxLayout;
class QTableView;

namespace RaidBench {
class Session;
struct Disk;
} // namespace RaidBench

namespace RaidBench::Ui {

class DiskTableModel;

/// Step 1: every disk the helper sees, with model, serial, size, controller, its own speed once
/// measured and whether RaidBench may use it (and why not); Connect, the lab, Rescan; and, when no
/// disk is usable, a panel offering the virtual lab.
class DisksPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DisksPage)

public:
    explicit DisksPage(Session* session, QWidget* parent = nullptr);
    /// The disks as the pool lists them: where a disk was not measured in this session, its last kept
    /// speeds, dated.
    void setPool(const class DiskPoolModel* pool);

    /// Fills the page from the session; `lastMessage` says why it is not connected, if it is not.
    void refresh(const QString& lastMessage);
    /// The disks selected in the table, or every usable one when none is.
    QStringList surfaceDisks() const;

Q_SIGNALS:
    void connectRequested();
    void remoteRequested();
    void labRequested();
    /// Read these disks (the selected ones, or every usable one) across their surface.
    void surfaceRequested(const QStringList& disks);
    /// The quick answer on these disks: measured, every layout predicted, the best two built.
    void quickAnswerRequested(const QStringList& disks);

private:
    void updateButtons();
    /// Connected or not, and what the page offers, above the table.
    void showState(int usable);
    /// What the disks measured together reached: a shared ceiling named, or none.
    void showTogether();
    QFrame* makeFirstRunPanel();
    QHBoxLayout* makeButtons();
    QTableView* makeTable();

    Session* m_session;
    DiskTableModel* m_model;
    QString m_lastMessage; ///< what refresh() was last told, for a refresh of the pool's own
    QLabel* m_disksState = nullptr;
    QLabel* m_together = nullptr; ///< what the disks reach together, a shared ceiling named
    QFrame* m_firstRun = nullptr;
    QPushButton* m_connectButton = nullptr;
    QPushButton* m_surfaceButton = nullptr;
    QPushButton* m_quickButton = nullptr;
    QTableView* m_diskTable = nullptr;
};

} // namespace RaidBench::Ui
