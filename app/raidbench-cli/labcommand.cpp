#include "labcommand.h"

#include "campaigncommand.h"
#include "clicommon.h"
#include "lab/labagent.h"
#include "lab/labcheck.h"
#include "lab/labmachine.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

/// Exit code when the lab itself failed (as opposed to the command inside it).
constexpr int ExitLabFailed = 125;

const char* const labDescription = R"(The virtual disk lab: a qemu VM with real kernel md, real mdadm and LVM, and
throttled virtual disks, running RaidBench's own binaries as root. No real disk is touched.

  raidbench-cli lab run --disks SPEC [options] -- COMMAND [ARGS...]
      Boot the VM with the disks of SPEC and run COMMAND inside it as root (no shell
      unless you write sh -c). Its stdin, stdout and stderr are this program's. Exits
      with the command's exit code, or 125 when the lab itself failed.
  raidbench-cli lab check
      Say whether the lab can run here, and which package is missing if not.
  raidbench-cli lab demo [--out DIR] [--disks SPEC] [--controllers N]
      The whole campaign on virtual disks (default: two hard disks at 105 MB/s
      falling to 55 and two older ones at 60 falling to 32, on two controllers:
      2x2G:hdd:cache=16M,2x2G@60:hdd:inner=32:rpm=5400:cache=16M); leaves
      results.json and report.md in DIR.

  raidbench-cli lab ssh-host --disks SPEC --port PORT --authorized-keys FILE [--name NAME]
      Boot the VM as a machine you reach over ssh: its sshd (this machine's own) listens
      on 127.0.0.1:PORT only, lets in the keys of FILE (as root, or as a --user that
      exists here), and the VM reaches no network. Prints "ready" and the line for
      known_hosts on stdout once sshd listens, then runs until Ctrl-C. raidbench-cli
      run --host root@127.0.0.1:PORT then drives real md on it as on a remote server.
      The VM sees this machine's files read-only: give only your own keys (they log in
      as root there, and as --user alike).

Inside the VM (in the command that lab run runs), to see what failures do:
  raidbench-cli lab unplug N      pull virtual disk N (1, 2, ...) out, as if its cable went
  raidbench-cli lab plug N        put it back (it comes back under a new sdX name; returns once the VM
                                  sees it, its /dev/disk/by-id links pointing at the new name)
  raidbench-cli lab power-cycle   cut the power; the VM boots again with the same disks and
                                  runs the same command, with RAIDBENCH_LAB_BOOT=2 (3, ...)

SPEC is a comma list of [Nx]SIZE[@MBPS[/MBPS]][:hdd|:ssd][:iops=N][:fail-write=OFFSET|:fail-read=OFFSET]:
  2x2G@105,2x2G@38    four 2 GiB disks, two at 105 MB/s and two at 38 MB/s (reads and
                      writes share that speed, as they share a real disk's time)
  3x1G                three unthrottled 1 GiB disks
  1G@100/200          write 100 MB/s and, at the same time, read 200 MB/s
  1G@150:iops=150     at most 150 requests a second, reads and writes together, as a
                      hard disk's seeks allow (every request counts, sequential too)
  1G:fail-write=100M  a write covering byte 100 MiB fails with an I/O error (EIO)
  2G:hdd              a hard disk: 105 MB/s on the outer zone falling to 55 on the inner
                      one, 7200 rpm, 8.5 ms average seek, a 64 MiB write cache (on; the
                      guest turns it off with sdparm --clear WCE); no seek between
                      sequential requests, a queue served shortest positioning first.
                      @OUTER, inner=MBPS, rpm=N, seek=MS and cache=SIZE change it
  1G:ssd              an SSD: writes at 500 MB/s until its cache (an eighth of the disk)
                      is full, then at 120 until it is idle again; reads at 540; 60 us
                      a request. @BURST/READ, steady=MBPS, cache=SIZE and latency=US
                      change it
A hard disk or SSD model is served by nbdkit (Debian's nbdkit package) through
RaidBench's own filter; flat disks are qemu's throttles.
MB/s is 10^6 bytes per second. Inside the VM the disks have serials RBLAB0001,
RBLAB0002, ... and models naming their speeds. Their sdX names follow the kernel's
probe order, which is not the order of SPEC: name them by serial, through the links
/dev/disk/by-id/scsi-RAIDBNCH_*_RBLAB0001, ... With --controllers N the disks take
turns over N SCSI controllers (disk 1 on the first, disk 2 on the second, ...), so
arrays that survive the loss of a controller can be tried; --controllers N@MBPS
also limits each controller to MBPS for all its disks together, as a host adapter
or an expander slower than its disks does. The disk files live in
memory (/dev/shm) when they fit, else in /var/tmp; RAIDBENCH_LAB_DIR chooses.

Examples:
  raidbench-cli lab check
  raidbench-cli lab run --disks 2x1G@100 -- cat /proc/mdstat
  raidbench-cli lab run --disks 4x1G --out /tmp/res -- sh -c 'mdadm --create /dev/md0 \
      --level=5 --raid-devices=4 --assume-clean --run /dev/disk/by-id/scsi-*_RBLAB000[1-4]'
  raidbench-cli lab run --disks 12x1G --controllers 3 -- ls /sys/class/scsi_host
  raidbench-cli lab demo --disks 24x512M@100 --controllers 3@300)";

} // namespace

