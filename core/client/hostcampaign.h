#pragma once

#include "campaign/campaignprogress.h"
#include "disks/disk.h"
#include "helper/helperlink.h"
#include "helper/messages.h"
#include "helper/sshtarget.h"
#include "plan/campaignplan.h"
#include "results/resultssink.h"
#include "util/result.h"
#include "util/runstate.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

namespace RaidBench {

/// One machine's campaign through its helper: hello, the machine's disks listed and the plan's
/// disks resolved there (a rule, or paths), then, once told to, the run, every results event saved
/// to the results file (or a fallback when that cannot be written), and one ending. A run that ends
/// without the helper's last answer (a lost connection, a crash, a cancel) leaves its file with
/// everything measured so far and the status it ended in. The CLI's `run` (this machine, one remote
/// host) and a fleet run (FleetRun) drive it; they only print what it says.
class HostCampaign final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostCampaign)

public:
    enum class State {
        Connecting, ///< waiting for hello and, when resolving, the disk list
        Ready, ///< the plan's disks are known: run() starts it
        Running,
        Completed,
        Cancelled,
        Failed,
    };

    struct Options
    {
        /// Lists the machine's disks and resolves the plan there (a rule, or paths as that machine
        /// names them). Off: the plan's disks are this machine's, checked already.
        bool resolveDisks = true;
        /// Without resolveDisks: the plan's disks as the user confirmed them on this machine (with
        /// resolveDisks, those the machine's helper listed are, as chosenDisks() shows them).
        QList<ConfirmedDisk> confirmed;
        QJsonObject previous; ///< results of an earlier run of the plan to go on from
        std::optional<SshTarget> target; ///< the machine reached over ssh, stamped into its results
        /// From attach() to Ready: a machine that logs in but never lists its disks is given up
        /// (0: waits as long as the link does).
        int answerTimeoutSeconds = 0;
        QString fallbackDirectory; ///< where the results go when `resultsPath` cannot be written
    };

    HostCampaign(CampaignPlan plan, const QString& resultsPath, Options options, QObject* parent = nullptr);
    ~HostCampaign() override;

    /// Takes the link to the machine's helper (started, or about to say hello) and waits for it.
    void attach(std::unique_ptr<HelperLink> link);
    /// The helper could not be started at all: Failed with `error`.
    void failToStart(const Error& error);
    /// Ready → Running: asks the helper to run the plan.
    void run();
    /// Running: asks the helper to stop (its answer ends the run); before that: Cancelled now.
    void cancel();

    State state() const { return m_state; }
    bool ended() const
    {
        return m_state == State::Completed || m_state == State::Cancelled || m_state == State::Failed;
    }
    /// The plan as it runs here: its disks resolved to this machine's stable names.
    const CampaignPlan& plan() const { return m_plan; }
    /// The machine's disks the plan chose, as its helper describes them (empty without resolveDisks),
    /// and each as the plan named it (a path, or what its rule chose), in the same order.
    const QList<Disk>& chosenDisks() const { return m_chosen; }
    const QStringList& chosenAs() const { return m_chosenAs; }
    /// run() asked the helper to run the plan (it may have changed disks since).
    bool hasStarted() const { return m_runId >= 0; }
    const Options& options() const { return m_options; }
    /// Why it failed; empty otherwise.
    const Error& error() const { return m_error; }
    /// The connection went away (or the helper died) during the run.
    bool connectionLost() const { return m_connectionLost; }
    /// Whether any results were written, and where they are now.
    bool wroteResults() const { return !m_lastResults.isEmpty(); }
    QString resultsPath() const { return m_sink.path(); }
    /// The status the helper's last answer gave the run; none before it came.
    std::optional<RunState> finalStatus() const { return m_finalStatus; }

Q_SIGNALS:
    void connected(const RaidBench::Messages::HelloReply& hello);
    /// The plan's disks are known; run() may start it.
    void ready();
    void started();
    void progressed(const RaidBench::CampaignProgress& progress);
    /// The results file could not be written; they go to `fallback` from now on.
    void resultsMoved(const RaidBench::Error& why, const QString& fallback);
    /// Neither file could be written this time.
    void saveFailed(const RaidBench::Error& why);
    /// Ended in state(): `partial` when the results file was finished here, not by the helper's answer.
    void finished(bool partial);

private:
    void onConnected(const Messages::HelloReply& hello);
    void onReplied(qint64 id, const QJsonObject& result);
    void onEvent(qint64 id, const QString& event, const QJsonObject& fields);
    void onFailed(qint64 id, const Error& error);
    void onClosed(const QString& why);
    /// The scan's answer: the plan's disks found and named by their stable paths, or Failed.
    void takeDisks(const QJsonObject& result);
    void save(QJsonObject results);
    void end(State state, const Error& error = {}, bool finalSaved = false);

    CampaignPlan m_plan;
    Options m_options;
    ResultsSink m_sink;
    std::unique_ptr<HelperLink> m_link;
    QTimer m_deadline;
    State m_state = State::Connecting;
    qint64 m_scanId = -1;
    qint64 m_runId = -1;
    QList<Disk> m_chosen;
    QStringList m_chosenAs;
    QList<ConfirmedDisk> m_confirmed; ///< what run() sends: each disk of the plan as the user confirms it
    Error m_error;
    bool m_cancelRequested = false;
    bool m_connectionLost = false;
    QJsonObject m_lastResults;
    std::optional<RunState> m_finalStatus;
};

} // namespace RaidBench
