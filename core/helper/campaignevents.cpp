#include "helper/campaignevents.h"

#include "helper/messages.h"

namespace RaidBench {

CampaignEvents::CampaignEvents(HelperContext& context, qint64 id)
    : m_context(context)
    , m_id(id)
{
    m_clock.start();
}

void CampaignEvents::progressed(const CampaignProgress& progress)
{
    // Every new step is told at once; the live figures of one step five times a second.
    if (m_clock.elapsed() - m_lastProgressMs < 200 && progress.message == m_lastMessage &&
        progress.phase != CampaignPhase::Done) {
        return;
    }
    m_lastProgressMs = m_clock.elapsed();
    m_lastMessage = progress.message;
    m_context.event(m_id, Messages::Event::progress, Messages::encodeCampaignProgress(progress));
}

void CampaignEvents::commandLogged(const StepLog& log)
{
    m_context.event(m_id, Messages::Event::command, Messages::CommandEvent::fromStep(log).toJson());
}

void CampaignEvents::saved(const CampaignResults& results)
{
    m_context.event(m_id, Messages::Event::results, Messages::encodeResults(results));
}

} // namespace RaidBench
