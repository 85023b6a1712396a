#include "plan/expecteddisk.h"

#include "plan/planerror.h"
#include "util/errorcodes.h"

#include <cmath>

namespace RaidBench {

QJsonObject ExpectedDisk::toJson() const
{
    return {{QStringLiteral("path"), path},
            {QStringLiteral("serial"), serial},
            {QStringLiteral("model"), model},
            {QStringLiteral("size_bytes"), double(sizeBytes)}};
}

Result<ExpectedDisk> ExpectedDisk::fromJson(const QJsonValue& json)
{
    const QJsonObject object = json.toObject();
    const auto text = [&](const char* key) { return object.value(QLatin1String(key)); };
    const double size = text("size_bytes").toDouble(-1);
    if (!json.isObject() || !text("path").isString() || !text("serial").isString() || !text("model").isString() ||
        !text("size_bytes").isDouble() || size < 0 || size > 9.0e18 || size != std::floor(size)) {
        return planError(QStringLiteral("\"expect_disks\" takes one {\"path\", \"serial\", \"model\", "
                                        "\"size_bytes\"} per disk of the plan"));
    }
    ExpectedDisk disk;
    disk.path = text("path").toString().left(4096);
    disk.serial = text("serial").toString().left(256);
    disk.model = text("model").toString().left(256);
    disk.sizeBytes = std::uint64_t(size);
    return disk;
}

} // namespace RaidBench
