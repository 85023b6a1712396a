#include "results/diskaccess.h"

#include "util/jsonvalues.h"

#include <algorithm>
#include <cmath>

namespace RaidBench {

bool DiskAccess::complete() const
{
    return skipOneBw && skipTwoBw && randReadQd1 && randReadQd32 && randWriteQd1 && randWriteQd32;
}

bool DiskAccess::isEmpty() const
{
    return !skipOneBw && !skipTwoBw && !randReadQd1 && !randReadQd32 && !randWriteQd1 && !randWriteQd32 &&
        !randReadTogether && !randWriteTogether && error.isEmpty();
}

std::optional<double> DiskAccess::gapCost(int chunks, double readBw) const
{
    const std::optional<double>& strided = chunks >= 2 ? skipTwoBw : skipOneBw;
    if (!strided || *strided <= 0 || readBw <= 0) {
        return std::nullopt;
    }
    // Reading one chunk and skipping g takes (1 + g x cost) chunks' time at the sequential rate.
    const double gap = chunks >= 2 ? 2.0 : 1.0;
    return std::clamp((readBw / *strided - 1.0) / gap, 0.0, 1.5);
}

std::optional<double> DiskAccess::randomIops(bool write, double queueDepth) const
{
    const std::optional<double>& one = write ? randWriteQd1 : randReadQd1;
    const std::optional<double>& deep = write ? randWriteQd32 : randReadQd32;
    if (!one || !deep || *one <= 0 || *deep <= 0) {
        return std::nullopt;
    }
    const double depth = std::clamp(queueDepth, 1.0, 32.0);
    return *one * std::pow(*deep / *one, std::log(depth) / std::log(32.0));
}

QJsonObject DiskAccess::toJson() const
{
    QJsonObject json {
        {QStringLiteral("chunk_bytes"), double(chunkBytes)},
        {QStringLiteral("skip_one_bw_bytes"), optionalNumber(skipOneBw)},
        {QStringLiteral("skip_two_bw_bytes"), optionalNumber(skipTwoBw)},
        {QStringLiteral("rand_read_qd1_iops"), optionalNumber(randReadQd1)},
        {QStringLiteral("rand_read_qd32_iops"), optionalNumber(randReadQd32)},
        {QStringLiteral("rand_write_qd1_iops"), optionalNumber(randWriteQd1)},
        {QStringLiteral("rand_write_qd32_iops"), optionalNumber(randWriteQd32)},
        {QStringLiteral("rand_read_qd32_together_iops"), optionalNumber(randReadTogether)},
        {QStringLiteral("rand_write_qd32_together_iops"), optionalNumber(randWriteTogether)},
    };
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    return json;
}

DiskAccess DiskAccess::fromJson(const QJsonObject& json)
{
    DiskAccess access;
    const double chunk = json.value(QStringLiteral("chunk_bytes")).toDouble(0);
    access.chunkBytes = chunk > 0 && chunk <= double(1u << 30) ? std::uint32_t(chunk) : 0;
    // A figure that is not a positive finite number is no figure.
    const auto figure = [&](const char* key) {
        const std::optional<double> value = readOptional(json.value(QLatin1String(key)));
        return value && std::isfinite(*value) && *value > 0 ? value : std::nullopt;
    };
    access.skipOneBw = figure("skip_one_bw_bytes");
    access.skipTwoBw = figure("skip_two_bw_bytes");
    access.randReadQd1 = figure("rand_read_qd1_iops");
    access.randReadQd32 = figure("rand_read_qd32_iops");
    access.randWriteQd1 = figure("rand_write_qd1_iops");
    access.randWriteQd32 = figure("rand_write_qd32_iops");
    access.randReadTogether = figure("rand_read_qd32_together_iops");
    access.randWriteTogether = figure("rand_write_qd32_together_iops");
    access.error = json.value(QStringLiteral("error")).toString().left(1000);
    return access;
}

} // namespace RaidBench
