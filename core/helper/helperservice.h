#pragma once

#include "arrays/buildexecutor.h"
#include "disks/devicegate.h"
#include "fs/filesystem.h"
#include "helper/helperjobs.h"
#include "helper/helperprotocol.h"
#include "helper/messages.h"
#include "system/commandrunner.h"
#include "util/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

namespace RaidBench {

/// The privileged side of the helper protocol: takes request lines, checks every argument itself
/// (whatever the client checked), runs intents (never "run this command"), answers with replies and
/// progress events, and removes everything it created when the session ends. Every device reaches
/// it through the device gate: pinned once, re-verified before each destructive command.
class HelperService
{
public:
    struct Options
    {
        CommandRunner* runner = nullptr;
        /// Journal directory and timings; its gate is made per request (see gate).
        BuildExecutor::Options executor;
        /// The device gate for a request (loop devices allowed or not); replaced in unit tests.
        std::function<std::shared_ptr<const DeviceGate>(bool allowLoop)> gate;
        qint64 clientUid = -1; ///< who asked (logged; owns the directory the user's command runs in)
        QString stateDirectory = QStringLiteral("/run/raidbench");
        /// Where a campaign's results go while it runs when stateDirectory is full (private, 0700).
        QString stateFallbackDirectory = QStringLiteral("/var/tmp/raidbench-helper");
        int maxWorkers = 4;
    };

    HelperService(Options options, std::function<void(const QByteArray&)> write);
    ~HelperService();
    HelperService(const HelperService&) = delete;
    HelperService& operator=(const HelperService&) = delete;

    /// One request line (without its newline). Replies may come later, from worker threads.
    void handleLine(const QByteArray& line);
    /// The client is gone (EOF, SIGTERM, SIGHUP, bye): cancel what runs, unmount and tear down what
    /// this session created (a teardown that failed before is tried again). Blocks until done.
    void shutdown(const QString& why);
    bool quitRequested() const { return m_quit.load(); }

    /// `text` fit for one log line: control characters shown as \xNN, at most 300 characters.
    static QString loggable(const QString& text);

private:
    struct Session;
    struct SessionArray;
    /// A create-array or plan-array request, checked and pinned: what would run, and the answer.
    struct PreparedArray
    {
        PinnedSpec pinned;
        BuildPlan plan;
        Messages::ArrayPlan answer;
        QStringList requestedDisks; ///< the paths the client gave (messages)
    };
    void dispatch(const HelperProtocol::Request& request);
    void reply(qint64 id, const QJsonObject& result);
    void fail(qint64 id, const QString& code, const QString& message);
    void fail(qint64 id, const Error& error) { fail(id, error.code, error.message); }
    void event(qint64 id, const QString& name, const QJsonObject& fields);
    /// Takes the one token for operations that change disks, or answers "busy".
    std::optional<HelperJobs::Exclusive> exclusive(qint64 id);
    void startJob(qint64 id, std::function<void(const std::atomic_bool*)> work,
                  std::optional<HelperJobs::Exclusive> token);
    /// Takes the token for operations that change disks (or answers "busy") and starts `work` with it.
    void startExclusive(qint64 id, std::function<void(const std::atomic_bool*)> work);
    void log(const QString& line) const;
    std::shared_ptr<const DeviceGate> gateFor(bool allowLoop) const;
    BuildExecutor::Options executorOptions(bool allowLoop) const;
    RecoverScope scope() const;
    QString newSessionTag() const;
    /// Progress (when asked) and every command as events of request `id`.
    BuildExecutor::Callbacks buildCallbacks(qint64 id, bool withProgress);
    std::optional<PreparedArray> prepareArray(qint64 id, const Messages::ArrayRequest& args);

    void hello(const HelperProtocol::Request& request);
    void scanDisks(const HelperProtocol::Request& request);
    void readHealth(const HelperProtocol::Request& request);
    void planArray(const HelperProtocol::Request& request);
    void createArray(const HelperProtocol::Request& request);
    void teardown(const HelperProtocol::Request& request);
    void listArrays(const HelperProtocol::Request& request);
    void recover(const HelperProtocol::Request& request);
    /// Removes the results files of runs whose helper has ended (killed before it could), within the
    /// client's scope; the names removed.
    QStringList removeEndedRunsResults() const;
    void about(const HelperProtocol::Request& request);
    void runIo(const HelperProtocol::Request& request);
    void runCampaign(const HelperProtocol::Request& request);
    void makeFs(const HelperProtocol::Request& request);
    void unmount(const HelperProtocol::Request& request);
    void cancel(const HelperProtocol::Request& request);
    void bye(const HelperProtocol::Request& request);

    Options m_options;
    std::function<void(const QByteArray&)> m_write;
    std::mutex m_writeMutex;
    std::unique_ptr<Session> m_session;
    HelperJobs m_jobs;
    std::atomic_bool m_quit {false};
    std::atomic_bool m_shuttingDown {false};
};

} // namespace RaidBench
