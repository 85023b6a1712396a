#pragma once

#include "util/result.h"

#include <QSet>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// Keeps md's automatic assembly off a build's arrays for as long as they exist. udev runs
/// `mdadm --incremental` on every device that appears with an md superblock, and mdadm adds a device
/// whose superblock claims to be a spare of a running array to that array (mdadm 4.2, Incremental.c):
/// anyone who can attach a device (a USB stick, a loop device) carrying a copy of one of our arrays'
/// UUIDs could have md write its data onto it, or theirs into our benchmark. So each build's arrays get
/// UUIDs of their own, chosen before they are made, and a file of mdadm's configuration directory
/// (`raidbench-TAG.conf`, one `ARRAY <ignore> UUID=...` line each) makes mdadm ignore any device
/// carrying them; it is written before the first array exists and removed once the last is gone.
class MdAssemblyGuard
{
public:
    /// `etcRoot` is /etc (tests give a tree of their own).
    explicit MdAssemblyGuard(QString etcRoot = QStringLiteral("/etc"));

    /// A new random md UUID, as mdadm --create --uuid takes it (xxxxxxxx:xxxxxxxx:xxxxxxxx:xxxxxxxx).
    static QString newUuid();
    /// The configuration directories mdadm may read, by how it was built: /etc/mdadm/mdadm.conf.d
    /// (Debian's) and /etc/mdadm.conf.d (upstream's). The guard goes in both.
    QStringList directories() const;
    /// The guard of build `tag` for `uuids`, in every directory: written before the arrays are made. An
    /// existing directory must be root's and writable by root alone; its mode is left as it is.
    Result<void> install(const QString& tag, const QStringList& uuids) const;
    /// Removes the guard of build `tag` (nothing to do when there is none).
    Result<void> remove(const QString& tag) const;
    /// Removes the guards of builds no journal names any more (`liveTags`): their names.
    QStringList removeStale(const QSet<QString>& liveTags) const;

private:
    QString m_etcRoot;
};

} // namespace RaidBench
