#include "exports/csvexport.h"

#include "exports/drillreport.h"
#include "exports/exportcells.h"
#include "model/analysis.h"
#include "results/campaignresults.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QStringList>

namespace RaidBench {

using namespace ExportCells;

namespace {

QString csvField(const QString& cell)
{
    // Names come from plans, disks and hosts: none may become a formula in a spreadsheet.
    const QString text = spreadsheetSafe(cell);
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n'))) {
        return QLatin1Char('"') + QString(text).replace(QStringLiteral("\""), QStringLiteral("\"\"")) +
            QLatin1Char('"');
    }
    return text;
}

/// The members' write cache during a configuration's runs: on, off, mixed, or empty when not known.
QString cacheState(const ConfigResult& config)
{
    QString state;
    for (const DiskCacheState& disk : config.writeCaches) {
        if (disk.state == CacheState::Unknown) {
            return {};
        }
        const QString word = cacheStateName(disk.state);
        state = state.isEmpty() || state == word ? word : QStringLiteral("mixed");
    }
    return state;
}

/// What one row of the CSV says beside its configuration: a test's figures (or none), the point of a
/// sweep, a file test's phase, a drill's step.
struct CsvRow
{
    const TestResult* test = nullptr;
    RunSummary summary;
    QString point; ///< a block size sweep's size
    QString depthPoint; ///< a queue depth sweep's depth
    const FilePhase* phase = nullptr;
    QString drillPhase;
    QString drillName;
    QString drillSeconds;
    QString drillEstimate;
};

QString csvLine(const ConfigResult& config, const CsvRow& row)
{
    const TestResult* test = row.test;
    const RunSummary& summary = row.summary;
    const QString& point = row.point;
    const QString& depthPoint = row.depthPoint;
    const FilePhase* phase = row.phase;
    const QString& drillPhase = row.drillPhase;
    const QString& drillName = row.drillName;
    const QString& drillSeconds = row.drillSeconds;
    const QString& drillEstimate = row.drillEstimate;
    QStringList fields {
        config.name,
        config.spec.describe(),
        runStateName(config.status),
        test ? test->source : QString(),
        test ? test->spec.id() : QString(),
        test ? test->spec.name : drillName,
        test ? testKindName(test->spec.kind) : (drillName.isEmpty() ? QString() : QStringLiteral("drill")),
        test ? patternName(test->spec.pattern) : QString(),
        test && test->spec.kind != TestKind::Sweep ? QString::number(test->spec.blockSize) : QString(),
        !depthPoint.isEmpty() ? depthPoint : (test ? QString::number(test->spec.queueDepth) : QString()),
        point,
        QString::number(summary.runs),
        summary.runs ? mb(summary.bwMin) : QString(),
        summary.runs ? mb(summary.bwMedian) : QString(),
        summary.runs ? mb(summary.bwMax) : QString(),
        summary.runs ? mb(summary.bwMean) : QString(),
        summary.runs ? QString::number(summary.iopsMedian, 'f', 0) : QString(),
        summary.runs ? QString::number(summary.latP50Median / 1000.0, 'f', 1) : QString(),
        summary.runs ? QString::number(summary.latP99Median / 1000.0, 'f', 1) : QString(),
        QString::number(config.usableBytes),
        QString::number(config.spacePct, 'f', 1),
        QString::number(config.failuresGuaranteed),
        QString::number(config.failuresBestCase),
        config.controllerFailureSurvived
            ? (*config.controllerFailureSurvived ? QStringLiteral("yes") : QStringLiteral("no"))
            : QString(),
        mbOr(config.predictedWrite),
        mbOr(config.predictedRead),
        pctOr(config.relativeWritePct),
        pctOr(config.relativeReadPct),
        config.weakestLink.join(QStringLiteral("; ")),
        test && !test->error.isEmpty() ? test->error : config.error,
        phase ? phase->name : drillPhase,
        phase ? QString::number(phase->opsPerSecond(), 'f', 1) : QString(),
        test ? test->filesystem : QString(),
        drillSeconds,
        drillEstimate,
        summary.runs > 1 && summary.cv >= 0 ? QString::number(summary.cv, 'f', 4) : QString(),
        summary.unstable ? QStringLiteral("yes") : QString(),
        test && test->duringResync ? QStringLiteral("yes") : QString(),
        cacheState(config),
        config.stripeCache > 0 ? QString::number(config.stripeCache) : QString(),
        config.predictedWriteBound,
        test && test->resources && test->resources->partialStripeReads()
            ? QString::number(*test->resources->partialStripeReads(), 'f', 3)
            : QString(),
        config.predictedWriteRange ? mb(config.predictedWriteRange->first) : QString(),
        config.predictedWriteRange ? mb(config.predictedWriteRange->second) : QString(),
        config.predictedRandomWrite ? QString::number(*config.predictedRandomWrite, 'f', 0) : QString(),
        config.predictedRandomRead ? QString::number(*config.predictedRandomRead, 'f', 0) : QString(),
        config.predictedReadRange ? mb(config.predictedReadRange->first) : QString(),
        config.predictedReadRange ? mb(config.predictedReadRange->second) : QString(),
    };
    for (QString& field : fields) {
        field = csvField(field);
    }
    return fields.join(QLatin1Char(','));
}

/// Every row of one configuration's tests: a row a test, a sweep's point or a file test's phase.
void testRows(const ConfigResult& config, QStringList& lines)
{
    const auto row = [&](const TestResult* test, const RunSummary& summary, const QString& point,
                         const FilePhase* phase = nullptr, const QString& depthPoint = {}) {
        lines.append(csvLine(config, {test, summary, point, depthPoint, phase, {}, {}, {}, {}}));
    };
    if (config.tests.isEmpty()) {
        row(nullptr, RunSummary {}, QString());
    }
    for (const TestResult& test : config.tests) {
        if (test.spec.isFileTest()) {
            const FileTestResult outcome = test.file.value_or(FileTestResult {});
            if (outcome.phases.isEmpty()) {
                row(&test, RunSummary {}, QString());
            }
            for (const FilePhase& phase : outcome.phases) {
                RunSummary summary;
                summary.runs = 1;
                summary.bwMin = summary.bwMedian = summary.bwMax = summary.bwMean = phase.bwBytes();
                summary.iopsMedian = phase.opsPerSecond();
                row(&test, summary, QString(), &phase);
            }
        } else if (test.spec.kind == TestKind::Sweep) {
            for (const auto& [size, summary] : test.sweep) {
                row(&test, summary, QString::number(size));
            }
        } else if (test.spec.kind == TestKind::QdSweep) {
            for (const auto& [depth, summary] : test.depthSweep) {
                row(&test, summary, QString(), nullptr, QString::number(depth));
            }
        } else {
            row(&test, test.summary, QString());
        }
    }
}

} // namespace

