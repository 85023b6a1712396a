#pragma once

#include "helper/arrayintents.h"
#include "helper/helpercontext.h"
#include "helper/helperprotocol.h"
#include "helper/runintents.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <atomic>
#include <functional>

namespace RaidBench {

/// The privileged side of the helper protocol: takes request lines, checks every argument itself
/// (whatever the client checked), runs intents (never "run this command"), answers with replies and
/// progress events, and removes everything it created when the session ends. Every device reaches
/// it through the device gate: pinned once, re-verified before each destructive command.
class HelperService
{
public:
    using Options = HelperOptions;

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

private:
    using Intent = std::function<void(const HelperProtocol::Request&)>;
    /// The intents by name, one member each; HelperProtocol has checked the request's shape against
    /// the same list.
    QHash<QString, Intent> intents();

    void hello(const HelperProtocol::Request& request);
    void scanDisks(const HelperProtocol::Request& request);
    void readHealth(const HelperProtocol::Request& request);
    void recover(const HelperProtocol::Request& request);
    void about(const HelperProtocol::Request& request);
    void cancel(const HelperProtocol::Request& request);
    void bye(const HelperProtocol::Request& request);

    HelperContext m_context;
    ArrayIntents m_arrays;
    RunIntents m_runs;
    const QHash<QString, Intent> m_intents;
    std::atomic_bool m_quit {false};
};

} // namespace RaidBench
