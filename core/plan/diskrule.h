#pragma once

#include "disks/disk.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace RaidBench {

/// Disks chosen by rule instead of by path, so one plan travels to many machines: every usable disk,
/// narrowed by a model pattern, a size range and a count. Resolved on each machine against its own
/// scan (only disks RaidBench may use: unused, unmounted, no signature, not the system's); the
/// results record the rule and the disks it chose there. Plan JSON: `"disks": {"select": "usable",
/// "model": "ST4000*", "min_size": "1T", "max_size": "8T", "count": 4}` (docs/plan-format.md).
struct DiskRule
{
    QString model; ///< a shell pattern (* ? [...]) matched against the model, case-insensitive; empty: any
    std::uint64_t minBytes = 0; ///< 0: no lower bound
    std::uint64_t maxBytes = 0; ///< 0: no upper bound
    int count = 0; ///< that many (the first by their stable names); 0: every disk that matches

    QJsonObject toJson() const;
    /// Refuses unknown keys, a select other than "usable", a bad size or pattern, min above max and
    /// counts outside 1-64 (`invalid-plan`).
    static Result<DiskRule> fromJson(const QJsonObject& json);
    /// "every usable disk of model ST4000*, 1 TiB to 8 TiB, 4 of them"
    QString text() const;
    bool matches(const Disk& disk) const;
    /// The disks of `scanned` the rule chooses, by their stable paths (by-id links where they exist),
    /// in the order of those paths. None, or fewer than `count`: `no-disks-match`, saying which disks
    /// were near (usable but another model or size) and which matched but are in use.
    Result<QStringList> resolve(const QList<Disk>& scanned, bool allowLoop = false) const;
};

} // namespace RaidBench
