#pragma once

#include "helper/sshtarget.h"
#include "lab/labmachine.h"

#include <QElapsedTimer>
#include <QObject>

class QTimer;
class QWidget;

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

/// Connects the window's session to disks: this machine's helper (directly as root, through polkit
/// otherwise), the virtual lab, or another machine's helper over ssh; asks for the lab's disks or the
/// machine in its dialogs, and says how long the lab is taking to start until it answers.
class HelperConnector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelperConnector)

public:
    /// `dialogParent`: the window the dialogs belong to.
    HelperConnector(Session* session, QWidget* dialogParent);

    void connectHelper();
    void startLab(const LabOptions& options);
    void connectRemote(const SshTarget& target, const QString& remoteHelper);
    /// The lab's dialog, then startLab().
    void openLabDialog();
    /// The remote machine's dialog (the last one filled in), then connectRemote().
    void openRemoteDialog();
    /// The connection changed: a lab that now answers says how long it took.
    void connectionChanged();

Q_SIGNALS:
    void message(const QString& text, bool problem);
    /// A start was asked for (or refused): the window shows how the helper is reached.
    void attempted();

private:
    /// A run holds the helper: said, and true.
    bool refuseWhileRunning();
    /// While the lab starts: the seconds so far; once it answered, how long it took.
    void tickLabStart();

    Session* m_session;
    QWidget* m_dialogParent;
    QTimer* m_labTicker; ///< while the lab starts: the seconds so far, said every second
    QElapsedTimer m_labClock;
};

} // namespace RaidBench::Ui
