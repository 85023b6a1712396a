#include "labruncommand.h"

#include "clicommon.h"
#include "lab/labmachine.h"
#include "labcommand.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QSocketNotifier>

#include <cstdio>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

/// The options of `lab run`.
struct LabRunOptions
{
    const QCommandLineOption disksOption {QStringLiteral("disks"), Text::tr("Virtual disks (see above)."),
                                          QStringLiteral("SPEC")};
    const QCommandLineOption outOption {QStringLiteral("out"),
                                        Text::tr("Directory shared read-write at the same path inside the VM; "
                                                 "the command starts there."),
                                        QStringLiteral("DIR")};
    const QCommandLineOption timeoutOption {QStringLiteral("timeout"),
                                            Text::tr("Stop the VM after this long (default 30m)."),
                                            QStringLiteral("DURATION"), QStringLiteral("30m")};
    const QCommandLineOption bootTimeoutOption {QStringLiteral("boot-timeout"),
                                                Text::tr("Give up when the VM is not up after this long "
                                                         "(default 3m)."),
                                                QStringLiteral("DURATION"), QStringLiteral("3m")};
    const QCommandLineOption accelOption {QStringLiteral("accel"),
                                          Text::tr("auto (KVM when a probe shows it works, else TCG), kvm or tcg."),
                                          QStringLiteral("ACCEL"), QStringLiteral("auto")};
    const QCommandLineOption controllers = controllersOption(1);
    const QCommandLineOption memoryOption {QStringLiteral("memory"), Text::tr("VM memory in MiB (default 1024)."),
                                           QStringLiteral("MIB"), QStringLiteral("1024")};
    const QCommandLineOption cpusOption {QStringLiteral("cpus"),
                                         Text::tr("Virtual CPUs (default 2 with KVM, 1 with TCG, where a second "
                                                  "one costs the host more than it gives)."),
                                         QStringLiteral("N")};
    const QCommandLineOption quietOption {QStringLiteral("quiet"), Text::tr("Do not report the boot on stderr.")};

    QList<QCommandLineOption> all() const
    {
        return {disksOption, outOption,    timeoutOption, bootTimeoutOption, accelOption,
                controllers, memoryOption, cpusOption,    quietOption};
    }
};

/// The VM the options describe; nullopt after printing why.
std::optional<LabOptions> machineOptions(const QCommandLineParser& parser, const LabRunOptions& o)
{
    const auto disks = labDisks(parser, parser.value(o.disksOption), o.controllers);
    if (!disks) {
        return std::nullopt;
    }
    auto timeout = Units::parseDuration(parser.value(o.timeoutOption));
    if (!timeout) {
        printError(ErrorCode::userText(timeout.error()));
        return std::nullopt;
    }
    auto bootTimeout = Units::parseDuration(parser.value(o.bootTimeoutOption));
    if (!bootTimeout || *bootTimeout == 0) {
        printError(bootTimeout ? Text::tr("--boot-timeout must be more than 0")
                               : ErrorCode::userText(bootTimeout.error()));
        return std::nullopt;
    }
    LabOptions options;
    options.bootTimeoutNs = *bootTimeout;
    options.disks = *disks;
    options.outDir = parser.value(o.outOption);
    options.timeoutNs = *timeout;
    options.accel = parser.value(o.accelOption);
    bool ok = false;
    options.memoryMiB = parser.value(o.memoryOption).toInt(&ok);
    if (!ok || options.memoryMiB < 256) {
        printError(Text::tr("--memory must be at least 256 (MiB)"));
        return std::nullopt;
    }
    if (parser.isSet(o.cpusOption)) {
        options.cpus = parser.value(o.cpusOption).toInt(&ok);
        if (!ok || options.cpus < 1 || options.cpus > 64) {
            printError(Text::tr("--cpus must be a number from 1 to 64"));
            return std::nullopt;
        }
    }
    return options;
}

/// This program's stdin, forwarded to the command's: as it comes from a pipe or terminal, at once
/// from a file.
void forwardStdin(LabMachine& lab)
{
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
}

/// Boots the VM and runs `command` in it, its output on this program's; the command's exit code,
/// ExitCancelled after Ctrl-C, ExitLabFailed when the lab failed.
int runInMachine(const LabOptions& options, const QStringList& command, bool quiet)
{
    LabMachine lab(options);
    int exitCode = ExitLabFailed;
    QEventLoop loop;
    QObject::connect(&lab, &LabMachine::progress, [quiet](const QString& message) {
        if (!quiet) {
            printErr(Text::tr("lab: %1\n").arg(message));
        }
    });
    QObject::connect(&lab, &LabMachine::booted, [&lab, quiet](qint64 ms) {
        if (!quiet) {
            printErr(Text::tr("lab: up in %1 s (%2: %3)\n")
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
    QObject::connect(&lab, &LabMachine::finished, [&exitCode, &loop](int code) {
        exitCode = code;
        loop.quit();
    });
    QObject::connect(&lab, &LabMachine::failed, [&exitCode, &loop](const Error& error) {
        printError(ErrorCode::userText(error));
        exitCode = error.code == ErrorCode::labStopped && cancelFlag().load() ? ExitCancelled : ExitLabFailed;
        loop.quit();
    });

    installCancelHandler(); // before the start, which takes a while: a Ctrl-C then still stops the VM
    if (auto started = lab.start(command); !started) {
        printError(ErrorCode::userText(started.error()));
        return started.error().code == ErrorCode::invalidLabSpec ? ExitUsage : ExitLabFailed;
    }

    forwardStdin(lab);
    execWithCancel(
        loop, [&lab] { lab.stop(QStringLiteral("cancelled")); }, CancelAsk::UntilEnded);
    return exitCode;
}

} // namespace

LabRunCommand::LabRunCommand()
    : Command(QStringLiteral("lab run"),
              QT_TRANSLATE_NOOP("raidbench_cli", "run a command in the lab's VM, with its virtual disks"))
{ }

int LabRunCommand::execute(const QStringList& arguments)
{
    CommandParser commandLine(QStringLiteral("lab run"), labDescription());
    QCommandLineParser& parser = commandLine.parser();
    const LabRunOptions o;
    parser.addOptions(o.all());
    parser.addPositionalArgument(QStringLiteral("command"), Text::tr("The command to run inside the VM."),
                                 QStringLiteral("-- COMMAND [ARGS...]"));
    if (const std::optional<int> done = commandLine.parse(arguments)) {
        return *done;
    }
    if (!parser.isSet(o.disksOption)) {
        printError(Text::tr("--disks is required, e.g. --disks 2x1G@100"));
        return ExitUsage;
    }
    const QStringList command = parser.positionalArguments();
    if (command.isEmpty()) {
        printError(Text::tr("no command given; put it after --, e.g. lab run --disks 1G -- cat /proc/mdstat"));
        return ExitUsage;
    }
    const std::optional<LabOptions> options = machineOptions(parser, o);
    if (!options) {
        return ExitUsage;
    }
    return runInMachine(*options, command, parser.isSet(o.quietOption));
}

} // namespace RaidBench::Cli
