#include "answer/quickanswerflow.h"

namespace RaidBench {

QuickAnswerFlow::QuickAnswerFlow(const CampaignPlan& base, const Requirements& requirements)
{
    CampaignPlan plan = base;
    plan.tests = QuickAnswer::modelledTests();
    m_measure = QuickAnswer::measurePlan(plan);
    m_answer.requirements = requirements;
    m_clock.start();
}

QuickAnswerFlow::Step QuickAnswerFlow::runCompleted(const CampaignResults& results)
{
    return m_stage == Stage::Measuring ? measured(results) : built(results);
}

QuickAnswerFlow::Step QuickAnswerFlow::measured(const CampaignResults& results)
{
    m_answer.measureSeconds = double(m_clock.restart()) / 1000.0;
    m_answer.settledSeconds = QuickAnswer::savedBySettling(results, m_measure);
    m_measured = results;
    m_before = recommend(results, m_answer.requirements, true);
    const QStringList chosen = QuickAnswer::choose(m_before, m_answer.verify);
    return chosen.isEmpty() ? finish(results) : build(chosen, false, results);
}

QuickAnswerFlow::Step QuickAnswerFlow::built(const CampaignResults& results)
{
    m_answer.verifySeconds = double(m_clock.elapsed()) / 1000.0;
    m_built = m_built.configs.isEmpty() ? results : QuickAnswer::withConfigs(m_built, results);
    const CampaignResults merged = QuickAnswer::merged(m_measured, m_built);
    // A layout the model alone now puts first is built too: the answer rests on a measurement.
    const QString next = QuickAnswer::unbuiltFirst(recommend(merged, m_answer.requirements, true));
    if (!next.isEmpty() && m_extra < QuickAnswer::maxExtraBuilds) {
        return build({next}, true, merged);
    }
    return finish(merged);
}

QuickAnswerFlow::Step QuickAnswerFlow::build(const QStringList& names, bool extra, const CampaignResults& sofar) const
{
    Step step;
    step.results = sofar;
    step.next = Step::Next::Build;
    step.plan = QuickAnswer::verifyPlan(m_measure, m_measured, names);
    step.names = names;
    step.extra = extra;
    return step;
}

void QuickAnswerFlow::buildStarted(const Step& step)
{
    m_stage = Stage::Building;
    m_extra += step.extra ? 1 : 0;
}

std::optional<QuickAnswerFlow::Step> QuickAnswerFlow::buildRefused(const Step& step)
{
    if (m_stage == Stage::Measuring) {
        return std::nullopt;
    }
    return finish(step.results);
}

QuickAnswerFlow::Step QuickAnswerFlow::finish(CampaignResults merged)
{
    m_answer.compare(m_before, merged);
    merged.quickAnswer = m_answer.toJson();
    Step step;
    step.results = std::move(merged);
    return step;
}

CampaignResults QuickAnswerFlow::shown(const CampaignResults& partial) const
{
    if (m_stage != Stage::Building) {
        return partial;
    }
    return QuickAnswer::merged(m_measured,
                               m_built.configs.isEmpty() ? partial : QuickAnswer::withConfigs(m_built, partial));
}

} // namespace RaidBench
