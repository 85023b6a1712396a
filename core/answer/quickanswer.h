#pragma once

#include "answer/recommend.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "util/runstate.h"
#include "util/translation.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace RaidBench {

/// A layout the quick answer built and measured, beside what the model said of it.
struct VerifiedLayout
{
    QString name;
    int predictedRank = 0; ///< 1-based, among the layouts that qualified before any was built
    std::optional<double> predictedWrite; ///< bytes/s
    std::optional<double> predictedRead;
    std::optional<double> measuredWrite;
    std::optional<double> measuredRead;
    std::optional<double> predictedRandomWrite; ///< RND4K QD32 IOPS
    std::optional<double> predictedRandomRead;
    std::optional<double> measuredRandomWrite;
    std::optional<double> measuredRandomRead;
    RunState status = RunState::Pending; ///< the configuration's: completed, failed, cancelled

    /// Measured over predicted, sequential.
    std::optional<double> ratio(bool write) const;
    /// Measured over predicted, random.
    std::optional<double> randomRatio(bool write) const;
};

/// The quick answer: measure the disks (alone and together), predict every layout they allow, rank
/// them for the requirements, then build and measure only the best few and say how the measurement
/// compared with the prediction. Hours of building every layout on a big pool become minutes; the
/// full campaign stays the way to measure them all.
class QuickAnswer
{
public:
    static constexpr int defaultVerify = 2;
    static constexpr int maxVerify = 20;

    /// What the models predict, and so what the layouts built are measured on: SEQ1M QD8 write and read,
    /// RND4K QD32 write and read.
    static QList<TestSpec> modelledTests();
    /// The first run: each disk alone and together, nothing built. `base` gives the disks and limits.
    static CampaignPlan measurePlan(CampaignPlan base);
    /// Once the chosen layouts are measured, a layout the model alone puts first is built too, so the
    /// answer rests on a measurement: at most this many more.
    static constexpr int maxExtraBuilds = 2;

    /// The best `count` layouts that qualify, in rank order (those not built yet).
    static QStringList choose(const Recommendation& predicted, int count);
    /// The first layout of `ranking` when it was predicted, not built; empty otherwise.
    static QString unbuiltFirst(const Recommendation& ranking);
    /// `built` with the configurations of `more` after its own (the layouts of a further run).
    static CampaignResults withConfigs(CampaignResults built, const CampaignResults& more);
    /// The second run: the chosen layouts built and measured, the disks not measured again, and only on
    /// the very disks `measured` holds (a path that names another disk now is refused before a build).
    static CampaignPlan verifyPlan(const CampaignPlan& measure, const CampaignResults& measured,
                                   const QStringList& names);
    /// The disks and their together-figures of the first run with the configurations of the second,
    /// analysed again.
    static CampaignResults merged(const CampaignResults& measured, const CampaignResults& verified);

    /// Fills the comparison from the ranking before any layout was built and the merged results.
    void compare(const Recommendation& before, const CampaignResults& merged);

    Requirements requirements;
    int verify = defaultVerify;
    double measureSeconds = 0; ///< the disks alone and together
    /// What a full campaign's disks would take beyond measureSeconds: the quick answer ends each disk's
    /// run once its rate settled (measurePlan()), a full campaign runs it for the plan's time.
    double settledSeconds = 0;
    double verifySeconds = 0; ///< building and measuring the chosen layouts
    int layouts = 0; ///< every layout the disks allow (built or predicted)
    QList<VerifiedLayout> verified;
    QString firstPredicted; ///< the top layout before any was built
    QString firstAfter; ///< the top layout once the chosen ones were measured

    /// A full campaign's time on the same disks: the disks measured for the plan's time, then every
    /// layout at the mean time the verified ones took.
    double fullEstimateSeconds() const;
    /// The seconds the disks' runs of `measured` saved by ending once settled: each run alone to the
    /// plan's time, and each group's two runs together as much as the runs alone saved on average.
    static double savedBySettling(const CampaignResults& measured, const CampaignPlan& plan);
    double seconds() const { return measureSeconds + verifySeconds; }

    QJsonObject toJson() const;
    static QuickAnswer fromJson(const QJsonObject& json);
    /// What the command prints after the recommendation: each verified layout, predicted against
    /// measured, and the times.
    QString toText(Audience audience = Audience::File) const;
};

} // namespace RaidBench
