#include "helper/sshtarget.h"

#include "util/errorcodes.h"
#include "version.h"

#include <QRegularExpression>
#include <QStandardPaths>

namespace RaidBench {

namespace {

const QString noHelperMarker = QStringLiteral("raidbench-remote: no helper at ");

Error hostError(const QString& text, const QString& why)
{
    return Error {ErrorCode::badHost,
                  QStringLiteral("'%1' is not a host to connect to: %2 (give [USER@]HOST[:PORT], e.g. "
                                 "root@storage1 or admin@10.0.0.5:2222)")
                      .arg(text.left(200), why)};
}

/// The last line of `text` that says something, without ssh's "\r".
QString lastLine(const QString& text)
{
    const QStringList lines = QString(text).remove(QLatin1Char('\r')).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QString line = it->trimmed();
        if (!line.isEmpty()) {
            return line.left(300);
        }
    }
    return {};
}

} // namespace

Result<SshTarget> SshTarget::parse(const QString& text)
{
    if (text.isEmpty()) {
        return hostError(text, QStringLiteral("it is empty"));
    }
    if (text.startsWith(QLatin1Char('-'))) {
        return hostError(text, QStringLiteral("it starts with '-', which ssh would read as an option"));
    }
    if (text.size() > 300) {
        return hostError(text, QStringLiteral("it is longer than 300 characters"));
    }
    SshTarget target;
    QString rest = text;
    const qsizetype at = rest.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        target.user = rest.left(at);
        rest = rest.mid(at + 1);
        static const QRegularExpression userPattern(
            QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9._-]{0,31}")));
        if (!userPattern.match(target.user).hasMatch()) {
            return hostError(text,
                             QStringLiteral("the user name may hold only letters, digits, '.', '_' and "
                                            "'-', and not start with '-' or '.'"));
        }
    }
    QString portText;
    if (rest.startsWith(QLatin1Char('['))) {
        const qsizetype close = rest.indexOf(QLatin1Char(']'));
        if (close < 0) {
            return hostError(text, QStringLiteral("'[' without ']'"));
        }
        target.host = rest.mid(1, close - 1);
        const QString after = rest.mid(close + 1);
        if (!after.isEmpty()) {
            if (!after.startsWith(QLatin1Char(':'))) {
                return hostError(text, QStringLiteral("only ':PORT' may follow ']'"));
            }
            portText = after.mid(1);
            if (portText.isEmpty()) {
                return hostError(text, QStringLiteral("':' without a port"));
            }
        }
        static const QRegularExpression v6Pattern(
            QRegularExpression::anchoredPattern(QStringLiteral("[0-9A-Fa-f:.]{2,45}")));
        if (!v6Pattern.match(target.host).hasMatch() || !target.host.contains(QLatin1Char(':'))) {
            return hostError(text, QStringLiteral("only an IPv6 address goes in brackets"));
        }
    } else {
        const qsizetype colon = rest.indexOf(QLatin1Char(':'));
        if (colon >= 0) {
            portText = rest.mid(colon + 1);
            rest = rest.left(colon);
            if (portText.isEmpty()) {
                return hostError(text, QStringLiteral("':' without a port"));
            }
        }
        target.host = rest;
        static const QRegularExpression hostPattern(
            QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9._-]{0,252}")));
        if (target.host.isEmpty()) {
            return hostError(text, QStringLiteral("the host name is empty"));
        }
        if (target.host.startsWith(QLatin1Char('-'))) {
            return hostError(text, QStringLiteral("the host starts with '-', which ssh would read as an option"));
        }
        if (!hostPattern.match(target.host).hasMatch()) {
            return hostError(text,
                             QStringLiteral("a host name holds only letters, digits, '.', '_' and '-' "
                                            "(an IPv6 address goes in brackets)"));
        }
    }
    if (!portText.isEmpty()) {
        static const QRegularExpression digits(QRegularExpression::anchoredPattern(QStringLiteral("[0-9]{1,5}")));
        const int port = digits.match(portText).hasMatch() ? portText.toInt() : 0;
        if (port < 1 || port > 65535) {
            return hostError(text, QStringLiteral("the port must be a number from 1 to 65535"));
        }
        target.port = port;
    }
    return target;
}

QString SshTarget::text() const
{
    QString out = user.isEmpty() ? QString() : user + QLatin1Char('@');
    const bool v6 = host.contains(QLatin1Char(':'));
    out += v6 && port > 0 ? QStringLiteral("[%1]").arg(host) : host;
    if (port > 0) {
        out += QStringLiteral(":%1").arg(port);
    }
    return out;
}

