#include "helper/helpertransport.h"

#include "helper/labtransport.h"
#include "helper/pkexectransport.h"
#include "helper/roottransport.h"
#include "version.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <unistd.h>

namespace RaidBench {

std::unique_ptr<HelperTransport> HelperTransport::forThisMachine(const LabOptions* lab)
{
    if (lab) {
        return std::make_unique<LabTransport>(*lab);
    }
    if (!thisMachineAsks()) {
        return std::make_unique<RootTransport>(helperPath());
    }
    return std::make_unique<PkexecTransport>(helperPath());
}

bool HelperTransport::thisMachineAsks()
{
    return geteuid() != 0;
}

QString HelperTransport::helperPath()
{
    const QString fromEnvironment = qEnvironmentVariable("RAIDBENCH_HELPER");
    if (!fromEnvironment.isEmpty()) {
        return fromEnvironment;
    }
    // The build tree (bin/ holds everything), then an installed tree wherever it was installed
    // (bin/../libexec/raidbench), then the prefix compiled in.
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString& candidate :
         {QString(dir + QStringLiteral("/raidbench-helper")),
          QFileInfo(dir + QStringLiteral("/../libexec/raidbench/raidbench-helper")).absoluteFilePath()}) {
        if (QFileInfo(candidate).isExecutable()) {
            return candidate;
        }
    }
    return QStringLiteral(RAIDBENCH_INSTALL_LIBEXECDIR "/raidbench/raidbench-helper");
}

} // namespace RaidBench
