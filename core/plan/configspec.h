#pragma once

#include "fs/filesystem.h"
#include "layout/arrayspec.h"
#include "plan/drillspec.h"
#include "util/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace RaidBench {

/// What the disks' own write caches are while a configuration's tests run: as the disks have them,
/// on, off, or each configuration measured twice, once with every member's cache on and once off.
/// RaidBench always sets each disk back as it found it.
enum class WriteCacheMode { AsIs, On, Off, Both };
QString writeCacheModeName(WriteCacheMode mode);
Result<WriteCacheMode> parseWriteCacheMode(const QJsonValue& value);

/// A plan's "stripe_cache": a number of stripes (17 to 32768, md's range) or a list of 1 to 8 different
/// ones, a sweep.
Result<QList<int>> parseStripeCaches(const QJsonValue& value);
QJsonValue stripeCachesJson(const QList<int>& caches);

/// A configuration to build: a preset applied to the plan's disks, or an explicit tree.
struct ConfigSpec
{
    QString name;
    QString preset; ///< empty for an explicit spec
    ArraySpec spec; ///< for an explicit spec (the preset's tree is made when the disks are known)
    std::optional<FilesystemSpec> filesystem; ///< overrides the plan's
    std::optional<DrillSpec> drill; ///< overrides the plan's
    std::optional<WriteCacheMode> writeCache; ///< overrides the plan's
    std::optional<QList<int>> stripeCaches; ///< overrides the plan's

    QJsonObject toJson() const;
    /// One entry of "configurations": a preset's name, or an object with a name and a preset or a tree.
    static Result<ConfigSpec> fromJson(const QJsonValue& value);
};

} // namespace RaidBench
