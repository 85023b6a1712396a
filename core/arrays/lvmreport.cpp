#include "arrays/lvmreport.h"

#include "util/errorcodes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RaidBench {

Result<LvmReport> LvmReport::parse(const QByteArray& json, const QString& section)
{
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        return makeError(ErrorCode::badLvmReport,
                         QStringLiteral("cannot read LVM's JSON report: %1").arg(error.errorString()));
    }
    const QJsonValue report = document.object().value(QStringLiteral("report"));
    if (!report.isArray()) {
        return makeError(ErrorCode::badLvmReport, QStringLiteral("LVM's JSON report has no \"report\" array"));
    }
    LvmReport result;
    for (const auto& block : report.toArray()) {
        for (const auto& row : block.toObject().value(section).toArray()) {
            result.rows.append(row.toObject().toVariantMap());
        }
    }
    return result;
}

QStringList LvmReport::column(const QString& field) const
{
    QStringList values;
    for (const auto& row : rows) {
        values.append(row.value(field).toString());
    }
    return values;
}

} // namespace RaidBench
