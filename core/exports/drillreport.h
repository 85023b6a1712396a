#pragma once

#include "results/campaignresults.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace RaidBench {

/// The report's "When a disk fails" section: per layout, healthy against degraded MB/s, the rebuild's
/// time and rate with what set its pace, the estimate for a full-size member, the re-add, and the
/// foreground test during the rebuild. Empty when no configuration ran a drill.
QString drillMarkdown(const CampaignResults& results);

/// CSV rows of the drill (columns as resultsToCsv's header plus `drill_seconds` and
/// `drill_estimate_seconds`): the degraded tests (phase "degraded", "two failed"), the foreground test
/// (phase "rebuilding") and each resync or rebuild (kind "drill", phase rebuild, re-add, initial-resync).
/// `row` makes a row from the configuration, the test (or none), its summary, the phase, and the
/// drill's two figures.
QStringList
drillCsvRows(const ConfigResult& config,
             const std::function<QString(const TestResult*, const RunSummary&, const QString& phase,
                                         const QString& name, const QString& seconds, const QString& estimate)>& row);

} // namespace RaidBench
