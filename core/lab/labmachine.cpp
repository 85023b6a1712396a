#include "lab/labmachine.h"

#include "lab/kvmprobe.h"
#include "lab/labchannel.h"
#include "lab/labcontroldir.h"
#include "lab/labdisks.h"
#include "lab/labimage.h"
#include "lab/labreaper.h"
#include "lab/qemucommandline.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/units.h"
#include "version.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unistd.h>

namespace RaidBench {

namespace {

/// A KVM guest boots in a few seconds; one that has not come up by then is taken as stalled (seen on
/// hosts where /dev/kvm answers but guests hang), and the lab falls back to TCG.
constexpr qint64 kvmBootTimeoutMs = 20'000;
/// A guest that came up starts its command within a second or two; one that has not after this long
/// is hung (seen under TCG: its second virtual CPU stalled right after boot).
constexpr qint64 commandStartTimeoutMs = 60'000;

QString kvmStalledMarker(const QString& cacheDir)
{
    return cacheDir + QStringLiteral("/kvm-stalled");
}

} // namespace

LabMachine::LabMachine(LabOptions options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    qRegisterMetaType<RaidBench::Error>();
    if (m_options.cacheDir.isEmpty()) {
        m_options.cacheDir = LabImage::defaultCacheDir();
    }
    if (m_options.workRoot.isEmpty()) {
        m_options.workRoot = LabDisks::defaultWorkRoot(LabDisks::totalBytes(m_options.disks));
    }
}

LabMachine::~LabMachine()
{
    m_done = true;
    cleanUp();
}

QString LabMachine::defaultAgent()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/raidbench-cli");
    if (QFileInfo(beside).isExecutable()) {
        return beside;
    }
    return QStringLiteral(RAIDBENCH_INSTALL_PREFIX "/bin/raidbench-cli");
}

bool LabMachine::isRunning() const
{
    return m_qemu && m_qemu->state() != QProcess::NotRunning;
}

Result<void> LabMachine::start(const QStringList& command)
{
    if (m_qemu) {
        return makeError(ErrorCode::labBusy, QStringLiteral("this lab machine was already started"));
    }
    if (auto checked = checkOptions(command); !checked) {
        return checked;
    }
    Q_EMIT progress(tr("preparing the boot image"));
    auto kernel = LabImage::findKernel();
    if (!kernel) {
        return kernel.error();
    }
    auto initramfs = LabImage::ensureInitramfs(*kernel, m_options.cacheDir);
    if (!initramfs) {
        return initramfs.error();
    }
    m_kernel = kernel->image;
    m_initramfs = *initramfs;

    chooseAccelerator();

    if (auto disks = prepareDisks(); !disks) {
        cleanUp();
        return disks.error();
    }
    if (auto launched = launch(); !launched) {
        cleanUp();
        return launched.error();
    }
    return {};
}

Result<void> LabMachine::checkOptions(const QStringList& command)
{
    if (auto checked = m_options.check(); !checked) {
        return checked;
    }
    if (command.isEmpty()) {
        return makeError(ErrorCode::labNoCommand, QStringLiteral("no command to run inside the VM"));
    }
    m_command = command;
    const QString qemu = QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64"));
    if (qemu.isEmpty()) {
        return makeError(ErrorCode::labNoQemu,
                         QStringLiteral("qemu-system-x86_64 not found; install the Debian package qemu-system-x86"));
    }
    m_agent = m_options.agent.isEmpty() ? defaultAgent() : m_options.agent;
    if (!QFileInfo(m_agent).isExecutable()) {
        return makeError(
            ErrorCode::labNoAgent,
            QStringLiteral("%1 is not an executable raidbench-cli; the VM runs it as its agent").arg(m_agent));
    }
    m_agent = QFileInfo(m_agent).canonicalFilePath();
    if (!m_options.outDir.isEmpty()) {
        const QFileInfo out(m_options.outDir);
        if (!out.isDir() || !out.isWritable()) {
            return makeError(
                ErrorCode::labBadOut,
                QStringLiteral("output directory %1 does not exist or is not writable").arg(m_options.outDir));
        }
        m_options.outDir = out.canonicalFilePath();
    }

    return {};
}

void LabMachine::chooseAccelerator()
{
    if (m_options.accel != QLatin1String("auto")) {
        m_accel = m_options.accel;
        m_accelReason = tr("chosen by the caller");
        return;
    }
    m_accelAuto = true;
    if (QFile::exists(kvmStalledMarker(m_options.cacheDir))) {
        m_accel = QStringLiteral("tcg");
        m_accelReason = tr("a KVM guest stalled on this host before (%1)").arg(kvmStalledMarker(m_options.cacheDir));
    } else {
        const KvmProbe probe = KvmProbe::run(2000);
        m_accel = probe.works ? QStringLiteral("kvm") : QStringLiteral("tcg");
        m_accelReason = probe.reason;
    }
}