QCommandLineOption controllersOption(int n)
{
    return QCommandLineOption(
        QStringLiteral("controllers"),
        QStringLiteral("Spread the disks over N SCSI controllers, taking turns (default %1); N@MBPS limits each "
                       "controller to MBPS for all its disks together.")
            .arg(n),
        QStringLiteral("N[@MBPS]"), QString::number(n));
}

std::optional<QList<LabDiskSpec>> labDisks(const QCommandLineParser& parser, const QString& spec,
                                           const QCommandLineOption& controllers)
{
    const auto shape = parseLabControllers(parser.value(controllers));
    if (!shape) {
        printError(QStringLiteral("--%1").arg(ErrorCode::userText(shape.error())));
        return std::nullopt;
    }
    auto disks = parseLabSpec(spec, shape->count, shape->mbps);
    if (!disks) {
        printError(ErrorCode::userText(disks.error()));
        return std::nullopt;
    }
    return *disks;
}

namespace {

int runCheck()
{
    bool allOk = true;
    for (const LabCheck& check : checkLabHost()) {
        const QString state =
            check.ok ? QStringLiteral("ok") : (check.required ? QStringLiteral("MISSING") : QStringLiteral("no"));
        QString line = QStringLiteral("%1  %2: %3").arg(state, -7).arg(check.what, check.detail);
        if (!check.ok && !check.package.isEmpty()) {
            line += QStringLiteral(" (apt-get install %1)").arg(check.package);
        }
        printOut(line + QLatin1Char('\n'));
        if (!check.ok && check.required) {
            allOk = false;
        }
    }
    printOut(allOk ? QStringLiteral("the lab can run here\n") : QStringLiteral("the lab cannot run here yet\n"));
    return allOk ? ExitOk : ExitFailed;
}

int runInVm(const QStringList& arguments)
{
    CommandParser commandLine(QStringLiteral("lab run"), QString::fromUtf8(labDescription));
    QCommandLineParser& parser = commandLine.parser();
    const QCommandLineOption disksOption(QStringLiteral("disks"), QStringLiteral("Virtual disks (see above)."),
                                         QStringLiteral("SPEC"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("Directory shared read-write at the same path inside the VM; "
                                                      "the command starts there."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           QStringLiteral("Stop the VM after this long (default 30m)."),
                                           QStringLiteral("DURATION"), QStringLiteral("30m"));
    const QCommandLineOption bootTimeoutOption(QStringLiteral("boot-timeout"),
                                               QStringLiteral("Give up when the VM is not up after this long "
                                                              "(default 3m)."),
                                               QStringLiteral("DURATION"), QStringLiteral("3m"));
    const QCommandLineOption accelOption(
        QStringLiteral("accel"), QStringLiteral("auto (KVM when a probe shows it works, else TCG), kvm or tcg."),
        QStringLiteral("ACCEL"), QStringLiteral("auto"));
    const QCommandLineOption controllers = controllersOption(1);
    const QCommandLineOption memoryOption(QStringLiteral("memory"), QStringLiteral("VM memory in MiB (default 1024)."),
                                          QStringLiteral("MIB"), QStringLiteral("1024"));
    const QCommandLineOption cpusOption(QStringLiteral("cpus"),
                                        QStringLiteral("Virtual CPUs (default 2 with KVM, 1 with TCG, where a second "
                                                       "one costs the host more than it gives)."),
                                        QStringLiteral("N"));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), QStringLiteral("Do not report the boot on stderr."));
    parser.addOptions({disksOption, outOption, timeoutOption, bootTimeoutOption, accelOption, controllers, memoryOption,
                       cpusOption, quietOption});
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("The command to run inside the VM."),
                                 QStringLiteral("-- COMMAND [ARGS...]"));
    if (const std::optional<int> done = commandLine.parse(arguments)) {
        return *done;
    }
    if (!parser.isSet(disksOption)) {
        printError(QStringLiteral("--disks is required, e.g. --disks 2x1G@100"));
        return ExitUsage;
    }
    const QStringList command = parser.positionalArguments();
    if (command.isEmpty()) {
        printError(QStringLiteral("no command given; put it after --, e.g. lab run --disks 1G -- cat /proc/mdstat"));
        return ExitUsage;
    }
    const auto disks = labDisks(parser, parser.value(disksOption), controllers);
    if (!disks) {
        return ExitUsage;
    }
    auto timeout = Units::parseDuration(parser.value(timeoutOption));
    if (!timeout) {
        printError(ErrorCode::userText(timeout.error()));
        return ExitUsage;
    }
    auto bootTimeout = Units::parseDuration(parser.value(bootTimeoutOption));
    if (!bootTimeout || *bootTimeout == 0) {
        printError(bootTimeout ? QStringLiteral("--boot-timeout must be more than 0")
                               : ErrorCode::userText(bootTimeout.error()));
        return ExitUsage;
    }
    LabOptions options;
    options.bootTimeoutNs = *bootTimeout;
    options.disks = *disks;
    options.outDir = parser.value(outOption);
    options.timeoutNs = *timeout;
    options.accel = parser.value(accelOption);
    bool ok = false;
    options.memoryMiB = parser.value(memoryOption).toInt(&ok);
    if (!ok || options.memoryMiB < 256) {
        printError(QStringLiteral("--memory must be at least 256 (MiB)"));
        return ExitUsage;
    }
    if (parser.isSet(cpusOption)) {
        options.cpus = parser.value(cpusOption).toInt(&ok);
        if (!ok || options.cpus < 1 || options.cpus > 64) {
            printError(QStringLiteral("--cpus must be a number from 1 to 64"));
            return ExitUsage;
        }
    }
    const bool quiet = parser.isSet(quietOption);

