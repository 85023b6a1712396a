#pragma once

#include "arrays/buildexecutor.h"
#include "disks/devicegate.h"
#include "helper/helperjobs.h"
#include "helper/helpersession.h"
#include "system/commandrunner.h"
#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace RaidBench {

/// How a helper serves its client.
struct HelperOptions
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

/// What every intent of the helper works with: the client's channel (replies, errors, events, one
/// line each, from any thread), the log, the session, the jobs and their one exclusive token, the
/// device gate, and who the client is (the scope of what it may remove). Made by HelperService and
/// given to each group of intents.
class HelperContext
{
public:
    HelperContext(HelperOptions options, std::function<void(const QByteArray&)> write);
    HelperContext(const HelperContext&) = delete;
    HelperContext& operator=(const HelperContext&) = delete;

    const HelperOptions& options() const { return m_options; }
    HelperSession& session() { return m_session; }
    HelperJobs& jobs() { return m_jobs; }
    bool shuttingDown() const { return m_shuttingDown.load(); }
    /// Marks the session as ending; false when it was already.
    bool beginShutdown() { return !m_shuttingDown.exchange(true); }

    void reply(qint64 id, const QJsonObject& result);
    void fail(qint64 id, const QString& code, const QString& message);
    void fail(qint64 id, const Error& error) { fail(id, error.code, error.message); }
    void event(qint64 id, const QString& name, const QJsonObject& fields);
    void log(const QString& line) const;
    /// `text` fit for one log line: control characters shown as \xNN, at most 300 characters.
    static QString loggable(const QString& text);

    /// Takes the one token for operations that change disks, or answers "busy".
    std::optional<HelperJobs::Exclusive> exclusive(qint64 id);
    void startJob(qint64 id, std::function<void(const std::atomic_bool*)> work,
                  std::optional<HelperJobs::Exclusive> token);
    /// Takes the token for operations that change disks (or answers "busy") and starts `work` with it.
    void startExclusive(qint64 id, std::function<void(const std::atomic_bool*)> work);

    std::shared_ptr<const DeviceGate> gateFor(bool allowLoop) const;
    BuildExecutor::Options executorOptions(bool allowLoop) const;
    RecoverScope scope() const;
    /// A new build tag: random, and used by neither this session nor any journal.
    QString newSessionTag();

private:
    /// Writes the reply or error `line` of request `id`; a job's own is held until its token is let go.
    void answer(qint64 id, const QByteArray& line);

    HelperOptions m_options;
    std::function<void(const QByteArray&)> m_write;
    std::mutex m_writeMutex;
    HelperSession m_session;
    HelperJobs m_jobs;
    std::atomic_bool m_shuttingDown {false};
};

} // namespace RaidBench
