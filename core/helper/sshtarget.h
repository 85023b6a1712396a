#pragma once

#include "util/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// Another machine reached over OpenSSH: `[USER@]HOST[:PORT]` (an IPv6 address in brackets). The
/// user's own ssh configuration, agent and known_hosts apply; RaidBench adds only what makes the
/// connection safe to run unattended: no password prompt (BatchMode), no host key accepted
/// silently (StrictHostKeyChecking=yes), and the host as one argument after `--`.
struct SshTarget
{
    QString user; ///< empty: whoever ssh's configuration says
    QString host; ///< a name, an alias from ssh_config, an IPv4 or IPv6 address (without brackets)
    int port = 0; ///< 0: ssh's configuration or 22

    /// Parses and checks `text`; a host starting with '-' (an ssh option), spaces, shell or control
    /// characters, an empty part or a port outside 1-65535 are `bad-host`.
    static Result<SshTarget> parse(const QString& text);

    /// As the user wrote it, normalised: `root@storage1:2222`, `[::1]:2201`, `storage1`.
    QString text() const;

    /// Where the far side's helper may be, as paths separated by ':' tried in order:
    /// $RAIDBENCH_REMOTE_HELPER, else where the package installs it (/usr/libexec), where a source
    /// install puts it (/usr/local/libexec) and this build's own prefix.
    static QString defaultRemoteHelper();
    /// The paths of a ':'-separated helper list, in the order they are tried.
    static QStringList helperCandidates(const QString& remoteHelper);
    /// The list for a message: "A, B and C" with `joiner` " and " (one path: itself).
    static QString helperCandidatesText(const QString& remoteHelper, const QString& joiner);
    /// Each remote helper path must be absolute and plain (letters, digits, / . _ + -): it crosses the
    /// remote login shell. At most `maxHelperCandidates` paths.
    static Result<void> checkRemoteHelper(const QString& path);
    static constexpr int maxHelperCandidates = 8;

    /// The ssh program: $RAIDBENCH_SSH, else `ssh` on PATH (empty when there is none).
    static QString sshProgram();
    /// ssh's arguments to run the helper on the far side: as root directly, else through `sudo -n`
    /// (decided there, so a user named in ssh_config works too). $RAIDBENCH_SSH_CONFIG adds `-F FILE`.
    QStringList sshArguments(const QString& remoteHelper) const;
    /// The command the remote login shell runs.
    static QString remoteCommand(const QString& remoteHelper);

    /// What ssh's (or sudo's, or the remote shell's) complaint on stderr and its exit code mean, as
    /// an error naming this host and saying what to do: an unknown or changed host key, no key the
    /// host accepts, sudo asking for a password, no helper installed there, or no connection.
    Error explainFailure(const QString& remoteHelper, int exitCode, const QString& stderrText) const;

    /// How a results file records that its disks were this host's: its host object with
    /// "connection": {"transport": "ssh", "target": text(), "lost": `lost` when the connection was}.
    /// The window and raidbench-cli run --host stamp results alike.
    QJsonObject stampConnection(QJsonObject hostObject, const QString& lost = {}) const;
};

} // namespace RaidBench
