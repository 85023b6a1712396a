#pragma once

#include "answer/requirements.h"
#include "results/campaignresults.h"
#include "util/translation.h"

#include <QList>
#include <QString>

#include <utility>

namespace RaidBench {

/// One layout on the trade-off chart: space kept against speed.
struct TradeoffPoint
{
    QString name;
    double spacePct = 0;
    double speed = 0;
    int failures = 0;
    bool predicted = false;
    bool qualifies = false; ///< meets the requirements
    /// Among the layouts that qualify (all, when none does), no other keeps at least as much space and
    /// is at least as fast.
    bool onFront = false;
    QString detail; ///< its numbers, for a click on the point
};

struct Tradeoff
{
    /// "sequential writes (MB/s)", or "score (best = 100)": 100 is the best layout that qualifies (the
    /// chart's caption says so), or the best of all when none does.
    QString speedTitle;
    /// What the points are ranked on, in words: the requirements' measures less those no layout has.
    QString rankedOn;
    QList<TradeoffPoint> points;
};

/// The points of the trade-off chart for `requirements`' measures: the raw value when they are one
/// measure, else the score as recommend() gives it (a layout left out may score above 100); its words
/// for `audience`.
Tradeoff tradeoff(const CampaignResults& results, const Requirements& requirements, Audience audience = Audience::File);

/// The indices of the points no other point dominates (at least as good in both, better in one),
/// ordered by the first coordinate.
QList<int> paretoFront(const QList<std::pair<double, double>>& points);

} // namespace RaidBench
