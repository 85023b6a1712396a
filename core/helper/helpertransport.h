#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <memory>

namespace RaidBench {

struct LabOptions;

/// How a helper is reached: a pipe of protocol lines to a raidbench-helper, wherever it runs. The
/// five ways in are classes: RootTransport (a child, when we are root), PkexecTransport (through
/// polkit), LabTransport (inside the lab VM), SshTransport (the helper installed on another machine).
/// HelperClient speaks the protocol over any of them; forThisMachine() is the one place that chooses
/// among the local ones.
class HelperTransport : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelperTransport)

public:
    /// How the far side ended, with what the client knows of the conversation.
    struct Ending
    {
        int exitCode = 0;
        bool crashed = false;
        bool answered = false; ///< the helper answered the hello
        QByteArray unfinished; ///< bytes received after the last whole line
    };

    using QObject::QObject;
    ~HelperTransport() override = default;

    /// This machine's helper: inside the lab VM with `lab`'s disks when given, else a child when we
    /// are root, else through pkexec.
    static std::unique_ptr<HelperTransport> forThisMachine(const LabOptions* lab = nullptr);
    /// Whether forThisMachine() without a lab asks the user to authenticate (pkexec).
    static bool thisMachineAsks();
    /// The helper binary: $RAIDBENCH_HELPER, beside this program (a build tree), else the installed one.
    static QString helperPath();

    /// "root", "pkexec", "lab" or "ssh".
    virtual QString name() const = 0;
    /// Starts the far side. An Error means nothing was started.
    virtual Result<void> open() = 0;
    virtual void write(const QByteArray& bytes) = 0;
    /// End of input: a helper tears down what it made and exits.
    virtual void closeInput() = 0;
    /// Ends a far side the client refused: one whose helper session began gets the end of its input
    /// and 10 s to tear down what it made; anything else (no session yet, or not a helper at all) is
    /// ended at once, so a far side that sleeps does not keep the user waiting.
    virtual void hangUp(bool sessionBegun) = 0;
    /// The helper answered, or the client closed: nothing waits for a first answer any more.
    virtual void stopWaiting() { }
    /// Another machine: messages about it begin with where(), only the helper writes to its
    /// output (anything else there ends the connection), and one that has not begun a session is
    /// ended at once when the client stops.
    virtual bool remote() const { return false; }
    /// "HOST: " for another machine, empty for this one.
    virtual QString where() const { return {}; }
    /// Why the far side ended (after ended()), with an error code.
    virtual Error explainEnding(const Ending& ending) const = 0;

Q_SIGNALS:
    /// Bytes of the helper's output.
    void received(const QByteArray& bytes);
    /// A line for the log: what the far side said on stderr, the lab's boot.
    void logLine(const QString& line);
    /// The far side exited: explainEnding() says why.
    void ended(int exitCode, bool crashed);
    /// The transport gave up on its own (the lab failed, no answer in time): closed with `why`.
    void failed(const RaidBench::Error& why);
};

} // namespace RaidBench