    LabMachine lab(options);
    int exitCode = ExitLabFailed;
    QObject::connect(&lab, &LabMachine::progress, [quiet](const QString& message) {
        if (!quiet) {
            printErr(QStringLiteral("lab: %1\n").arg(message));
        }
    });
    QObject::connect(&lab, &LabMachine::booted, [&lab, quiet](qint64 ms) {
        if (!quiet) {
            printErr(QStringLiteral("lab: up in %1 s (%2: %3)\n")
                         .arg(double(ms) / 1000.0, 0, 'f', 1)
                         .arg(lab.accelerator().toUpper(), lab.acceleratorReason()));
        }
    });
    QObject::connect(&lab, &LabMachine::standardOutput, [](const QByteArray& data) {
        std::fwrite(data.constData(), 1, size_t(data.size()), stdout);
        std::fflush(stdout);
    });
    QObject::connect(&lab, &LabMachine::standardError, [](const QByteArray& data) {
        std::fwrite(data.constData(), 1, size_t(data.size()), stderr);
        std::fflush(stderr);
    });
    QObject::connect(&lab, &LabMachine::finished, [&exitCode](int code) {
        exitCode = code;
        QCoreApplication::exit(0);
    });
    QObject::connect(&lab, &LabMachine::failed, [&exitCode](const Error& error) {
        printError(ErrorCode::userText(error));
        exitCode = error.code == ErrorCode::labStopped && cancelFlag().load() ? ExitCancelled : ExitLabFailed;
        QCoreApplication::exit(0);
    });

    installCancelHandler();
    if (auto started = lab.start(command); !started) {
        printError(ErrorCode::userText(started.error()));
        return started.error().code == ErrorCode::invalidLabSpec ? ExitUsage : ExitLabFailed;
    }

