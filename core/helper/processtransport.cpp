#include "helper/processtransport.h"

#include "util/errorcodes.h"

#include <QFileInfo>
#include <QPointer>
#include <QProcess>
#include <QTimer>

#include <unistd.h>

namespace RaidBench {

ProcessTransport::~ProcessTransport()
{
    if (!running()) {
        return;
    }
    m_process->disconnect(this);
    m_process->closeWriteChannel(); // EOF: the helper tears its session down
    // A helper tearing down its arrays may take minutes; a far side this client refused gets the grace
    // hangUp() gave it.
    if (!m_process->waitForFinished(m_hungUp ? 10000 : 120000)) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

Result<void> ProcessTransport::checkHelper(const QString& helper)
{
    if (!QFileInfo(helper).isExecutable()) {
        return makeError(
            ErrorCode::noHelper,
            QStringLiteral("the helper %1 is not installed (install the raidbench-cli package, or build it)")
                .arg(helper));
    }
    return {};
}

Result<void> ProcessTransport::start(const Command& command)
{
    m_process = new QProcess(this);
    m_process->setProgram(command.program);
    m_process->setArguments(command.arguments);
    if (command.ownProcessGroup) {
        m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    }
    connect(m_process, &QProcess::readyReadStandardOutput, this,
            [this] { Q_EMIT received(m_process->readAllStandardOutput()); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        const QString text = QString::fromLocal8Bit(m_process->readAllStandardError());
        m_stderrTail = QString(m_stderrTail + text).right(4000);
        for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            Q_EMIT logLine(where() + line);
        }
    });
    connect(m_process, &QProcess::finished, this,
            [this](int code, QProcess::ExitStatus status) { onFinished(code, status == QProcess::CrashExit); });
    m_process->start();
    if (!m_process->waitForStarted(10000)) {
        return makeError(command.failureCode,
                         QStringLiteral("cannot start %1: %2").arg(command.program, m_process->errorString()));
    }
    return {};
}

void ProcessTransport::onFinished(int code, bool crashed)
{
    // What is still unread on stderr says why (ssh's and sudo's complaints come last).
    m_stderrTail = QString(m_stderrTail + QString::fromLocal8Bit(m_process->readAllStandardError())).right(4000);
    Q_EMIT ended(code, crashed);
}

bool ProcessTransport::running() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString ProcessTransport::lastStderrLine() const
{
    return m_stderrTail.trimmed().section(QLatin1Char('\n'), -1).trimmed();
}

void ProcessTransport::write(const QByteArray& bytes)
{
    if (m_process) {
        m_process->write(bytes);
    }
}

void ProcessTransport::closeInput()
{
    if (m_process) {
        m_process->closeWriteChannel();
    }
}

void ProcessTransport::hangUp(bool sessionBegun)
{
    if (!running()) {
        return;
    }
    m_hungUp = true;
    // End of input: a helper tears down what it made and exits; anything else is killed soon after,
    // or at once when no helper session ever began there.
    m_process->closeWriteChannel();
    if (!sessionBegun) {
        m_process->kill();
        return;
    }
    QPointer<QProcess> process = m_process;
    QTimer::singleShot(10000, this, [process] {
        if (process && process->state() != QProcess::NotRunning) {
            process->kill();
        }
    });
}

Error ProcessTransport::explainEnding(const Ending& ending) const
{
    const QString why = ending.crashed ? QStringLiteral("the helper crashed")
                                       : QStringLiteral("the helper exited with code %1").arg(ending.exitCode);
    const QString tail = lastStderrLine();
    return Error {ErrorCode::noHelper, tail.isEmpty() ? why : QStringLiteral("%1: %2").arg(why, tail)};
}

} // namespace RaidBench
