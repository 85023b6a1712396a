#pragma once

#include "util/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdint>

namespace RaidBench {

/// A disk as an earlier run measured it. A plan that carries these (the quick answer's builds, after
/// its measuring run) starts only on the very same disks: a path that names another disk now (one
/// swapped, the kernel's names dealt out again) is refused before anything is built.
struct ExpectedDisk
{
    QString path;
    QString serial;
    QString model;
    std::uint64_t sizeBytes = 0;

    QJsonObject toJson() const;
    static Result<ExpectedDisk> fromJson(const QJsonValue& json);
};

} // namespace RaidBench
