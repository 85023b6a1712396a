#include "exports/exportcells.h"

namespace RaidBench::ExportCells {

QString mb(double bytesPerSecond)
{
    return QString::number(bytesPerSecond / 1e6, 'f', 1);
}

QString mbOr(const std::optional<double>& value)
{
    return value ? mb(*value) : QString();
}

QString pctOr(const std::optional<double>& value)
{
    return value ? QString::number(*value, 'f', 0) : QString();
}

QString cvCell(const RunSummary& summary)
{
    if (summary.runs < 2 || summary.cv < 0) {
        return {};
    }
    QString cell = QStringLiteral("%1 %").arg(summary.cv * 100, 0, 'f', 1);
    return summary.unstable ? cell + QStringLiteral(" **unstable**") : cell;
}

} // namespace RaidBench::ExportCells