    // Forward our stdin to the command's.
    struct stat st
    { };
    fstat(STDIN_FILENO, &st);
    QSocketNotifier* notifier = nullptr;
    if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || S_ISCHR(st.st_mode)) {
        notifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, &lab);
        QObject::connect(notifier, &QSocketNotifier::activated, [&lab, notifier] {
            char buffer[65536];
            const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof(buffer));
            if (n > 0) {
                lab.writeStdin(QByteArray(buffer, n));
            } else {
                notifier->setEnabled(false);
                lab.closeStdin();
            }
        });
    } else {
        QByteArray all;
        char buffer[65536];
        for (ssize_t n; (n = ::read(STDIN_FILENO, buffer, sizeof(buffer))) > 0;) {
            all.append(buffer, n);
        }
        lab.writeStdin(all);
        lab.closeStdin();
    }
    QTimer cancelPoll;
    QObject::connect(&cancelPoll, &QTimer::timeout, [&lab] {
        if (cancelFlag().load()) {
            lab.stop(QStringLiteral("cancelled"));
        }
    });
    cancelPoll.start(100);
    QCoreApplication::exec();
    return exitCode;
}

int runSshHost(const QStringList& arguments)
{
    CommandParser commandLine(QStringLiteral("lab ssh-host"), QString::fromUtf8(labDescription));
    QCommandLineParser& parser = commandLine.parser();
    const QCommandLineOption disksOption(QStringLiteral("disks"), QStringLiteral("Virtual disks (see above)."),
                                         QStringLiteral("SPEC"));
    const QCommandLineOption portOption(QStringLiteral("port"),
                                        QStringLiteral("The port on 127.0.0.1 that reaches the VM's sshd."),
                                        QStringLiteral("PORT"));
    const QCommandLineOption keysOption(QStringLiteral("authorized-keys"),
                                        QStringLiteral("Public keys allowed to log in (an authorized_keys file)."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption hostKeyOption(
        QStringLiteral("host-key"),
        QStringLiteral("The VM's ssh host key (a private key file, FILE.pub beside it); default: a new one."),
        QStringLiteral("FILE"));
    const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("The VM's host name."),
                                        QStringLiteral("NAME"), QStringLiteral("raidbench-lab"));
    const QCommandLineOption userOption(QStringLiteral("user"),
                                        QStringLiteral("Also let this user of this machine in (not only root)."),
                                        QStringLiteral("USER"));
    const QCommandLineOption controllers = controllersOption(1);
    const QCommandLineOption accelOption(QStringLiteral("accel"), QStringLiteral("auto, kvm or tcg."),
                                         QStringLiteral("ACCEL"), QStringLiteral("auto"));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           QStringLiteral("Stop the VM after this long (default 2h)."),
                                           QStringLiteral("DURATION"), QStringLiteral("2h"));
    parser.addOptions({disksOption, portOption, keysOption, hostKeyOption, nameOption, userOption, controllers,
                       accelOption, timeoutOption});
    if (const std::optional<int> done = commandLine.parse(arguments, false)) {
        return *done;
    }
    if (!parser.isSet(disksOption) || !parser.isSet(portOption) || !parser.isSet(keysOption)) {
        printError(QStringLiteral("give --disks, --port and --authorized-keys, e.g. lab ssh-host --disks 2x1G@100 "
                                  "--port 2201 --authorized-keys ~/.ssh/id_ed25519.pub"));
        return ExitUsage;
    }
    bool ok = false;
    const int port = parser.value(portOption).toInt(&ok);
    if (!ok || port < 1 || port > 65535) {
        printError(QStringLiteral("--port must be a number from 1 to 65535"));
        return ExitUsage;
    }
    const auto disks = labDisks(parser, parser.value(disksOption), controllers);
    if (!disks) {
        return ExitUsage;
    }
    auto timeout = Units::parseDuration(parser.value(timeoutOption));
    if (!timeout) {
        printError(ErrorCode::userText(timeout.error()));
        return ExitUsage;
    }
    const QString sshd = QStringLiteral("/usr/sbin/sshd");
    const QString keygen = QStandardPaths::findExecutable(QStringLiteral("ssh-keygen"));
    if (!QFileInfo(sshd).isExecutable() || keygen.isEmpty()) {
        printError(QStringLiteral("the lab runs this machine's sshd and ssh-keygen; install the Debian packages "
                                  "openssh-server and openssh-client"));
        return ExitLabFailed;
    }
    QFile keys(parser.value(keysOption));
    if (!keys.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("cannot read %1: %2").arg(keys.fileName(), keys.errorString()));
        return ExitUsage;
    }
    const QByteArray authorized = keys.read(1 << 20);
    const QString user = parser.value(userOption);
    static const QRegularExpression userPattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z_][a-z0-9_-]{0,31}")));
    if (!user.isEmpty() && (!userPattern.match(user).hasMatch() || user == QLatin1String("root"))) {
        printError(QStringLiteral("--user '%1' is not a user name other than root").arg(user.left(100)));
        return ExitUsage;
    }
    // The host key: the caller's, or a new one made here (printed for known_hosts once sshd listens).
    QTemporaryDir keyDir;
    QString hostKey = parser.value(hostKeyOption);
    if (hostKey.isEmpty()) {
        hostKey = keyDir.filePath(QStringLiteral("ssh_host_ed25519_key"));
        QProcess make;
        make.start(keygen,
                   {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                    QString(), QStringLiteral("-C"), parser.value(nameOption), QStringLiteral("-f"), hostKey});
        if (!make.waitForFinished(30000) || make.exitCode() != 0) {
            printError(QStringLiteral("ssh-keygen could not make a host key: %1")
                           .arg(QString::fromLocal8Bit(make.readAllStandardError()).trimmed()));
            return ExitLabFailed;
        }
    }
    QFile privateKey(hostKey);
    QFile publicKey(hostKey + QStringLiteral(".pub"));
    if (!privateKey.open(QIODevice::ReadOnly) || !publicKey.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("cannot read the host key %1 and %1.pub").arg(hostKey));
        return ExitUsage;
    }
    const QByteArray publicLine = publicKey.readAll().trimmed();
    const QByteArray hostKeyBytes = privateKey.readAll();
    const QString control = QStringLiteral("/run/raidbench-lab");
    QString config = QStringLiteral("Port 22\nListenAddress 0.0.0.0\nHostKey %1/ssh_host_key\n"
                                    "AuthorizedKeysFile none\nAuthorizedKeysCommand /bin/cat %1/authorized_keys\n"
                                    "AuthorizedKeysCommandUser root\nPasswordAuthentication no\n"
                                    "KbdInteractiveAuthentication no\nUsePAM no\nPermitRootLogin prohibit-password\n"
                                    "StrictModes no\nPidFile /run/sshd.pid\nPrintMotd no\nLogLevel INFO\n"
                                    "SetEnv RAIDBENCH_LAB=1\n")
                         .arg(control);
    config += user.isEmpty() ? QStringLiteral("AllowUsers root\n") : QStringLiteral("AllowUsers root %1\n").arg(user);

    LabOptions options;
    options.disks = *disks;
    options.timeoutNs = *timeout;
    options.accel = parser.value(accelOption);
    options.sshPort = port;
    options.hostname = parser.value(nameOption);
    options.controlFiles = {{QStringLiteral("ssh_host_key"), hostKeyBytes},
                            {QStringLiteral("authorized_keys"), authorized},
                            {QStringLiteral("sshd_config"), config.toUtf8()}};
    LabMachine lab(options);
    int exitCode = ExitLabFailed;
    bool ready = false;
    QByteArray errorLine;
    QObject::connect(&lab, &LabMachine::progress,
                     [](const QString& message) { printErr(QStringLiteral("lab: %1\n").arg(message)); });
    QObject::connect(&lab, &LabMachine::standardError, [&](const QByteArray& data) {
        std::fwrite(data.constData(), 1, size_t(data.size()), stderr);
        std::fflush(stderr);
        errorLine += data;
        if (!ready && errorLine.contains("Server listening on")) {
            ready = true;
            printOut(QStringLiteral("ready on 127.0.0.1:%1\n[127.0.0.1]:%1 %2\n")
                         .arg(port)
                         .arg(QString::fromLatin1(publicLine.split(' ').mid(0, 2).join(' '))));
        }
        errorLine = errorLine.right(4096);
    });
    QObject::connect(&lab, &LabMachine::finished, [&exitCode](int code) {
        exitCode = code == 0 ? ExitOk : ExitLabFailed;
        QCoreApplication::exit(0);
    });
    QObject::connect(&lab, &LabMachine::failed, [&exitCode](const Error& error) {
        const bool cancelled = error.code == ErrorCode::labStopped && cancelFlag().load();
        if (!cancelled) {
            printError(ErrorCode::userText(error));
        }
        exitCode = cancelled ? ExitOk : ExitLabFailed;
        QCoreApplication::exit(0);
    });
    installCancelHandler();
    const QStringList command {
        QStringLiteral("/bin/sh"), QStringLiteral("-c"),
        QStringLiteral("mkdir -p -m 0755 /run/sshd && exec %1 -D -e -f %2/sshd_config").arg(sshd, control)};
    if (auto started = lab.start(command); !started) {
        printError(ErrorCode::userText(started.error()));
        return started.error().code == ErrorCode::invalidLabSpec ? ExitUsage : ExitLabFailed;
    }
    lab.closeStdin();
    QTimer cancelPoll;
    QObject::connect(&cancelPoll, &QTimer::timeout, [&lab] {
        if (cancelFlag().load()) {
            lab.stop(QStringLiteral("stopped"));
        }
    });
    cancelPoll.start(100);
    QCoreApplication::exec();
    return exitCode;
}

