#pragma once

#include <QList>
#include <QString>

namespace RaidBench {

/// One thing the lab needs on the host, whether it is there, and the Debian package that provides it.
struct LabCheck
{
    QString what;
    bool ok = false;
    bool required = true;
    QString detail;
    QString package;
};

/// Everything `raidbench-cli lab check` looks at. `cacheDir`/`workRoot` empty = the lab's defaults.
QList<LabCheck> checkLabHost(const QString& cacheDir = QString(), const QString& workRoot = QString());

} // namespace RaidBench