LabControlDir LabMachine::control() const
{
    return LabControlDir(m_workDir + QStringLiteral("/ctl"));
}

void LabMachine::pollConsole()
{
    m_console.readFrom(m_workDir + QStringLiteral("/console.log"));
    if (!m_commandStarted && m_bootMs >= 0 && control().commandStarted()) {
        m_commandStarted = true;
        if (m_stdinEofRequested) {
            m_stdin->closeAfterWriting();
        }
    }
    if (m_commandStarted) {
        pollRequests();
    }
    if (m_bootMs < 0) {
        if (m_console.ready()) {
            m_bootMs = m_clock.elapsed();
            logBoot(QStringLiteral("booted in %1 ms").arg(m_bootMs));
            Q_EMIT booted(m_bootMs);
            return;
        }
        const qint64 elapsed = m_clock.elapsed();
        if (m_accel == QLatin1String("kvm") && m_accelAuto && elapsed > kvmBootTimeoutMs) {
            m_restarting = true;
            m_accelReason = tr("the KVM guest did not boot within %1 s").arg(kvmBootTimeoutMs / 1000);
            m_qemu->kill();
            return;
        }
    }
    if (!m_commandStarted && m_hangReason.isEmpty() && !m_hangRetrying && !m_powerCycling && m_stopReason.isEmpty() &&
        m_accel == QLatin1String("tcg")) {
        if (const QString hang = bootHang(); !hang.isEmpty()) {
            retryAfterHang(hang);
            return;
        }
    }
    // Under TCG each of the two boots has half the time (a hung one is retried once, above).
    const qint64 limitMs = qint64(m_options.bootTimeoutNs / 1'000'000) / (m_accel == QLatin1String("tcg") ? 2 : 1);
    if (!m_stopReason.isEmpty() || m_hangRetrying || m_restarting || m_powerCycling) {
        return; // being stopped already
    }
    if (m_bootMs < 0 && m_clock.elapsed() > std::max<qint64>(limitMs, 1)) {
        m_stopReason =
            tr("the VM did not come up within %1 s (%2%3); its console ends with:\n%4")
                .arg(m_clock.elapsed() / 1000)
                .arg(m_accel.toUpper(),
                     m_hangReason.isEmpty() ? QString() : tr(", the second boot: the first %1").arg(m_hangReason),
                     m_console.tail(8));
        logBoot(QStringLiteral("gave up: %1").arg(m_stopReason.section(QLatin1Char(';'), 0, 0)));
        m_qemu->kill();
    } else if (m_bootMs >= 0 && !m_commandStarted && m_clock.elapsed() - m_bootMs > commandStartTimeoutMs &&
               !m_hangReason.isEmpty()) {
        m_stopReason = tr("the VM came up but did not start the command within %1 s, twice (the first boot: %2); "
                          "its console ends with:\n%3")
                           .arg(commandStartTimeoutMs / 1000)
                           .arg(m_hangReason, m_console.tail(8));
        logBoot(QStringLiteral("gave up: the command did not start"));
        m_qemu->kill();
    }
}

QString LabMachine::bootHang() const
{
    // The kernel's own words for a virtual CPU that stopped running.
    if (const QString stall = m_console.stalledCpu(); !stall.isEmpty()) {
        return tr("reported a stalled CPU (%1)").arg(stall);
    }
    const qint64 halfMs = qint64(m_options.bootTimeoutNs / 1'000'000) / 2;
    if (m_bootMs < 0 && m_clock.elapsed() > halfMs) {
        return tr("did not come up within %1 s").arg(halfMs / 1000.0, 0, 'g', 3);
    }
    if (m_bootMs >= 0 && m_clock.elapsed() - m_bootMs > commandStartTimeoutMs) {
        return tr("came up but did not start the command within %1 s").arg(commandStartTimeoutMs / 1000);
    }
    return {};
}

QString LabMachine::bootPanic() const
{
    const QString panic = m_console.panic();
    return panic.isEmpty() ? QString() : tr("panicked while booting (%1)").arg(panic);
}

void LabMachine::retryAfterHang(const QString& reason)
{
    // Nothing has run inside yet, so booting again changes nothing the command would see.
    m_hangReason = reason;
    logBoot(QStringLiteral("hung: %1; booting again").arg(reason));
    Q_EMIT progress(tr("the VM %1; booting it again (once)").arg(reason));
    m_hangRetrying = true;
    m_qemu->kill();
}

