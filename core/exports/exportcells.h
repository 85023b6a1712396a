#pragma once

#include "results/testresult.h"

#include <QString>

#include <optional>

namespace RaidBench::ExportCells {

/// MB/s with one decimal, from bytes a second: "104.9".
QString mb(double bytesPerSecond);
/// mb(), or an empty cell.
QString mbOr(const std::optional<double>& value);
/// A whole percentage, or an empty cell.
QString pctOr(const std::optional<double>& value);
/// "2.1 %" (and "**unstable**") for repeated runs, empty for one.
QString cvCell(const RunSummary& summary);

} // namespace RaidBench::ExportCells