QString resultsToCsv(const CampaignResults& results)
{
    QStringList lines {QStringLiteral(
        "configuration,description,status,source,test_id,test,kind,rw,bs,qd,block_size_point,runs,bw_mbps_min,bw_mbps_"
        "median,"
        "bw_mbps_max,bw_mbps_mean,iops_median,lat_p50_us,lat_p99_us,usable_bytes,space_pct,failures_guaranteed,"
        "failures_best_case,controller_failure_survived,predicted_write_mbps,predicted_read_mbps,relative_write_pct,"
        "relative_read_pct,weakest_link,error,phase,ops_per_s,filesystem,drill_seconds,drill_estimate_seconds,bw_cv,"
        "unstable,during_resync,write_cache,stripe_cache,predicted_write_bound,partial_stripe_reads,"
        "predicted_write_low_mbps,predicted_write_high_mbps,predicted_rand_write_iops,predicted_rand_read_iops,"
        "predicted_read_low_mbps,predicted_read_high_mbps")};
    for (const ConfigResult& config : results.configs) {
        testRows(config, lines);
        lines +=
            drillCsvRows(config,
                         [&](const TestResult* test, const RunSummary& summary, const QString& phase,
                             const QString& name, const QString& seconds, const QString& estimate) {
                             return csvLine(config, {test, summary, {}, {}, nullptr, phase, name, seconds, estimate});
                         });
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace RaidBench
