#pragma once

#include "util/translation.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace RaidBench {

struct DiskResult;

/// Disks measured at once, each its own sequential stream (SEQ1M QD8): the disks of one controller, or
/// every disk of the pool. On real hardware a host adapter, an expander or the bus often cannot carry
/// the sum of its disks' own speeds (a 24-disk RAID0 on three controllers wrote 890 MB/s); measured
/// together, the disks show that ceiling, and the model bounds every layout by it.
struct DisksTogether
{
    enum class Scope { Controller, Pool };
    /// Below this share of their sum, the disks together are limited by something they share.
    static constexpr double ceilingShare = 0.85;

    Scope scope = Scope::Pool;
    QString controller; ///< the controller's address (Scope::Controller)
    QStringList disks; ///< the results paths of the disks measured
    std::optional<double> writeBw; ///< bytes/s, all streams together
    std::optional<double> readBw;
    std::optional<double> aloneWriteBw; ///< the sum of the same disks' own baselines
    std::optional<double> aloneReadBw;
    QString error;

    /// Measured together against the sum of the disks alone; null when either is missing.
    std::optional<double> share(bool write) const;
    /// Whether writes or reads together fall below ceilingShare of the sum: a shared ceiling.
    bool limited(bool write) const;
    bool limited() const { return limited(true) || limited(false); }
    /// "controller 0000:00:05.0" or "all 8 disks", as `audience` reads it.
    QString name(Audience audience = Audience::File) const;
    /// "controller 0000:00:05.0: 8 disks write 310.0 MB/s together, 37 % of their sum; ...", as
    /// `audience` reads it.
    QString describe(Audience audience = Audience::File) const;

    QJsonObject toJson() const;
    static DisksTogether fromJson(const QJsonObject& json);
    static QString scopeName(Scope scope);
};

/// What to measure together for a pool: each controller that has two disks or more (when the pool
/// spans more than one controller), then the whole pool (two disks or more). With `measuredOnly`,
/// disks without both baselines are left out.
QList<DisksTogether> togetherGroups(const QList<DiskResult>& disks, bool measuredOnly = true);

/// Fills the sums alone from the disks' baselines.
void fillAloneSums(DisksTogether& group, const QList<DiskResult>& disks);

struct CampaignResults;

/// The report's section: a table of each group, the ceilings named, and the layouts whose predictions
/// they bound; empty when nothing was measured together.
QString togetherMarkdown(const CampaignResults& results);

} // namespace RaidBench
