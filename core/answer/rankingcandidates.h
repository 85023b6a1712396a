#pragma once

#include "answer/requirements.h"
#include "results/campaignresults.h"
#include "util/translation.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

/// The layouts as the ranking sees them, and their scores: what recommend() and tradeoff() share. Not
/// for front ends; they call those two.
namespace RaidBench::Ranking {

/// The answer's words for whom it is built: English for a file, the user's language for a person.
struct Words
{
    Audience audience = Audience::File;

    QString operator()(const char* english) const { return phrase(audience, "Recommendation", english); }
};

/// A layout as the ranking sees it: measured (a configuration of the results) or predicted (a preset
/// the results do not hold).
struct Candidate
{
    QString name;
    bool predicted = false;
    QString unusable; ///< why it cannot be ranked at all (failed, cancelled)
    double spacePct = 0;
    int failures = 0;
    std::optional<bool> controllerLoss;
    bool oneController = false;
    QHash<Measure, double> values;
    QList<Measure> unstable;
    /// Its write runs ended before the disks' caches were written out: the write is what passed them.
    bool cachedWrite = false;
};

/// What is missed, with a sortable distance: one failure weighs as 25 % of the space.
struct Misses
{
    QStringList reasons;
    double shortfall = 0;
};

/// The measures of each term that at least one of `pool` has; terms with none are left out.
struct ScoringTerms
{
    QList<std::pair<QList<Measure>, double>> terms;
    QStringList dropped; ///< term phrases no layout has
    QHash<Measure, double> best;
    /// The requirements as ranked on: their terms less the dropped ones (all of them when none was kept).
    Requirements rankedOn;
};

/// Every measure a layout can be ranked on, in the order reports list them.
const QList<Measure>& allMeasures();
/// "MB/s", "IOPS", "files/s": the unit of `measure`'s raw value.
QString unitTitle(const Words& say, Measure measure);
/// "77.4 MB/s", "2,059 IOPS": a raw value with its unit.
QString formatValue(const Words& say, Measure measure, double value);
/// "75 %": space kept as the reports show it.
QString spaceText(const Words& say, double pct);
/// "survives 1 failure".
QString survivesText(const Words& say, int failures);
/// As survivesText, and where the disks sit on several controllers, whether losing one is survived: two
/// layouts that differ only in how their disks pair across controllers differ there.
QString survivesText(const Words& say, int failures, std::optional<bool> controllerLoss);
/// Whether the disks of `results` sit on more than one controller: only then can a layout survive
/// losing one, or not.
bool spansControllers(const CampaignResults& results);
/// A layout's space meets `needed` as the report shows it, in whole per cent (md's metadata makes a
/// four-disk raid5 keep 74.9 %, which its user calls 75).
bool keepsEnough(double pct, double needed);
/// What `candidate` misses of `requirements`, each with its reason.
Misses missesOf(const Words& say, const Candidate& candidate, const Requirements& requirements);
/// The measured configurations of `results`, and when `predictMissing` (and every disk has its own
/// speed) the presets they do not hold, predicted by the throughput model.
QList<Candidate> candidatesOf(const Words& say, const CampaignResults& results, bool predictMissing);
/// The measures of each term that at least one of `pool` has; terms with none are left out.
ScoringTerms scoringTerms(const Words& say, const Requirements& requirements, const QList<const Candidate*>& pool);
/// The measures of `scoring` that `candidate` lacks.
QStringList missingOf(const Words& say, const Candidate& candidate, const ScoringTerms& scoring);
/// 0-100: the weighted mean of each measure as a % of the best in `scoring`.
double scoreOf(const Candidate& candidate, const ScoringTerms& scoring);

} // namespace RaidBench::Ranking
