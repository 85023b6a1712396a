#include "helper/buildevents.h"

#include "helper/messages.h"

namespace RaidBench {

BuildEvents::BuildEvents(HelperContext& context, qint64 id, bool withProgress)
    : m_context(context)
    , m_id(id)
    , m_withProgress(withProgress)
{ }

void BuildEvents::progressed(const BuildMessage& message, double fraction)
{
    if (m_withProgress) {
        m_context.event(m_id, Messages::Event::progress, Messages::BuildProgress {message.text(), fraction}.toJson());
    }
}

void BuildEvents::logged(const StepLog& log)
{
    m_context.event(m_id, Messages::Event::command, Messages::CommandEvent::fromStep(log).toJson());
}

} // namespace RaidBench
