#include "campaign/quietarrays.h"

#include "util/cancelflag.h"

namespace RaidBench {

QuietArrays::QuietArrays(CampaignServices& campaign, ResyncPolicy policy)
    : m_campaign(campaign)
    , m_policy(policy)
{ }

bool QuietArrays::wait(TestResult& result, CampaignProgress progress, const std::atomic_bool* cancel) const
{
    const CampaignSystem& system = m_campaign.machine();
    while (true) {
        QString busyArray;
        MdSyncState busy;
        for (const QString& array : m_arrays) {
            const MdSyncState state = system.readSync(system.mdDirectory(QStringLiteral("/dev/") + array));
            if (state.working()) {
                busyArray = array;
                busy = state;
                break;
            }
        }
        if (busyArray.isEmpty()) {
            return true;
        }
        if (m_policy == ResyncPolicy::Label) {
            result.duringResync = true;
            return true;
        }
        // Not a measurement: no run fraction and no MB/s for the live chart, only words.
        const double done = busy.totalSectors ? double(busy.doneSectors) / double(busy.totalSectors) : -1;
        progress.fraction = -1;
        progress.liveBwBytes = 0;
        progress.testName = result.spec.name;
        if (done < 0) {
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: waiting for %2's %3 to finish before %4"),
                         {progress.configName, busyArray, busy.action, result.spec.name});
        } else {
            progress.say(
                QT_TRANSLATE_NOOP("CampaignProgress", "%1: waiting for %2's %3 to finish before %4 (%5 % done)"),
                {progress.configName, busyArray, busy.action, result.spec.name, QString::number(int(done * 100))});
        }
        m_campaign.report(progress);
        for (int slice = 0; slice < 10; ++slice) {
            if (cancelled(cancel)) {
                return false;
            }
            system.sleepMs(50);
        }
    }
}

} // namespace RaidBench