/// Inside the VM: asks the machine (through the shared control directory) and waits for its answer.
int askTheLab(const QString& what, const QString& disk)
{
    const QString control = QStringLiteral("/run/raidbench-lab");
    if (!qEnvironmentVariableIsSet("RAIDBENCH_LAB") || !QFileInfo(control).isDir()) {
        printError(QStringLiteral("lab %1 works only inside the lab VM (raidbench-cli lab run)").arg(what));
        return ExitUsage;
    }
    QString name = what;
    if (what != QLatin1String("power-cycle")) {
        bool ok = false;
        const int number = disk.toInt(&ok);
        if (!ok || number < 1) {
            printError(QStringLiteral("give the disk's number: raidbench-cli lab %1 N (1 for RBLAB0001)").arg(what));
            return ExitUsage;
        }
        name = QStringLiteral("%1-%2").arg(what).arg(number - 1);
    }
    QDir().mkpath(control + QStringLiteral("/requests"));
    const QString request = control + QStringLiteral("/requests/") + name;
    QFile::remove(request + QStringLiteral(".done"));
    QFile file(request);
    if (!file.open(QIODevice::WriteOnly)) {
        printError(QStringLiteral("cannot ask the lab: %1").arg(file.errorString()));
        return ExitFailed;
    }
    file.close();
    for (int i = 0; i < 600; ++i) {
        QFile done(request + QStringLiteral(".done"));
        if (done.open(QIODevice::ReadOnly)) {
            const QString answer = QString::fromUtf8(done.readAll()).trimmed();
            QFile::remove(request);
            if (answer != QLatin1String("ok")) {
                printError(answer.mid(6));
                return ExitFailed;
            }
            // Back once the kernel has probed it (which takes a while on a busy host), with the by-id
            // links udev would have made pointing at its new name.
            if (what == QLatin1String("plug") &&
                !waitForReturningDisk(QStringLiteral("RBLAB%1").arg(disk.toInt(), 4, 10, QLatin1Char('0')), 120000)) {
                printError(QStringLiteral("disk %1 was put back, but the VM did not see it within 120 s").arg(disk));
                return ExitFailed;
            }
            return ExitOk;
        }
        ::usleep(100'000);
    }
    printError(QStringLiteral("the lab did not answer within 60 s"));
    return ExitFailed;
}

} // namespace