QString SshTarget::defaultRemoteHelper()
{
    const QString fromEnvironment = qEnvironmentVariable("RAIDBENCH_REMOTE_HELPER");
    if (!fromEnvironment.isEmpty()) {
        return fromEnvironment;
    }
    // Where the package puts it, where a source install puts it, and where this build would: the far
    // side may have either, whatever this CLI was built as.
    QStringList candidates {QStringLiteral("/usr/libexec/raidbench/raidbench-helper"),
                            QStringLiteral("/usr/local/libexec/raidbench/raidbench-helper")};
    const QString own = QStringLiteral(RAIDBENCH_INSTALL_LIBEXECDIR "/raidbench/raidbench-helper");
    if (!candidates.contains(own)) {
        candidates.append(own);
    }
    return candidates.join(QLatin1Char(':'));
}

QStringList SshTarget::helperCandidates(const QString& remoteHelper)
{
    return remoteHelper.split(QLatin1Char(':'), Qt::SkipEmptyParts);
}

QString SshTarget::helperCandidatesText(const QString& remoteHelper, const QString& joiner)
{
    const QStringList paths = helperCandidates(remoteHelper);
    if (paths.size() < 2) {
        return paths.value(0);
    }
    return paths.mid(0, paths.size() - 1).join(QStringLiteral(", ")) + joiner + paths.last();
}

Result<void> SshTarget::checkRemoteHelper(const QString& path)
{
    static const QRegularExpression plain(
        QRegularExpression::anchoredPattern(QStringLiteral("/[A-Za-z0-9/._+-]{1,4000}")));
    const QStringList paths = path.split(QLatin1Char(':'));
    if (paths.size() > maxHelperCandidates) {
        return makeError(ErrorCode::badArgument,
                         QStringLiteral("the remote helper list names %1 paths; at most %2 are tried")
                             .arg(paths.size())
                             .arg(maxHelperCandidates));
    }
    for (const QString& one : paths) {
        if (!plain.match(one).hasMatch() || one.contains(QLatin1String("/../")) || one.endsWith(QLatin1String("/.."))) {
            return makeError(ErrorCode::badArgument,
                             QStringLiteral("the remote helper path '%1' must be absolute and hold only letters, "
                                            "digits, '/', '.', '_', '+' and '-' (several paths are separated by ':')")
                                 .arg(one.left(200)));
        }
    }
    return {};
}

QString SshTarget::sshProgram()
{
    const QString fromEnvironment = qEnvironmentVariable("RAIDBENCH_SSH");
    return fromEnvironment.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("ssh")) : fromEnvironment;
}

QString SshTarget::remoteCommand(const QString& remoteHelper)
{
    // One POSIX sh line whatever the login shell is (fish and csh run `exec /bin/sh -c '...'` too; no
    // '!' for csh's history). The paths are checked plain, so they need no quoting; the first that
    // is there runs.
    const QStringList paths = helperCandidates(remoteHelper);
    return QStringLiteral("exec /bin/sh -c 'for h in %1; do if [ -x \"$h\" ]; then if [ \"$(id -u)\" = 0 ]; then "
                          "exec \"$h\"; fi; exec sudo -n -- \"$h\"; fi; done; echo \"%2%3\" >&2; exit 127'")
        .arg(paths.join(QLatin1Char(' ')), noHelperMarker, paths.join(QStringLiteral(" or ")));
}

QStringList SshTarget::sshArguments(const QString& remoteHelper) const
{
    QStringList args;
    const QString config = qEnvironmentVariable("RAIDBENCH_SSH_CONFIG");
    if (!config.isEmpty()) {
        args << QStringLiteral("-F") << config;
    }
    // -T: no terminal (the protocol is lines on stdin/stdout). BatchMode: never a password or
    // passphrase prompt. StrictHostKeyChecking=yes: an unknown or changed host key is refused even
    // where the user's configuration would accept new ones. The keep-alives notice a dead host
    // within a minute.
    // -a -x, ClearAllForwardings, PermitLocalCommand=no: the host gets no agent, display or port
    // forwarded whatever the user's configuration says (a root there must not reach the other hosts
    // through this connection). ControlPath=none: a fresh connection, never a shared one that was
    // opened without these checks.
    args << QStringLiteral("-T") << QStringLiteral("-a") << QStringLiteral("-x");
    for (const char* option :
         {"BatchMode=yes", "StrictHostKeyChecking=yes", "ClearAllForwardings=yes", "PermitLocalCommand=no",
          "ControlPath=none", "ConnectTimeout=20", "ServerAliveInterval=15", "ServerAliveCountMax=4"}) {
        args << QStringLiteral("-o") << QLatin1String(option);
    }
    if (port > 0) {
        args << QStringLiteral("-p") << QString::number(port);
    }
    if (!user.isEmpty()) {
        args << QStringLiteral("-l") << user;
    }
    args << QStringLiteral("--") << host << remoteCommand(remoteHelper);
    return args;
}

