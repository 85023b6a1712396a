#pragma once

#include "answer/quickanswer.h"
#include "answer/recommend.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"

#include <QElapsedTimer>
#include <QStringList>

#include <optional>

namespace RaidBench {

/// One quick answer from start to end, as a front end drives it: the disks measured (its first run),
/// the best layouts the model ranked built and measured (a run each time), then a layout the model
/// alone still puts first built too (at most QuickAnswer::maxExtraBuilds), and the answer. The front
/// end runs each plan it is given and reports the run's end; the decisions are made here.
class QuickAnswerFlow
{
public:
    /// What to do after a run: build `names` with `plan`, or show `results`, the answer.
    struct Step
    {
        enum class Next { Build, Finish };
        Next next = Next::Finish;
        CampaignPlan plan; ///< for Build
        QStringList names; ///< for Build: the layouts it builds
        bool extra = false; ///< for Build: a layout the model alone put first after the others were measured
        /// For Finish: the merged results, with the answer in them; for Build: what is measured so far.
        CampaignResults results;
    };

    /// `base`: the disks and the settings of the plan the user would run; the tests are the model's.
    QuickAnswerFlow(const CampaignPlan& base, const Requirements& requirements);

    /// The first run's plan: the disks alone, together and their access patterns.
    const CampaignPlan& measurePlan() const { return m_measure; }
    bool building() const { return m_stage == Stage::Building; }
    const QuickAnswer& answer() const { return m_answer; }

    /// A run completed (failed or cancelled runs end the flow: the caller shows what there is).
    Step runCompleted(const CampaignResults& results);
    /// The caller started the run of a Build step.
    void buildStarted(const Step& step);
    /// The caller could not start a Build step's run (the helper refused or is gone): the answer from
    /// what was measured once layouts were built, or nothing when only the disks were (the run ends as
    /// any other).
    std::optional<Step> buildRefused(const Step& step);
    /// What the window shows while a build runs: the measured disks with every layout built so far.
    CampaignResults shown(const CampaignResults& partial) const;

private:
    enum class Stage { Measuring, Building };
    Step measured(const CampaignResults& results);
    Step built(const CampaignResults& results);
    Step build(const QStringList& names, bool extra, const CampaignResults& sofar) const;
    Step finish(CampaignResults merged);

    Stage m_stage = Stage::Measuring;
    QuickAnswer m_answer;
    CampaignPlan m_measure;
    CampaignResults m_measured;
    CampaignResults m_built; ///< the layouts built so far (their runs' configurations)
    int m_extra = 0; ///< layouts built after the chosen ones, because the model alone put them first
    Recommendation m_before;
    QElapsedTimer m_clock;
};

} // namespace RaidBench
