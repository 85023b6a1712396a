#pragma once

#include "util/result.h"

#include <QList>
#include <QString>
#include <QVariantMap>

namespace RaidBench {

/// Rows of `lvs`/`vgs`/`pvs --reportformat json`: each a field -> value map.
struct LvmReport
{
    QList<QVariantMap> rows;

    /// `section` is "lv", "vg" or "pv".
    static Result<LvmReport> parse(const QByteArray& json, const QString& section);
    QStringList column(const QString& field) const;
};

} // namespace RaidBench
