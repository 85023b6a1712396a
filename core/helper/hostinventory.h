#pragma once

#include "helper/sshtarget.h"
#include "util/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace RaidBench {

/// Hosts as admins keep them: an Ansible inventory, INI or YAML, read for `--hosts @FILE[:GROUP]`.
/// Each host becomes an SshTarget from `ansible_host` (else its name), `ansible_port` and
/// `ansible_user` (also the older `ansible_ssh_*` names), set on the host, on a group it is in
/// (through `children` too) or on `all`; the nearest wins. Every value goes through SshTarget's
/// checks, so an inventory cannot make a host into an ssh option. Other variables are ignored.
/// A line that cannot be read (host ranges, YAML lists, anchors, a tab in the indentation) is an
/// error naming the file and the line.
class HostInventory
{
public:
    /// The hosts of `group` ("all" or empty: every host), in the order the file names them, each once.
    static Result<QList<SshTarget>> read(const QString& path, const QString& group);
    /// The same from the text of a file; `fileName` names it in errors and chooses YAML for .yml and
    /// .yaml (else the text decides: a first line `NAME:` is YAML).
    static Result<QList<SshTarget>> parse(const QByteArray& text, const QString& fileName, const QString& group);
    /// `@FILE` or `@FILE:GROUP` into the file and the group (a ':' after the last '/' starts the group).
    static void splitReference(const QString& reference, QString& path, QString& group);

    static constexpr qint64 maxFileBytes = 1 << 20;
};

} // namespace RaidBench