void LabMachine::logBoot(const QString& what) const
{
    const QString path = qEnvironmentVariable("RAIDBENCH_LAB_BOOT_LOG");
    if (path.isEmpty()) {
        return;
    }
    QFile log(path);
    if (log.open(QIODevice::Append)) {
        const QString label = qEnvironmentVariable("RAIDBENCH_LAB_BOOT_LABEL", QStringLiteral("lab"));
        log.write(QStringLiteral("%1\t%2\t%3\n").arg(label, m_accel, what).toUtf8());
    }
}

void LabMachine::powerCycle()
{
    // Power cut: qemu is killed (the disk files keep what reached them), and the VM boots again with the
    // same disks and runs the same command, which sees RAIDBENCH_LAB_BOOT=2, 3, ...
    ++m_boot;
    control().nextBoot(m_boot);
    Q_EMIT progress(tr("power cut; booting again"));
    m_powerCycling = true;
    m_qemu->kill();
}

void LabMachine::onTimeout()
{
    if (!isRunning()) {
        return;
    }
    m_stopReason = tr("timed out after %1; the VM was stopped").arg(Units::formatDuration(m_options.timeoutNs));
    m_qemu->kill();
}

void LabMachine::stop(const QString& why)
{
    if (!isRunning()) {
        return;
    }
    m_stopReason = why.isEmpty() ? tr("stopped") : why;
    m_qemu->kill();
}

void LabMachine::writeStdin(const QByteArray& data)
{
    if (m_stdin) {
        m_stdin->write(data);
    }
}

void LabMachine::closeStdin()
{
    m_stdinEofRequested = true;
    if (m_stdin && m_commandStarted) {
        m_stdin->closeAfterWriting();
    }
}

void LabMachine::onQemuFinished()
{
    pollConsole();
    if (!m_restarting && m_bootMs < 0 && m_stopReason.isEmpty() && m_accelAuto && m_accel == QLatin1String("kvm")) {
        m_restarting = true;
        m_accelReason =
            tr("qemu could not run the guest with KVM (%1)")
                .arg(QString::fromLocal8Bit(m_qemu->readAllStandardError()).section(QLatin1Char('\n'), 0, 0).trimmed());
    }
    if (m_powerCycling) {
        m_powerCycling = false;
        if (const QByteArray rest = m_stdout->drain(50); !rest.isEmpty()) {
            Q_EMIT standardOutput(rest);
        }
        if (const QByteArray rest = m_stderr->drain(50); !rest.isEmpty()) {
            Q_EMIT standardError(rest);
        }
        bootAgain();
        return;
    }
    if (m_hangRetrying) {
        m_hangRetrying = false;
        bootAgain();
        return;
    }
    if (m_restarting) {
        // KVM answered the probe, yet the guest cannot run with it here: remember, and use TCG.
        m_restarting = false;
        QDir().mkpath(m_options.cacheDir);
        QFile marker(kvmStalledMarker(m_options.cacheDir));
        if (marker.open(QIODevice::WriteOnly)) {
            marker.write(m_accelReason.toUtf8() + "; the lab uses TCG on this host (delete this file to try again)\n");
        }
        m_accelReason = tr("%1; fell back to TCG and will use it from now on").arg(m_accelReason);
        Q_EMIT progress(tr("KVM did not work (%1); booting again with TCG").arg(m_accelReason));
        m_accel = QStringLiteral("tcg");
        m_qemu->deleteLater();
        m_qemu = nullptr;
        if (auto launched = launch(); !launched) {
            finish(std::nullopt, launched.error());
        }
        return;
    }
    if (m_bootMs < 0 && m_stopReason.isEmpty() && m_hangReason.isEmpty()) {
        if (const QString panic = bootPanic(); !panic.isEmpty()) {
            // A panic before the guest came up (under TCG on a busy host, its early timer check can
            // fail): nothing has run inside yet, so, as after a hang, it boots once more.
            m_hangReason = panic;
            logBoot(QStringLiteral("hung: %1; booting again").arg(panic));
            Q_EMIT progress(tr("the VM %1; booting it again (once)").arg(panic));
            bootAgain();
            return;
        }
    }
    // Whatever the guest wrote before it powered off is still in the sockets.
    if (const QByteArray rest = m_stdout->drain(50); !rest.isEmpty()) {
        Q_EMIT standardOutput(rest);
    }
    if (const QByteArray rest = m_stderr->drain(50); !rest.isEmpty()) {
        Q_EMIT standardError(rest);
    }
    if (const auto ending = m_stopReason.isEmpty() ? control().ending() : std::nullopt; ending) {
        finish(ending->exitCode,
               ending->exitCode ? std::nullopt : std::optional(makeError(ErrorCode::labCommandFailed, ending->error)));
        return;
    }
    QString message = m_stopReason;
    if (message.isEmpty()) {
        const QString qemuErrors = QString::fromLocal8Bit(m_qemu->readAllStandardError()).trimmed();
        message = m_bootMs < 0
            ? tr("the VM stopped before it came up%1: %2")
                  .arg(m_hangReason.isEmpty() ? QString() : tr(" (the first boot %1)").arg(m_hangReason),
                       qemuErrors.isEmpty() ? m_console.tail(8) : qemuErrors)
            : tr("the VM stopped before the command finished; its console ends with:\n%1").arg(m_console.tail(8));
    }
    finish(
        std::nullopt,
        makeError(m_stopReason.isEmpty() ? QStringLiteral("lab-vm-failed") : QStringLiteral("lab-stopped"), message));
}

