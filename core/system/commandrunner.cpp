#include "system/commandrunner.h"

#include "util/cancelflag.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

namespace RaidBench {

QString CommandResult::summary() const
{
    if (!started) {
        return err.isEmpty() ? QStringLiteral("could not be started") : err;
    }
    if (timedOut) {
        return QStringLiteral("timed out after %1 s and was killed").arg(milliseconds / 1000);
    }
    if (cancelled) {
        return QStringLiteral("cancelled");
    }
    const QStringList lines = (err.trimmed().isEmpty() ? out : err).trimmed().split(QLatin1Char('\n'));
    const QString last = lines.isEmpty() ? QString() : lines.last().trimmed();
    return exitCode == 0
        ? QStringLiteral("ok")
        : QStringLiteral("exit code %1%2").arg(exitCode).arg(last.isEmpty() ? QString() : QStringLiteral(": ") + last);
}

namespace {

bool anyUnder(const QStringList& arguments, const QString& prefix)
{
    return std::any_of(arguments.cbegin(), arguments.cend(),
                       [&](const QString& argument) { return argument.startsWith(prefix); });
}

/// Every argument is a device path or one of `options`.
bool onlyOptions(const QStringList& arguments, const QStringList& options)
{
    return std::all_of(arguments.cbegin(), arguments.cend(), [&](const QString& argument) {
        return argument.startsWith(QLatin1String("/dev/")) || options.contains(argument);
    });
}

} // namespace

bool CommandRunner::writesNoDevice(const QStringList& argv)
{
    if (argv.isEmpty()) {
        return false;
    }
    const QString& program = argv.first();
    const QStringList arguments = argv.mid(1);
    const QString first = arguments.value(0);
    if (program == QLatin1String("mdadm")) {
        static const QStringList reading {QStringLiteral("--version"), QStringLiteral("--detail"),
                                          QStringLiteral("--examine"), QStringLiteral("--export"),
                                          QStringLiteral("--brief"),   QStringLiteral("--scan")};
        return !arguments.isEmpty() && reading.mid(0, 3).contains(first) && onlyOptions(arguments, reading);
    }
    if (program == QLatin1String("lvm")) {
        static const QStringList reports {QStringLiteral("version"), QStringLiteral("pvs"), QStringLiteral("vgs"),
                                          QStringLiteral("lvs"), QStringLiteral("fullreport")};
        return reports.contains(first);
    }
    if (program == QLatin1String("smartctl")) {
        static const QStringList reading {
            QStringLiteral("--json=c"), QStringLiteral("--json"), QStringLiteral("-j"),
            QStringLiteral("-a"),       QStringLiteral("-x"),     QStringLiteral("-i"),
            QStringLiteral("-H"),       QStringLiteral("-A"),     QStringLiteral("--version")};
        return onlyOptions(arguments, reading);
    }
    if (program == QLatin1String("hdparm")) {
        return onlyOptions(arguments, {QStringLiteral("-W"), QStringLiteral("-I")});
    }
    if (program == QLatin1String("sdparm")) {
        return std::all_of(arguments.cbegin(), arguments.cend(), [](const QString& argument) {
            return argument.startsWith(QLatin1String("/dev/")) || argument.startsWith(QLatin1String("--get=")) ||
                argument == QLatin1String("--quiet");
        });
    }
    if (program == QLatin1String("nvme")) {
        static const QStringList reading {QStringLiteral("get-feature"), QStringLiteral("id-ctrl"),
                                          QStringLiteral("smart-log"), QStringLiteral("list"),
                                          QStringLiteral("version")};
        return reading.contains(first) && !anyUnder(arguments, QStringLiteral("--value")) &&
            !anyUnder(arguments, QStringLiteral("--save"));
    }
    if (program == QLatin1String("blockdev")) {
        return std::all_of(arguments.cbegin(), arguments.cend(), [](const QString& argument) {
            return argument.startsWith(QLatin1String("/dev/")) || argument.startsWith(QLatin1String("--get"));
        });
    }
    if (program == QLatin1String("umount")) {
        // A mount point, never a device: unmounting writes what the file system holds, not a disk's data.
        return !anyUnder(arguments, QStringLiteral("/dev/"));
    }
    return false;
}

CommandResult CommandRunner::run(const QStringList& argv, int timeoutMs, const std::atomic_bool* cancel)
{
    if (!writesNoDevice(argv)) {
        CommandResult refused;
        refused.err = QStringLiteral("%1 was not run: RaidBench runs a command that can write a disk only right "
                                     "after the device gate checked it")
                          .arg(argv.mid(0, 2).join(QLatin1Char(' ')).left(64));
        return refused;
    }
    return execute(argv, timeoutMs, cancel);
}

CommandResult CommandRunner::run(const GuardedCommand& command, int timeoutMs, const std::atomic_bool* cancel)
{
    return execute(command.argv(), timeoutMs, cancel);
}

QStringList SystemCommandRunner::allowedPrograms()
{
    return {QStringLiteral("mdadm"),    QStringLiteral("lvm"),    QStringLiteral("wipefs"), QStringLiteral("mkfs.ext4"),
            QStringLiteral("mkfs.xfs"), QStringLiteral("mount"),  QStringLiteral("umount"), QStringLiteral("blockdev"),
            QStringLiteral("smartctl"), QStringLiteral("hdparm"), QStringLiteral("sdparm"), QStringLiteral("nvme")};
}

QStringList SystemCommandRunner::trustedDirectories()
{
    return {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin"), QStringLiteral("/bin")};
}

QString SystemCommandRunner::resolve(const QString& program)
{
    if (!allowedPrograms().contains(program)) {
        return {};
    }
    for (const QString& dir : trustedDirectories()) {
        const QFileInfo info(dir + QLatin1Char('/') + program);
        if (info.isFile() && info.isExecutable()) {
            return info.absoluteFilePath();
        }
    }
    return {};
}

CommandResult SystemCommandRunner::execute(const QStringList& argv, int timeoutMs, const std::atomic_bool* cancel)
{
    CommandResult result;
    if (argv.isEmpty()) {
        result.err = QStringLiteral("no program given");
        return result;
    }
    const QString program = resolve(argv.first());
    if (program.isEmpty()) {
        result.err = allowedPrograms().contains(argv.first())
            ? QStringLiteral("%1 is not installed in /usr/sbin, /usr/bin, /sbin or /bin").arg(argv.first())
            : QStringLiteral("%1 is not a program RaidBench runs").arg(argv.first().left(64));
        return result;
    }
    QProcess process;
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), trustedDirectories().join(QLatin1Char(':')));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    process.setProcessEnvironment(environment);
    process.setStandardInputFile(QProcess::nullDevice());
    process.setProgram(program);
    process.setArguments(argv.mid(1));
    QElapsedTimer timer;
    timer.start();
    process.start();
    if (!process.waitForStarted(10000)) {
        result.err = QStringLiteral("cannot start %1: %2").arg(program, process.errorString());
        return result;
    }
    result.started = true;
    while (!process.waitForFinished(100)) {
        if (process.state() == QProcess::NotRunning) {
            break;
        }
        if (cancelled(cancel)) {
            result.cancelled = true;
        } else if (timeoutMs > 0 && timer.elapsed() > timeoutMs) {
            result.timedOut = true;
        } else {
            continue;
        }
        process.kill();
        process.waitForFinished(5000);
        break;
    }
    result.milliseconds = timer.elapsed();
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : 128 + 9;
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    result.err = QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

QString SystemCommandRunner::mdAttributePath(const QString& device, const QString& attribute, QString* error)
{
    static const QStringList allowed {QStringLiteral("md/stripe_cache_size"), QStringLiteral("md/sync_speed_min"),
                                      QStringLiteral("md/sync_speed_max")};
    if (!allowed.contains(attribute)) {
        *error = QStringLiteral("%1 is not an md attribute RaidBench sets").arg(attribute.left(64));
        return {};
    }
    const QString resolved = QFileInfo(device).canonicalFilePath();
    const QString name = QFileInfo(resolved).fileName();
    static const QRegularExpression md(QStringLiteral("^md\\d+$"));
    if (!resolved.startsWith(QLatin1String("/dev/")) || !md.match(name).hasMatch()) {
        *error = QStringLiteral("%1 is not an md array").arg(device.left(200));
        return {};
    }
    return QStringLiteral("/sys/block/%1/%2").arg(name, attribute);
}

CommandResult SystemCommandRunner::writeMdAttribute(const QString& device, const QString& attribute,
                                                    const QString& value)
{
    CommandResult result;
    QString error;
    const QString path = mdAttributePath(device, attribute, &error);
    bool number = false;
    value.toUInt(&number);
    // A speed limit may also go back to the system's.
    number = number || (attribute.startsWith(QLatin1String("md/sync_speed_")) && value == QLatin1String("system"));
    if (path.isEmpty() || !number) {
        result.err = path.isEmpty() ? error : QStringLiteral("'%1' is not a number").arg(value.left(32));
        return result;
    }
    result.started = true;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(value.toLatin1()) != value.size() || !file.flush()) {
        result.exitCode = 1;
        result.err = QStringLiteral("cannot write %1 to %2: %3").arg(value, path, file.errorString());
        return result;
    }
    result.exitCode = 0;
    return result;
}

