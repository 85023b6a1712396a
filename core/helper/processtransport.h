#pragma once

#include "helper/helpertransport.h"

#include <QStringList>

class QProcess;

namespace RaidBench {

/// A helper behind a program this machine starts (the helper itself, pkexec, ssh): its stdout is the
/// protocol, its stderr the log. Destroying it ends the helper's input and waits for the helper to
/// tear down what it made (two minutes; 10 s for one it hung up on), then kills it.
class ProcessTransport : public HelperTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcessTransport)

public:
    using HelperTransport::HelperTransport;
    ~ProcessTransport() override;

    void write(const QByteArray& bytes) override;
    void closeInput() override;
    void hangUp(bool sessionBegun) override;
    /// "the helper exited with code N" (or crashed), with the last line it wrote on stderr.
    Error explainEnding(const Ending& ending) const override;

protected:
    struct Command
    {
        QString program;
        QStringList arguments;
        /// Its own process group: a Ctrl-C on the terminal reaches us, and we cancel and tear down
        /// over the connection, instead of the terminal killing the program under a running campaign.
        bool ownProcessGroup = false;
        QString failureCode; ///< the error code when it cannot be started
    };

    /// An Error (no-helper, saying what to install) unless `helper` is an executable file.
    static Result<void> checkHelper(const QString& helper);
    /// Starts `command`; its stderr lines are logged after where().
    Result<void> start(const Command& command);
    /// The last 4000 characters it wrote on stderr.
    const QString& stderrTail() const { return m_stderrTail; }
    /// Its last line on stderr, trimmed.
    QString lastStderrLine() const;
    bool running() const;

private:
    void onFinished(int code, bool crashed);

    QProcess* m_process = nullptr;
    QString m_stderrTail;
    bool m_hungUp = false;
};

} // namespace RaidBench
