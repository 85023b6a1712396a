#include "plan/testregion.h"

#include "engine/iojob.h"
#include "util/errorcodes.h"

#include <algorithm>

namespace RaidBench {

QString testRegionName(TestRegion region)
{
    switch (region) {
    case TestRegion::Start:
        return QStringLiteral("start");
    case TestRegion::Middle:
        return QStringLiteral("middle");
    case TestRegion::End:
        return QStringLiteral("end");
    case TestRegion::Spread:
        return QStringLiteral("spread");
    }
    return QStringLiteral("start");
}

Result<TestRegion> parseTestRegion(const QJsonValue& value)
{
    for (const TestRegion region : {TestRegion::Start, TestRegion::Middle, TestRegion::End, TestRegion::Spread}) {
        if (value == QJsonValue(testRegionName(region))) {
            return region;
        }
    }
    return makeError(
        ErrorCode::invalidPlan,
        QStringLiteral("\"region\" is \"start\", \"middle\", \"end\" or \"spread\" (where on each disk and array the "
                       "sequential tests run), not '%1'")
            .arg(value.toVariant().toString().left(32)));
}

RegionRange regionRange(TestRegion region, std::uint64_t deviceBytes)
{
    constexpr std::uint64_t mib = 1ull << 20;
    if (region == TestRegion::Spread) {
        RegionRange whole;
        whole.zones = std::uint32_t(std::clamp<std::uint64_t>(deviceBytes / IoJob::zoneVisitBytes, 1, spreadZones));
        return whole;
    }
    if (region == TestRegion::Start || deviceBytes < 2 * mib) {
        return {};
    }
    const std::uint64_t span = std::min(deviceBytes, std::max<std::uint64_t>(deviceBytes / 8, 1ull << 30)) / mib * mib;
    if (span == 0 || span >= deviceBytes) {
        return {};
    }
    const std::uint64_t offset =
        region == TestRegion::End ? (deviceBytes - span) / mib * mib : (deviceBytes - span) / 2 / mib * mib;
    return {offset, span};
}

QString describeRegion(TestRegion region)
{
    switch (region) {
    case TestRegion::Start:
        return QStringLiteral("from the first byte of each disk and array (where a hard disk is fastest)");
    case TestRegion::Middle:
        return QStringLiteral("in the middle eighth of each disk and array");
    case TestRegion::End:
        return QStringLiteral("in the last eighth of each disk and array (where a hard disk is slowest: what a "
                              "nearly full array does)");
    case TestRegion::Spread:
        return QStringLiteral("spread across each disk and array, in %1 parts read or written in turn (a hard "
                              "disk's average from its fastest to its slowest zone)")
            .arg(spreadZones);
    }
    return {};
}

} // namespace RaidBench
