#pragma once

#include "answer/requirements.h"
#include "results/campaignresults.h"
#include "util/result.h"
#include "util/translation.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace RaidBench {

/// A layout that meets the requirements, with its place and the reason for it.
struct RankedLayout
{
    QString name;
    double score = 0; ///< 0-100: the weighted mean of each measure as a % of the best qualifying layout
    bool predicted = false; ///< not run: its numbers come from the throughput model
    QString why;
    double spacePct = 0;
    int failures = 0;
    std::optional<bool> controllerLoss;
    QList<std::pair<Measure, double>> values; ///< each measure's raw value (bytes/s, IOPS, 1/s)
    /// The measures whose runs still varied more than the plan allowed (repeat-until-stable gave up).
    QList<Measure> unstable;
};

/// A layout that does not, and why.
struct ExcludedLayout
{
    QString name;
    QString why;
    bool predicted = false;
    int rulesMissed = 0; ///< how many requirements it misses (0 when it was not measured)
    double shortfall = 0; ///< how far, for sorting the nearest first
    double spacePct = 0;
    int failures = 0;
};

/// The answer to "which layout should these disks be?" for one set of requirements.
struct Recommendation
{
    Requirements requirements;
    /// The requirements as ranked on: without a measure no qualifying layout has (a plan without random
    /// tests is not ranked on random speed, and its texts do not say it is).
    Requirements rankedOn;
    QList<RankedLayout> ranked;
    QList<ExcludedLayout> excluded; ///< nearest first
    QString summary; ///< one sentence: the answer, or why there is none and what comes closest
    QStringList notes; ///< measures left out because no layout has them, predictions used
    bool impossible = false; ///< no layout of these disks could meet the requirements at all
    /// Whom its texts are worded for: English for files, the user's language for a person.
    Audience audience = Audience::File;

    /// For the results file and --json: build it for Audience::File, so that its texts are English.
    QJsonObject toJson() const;
    /// For a person at a terminal, in its audience's words.
    QString toText() const;
    /// For the Markdown report, a file: build it for Audience::File.
    QString toMarkdown() const;
};

/// Ranks the measured layouts of `results` that meet `requirements`; presets these disks allow but
/// the results do not hold are filled in from the throughput model (sequential only), marked
/// predicted, when `predictMissing` and every disk was measured on its own. Its texts are worded for
/// `audience`: the window and the terminal ask for Audience::Person, files keep English.
Recommendation recommend(const CampaignResults& results, const Requirements& requirements, bool predictMissing = true,
                         Audience audience = Audience::File);

} // namespace RaidBench
