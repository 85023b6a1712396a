#include "labsshhostcommand.h"

#include "clicommon.h"
#include "lab/labmachine.h"
#include "labcommand.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>
#include <optional>

namespace RaidBench::Cli {

namespace {

/// The options of `lab ssh-host`.
struct SshHostOptions
{
    const QCommandLineOption disksOption {QStringLiteral("disks"), Text::tr("Virtual disks (see above)."),
                                          QStringLiteral("SPEC")};
    const QCommandLineOption portOption {
        QStringLiteral("port"), Text::tr("The port on 127.0.0.1 that reaches the VM's sshd."), QStringLiteral("PORT")};
    const QCommandLineOption keysOption {QStringLiteral("authorized-keys"),
                                         Text::tr("Public keys allowed to log in (an authorized_keys file)."),
                                         QStringLiteral("FILE")};
    const QCommandLineOption hostKeyOption {
        QStringLiteral("host-key"),
        Text::tr("The VM's ssh host key (a private key file, FILE.pub beside it); default: a new one."),
        QStringLiteral("FILE")};
    const QCommandLineOption nameOption {QStringLiteral("name"), Text::tr("The VM's host name."),
                                         QStringLiteral("NAME"), QStringLiteral("raidbench-lab")};
    const QCommandLineOption userOption {QStringLiteral("user"),
                                         Text::tr("Also let this user of this machine in (not only root)."),
                                         QStringLiteral("USER")};
    const QCommandLineOption controllers = controllersOption(1);
    const QCommandLineOption accelOption {QStringLiteral("accel"), Text::tr("auto, kvm or tcg."),
                                          QStringLiteral("ACCEL"), QStringLiteral("auto")};
    const QCommandLineOption timeoutOption {QStringLiteral("timeout"),
                                            Text::tr("Stop the VM after this long (default 2h)."),
                                            QStringLiteral("DURATION"), QStringLiteral("2h")};

