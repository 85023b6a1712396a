#include "arrays/buildmachine.h"

#include "arrays/buildplan.h"
#include "disks/diskscanner.h"

#include <QFile>

#include <sys/stat.h>

namespace RaidBench {

bool LocalBuildMachine::deviceExists(const QString& device) const
{
    struct stat st
    { };
    return ::stat(QFile::encodeName(device).constData(), &st) == 0 && S_ISBLK(st.st_mode);
}

Result<Disk> LocalBuildMachine::inspectDisk(const QString& node) const
{
    return DiskScanner().inspect(node);
}

bool LocalBuildMachine::assemblyRuns() const
{
    return udevIsRunning();
}

} // namespace RaidBench
