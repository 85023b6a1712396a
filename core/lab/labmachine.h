#pragma once

#include "lab/labconsole.h"
#include "lab/labcontroldir.h"
#include "lab/laboptions.h"
#include "lab/labspec.h"
#include "util/result.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>

class QTimer;

namespace RaidBench {

class LabChannel;
class LabDisks;
class LabReaper;

/// A qemu VM booting the host's kernel with real md, N throttled virtual disks, and the host's root
/// file system read-only over 9p, running one command as root inside it with its stdin, stdout and
/// stderr connected to this process (virtio-serial ports). The command may ask the machine to pull a
/// disk out, put it back, or cut the power and boot again (raidbench-cli lab unplug, plug, power-cycle). The VM and its
/// disk files are always removed: on success, failure, timeout, and (through a small reaper process) when this process
/// is killed.
class LabMachine final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabMachine)

public:
    explicit LabMachine(LabOptions options, QObject* parent = nullptr);
    ~LabMachine() override;

    /// Prepares the image, the disks and the channels, then starts qemu. An Error means nothing was
    /// started and nothing is left behind; otherwise finished() or failed() follows, once.
    Result<void> start(const QStringList& command);
    void writeStdin(const QByteArray& data);
    void closeStdin();
    /// Kills the VM; failed() follows with code "lab-stopped".
    void stop(const QString& why = QString());

    QString accelerator() const { return m_accel; }
    QString acceleratorReason() const { return m_accelReason; }
    QString workDirectory() const { return m_workDir; }
    qint64 bootMilliseconds() const { return m_bootMs; }
    bool isRunning() const;

    /// The raidbench-cli beside the running program, else the installed one.
    static QString defaultAgent();
Q_SIGNALS:
    void progress(const QString& message);
    void booted(qint64 milliseconds);
    void standardOutput(const QByteArray& data);
    void standardError(const QByteArray& data);
    /// The command ended; its exit code (128 + signal when a signal ended it).
    void finished(int exitCode);
    void failed(const RaidBench::Error& error);

private:
    /// The options and the command, checked before anything is built: an error for each that cannot
    /// run (an unknown accelerator too). Resolves the agent and the output directory.
    Result<void> checkOptions(const QStringList& command);
    /// KVM or TCG, as asked, or for auto whether KVM works here and has not stalled before.
    void chooseAccelerator();
    /// The work directory, its clean-up watchdog, the disks (LabDisks) and the command's request.
    Result<void> prepareDisks();
    Result<void> writeRequest() const;
    Result<void> launch();
    void onQemuFinished();
    void pollConsole();
    void pollRequests();
    void powerCycle();
    /// Why a TCG guest that has not started its command yet looks hung, or an empty string: it said a
    /// CPU stalled, it showed no sign of life within its half of the boot time, or it came up and did
    /// not start the command.
    QString bootHang() const;
    /// The kernel's panic line when a guest that has not come up yet panicked, or an empty string.
    QString bootPanic() const;
    void retryAfterHang(const QString& reason);
    /// A line in the file RAIDBENCH_LAB_BOOT_LOG names, when it names one: how test runs count boots.
    void logBoot(const QString& what) const;
    void onTimeout();
    /// After qemu was killed on purpose (a power cut, a hung boot): the same disks, a new qemu.
    void bootAgain();
    void finish(std::optional<int> exitCode, std::optional<Error> error);
    void cleanUp();
    /// The directory the guest and this machine share for control.
    LabControlDir control() const;

    LabOptions m_options;
    QStringList m_command;
    QString m_accel;
    QString m_accelReason;
    bool m_accelAuto = false;
    QString m_kernel;
    QString m_initramfs;
    QString m_workDir;
    QString m_agent;
    QProcess* m_qemu = nullptr;
    std::unique_ptr<LabDisks> m_disks;
    LabChannel* m_stdin = nullptr;
    LabChannel* m_stdout = nullptr;
    LabChannel* m_stderr = nullptr;
    QTimer* m_consoleTimer = nullptr;
    QTimer* m_deadline = nullptr;
    LabConsole m_console;
    QElapsedTimer m_clock;
    qint64 m_bootMs = -1;
    bool m_done = false;
    bool m_commandStarted = false;
    bool m_stdinEofRequested = false;
    bool m_restarting = false;
    bool m_powerCycling = false;
    bool m_hangRetrying = false; ///< qemu killed after a hang, to boot again
    QString m_hangReason; ///< why the first boot was given up, once it was
    int m_boot = 1;
    QString m_stopReason;
    std::unique_ptr<LabReaper> m_reaper;
};

} // namespace RaidBench
