#pragma once

#include "cli.h"
#include "helper/helperprotocol.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <functional>

namespace RaidBench::Test {

/// The real raidbench-helper as a child process (root only), driven line by line: requests, raw
/// lines, its replies and events, closing its stdin, signals. Its journals go to `journalDir`.
class HelperSession
{
public:
    /// `clientUid` >= 0: as pkexec starts it for that user (PKEXEC_UID). `childSetup` runs in the child
    /// before exec (what a hostile caller leaves behind: a umask, resource limits). `environment`:
    /// NAME=VALUE entries added (SUDO_UID: as sudo starts it).
    explicit HelperSession(const QString& journalDir, bool sayHello = true, qint64 clientUid = -1,
                           std::function<void()> childSetup = {}, const QStringList& environment = {})
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RAIDBENCH_JOURNAL_DIR"), journalDir);
        // Started by root itself: the user's command runs as nobody, whoever ran the tests.
        for (const char* variable : {"SUDO_UID", "SUDO_GID", "PKEXEC_UID", "RAIDBENCH_USER_UID"}) {
            env.remove(QLatin1String(variable));
        }
        if (clientUid >= 0) {
            env.insert(QStringLiteral("PKEXEC_UID"), QString::number(clientUid));
        }
        for (const QString& entry : environment) {
            env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
        }
        m_process.setProcessEnvironment(env);
        if (childSetup) {
            m_process.setChildProcessModifier(childSetup);
        }
        m_process.start(binary(QStringLiteral("raidbench-helper")));
        m_process.waitForStarted(10000);
        if (sayHello) {
            m_hello = request(QStringLiteral("hello"), {{QStringLiteral("protocol"), HelperProtocol::version}});
        }
    }
    ~HelperSession()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel();
            if (!m_process.waitForFinished(60000)) {
                m_process.kill();
                m_process.waitForFinished();
            }
        }
    }
    HelperSession(const HelperSession&) = delete;
    HelperSession& operator=(const HelperSession&) = delete;

    const QJsonObject& hello() const { return m_hello; }
    qint64 pid() const { return qint64(m_process.processId()); }

    /// Sends a request; its id.
    qint64 send(const QString& op, const QJsonObject& args)
    {
        const qint64 id = m_nextId++;
        m_process.write(HelperProtocol::encodeRequest(id, op, args));
        return id;
    }
    /// The reply to `id` ({"ok":...}); {"ok":false,"error":{"code":"test-timeout"}} when none came.
    QJsonObject await(qint64 id, int timeoutMs = 60000)
    {
        QJsonObject found;
        (void)QTest::qWaitFor(
            [&] {
                readAvailable();
                for (const QJsonObject& line : std::as_const(m_lines)) {
                    if (!line.contains(QStringLiteral("event")) && line.contains(QStringLiteral("ok")) &&
                        qint64(line.value(QStringLiteral("id")).toDouble(-2)) == id) {
                        found = line;
                        return true;
                    }
                }
                return m_process.state() == QProcess::NotRunning && !m_process.bytesAvailable();
            },
            timeoutMs);
        return found.isEmpty() ? timeout() : found;
    }
    QJsonObject request(const QString& op, const QJsonObject& args, int timeoutMs = 60000)
    {
        return await(send(op, args), timeoutMs);
    }
    /// Sends a raw line (a newline is added) and waits for the first reply that follows it.
    QJsonObject raw(const QByteArray& line, int timeoutMs = 20000)
    {
        readAvailable();
        const qsizetype before = replies();
        m_process.write(line + '\n');
        QJsonObject found;
        (void)QTest::qWaitFor(
            [&] {
                readAvailable();
                qsizetype seen = 0;
                for (const QJsonObject& reply : std::as_const(m_lines)) {
                    if (!reply.contains(QStringLiteral("event")) && reply.contains(QStringLiteral("ok")) &&
                        seen++ >= before) {
                        found = reply;
                        return true;
                    }
                }
                return m_process.state() == QProcess::NotRunning;
            },
            timeoutMs);
        return found.isEmpty() ? timeout() : found;
    }
    /// The events of request `id` seen so far.
    QList<QJsonObject> events(qint64 id)
    {
        readAvailable();
        QList<QJsonObject> list;
        for (const QJsonObject& line : std::as_const(m_lines)) {
            if (line.contains(QStringLiteral("event")) && qint64(line.value(QStringLiteral("id")).toDouble()) == id) {
                list.append(line);
            }
        }
        return list;
    }
    /// Waits until request `id` has sent an event named `name`.
    bool waitForEvent(qint64 id, const QString& name, int timeoutMs = 60000)
    {
        return QTest::qWaitFor(
            [&] {
                for (const QJsonObject& event : events(id)) {
                    if (event.value(QStringLiteral("event")).toString() == name) {
                        return true;
                    }
                }
                return false;
            },
            timeoutMs);
    }
    void closeStdin() { m_process.closeWriteChannel(); }
    void signal(int sig) { ::kill(pid_t(m_process.processId()), sig); }
    bool waitForExit(int timeoutMs = 60000)
    {
        const bool done = m_process.waitForFinished(timeoutMs);
        readAvailable();
        return done;
    }
    QString stderrText() { return QString::fromLocal8Bit(m_process.readAllStandardError()); }

    static QString code(const QJsonObject& reply)
    {
        return reply.value(QStringLiteral("ok")).toBool()
            ? QStringLiteral("ok")
            : reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
    }
    static QJsonObject result(const QJsonObject& reply) { return reply.value(QStringLiteral("result")).toObject(); }

private:
    QJsonObject timeout()
    {
        // What the helper said on stderr is the best clue to why it did not answer.
        const QString log = QString::fromLocal8Bit(m_process.readAllStandardError()).right(1500);
        return {
            {QStringLiteral("ok"), false},
            {QStringLiteral("error"),
             QJsonObject {{QStringLiteral("code"), QStringLiteral("test-timeout")}, {QStringLiteral("message"), log}}}};
    }
    qsizetype replies() const
    {
        qsizetype count = 0;
        for (const QJsonObject& line : m_lines) {
            count += !line.contains(QStringLiteral("event")) && line.contains(QStringLiteral("ok")) ? 1 : 0;
        }
        return count;
    }
    void readAvailable()
    {
        m_buffer += m_process.readAllStandardOutput();
        qsizetype newline;
        while ((newline = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(newline);
            m_buffer.remove(0, newline + 1);
            m_lines.append(QJsonDocument::fromJson(line).object());
        }
    }

    QProcess m_process;
    QByteArray m_buffer;
    QList<QJsonObject> m_lines;
    qint64 m_nextId = 1;
    QJsonObject m_hello;
};

} // namespace RaidBench::Test