int runLab(const QStringList& arguments)
{
    const QString sub = arguments.value(1);
    if (sub.isEmpty() || sub == QLatin1String("-h") || sub == QLatin1String("--help")) {
        printOut(QString::fromUtf8(labDescription) + QLatin1Char('\n'));
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    QStringList rest = arguments;
    rest.removeAt(1);
    rest[0] = QStringLiteral("raidbench-cli lab %1").arg(sub);
    if (sub == QLatin1String("run")) {
        return runInVm(rest);
    }
    if (sub == QLatin1String("check")) {
        return runCheck();
    }
    if (sub == QLatin1String("ssh-host")) {
        return runSshHost(rest);
    }
    if (sub == QLatin1String("demo")) {
        return runLabDemo(rest);
    }
    if (sub == QLatin1String("unplug") || sub == QLatin1String("plug") || sub == QLatin1String("power-cycle")) {
        return askTheLab(sub, rest.value(1));
    }
    if (sub == QLatin1String("agent")) {
        // Internal: runs inside the VM, started by its init.
        return runLabAgent(rest.value(1, QStringLiteral("/run/raidbench-lab")));
    }
    printError(
        QStringLiteral("unknown lab command '%1'; use run, check, demo, ssh-host (or, inside the VM, unplug, plug, "
                       "power-cycle)")
            .arg(sub));
    return ExitUsage;
}

} // namespace RaidBench::Cli
