#pragma once

#include "build/buildexecutor.h"
#include "build/commandrunner.h"
#include "build/filesystem.h"
#include "helper/helperprotocol.h"
#include "util/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace RaidBench {

/// The privileged side of the helper protocol: takes request lines, checks every argument itself
/// (whatever the client checked), runs intents (never "run this command"), answers with replies and
/// progress events, and removes everything it created when the session ends.
class HelperService
{
public:
    struct Options
    {
        CommandRunner* runner = nullptr;
        BuildExecutor::Options executor;
        /// Resolves and checks a device path for a destructive use; replaced in unit tests.
        std::function<Result<QString>(const QString& path, bool allowLoop)> checkDevice;
        qint64 clientUid = -1; ///< who asked (logged; owns file systems the helper mounts)
        QString stateDirectory = QStringLiteral("/run/raidbench");
    };

    HelperService(Options options, std::function<void(const QByteArray&)> write);
    ~HelperService();
    HelperService(const HelperService&) = delete;
    HelperService& operator=(const HelperService&) = delete;

    /// One request line (without its newline). Replies may come later, from worker threads.
    void handleLine(const QByteArray& line);
    /// The client is gone (EOF, SIGTERM, SIGHUP, bye): cancel what runs, unmount and tear down what
    /// this session created. Blocks until done.
    void shutdown(const QString& why);
    bool quitRequested() const { return m_quit.load(); }

    /// The default device check: a path under /dev that resolves (symlinks followed) to a block
    /// device under /dev that DiskScanner finds eligible, and that the kernel lets us open O_EXCL.
    static Result<QString> validateDevicePath(const QString& path, bool allowLoop);

private:
    struct Session;
    void dispatch(const HelperProtocol::Request& request);
    void reply(qint64 id, const QJsonObject& result);
    void fail(qint64 id, const QString& code, const QString& message);
    void event(qint64 id, const QString& name, const QJsonObject& fields);
    void startLong(qint64 id, std::function<void(const std::atomic_bool*)> work);
    void log(const QString& line) const;

    void hello(const HelperProtocol::Request& request);
    void scanDisks(const HelperProtocol::Request& request);
    void planArray(const HelperProtocol::Request& request, bool create);
    void teardown(const HelperProtocol::Request& request);
    void listArrays(const HelperProtocol::Request& request);
    void recover(const HelperProtocol::Request& request);
    void about(const HelperProtocol::Request& request);
    void runIo(const HelperProtocol::Request& request);
    void runCampaign(const HelperProtocol::Request& request);
    void makeFs(const HelperProtocol::Request& request);
    void unmount(const HelperProtocol::Request& request);
    void cancel(const HelperProtocol::Request& request);

    Options m_options;
    std::function<void(const QByteArray&)> m_write;
    std::mutex m_writeMutex;
    std::unique_ptr<Session> m_session;
    std::atomic_bool m_quit {false};
    std::atomic_bool m_shuttingDown {false};
};

} // namespace RaidBench
