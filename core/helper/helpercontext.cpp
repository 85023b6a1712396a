#include "helper/helpercontext.h"

#include "arrays/buildjournal.h"
#include "disks/systemdevicegate.h"
#include "helper/helperprotocol.h"
#include "helper/messages.h"
#include "util/errorcodes.h"

#include <cstdio>
#include <syslog.h>
#include <unistd.h>

namespace RaidBench {

namespace {

/// The answer of the job this thread runs, held until the job has let go of the token for operations
/// that change disks: a client that sends its next operation once it has the answer never meets "busy".
struct HeldAnswer
{
    bool active = false; ///< this thread runs a job
    qint64 id = -1;
    QByteArray line;
};
thread_local HeldAnswer t_heldAnswer;

} // namespace

HelperContext::HelperContext(HelperOptions options, std::function<void(const QByteArray&)> write)
    : m_options(std::move(options))
    , m_write(std::move(write))
    , m_jobs(m_options.maxWorkers)
{
    if (!m_options.gate) {
        m_options.gate = [](bool allowLoop) -> std::shared_ptr<const DeviceGate> {
            return std::make_shared<SystemDeviceGate>(SystemDeviceGate::withLoop(allowLoop));
        };
    }
    openlog("raidbench-helper", LOG_PID, LOG_DAEMON);
}

QString HelperContext::loggable(const QString& text)
{
    QString out;
    for (const QChar c : text.left(300)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.category() == QChar::Other_Format ||
            c == QChar::LineSeparator || c == QChar::ParagraphSeparator) {
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

void HelperContext::log(const QString& line) const
{
    // A client's strings reach these lines: one line each, whatever they hold.
    const QByteArray text = QStringLiteral("uid %1: %2").arg(m_options.clientUid).arg(loggable(line)).toLocal8Bit();
    syslog(LOG_INFO, "%s", text.constData());
    std::fprintf(stderr, "raidbench-helper[%d] %s\n", int(getpid()), text.constData());
}

std::shared_ptr<const DeviceGate> HelperContext::gateFor(bool allowLoop) const
{
    return m_options.gate(allowLoop);
}

BuildExecutor::Options HelperContext::executorOptions(bool allowLoop) const
{
    BuildExecutor::Options options = m_options.executor;
    options.gate = gateFor(allowLoop);
    options.mountRoot = m_options.stateDirectory;
    options.program = QStringLiteral("helper");
    options.clientUid = m_options.clientUid >= 0 ? m_options.clientUid : qint64(getuid());
    return options;
}

RecoverScope HelperContext::scope() const
{
    // A root client may clean up after anyone (and take down an array built to stay, by its tag); a
    // user only what their own ended sessions left.
    RecoverScope scope;
    scope.clientUid = m_options.clientUid >= 0 ? m_options.clientUid : qint64(getuid());
    scope.root = scope.clientUid == 0;
    return scope;
}

QString HelperContext::newSessionTag()
{
    // The helper's own tags: random, and checked against this session and every journal.
    for (;;) {
        const QString tag = newBuildTag();
        std::lock_guard lock(m_session.mutex);
        if (!m_session.arrays.contains(tag) && !BuildJournal::exists(m_options.executor.journalDirectory, tag)) {
            return tag;
        }
    }
}

void HelperContext::answer(qint64 id, const QByteArray& line)
{
    if (t_heldAnswer.active && t_heldAnswer.id == id) {
        t_heldAnswer.line = line; // written once the job ends (startJob)
        return;
    }
    std::lock_guard lock(m_writeMutex);
    m_write(line);
}

void HelperContext::reply(qint64 id, const QJsonObject& result)
{
    answer(id, HelperProtocol::encodeReply(id, result));
}

void HelperContext::fail(qint64 id, const QString& code, const QString& message)
{
    answer(id, HelperProtocol::encodeError(id, code, message));
}

void HelperContext::event(qint64 id, const QString& name, const QJsonObject& fields)
{
    std::lock_guard lock(m_writeMutex);
    m_write(HelperProtocol::encodeEvent(id, name, fields));
}

std::optional<HelperJobs::Exclusive> HelperContext::exclusive(qint64 id)
{
    auto token = m_jobs.tryExclusive();
    if (!token) {
        fail(id, ErrorCode::busy, QStringLiteral("another operation that changes disks is running; cancel it or wait"));
    }
    return token;
}

void HelperContext::startJob(qint64 id, std::function<void(const std::atomic_bool*)> work,
                             std::optional<HelperJobs::Exclusive> token)
{
    auto held = [id](const std::atomic_bool*) { t_heldAnswer = {true, id, {}}; };
    auto release = [this] {
        // The token is let go: now the answer.
        const HeldAnswer answered = std::exchange(t_heldAnswer, HeldAnswer {});
        if (!answered.line.isEmpty()) {
            std::lock_guard lock(m_writeMutex);
            m_write(answered.line);
        }
    };
    auto wrapped = [held, work = std::move(work)](const std::atomic_bool* cancel) {
        held(cancel);
        work(cancel);
    };
    if (auto ok = m_jobs.start(id, std::move(wrapped), std::move(token), std::move(release)); !ok) {
        fail(id, ok.error());
    }
}

void HelperContext::startExclusive(qint64 id, std::function<void(const std::atomic_bool*)> work)
{
    if (auto token = exclusive(id)) {
        startJob(id, std::move(work), std::move(token));
    }
}

} // namespace RaidBench
