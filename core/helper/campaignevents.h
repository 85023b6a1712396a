#pragma once

#include "campaign/campaignobserver.h"
#include "helper/helpercontext.h"

#include <QElapsedTimer>
#include <QString>

namespace RaidBench {

/// A campaign's progress (every new step at once, a step's live figures five times a second), commands
/// and results, as events of the helper's request that runs it.
class CampaignEvents final : public CampaignObserver
{
public:
    CampaignEvents(HelperContext& context, qint64 id);

    void progressed(const CampaignProgress& progress) override;
    void commandLogged(const StepLog& log) override;
    void saved(const CampaignResults& results) override;

private:
    HelperContext& m_context;
    qint64 m_id = 0;
    QElapsedTimer m_clock;
    qint64 m_lastProgressMs = -1000;
    QString m_lastMessage;
};

} // namespace RaidBench