void LabMachine::bootAgain()
{
    m_bootMs = -1;
    m_commandStarted = false;
    m_qemu->deleteLater();
    m_qemu = nullptr;
    if (auto launched = launch(); !launched) {
        finish(std::nullopt, launched.error());
    }
}

void LabMachine::finish(std::optional<int> exitCode, std::optional<Error> error)
{
    if (m_done) {
        return;
    }
    m_done = true;
    cleanUp();
    if (exitCode) {
        Q_EMIT finished(*exitCode);
    } else {
        Q_EMIT failed(error.value_or(makeError(ErrorCode::labVmFailed, tr("the VM failed"))));
    }
}

void LabMachine::cleanUp()
{
    if (m_consoleTimer) {
        m_consoleTimer->stop();
    }
    if (m_deadline) {
        m_deadline->stop();
    }
    if (m_qemu) {
        m_qemu->disconnect(this);
        if (m_qemu->state() != QProcess::NotRunning) {
            m_qemu->kill();
            m_qemu->waitForFinished(10000);
        }
    }
    for (LabChannel* channel : {m_stdin, m_stdout, m_stderr}) {
        if (channel) {
            channel->disconnect(this);
            channel->close();
        }
    }
    if (m_disks) {
        m_disks->stop();
    }
    if (!m_workDir.isEmpty()) {
        QDir(m_workDir).removeRecursively();
    }
    if (m_reaper) {
        m_reaper->release();
        m_reaper.reset();
    }
}

Result<void> LabMachine::prepareDisks()
{
    QDir().mkpath(m_options.workRoot);
    QByteArray pattern = QFile::encodeName(m_options.workRoot + QStringLiteral("/raidbench-lab-XXXXXX"));
    if (!mkdtemp(pattern.data())) {
        const int err = errno;
        return makeError(ErrorCode::labNoWorkdir,
                         QStringLiteral("cannot create a directory for the virtual disks in %1: %2 (set "
                                        "RAIDBENCH_LAB_DIR)")
                             .arg(m_options.workRoot, errnoText(err)));
    }
    m_workDir = QFile::decodeName(pattern);
    m_reaper = std::make_unique<LabReaper>();
    if (!m_reaper->start(pattern)) {
        return makeError(ErrorCode::labNoWorkdir, QStringLiteral("cannot start the lab's clean-up watchdog"));
    }
    if (auto created = control().create(); !created) {
        return created;
    }
    m_disks = std::make_unique<LabDisks>(m_options.disks, m_workDir);
    if (auto created = m_disks->create(); !created) {
        return created;
    }
    return writeRequest();
}

