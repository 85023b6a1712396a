#pragma once

#include "disks/disk.h"
#include "helper/helperclient.h"
#include "helper/helperlink.h"
#include "helper/messages.h"
#include "helper/sshtarget.h"
#include "helper/sshtransport.h"
#include "lab/labmachine.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

namespace RaidBench {

/// Everything the window shows that comes from the helper: the disks, their baselines, a running
/// campaign. The only way the GUI reaches disks; it never runs a process itself.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    /// Takes a helper link (real or scripted) and says hello through it; the session owns it.
    void attach(HelperLink* link, bool labMode = false);
    /// Starts the real helper: directly when root, through pkexec otherwise, or in the lab.
    Result<void> startHelper(const LabOptions* lab = nullptr);
    /// Starts the helper installed on another machine, over ssh; its disks are then the session's. A
    /// host that does not answer within `answerTimeoutSeconds` is disconnected (helperClosed()).
    Result<void> startRemote(const SshTarget& target, const QString& remoteHelper,
                             int answerTimeoutSeconds = SshTransport::defaultAnswerTimeout);
    void detach();

    bool isConnected() const { return m_connected; }
    /// The helper went away or never answered; the session holds no live connection.
    bool linkClosed() const { return m_linkClosed; }
    bool isLab() const { return m_lab; }
    /// How the helper was reached (pkexec, lab, ssh, ...); empty while none is started.
    QString transportName() const;
    QString helperHost() const { return m_host; }
    /// The machine reached over ssh ("root@storage1"), empty for this one and the lab.
    QString remoteHost() const { return m_remote; }

    const QList<Disk>& disks() const { return m_disks; }
    const Disk* disk(const QString& path) const;
    /// Write and read baseline (bytes/s) of a disk, once measured.
    std::optional<std::pair<double, double>> baseline(const QString& path) const;
    const QHash<QString, std::pair<double, double>>& baselines() const { return m_baselines; }
    /// The disks measured together in the last measurement (per controller, the pool).
    const QList<DisksTogether>& together() const { return m_together; }
    /// Slow-disk reason ("38.0 MB/s write, 36 % of the median disk (S0001 at 105.0 MB/s)"), empty when not slow.
    QString slowReason(const QString& path) const { return m_slow.value(path); }

    void refreshDisks();
    /// The disks at `paths` as the window shows them now, as a user confirms them; an error naming a
    /// path the helper does not list.
    Result<QList<ConfirmedDisk>> confirmations(const QStringList& paths) const;
    /// Baselines only: `plan` with no configurations (its disks, limits), on `confirmed`.
    void measureDisks(CampaignPlan plan, const QList<ConfirmedDisk>& confirmed);
    /// Runs `plan` on `confirmed`: its disks as the user saw them when they said yes (the helper writes
    /// those very disks or refuses), kept from the confirmation, never looked up again here: a disk
    /// list that came in since may name other devices.
    void runCampaign(const CampaignPlan& plan, const QList<ConfirmedDisk>& confirmed);
    void cancelCampaign();
    bool campaignRunning() const { return m_campaignId >= 0; }
    const CampaignResults& lastResults() const { return m_results; }
    /// The helper's "about" answer: mdadm and kernel versions where the work happens.
    const Messages::About& about() const { return m_about; }

Q_SIGNALS:
    void connectionChanged();
    void disksChanged();
    void baselinesChanged();
    void errorOccurred(const QString& message);
    void campaignStarted();
    void campaignProgress(const RaidBench::CampaignProgress& progress);
    void campaignCommand(const RaidBench::Messages::CommandEvent& command);
    void campaignResults(const RaidBench::CampaignResults& results);
    void campaignFinished(const RaidBench::CampaignResults& results, const QString& error);
    /// The helper went away, or never answered (`wasConnected` false: the connection did not open).
    void helperClosed(const QString& why, bool wasConnected);

private:
    void onReplied(qint64 id, const QJsonObject& result);
    void onFailed(qint64 id, const Error& error);
    void onEvent(qint64 id, const QString& event, const QJsonObject& fields);
    void takeBaselines(const CampaignResults& results);
    /// Asks the helper for the disks' health and write caches (not during a run).
    void readHealth();

    QPointer<HelperLink> m_link;
    bool m_connected = false;
    bool m_linkClosed = false;
    bool m_lab = false;
    void recordConnection(CampaignResults& results) const;

    QString m_host;
    QString m_remote;
    SshTarget m_remoteTarget; ///< the same, to stamp results with
    QList<Disk> m_disks;
    QHash<QString, std::pair<double, double>> m_baselines;
    QList<DisksTogether> m_together;
    QHash<QString, QString> m_slow;
    qint64 m_scanId = -1;
    qint64 m_healthId = -1;
    qint64 m_aboutId = -1;
    Messages::About m_about;
    qint64 m_campaignId = -1;
    bool m_measuring = false;
    CampaignResults m_results;
};

} // namespace RaidBench
