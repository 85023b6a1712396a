#include "campaign/campaignsystem.h"

#include "disks/diskscanner.h"
#include "engine/iotogether.h"

namespace RaidBench {

IoResult LocalCampaignSystem::runIo(const IoJob& job, const std::atomic_bool* cancel,
                                    const IoEngine::ProgressCallback& progress) const
{
    return IoEngine::run(job, cancel, progress);
}

QList<IoResult> LocalCampaignSystem::runIoTogether(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                                   const IoEngine::ProgressCallback& progress) const
{
    return IoTogether::run(jobs, cancel, progress);
}

Result<Disk> LocalCampaignSystem::inspectDisk(const QString& node) const
{
    return DiskScanner().inspect(node);
}

QString LocalCampaignSystem::mdDirectory(const QString& device) const
{
    return mdSysDirectory(device);
}

QDateTime LocalCampaignSystem::wallClock() const
{
    return QDateTime::currentDateTimeUtc();
}

MdSyncState LocalCampaignSystem::readSync(const QString& mdDirectory) const
{
    return SysfsSyncSource().readSync(mdDirectory);
}

void LocalCampaignSystem::sleepMs(int milliseconds) const
{
    SysfsSyncSource().sleepMs(milliseconds);
}

double LocalCampaignSystem::seconds() const
{
    return SysfsSyncSource().seconds();
}

} // namespace RaidBench
