#pragma once

#include "util/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// The failure drill of a configuration (docs/plan-format.md "drill"): after the healthy tests, fail
/// a member and run the tests again on the degraded array, then wipe it, add it back and time the
/// rebuild; optionally one foreground test during the rebuild, the bitmap's fast re-add, and the
/// first resync of a freshly created array. Off unless the plan asks.
struct DrillSpec
{
    bool enabled = false;
    bool degraded = true; ///< run the plan's raw-device tests on the degraded array
    bool rebuild = true; ///< remove, wipe, add back and time the rebuild
    bool readd = false; ///< also a short failure with a write-intent bitmap, back with --re-add
    QString underLoad; ///< a test id run in the foreground during the rebuild; empty = none
    std::optional<std::uint64_t> syncSpeedMin; ///< bytes/s for md's sync_speed_min; none = the system's
    std::optional<std::uint64_t> syncSpeedMax; ///< bytes/s for md's sync_speed_max; none = the system's
    bool initialResync = false; ///< build without --assume-clean and time the first resync
    QString member; ///< the member to fail (a plan disk); empty = the first of a redundant array
    std::uint64_t estimateMemberBytes = 4'000'000'000'000ull; ///< "a 4 TB member at this rate: ..."

    QJsonObject toJson() const;
    /// `true` (the defaults), `false`, or an object of the fields above.
    static Result<DrillSpec> fromJson(const QJsonValue& json);
};

} // namespace RaidBench
