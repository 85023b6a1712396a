#include "helperconnector.h"

#include "client/session.h"
#include "helper/helperclient.h"
#include "labdialog.h"
#include "remotedialog.h"
#include "util/errorcodes.h"

#include <QSettings>
#include <QTimer>

namespace RaidBench::Ui {

HelperConnector::HelperConnector(Session* session, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_dialogParent(dialogParent)
    , m_labTicker(new QTimer(this))
{
    connect(m_labTicker, &QTimer::timeout, this, &HelperConnector::tickLabStart);
}

bool HelperConnector::refuseWhileRunning()
{
    if (!m_session->campaignRunning()) {
        return false;
    }
    Q_EMIT message(tr("A run is in progress; cancel it first."), true);
    return true;
}

void HelperConnector::connectHelper()
{
    if (refuseWhileRunning()) {
        return;
    }
    Q_EMIT message(!HelperTransport::thisMachineAsks()
                       ? tr("Starting the helper…")
                       : tr("Starting the helper through polkit: authenticate in the dialog that opens…"),
                   false);
    const auto started = m_session->startHelper();
    if (!started) {
        Q_EMIT message(ErrorCode::userText(started.error()), true);
    }
    Q_EMIT attempted();
}

void HelperConnector::startLab(const LabOptions& options)
{
    if (refuseWhileRunning()) {
        return;
    }
    // No promise of how long: a boot under emulation takes from 15 s to a minute on a busy machine. The
    // seconds so far are said until the lab answers or fails.
    Q_EMIT message(tr("Starting the virtual lab…"), false);
    const auto started = m_session->startHelper(&options);
    if (!started) {
        Q_EMIT message(ErrorCode::userText(started.error()), true);
    } else {
        m_labClock.start();
        m_labTicker->start(1000);
    }
    Q_EMIT attempted();
}

void HelperConnector::openRemoteDialog()
{
    if (refuseWhileRunning()) {
        return;
    }
    RemoteDialog dialog(m_dialogParent);
    QSettings settings;
    if (auto last = SshTarget::parse(settings.value(QStringLiteral("remote/last")).toString()); last) {
        dialog.setTarget(*last);
    }
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const auto target = dialog.target();
    if (!target) {
        Q_EMIT message(ErrorCode::userText(target.error()), true);
        return;
    }
    settings.setValue(QStringLiteral("remote/last"), target->text());
    connectRemote(*target, dialog.remoteHelper());
}

void HelperConnector::connectRemote(const SshTarget& target, const QString& remoteHelper)
{
    if (refuseWhileRunning()) {
        return;
    }
    Q_EMIT message(tr("Connecting to %1 over ssh…").arg(target.text()), false);
    const auto started = m_session->startRemote(target, remoteHelper);
    if (!started) {
        Q_EMIT message(ErrorCode::userText(started.error()), true);
    }
    Q_EMIT attempted();
}

void HelperConnector::openLabDialog()
{
    LabDialog dialog(m_dialogParent);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const auto options = dialog.options();
    if (!options) {
        Q_EMIT message(ErrorCode::userText(options.error()), true);
        return;
    }
    startLab(*options);
}

void HelperConnector::connectionChanged()
{
    if (m_labTicker->isActive() && m_session->isConnected()) {
        tickLabStart();
    }
}

void HelperConnector::tickLabStart()
{
    const qint64 seconds = m_labClock.elapsed() / 1000;
    if (m_session->isConnected()) {
        m_labTicker->stop();
        Q_EMIT message(tr("The virtual lab started in %n s.", nullptr, int(seconds)), false);
    } else if (m_session->linkClosed() || m_session->transportName().isEmpty()) {
        m_labTicker->stop(); // it failed, and said why
    } else {
        Q_EMIT message(tr("Starting the virtual lab: %n s so far…", nullptr, int(seconds)), false);
    }
}

} // namespace RaidBench::Ui
