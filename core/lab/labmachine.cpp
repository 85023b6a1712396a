#include "lab/labmachine.h"

#include "lab/kvmprobe.h"
#include "lab/labchannel.h"
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
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unistd.h>

namespace RaidBench {

namespace {

constexpr auto readyMarker = "RAIDBENCH-LAB-READY";
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
    if (m_options.disks.isEmpty()) {
        return makeError(ErrorCode::invalidLabSpec, QStringLiteral("the lab needs at least one disk"));
    }
    static const QRegularExpression hostnamePattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9][A-Za-z0-9-]{0,62}")));
    if (!m_options.hostname.isEmpty() && !hostnamePattern.match(m_options.hostname).hasMatch()) {
        return makeError(ErrorCode::invalidLabSpec,
                         QStringLiteral("the lab's host name '%1' may hold only letters, digits and '-'")
                             .arg(m_options.hostname.left(100)));
    }
    if (m_options.sshPort < 0 || m_options.sshPort > 65535) {
        return makeError(ErrorCode::invalidLabSpec, QStringLiteral("the ssh port must be from 1 to 65535"));
    }
    static const QRegularExpression filePattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9._-]{0,100}")));
    for (const auto& file : std::as_const(m_options.controlFiles)) {
        if (!filePattern.match(file.first).hasMatch() || file.first == QLatin1String("request.json")) {
            return makeError(
                ErrorCode::invalidLabSpec,
                QStringLiteral("'%1' cannot be a file of the lab's control directory").arg(file.first.left(100)));
        }
    }
    if (m_options.accel != QLatin1String("auto") && m_options.accel != QLatin1String("kvm") &&
        m_options.accel != QLatin1String("tcg")) {
        return makeError(
            ErrorCode::labBadAccel,
            QStringLiteral("unknown accelerator '%1'; use auto, kvm or tcg").arg(m_options.accel.left(100)));
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

void LabMachine::pollConsole()
{
    QFile console(m_workDir + QStringLiteral("/console.log"));
    if (console.open(QIODevice::ReadOnly) && console.size() > m_consoleOffset) {
        console.seek(m_consoleOffset);
        const QByteArray fresh = console.readAll();
        m_consoleOffset += fresh.size();
        m_console += fresh;
        if (m_console.size() > 256 * 1024) {
            m_console = m_console.right(128 * 1024);
        }
    }
    if (!m_commandStarted && m_bootMs >= 0 && QFile::exists(m_workDir + QStringLiteral("/ctl/started"))) {
        m_commandStarted = true;
        if (m_stdinEofRequested) {
            m_stdin->closeAfterWriting();
        }
    }
    if (m_commandStarted) {
        pollRequests();
    }
    if (m_bootMs < 0) {
        if (m_console.contains(readyMarker)) {
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
                     consoleTail(8));
        logBoot(QStringLiteral("gave up: %1").arg(m_stopReason.section(QLatin1Char(';'), 0, 0)));
        m_qemu->kill();
    } else if (m_bootMs >= 0 && !m_commandStarted && m_clock.elapsed() - m_bootMs > commandStartTimeoutMs &&
               !m_hangReason.isEmpty()) {
        m_stopReason = tr("the VM came up but did not start the command within %1 s, twice (the first boot: %2); "
                          "its console ends with:\n%3")
                           .arg(commandStartTimeoutMs / 1000)
                           .arg(m_hangReason, consoleTail(8));
        logBoot(QStringLiteral("gave up: the command did not start"));
        m_qemu->kill();
    }
}

QString LabMachine::bootHang() const
{
    // The kernel's own words for a virtual CPU that stopped running ("rcu: INFO: rcu_preempt detected
    // stalls on CPUs/tasks").
    if (const qsizetype at = m_console.indexOf("detected stall"); at >= 0) {
        const qsizetype start = m_console.lastIndexOf('\n', at) + 1;
        const qsizetype end = m_console.indexOf('\n', at);
        return tr("reported a stalled CPU (%1)")
            .arg(QString::fromUtf8(m_console.mid(start, end < 0 ? -1 : end - start)).trimmed().left(120));
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
    const qsizetype at = m_console.indexOf("Kernel panic - not syncing");
    if (at < 0) {
        return {};
    }
    const qsizetype end = m_console.indexOf('\n', at);
    return tr("panicked while booting (%1)")
        .arg(QString::fromUtf8(m_console.mid(at, end < 0 ? -1 : end - at)).trimmed().left(120));
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
    QFile requestFile(m_workDir + QStringLiteral("/ctl/request.json"));
    if (requestFile.open(QIODevice::ReadOnly)) {
        QJsonObject request = QJsonDocument::fromJson(requestFile.readAll()).object();
        requestFile.close();
        QJsonArray env;
        for (const auto& value : request.value(QStringLiteral("env")).toArray()) {
            if (!value.toString().startsWith(QLatin1String("RAIDBENCH_LAB_BOOT="))) {
                env.append(value);
            }
        }
        env.append(QStringLiteral("RAIDBENCH_LAB_BOOT=%1").arg(m_boot));
        request.insert(QStringLiteral("env"), env);
        if (requestFile.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            requestFile.write(QJsonDocument(request).toJson());
        }
    }
    QFile::remove(m_workDir + QStringLiteral("/ctl/started"));
    QFile::remove(m_workDir + QStringLiteral("/ctl/status"));
    QDir(m_workDir + QStringLiteral("/ctl/requests")).removeRecursively();
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

QString LabMachine::consoleTail(int lines) const
{
    QStringList all = QString::fromUtf8(m_console).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (QString& line : all) {
        line = line.trimmed();
    }
    all.removeAll(QString());
    return all.mid(std::max<qsizetype>(0, all.size() - lines)).join(QLatin1Char('\n'));
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
    QFile status(m_workDir + QStringLiteral("/ctl/status"));
    if (m_stopReason.isEmpty() && status.open(QIODevice::ReadOnly)) {
        const QByteArray content = status.readAll();
        const QList<QByteArray> fields = content.simplified().split(' ');
        bool ok = false;
        const int value = fields.value(1).toInt(&ok);
        if (fields.size() == 2 && ok && fields[0] == "exit") {
            finish(value, std::nullopt);
            return;
        }
        if (fields.size() == 2 && ok && fields[0] == "signal") {
            finish(128 + value, std::nullopt);
            return;
        }
        if (fields.value(0) == "error") {
            finish(std::nullopt, makeError(ErrorCode::labCommandFailed, QString::fromUtf8(content.mid(6)).trimmed()));
            return;
        }
    }
    QString message = m_stopReason;
    if (message.isEmpty()) {
        const QString qemuErrors = QString::fromLocal8Bit(m_qemu->readAllStandardError()).trimmed();
        message = m_bootMs < 0
            ? tr("the VM stopped before it came up%1: %2")
                  .arg(m_hangReason.isEmpty() ? QString() : tr(" (the first boot %1)").arg(m_hangReason),
                       qemuErrors.isEmpty() ? consoleTail(8) : qemuErrors)
            : tr("the VM stopped before the command finished; its console ends with:\n%1").arg(consoleTail(8));
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

    if (!QDir().mkpath(m_workDir + QStringLiteral("/ctl"))) {
        return makeError(ErrorCode::labNoWorkdir, QStringLiteral("cannot create directories in %1").arg(m_workDir));
    }
    m_disks = std::make_unique<LabDisks>(m_options.disks, m_workDir);
    if (auto created = m_disks->create(); !created) {
        return created;
    }
    return writeRequest();
}

Result<void> LabMachine::writeRequest() const
{
    QJsonArray argv;
    for (const QString& arg : m_command) {
        argv.append(arg);
    }
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
    const QJsonObject request {
        {QStringLiteral("argv"), argv},
        {QStringLiteral("env"), QJsonArray::fromStringList(env)},
        {QStringLiteral("cwd"), m_options.outDir.isEmpty() ? QStringLiteral("/root") : m_options.outDir}};
    for (const auto& [name, bytes] : std::as_const(m_options.controlFiles)) {
        QFile file(m_workDir + QStringLiteral("/ctl/") + name);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
            !file.setPermissions(QFile::ReadOwner | QFile::WriteOwner) || file.write(bytes) != bytes.size()) {
            return makeError(ErrorCode::labNoWorkdir,
                             QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()));
        }
    }
    QFile requestFile(m_workDir + QStringLiteral("/ctl/request.json"));
    if (!requestFile.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::labNoWorkdir, requestFile.errorString());
    }
    requestFile.write(QJsonDocument(request).toJson());
    return {};
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
    m_consoleOffset = 0;
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
    const QString dir = m_workDir + QStringLiteral("/ctl/requests");
    for (const QString& name : QDir(dir).entryList(QDir::Files)) {
        if (name.endsWith(QLatin1String(".done")) ||
            QFile::exists(dir + QLatin1Char('/') + name + QStringLiteral(".done"))) {
            continue;
        }
        auto answer = [&](const QString& text) {
            QFile done(dir + QLatin1Char('/') + name + QStringLiteral(".done"));
            if (done.open(QIODevice::WriteOnly)) {
                done.write(text.toUtf8() + '\n');
            }
        };
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