Error SshTarget::explainFailure(const QString& remoteHelper, int exitCode, const QString& stderrText) const
{
    const QString name = text();
    const QString login = QStringLiteral("%1%2%3").arg(port > 0 ? QStringLiteral("-p %1 ").arg(port) : QString(),
                                                       user.isEmpty() ? QString() : user + QLatin1Char('@'), host);
    const QString who = user.isEmpty() ? QStringLiteral("your user there") : user;
    const QString said = lastLine(stderrText);
    if (stderrText.contains(QLatin1String("Host key verification failed.")) ||
        stderrText.contains(QLatin1String("REMOTE HOST IDENTIFICATION HAS CHANGED"))) {
        return {ErrorCode::sshHostKey,
                QStringLiteral("%1: ssh does not know this host's key, or the key has changed; RaidBench never "
                               "accepts one silently. Check its fingerprint, then add it (run ssh %2 once on a "
                               "terminal, or ssh-keyscan into known_hosts) and try again")
                    .arg(name, login)};
    }
    if (stderrText.contains(QLatin1String("Permission denied (")) ||
        stderrText.contains(QLatin1String("Too many authentication failures"))) {
        return {ErrorCode::sshAuth,
                QStringLiteral("%1: ssh could not log in without a password (RaidBench never types one). Set up "
                               "a key: ssh-keygen, then ssh-copy-id %2 (and ssh-add if the key has a passphrase)")
                    .arg(name, login)};
    }
    if (stderrText.contains(QLatin1String("a password is required")) ||
        stderrText.contains(QLatin1String("a terminal is required"))) {
        return {ErrorCode::sshSudo,
                QStringLiteral("%1: sudo asks %2 for a password, and RaidBench never types one. Connect as root, or "
                               "allow the helper alone without a password (visudo: %3 ALL=(root) NOPASSWD: %4)")
                    .arg(name, who, user.isEmpty() ? QStringLiteral("USER") : user,
                         helperCandidates(remoteHelper).join(QStringLiteral(", ")))};
    }
    if (stderrText.contains(QLatin1String("is not allowed to execute")) ||
        stderrText.contains(QLatin1String("is not in the sudoers file")) ||
        stderrText.contains(QLatin1String("sudo: command not found")) ||
        stderrText.contains(QLatin1String("sudo: not found"))) {
        return {ErrorCode::sshSudo,
                QStringLiteral("%1: %2 is not root and sudo does not let it run the helper (%3). Connect as root, "
                               "or add a sudo rule: %4 ALL=(root) NOPASSWD: %5")
                    .arg(name, who, said, user.isEmpty() ? QStringLiteral("USER") : user,
                         helperCandidates(remoteHelper).join(QStringLiteral(", ")))};
    }
    if (stderrText.contains(noHelperMarker)) {
        return {ErrorCode::noHelper,
                QStringLiteral("%1: the helper is not installed there (looked for %2); install the raidbench-cli "
                               "package of the same version on %1, or name where it is with --remote-helper")
                    .arg(name, helperCandidatesText(remoteHelper, QStringLiteral(" and ")))};
    }
    if (exitCode == 255 || said.startsWith(QLatin1String("ssh:"))) {
        return {ErrorCode::sshFailed,
                QStringLiteral("%1: cannot connect: %2")
                    .arg(name, said.isEmpty() ? QStringLiteral("ssh exited with code %1").arg(exitCode) : said)};
    }
    return {ErrorCode::sshFailed,
            QStringLiteral("%1: the helper there ended before it answered (exit code %2)%3")
                .arg(name, QString::number(exitCode), said.isEmpty() ? QString() : QStringLiteral(": ") + said)};
}

QJsonObject SshTarget::stampConnection(QJsonObject hostObject, const QString& lost) const
{
    QJsonObject connection {{QStringLiteral("transport"), QStringLiteral("ssh")}, {QStringLiteral("target"), text()}};
    if (!lost.isEmpty()) {
        connection.insert(QStringLiteral("lost"), lost);
    }
    hostObject.insert(QStringLiteral("connection"), connection);
    return hostObject;
}

} // namespace RaidBench