Result<void> LabMachine::writeRequest() const
{
    // RaidBench's own binaries first: the VM runs the very build that started it.
    QStringList env {QStringLiteral("PATH=%1:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
                         .arg(QFileInfo(m_agent).absolutePath()),
                     QStringLiteral("HOME=/root"),
                     QStringLiteral("LANG=C.UTF-8"),
                     QStringLiteral("TERM=dumb"),
                     QStringLiteral("TMPDIR=/tmp"),
                     QStringLiteral("RAIDBENCH_LAB=1"),
                     QStringLiteral("RAIDBENCH_LAB_BOOT=1"),
                     QStringLiteral("RAIDBENCH_LAB_DISKS=%1").arg(formatLabSpec(m_options.disks))};
    env += m_options.environment;
    if (auto written = control().writeFiles(m_options.controlFiles); !written) {
        return written;
    }
    return control().writeRequest(m_command, env,
                                  m_options.outDir.isEmpty() ? QStringLiteral("/root") : m_options.outDir);
}

Result<void> LabMachine::launch()
{
    // Fresh channels for each qemu (a KVM stall restarts it): qemu connects to them as it starts.
    for (LabChannel** channel : {&m_stdin, &m_stdout, &m_stderr}) {
        if (*channel) {
            (*channel)->close();
            (*channel)->deleteLater();
        }
        *channel = new LabChannel(this);
    }
    for (auto [channel, name] :
         {std::pair {m_stdin, "stdin"}, std::pair {m_stdout, "stdout"}, std::pair {m_stderr, "stderr"}}) {
        const QString error = channel->listen(QStringLiteral("%1/%2.sock").arg(m_workDir, QLatin1String(name)));
        if (!error.isEmpty()) {
            return makeError(ErrorCode::labNoWorkdir, error);
        }
    }
    connect(m_stdout, &LabChannel::received, this, &LabMachine::standardOutput);
    connect(m_stderr, &LabChannel::received, this, &LabMachine::standardError);

    QFile::remove(m_workDir + QStringLiteral("/console.log"));
    m_console.clear();
    m_qemu = new QProcess(this);
    m_qemu->setProgram(QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64")));
    m_qemu->setArguments(QemuCommandLine::arguments(m_options, m_accel, m_kernel, m_initramfs, m_workDir, m_agent));
    m_qemu->setProcessChannelMode(QProcess::SeparateChannels);
    // Its own session: a Ctrl-C on our terminal reaches us, and we stop the VM in order.
    m_qemu->setChildProcessModifier([] { setsid(); });
    connect(m_qemu, &QProcess::finished, this, &LabMachine::onQemuFinished);
    Q_EMIT progress(
        tr("booting %n virtual disk(s) with %1", nullptr, int(m_options.disks.size())).arg(m_accel.toUpper()));
    m_clock.start();
    m_qemu->start();
    if (!m_qemu->waitForStarted(10000)) {
        return makeError(ErrorCode::labQemuFailed,
                         QStringLiteral("cannot start qemu-system-x86_64: %1").arg(m_qemu->errorString()));
    }
    if (m_reaper) {
        m_reaper->watch(pid_t(m_qemu->processId()));
    }
    if (!m_consoleTimer) {
        m_consoleTimer = new QTimer(this);
        m_consoleTimer->setInterval(100);
        connect(m_consoleTimer, &QTimer::timeout, this, &LabMachine::pollConsole);
    }
    m_consoleTimer->start();
    if (m_options.timeoutNs && !m_deadline) {
        m_deadline = new QTimer(this);
        m_deadline->setSingleShot(true);
        connect(m_deadline, &QTimer::timeout, this, &LabMachine::onTimeout);
        m_deadline->start(int(std::min<std::uint64_t>(m_options.timeoutNs / 1'000'000, INT32_MAX)));
    }
    return {};
}

void LabMachine::pollRequests()
{
    // What the guest asks of the machine it runs in (raidbench-cli lab unplug, plug, power-cycle):
    // one file per request in the shared control directory, answered by NAME.done.
    const LabControlDir ctl = control();
    for (const QString& name : ctl.pendingRequests()) {
        const auto answer = [&](const QString& text) { ctl.answer(name, text); };
        const QString what = name.section(QLatin1Char('-'), 0, 0);
        if (name == QLatin1String("power-cycle")) {
            answer(QStringLiteral("ok"));
            powerCycle();
            return;
        }
        bool ok = false;
        const int index = name.section(QLatin1Char('-'), 1).toInt(&ok);
        const LabDiskSpec* disk = nullptr;
        for (const LabDiskSpec& candidate : m_options.disks) {
            if (ok && candidate.index == index) {
                disk = &candidate;
            }
        }
        if (!disk || (what != QLatin1String("unplug") && what != QLatin1String("plug"))) {
            answer(QStringLiteral("error no such request or disk: %1").arg(name));
            continue;
        }
        const Result<void> done =
            LabDisks::hotplug(m_workDir + QStringLiteral("/qmp.sock"), *disk, what == QLatin1String("plug"));
        Q_EMIT progress(tr("%1 virtual disk %2: %3")
                            .arg(what == QLatin1String("unplug") ? tr("pulled out") : tr("put back"))
                            .arg(index + 1)
                            .arg(done ? tr("done") : done.error().message));
        answer(done ? QStringLiteral("ok") : QStringLiteral("error ") + done.error().message);
    }
}

} // namespace RaidBench