    QList<QCommandLineOption> all() const
    {
        return {disksOption, portOption,  keysOption,  hostKeyOption, nameOption,
                userOption,  controllers, accelOption, timeoutOption};
    }
};

/// The VM's ssh host key, private and public: the file --host-key names, or a new one made with
/// ssh-keygen in `keyDir`; nullopt after printing why (`code` the exit code).
std::optional<std::pair<QByteArray, QByteArray>> hostKey(const QString& given, const QString& keygen,
                                                         const QString& name, const QTemporaryDir& keyDir, int& code)
{
    QString path = given;
    if (path.isEmpty()) {
        path = keyDir.filePath(QStringLiteral("ssh_host_ed25519_key"));
        QProcess make;
        make.start(keygen,
                   {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                    QString(), QStringLiteral("-C"), name, QStringLiteral("-f"), path});
        if (!make.waitForFinished(30000) || make.exitCode() != 0) {
            printError(Text::tr("ssh-keygen could not make a host key: %1")
                           .arg(QString::fromLocal8Bit(make.readAllStandardError()).trimmed()));
            code = ExitLabFailed;
            return std::nullopt;
        }
    }
    QFile privateKey(path);
    QFile publicKey(path + QStringLiteral(".pub"));
    if (!privateKey.open(QIODevice::ReadOnly) || !publicKey.open(QIODevice::ReadOnly)) {
        printError(Text::tr("cannot read the host key %1 and %1.pub").arg(path));
        code = ExitUsage;
        return std::nullopt;
    }
    return std::make_pair(privateKey.readAll(), publicKey.readAll().trimmed());
}

/// The VM's sshd_config: keys only, root (and `user`) only, the keys and host key from `control`.
QString sshdConfig(const QString& control, const QString& user)
{
    QString config = QStringLiteral("Port 22\nListenAddress 0.0.0.0\nHostKey %1/ssh_host_key\n"
                                    "AuthorizedKeysFile none\nAuthorizedKeysCommand /bin/cat %1/authorized_keys\n"
                                    "AuthorizedKeysCommandUser root\nPasswordAuthentication no\n"
                                    "KbdInteractiveAuthentication no\nUsePAM no\nPermitRootLogin prohibit-password\n"
                                    "StrictModes no\nPidFile /run/sshd.pid\nPrintMotd no\nLogLevel INFO\n"
                                    "SetEnv RAIDBENCH_LAB=1\n")
                         .arg(control);
    config += user.isEmpty() ? QStringLiteral("AllowUsers root\n") : QStringLiteral("AllowUsers root %1\n").arg(user);
    return config;
}

/// Boots the VM with `options` and runs its sshd until Ctrl-C or the timeout; prints "ready" and the
/// known_hosts line once sshd listens. Returns the exit code.
int serveSsh(const LabOptions& options, const QString& sshd, const QString& control, const QByteArray& publicLine)
{
    const int port = options.sshPort;
    LabMachine lab(options);
    int exitCode = ExitLabFailed;
    QEventLoop loop;
    bool ready = false;
    QByteArray errorLine;
    QObject::connect(&lab, &LabMachine::progress,
                     [](const QString& message) { printErr(Text::tr("lab: %1\n").arg(message)); });
    QObject::connect(&lab, &LabMachine::standardError, [&](const QByteArray& data) {
        std::fwrite(data.constData(), 1, size_t(data.size()), stderr);
        std::fflush(stderr);
        errorLine += data;
        if (!ready && errorLine.contains("Server listening on")) {
            ready = true;
            // English in every language: the caller waits for "ready", and the second line is known_hosts'.
            printOut(QStringLiteral("ready on 127.0.0.1:%1\n[127.0.0.1]:%1 %2\n")
                         .arg(port)
                         .arg(QString::fromLatin1(publicLine.split(' ').mid(0, 2).join(' '))));
        }
        errorLine = errorLine.right(4096);
    });
    QObject::connect(&lab, &LabMachine::finished, [&exitCode, &loop](int code) {
        exitCode = code == 0 ? ExitOk : ExitLabFailed;
        loop.quit();
    });
    QObject::connect(&lab, &LabMachine::failed, [&exitCode, &loop](const Error& error) {
        const bool cancelled = error.code == ErrorCode::labStopped && cancelFlag().load();
        if (!cancelled) {
            printError(ErrorCode::userText(error));
        }
        exitCode = cancelled ? ExitOk : ExitLabFailed;
        loop.quit();
    });
    const QStringList command {
        QStringLiteral("/bin/sh"), QStringLiteral("-c"),
        QStringLiteral("mkdir -p -m 0755 /run/sshd && exec %1 -D -e -f %2/sshd_config").arg(sshd, control)};
    installCancelHandler(); // before the start, which takes a while: a Ctrl-C then still stops the VM
    if (auto started = lab.start(command); !started) {
        printError(ErrorCode::userText(started.error()));
        return started.error().code == ErrorCode::invalidLabSpec ? ExitUsage : ExitLabFailed;
    }
    lab.closeStdin();
    execWithCancel(
        loop, [&lab] { lab.stop(QStringLiteral("stopped")); }, CancelAsk::UntilEnded);
    return exitCode;
}

} // namespace

LabSshHostCommand::LabSshHostCommand()
    : Command(QStringLiteral("lab ssh-host"),
              QT_TRANSLATE_NOOP("raidbench_cli", "the lab's VM as a machine reached over ssh"))
{ }

int LabSshHostCommand::execute(const QStringList& arguments)
{
    CommandParser commandLine(QStringLiteral("lab ssh-host"), labDescription());
    QCommandLineParser& parser = commandLine.parser();
    const SshHostOptions o;
    parser.addOptions(o.all());
    if (const std::optional<int> done = commandLine.parse(arguments, false)) {
        return *done;
    }
    if (!parser.isSet(o.disksOption) || !parser.isSet(o.portOption) || !parser.isSet(o.keysOption)) {
        printError(Text::tr("give --disks, --port and --authorized-keys, e.g. lab ssh-host --disks 2x1G@100 "
                            "--port 2201 --authorized-keys ~/.ssh/id_ed25519.pub"));
        return ExitUsage;
    }
    bool ok = false;
    const int port = parser.value(o.portOption).toInt(&ok);
    if (!ok || port < 1 || port > 65535) {
        printError(Text::tr("--port must be a number from 1 to 65535"));
        return ExitUsage;
    }
    const auto disks = labDisks(parser, parser.value(o.disksOption), o.controllers);
    if (!disks) {
        return ExitUsage;
    }
    auto timeout = Units::parseDuration(parser.value(o.timeoutOption));
    if (!timeout) {
        printError(ErrorCode::userText(timeout.error()));
        return ExitUsage;
    }
    const QString sshd = QStringLiteral("/usr/sbin/sshd");
    const QString keygen = QStandardPaths::findExecutable(QStringLiteral("ssh-keygen"));
    if (!QFileInfo(sshd).isExecutable() || keygen.isEmpty()) {
        printError(Text::tr("the lab runs this machine's sshd and ssh-keygen; install the Debian packages "
                            "openssh-server and openssh-client"));
        return ExitLabFailed;
    }
    QFile keys(parser.value(o.keysOption));
    if (!keys.open(QIODevice::ReadOnly)) {
        printError(Text::tr("cannot read %1: %2").arg(keys.fileName(), keys.errorString()));
        return ExitUsage;
    }
    const QByteArray authorized = keys.read(1 << 20);
    const QString user = parser.value(o.userOption);
    static const QRegularExpression userPattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z_][a-z0-9_-]{0,31}")));
    if (!user.isEmpty() && (!userPattern.match(user).hasMatch() || user == QLatin1String("root"))) {
        printError(Text::tr("--user '%1' is not a user name other than root").arg(user.left(100)));
        return ExitUsage;
    }
    // The host key: the caller's, or a new one made here (printed for known_hosts once sshd listens).
    QTemporaryDir keyDir;
    int code = ExitUsage;
    const auto key = hostKey(parser.value(o.hostKeyOption), keygen, parser.value(o.nameOption), keyDir, code);
    if (!key) {
        return code;
    }
    const QString control = QStringLiteral("/run/raidbench-lab");
    LabOptions options;
    options.disks = *disks;
    options.timeoutNs = *timeout;
    options.accel = parser.value(o.accelOption);
    options.sshPort = port;
    options.hostname = parser.value(o.nameOption);
    options.controlFiles = {{QStringLiteral("ssh_host_key"), key->first},
                            {QStringLiteral("authorized_keys"), authorized},
                            {QStringLiteral("sshd_config"), sshdConfig(control, user).toUtf8()}};
    return serveSsh(options, sshd, control, key->second);
}

} // namespace RaidBench::Cli