CommandResult SystemCommandRunner::rescanDisk(const QString& device)
{
    CommandResult result;
    static const QRegularExpression scsiDisk(QStringLiteral("^/dev/(sd[a-z]{1,4})$"));
    const QRegularExpressionMatch match = scsiDisk.match(device);
    if (!match.hasMatch()) {
        result.err = QStringLiteral("%1 is not a SCSI disk the kernel can rescan").arg(device.left(64));
        return result;
    }
    const QString path = QStringLiteral("/sys/block/%1/device/rescan").arg(match.captured(1));
    result.started = true;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write("1") != 1 || !file.flush()) {
        result.exitCode = 1;
        result.err = QStringLiteral("cannot write 1 to %1: %2").arg(path, file.errorString());
        return result;
    }
    result.exitCode = 0;
    return result;
}

CommandResult RecordingCommandRunner::rescanDisk(const QString& device)
{
    return execute({QStringLiteral("rescan"), device}, 0, nullptr);
}

CommandResult RecordingCommandRunner::writeMdAttribute(const QString& device, const QString& attribute,
                                                       const QString& value)
{
    return execute({QStringLiteral("sysfs"), device, attribute, value}, 0, nullptr);
}

void RecordingCommandRunner::answer(const QStringList& prefix, CommandResult result)
{
    std::lock_guard lock(m_mutex);
    m_rules.prepend({prefix, result});
}

CommandResult RecordingCommandRunner::execute(const QStringList& argv, int, const std::atomic_bool*)
{
    std::lock_guard lock(m_mutex);
    m_commands.append(argv);
    for (const auto& [prefix, result] : m_rules) {
        if (argv.mid(0, prefix.size()) == prefix) {
            return result;
        }
    }
    CommandResult ok;
    ok.started = true;
    ok.exitCode = 0;
    return ok;
}

QList<QStringList> RecordingCommandRunner::commands() const
{
    std::lock_guard lock(m_mutex);
    return m_commands;
}

} // namespace RaidBench
