#pragma once

#include "disks/confirmeddisk.h"
#include "disks/diskscanner.h"

#include <QJsonArray>
#include <QString>
#include <QStringList>

namespace RaidBench::Test {

/// Each of `paths` as a user who looked at it now confirms it: its identity from a scan of this machine
/// (device number, serial, model, size, a loop device's backing file and inode), named by the path as
/// given. The `confirm_destroy` of a request; a path that is no device is confirmed with what little
/// it is (so that the helper, not the test, refuses it).
inline QJsonArray confirmedNow(const QStringList& paths, bool allowLoop = true)
{
    QJsonArray confirmed;
    EligibilityOptions options;
    options.allowLoop = allowLoop;
    for (const QString& path : paths) {
        auto disk = DiskScanner().inspect(path, options);
        ConfirmedDisk entry = disk ? ConfirmedDisk::fromDisk(*disk, path) : ConfirmedDisk {};
        // A well-formed entry whatever the path is (empty, too long, an empty device): the helper's
        // own checks of the path, not the confirmation's shape, are what a row means to meet.
        entry.path = path.isEmpty() ? QStringLiteral("(none)") : path.left(4096);
        entry.rdev = entry.rdev ? entry.rdev : 1;
        entry.sizeBytes = entry.sizeBytes ? entry.sizeBytes : 1;
        confirmed.append(entry.toJson());
    }
    return confirmed;
}

} // namespace RaidBench::Test
