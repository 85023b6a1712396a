#pragma once

#include "util/result.h"

#include <QJsonValue>
#include <QString>

#include <cstdint>

namespace RaidBench {

/// Where on each disk and array the sequential tests and the disks' own speeds are measured. A hard
/// disk is fastest at its start (outer tracks) and about half as fast at its end, so an array tested
/// at its start shows what it does while nearly empty, at its end what it does nearly full, spread
/// across it what it does over its whole life (the average of its zones). Random tests always spread
/// over the whole device.
enum class TestRegion { Start, Middle, End, Spread };

QString testRegionName(TestRegion region);
Result<TestRegion> parseTestRegion(const QJsonValue& value);

/// The bytes of a device of `deviceBytes` a sequential test reads or writes in `region`: the start is
/// the whole device from byte 0 (a long test goes on past an eighth); the middle and the end are an
/// eighth of it (1 GiB at least, the whole device when smaller), centred or ending at the last byte,
/// on 1 MiB boundaries; spread is the whole device in `spreadZones` parts visited in turn (fewer on a
/// device under 8 x 64 MiB). {offset, length, zones}; length 0 means to the end.
struct RegionRange
{
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::uint32_t zones = 1;
};
inline constexpr std::uint32_t spreadZones = 8;
RegionRange regionRange(TestRegion region, std::uint64_t deviceBytes);

/// "the start of each disk and array" and the like, for the report.
QString describeRegion(TestRegion region);

} // namespace RaidBench
