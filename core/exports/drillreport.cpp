#include "exports/drillreport.h"

#include "util/units.h"

namespace RaidBench {

namespace {

QString cell(QString text)
{
    return text.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString rate(double bytesPerSecond)
{
    return bytesPerSecond > 0 ? Units::formatMBps(bytesPerSecond) : QStringLiteral("–");
}

QString rebuildCell(const std::optional<RebuildResult>& rebuild)
{
    if (!rebuild) {
        return QStringLiteral("–");
    }
    QString text = QStringLiteral("%1 at %2").arg(Units::formatRoughDuration(rebuild->seconds), rate(rebuild->bw));
    if (!rebuild->completed) {
        text += QStringLiteral(" (did not finish)");
    }
    return text;
}

} // namespace

QString drillMarkdown(const CampaignResults& results)
{
    QString rows;
    QString details;
    QString skipped;
    for (const ConfigResult& config : results.configs) {
        if (!config.drill) {
            continue;
        }
        const DrillResult& drill = *config.drill;
        if (drill.status == RunState::Skipped) {
            skipped += QStringLiteral("- %1: %2.\n").arg(cell(config.name), drill.error);
            continue;
        }
        const TestResult* healthy = config.sequentialTest(false);
        const TestResult* degraded = healthy ? drill.degradedTest(healthy->spec.id()) : nullptr;
        if (!degraded && !drill.degraded.isEmpty()) {
            degraded = &drill.degraded.first();
            healthy = config.test(degraded->spec.id());
        }
        const QString healthyText = healthy ? rate(healthy->summary.bwMedian) : QStringLiteral("–");
        const QString degradedText = degraded ? rate(degraded->summary.bwMedian) : QStringLiteral("–");
        QString estimate = QStringLiteral("–");
        if (drill.rebuild && drill.rebuild->estimateSeconds) {
            estimate = QStringLiteral("%1 for %2")
                           .arg(Units::formatRoughDuration(*drill.rebuild->estimateSeconds),
                                Units::formatBytesDecimal(double(drill.rebuild->estimateMemberBytes)));
        }
        QString load = QStringLiteral("–");
        if (drill.underLoad) {
            load = QStringLiteral("%1 %2 IOPS, rebuild %3")
                       .arg(drill.underLoad->spec.name, QString::number(drill.underLoad->summary.iopsMedian, 'f', 0),
                            rate(drill.rebuildUnderLoadBw.value_or(0)));
        }
        rows += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                    .arg(cell(config.name), degraded ? cell(degraded->spec.name) : QStringLiteral("–"), healthyText,
                         degradedText, rebuildCell(drill.rebuild), estimate, rebuildCell(drill.readd), cell(load));
        QStringList notes;
        if (!drill.failedMembers.isEmpty()) {
            notes.append(QStringLiteral("failed %1 in %2")
                             .arg(drill.failedMembers.join(QStringLiteral(" and ")), drill.failedArray));
        }
        if (drill.rebuild && !drill.rebuild->limitedBy.isEmpty()) {
            notes.append(QStringLiteral("the rebuild was limited by %1").arg(drill.rebuild->limitedBy));
        }
        if (drill.rebuild && drill.rebuild->predictedSeconds) {
            notes.append(QStringLiteral("the slowest member's own write speed predicts %1")
                             .arg(Units::formatRoughDuration(*drill.rebuild->predictedSeconds)));
        }
        if (!drill.degradedTwo.isEmpty()) {
            notes.append(
                QStringLiteral("with two failed: %1 %2")
                    .arg(drill.degradedTwo.first().spec.name, rate(drill.degradedTwo.first().summary.bwMedian)));
        }
        if (drill.initialResync) {
            notes.append(QStringLiteral("creating it without --assume-clean: a first resync of %1")
                             .arg(rebuildCell(drill.initialResync)));
        }
        if (!drill.error.isEmpty()) {
            notes.append(QStringLiteral("the drill %1: %2").arg(runStateName(drill.status), drill.error));
        }
        if (!notes.isEmpty()) {
            details += QStringLiteral("- %1: %2.\n").arg(cell(config.name), notes.join(QStringLiteral("; ")));
        }
    }
    if (rows.isEmpty() && skipped.isEmpty()) {
        return {};
    }
    QString md = QStringLiteral(
        "\n## When a disk fails\n\nEach layout lost a member on purpose after its healthy tests: the tests ran "
        "again on the degraded array, then the member was wiped and added back and md's rebuild was timed from "
        "sysfs. The full-size figure is an estimate: the measured rebuild rate applied to a member of that "
        "size. A re-add (with a write-intent bitmap) copies only what changed while the member was out.\n\n");
    if (!rows.isEmpty()) {
        md += QStringLiteral("| configuration | test | healthy | degraded | rebuild | a full-size member (estimate) "
                             "| re-add | during the rebuild |\n|---|---|---:|---:|---|---|---|---|\n") +
            rows;
    }
    if (!details.isEmpty()) {
        md += QLatin1Char('\n') + details;
    }
    if (!skipped.isEmpty()) {
        md += QStringLiteral("\nNot drilled:\n\n") + skipped;
    }
    return md;
}

QStringList
drillCsvRows(const ConfigResult& config,
             const std::function<QString(const TestResult*, const RunSummary&, const QString& phase,
                                         const QString& name, const QString& seconds, const QString& estimate)>& row)
{
    QStringList lines;
    if (!config.drill) {
        return lines;
    }
    const DrillResult& drill = *config.drill;
    for (const auto& [phase, tests] : {std::pair {QStringLiteral("degraded"), &drill.degraded},
                                       std::pair {QStringLiteral("two failed"), &drill.degradedTwo}}) {
        for (const TestResult& test : *tests) {
            // A sweep has no summary of its own: a row per block size or queue depth.
            for (const auto& [size, point] : test.sweep) {
                lines.append(row(&test, point, phase,
                                 QStringLiteral("%1, bs %2").arg(test.spec.name, Units::formatSizeCompact(size)), {},
                                 {}));
            }
            for (const auto& [depth, point] : test.depthSweep) {
                lines.append(row(&test, point, phase,
                                 QStringLiteral("%1, QD %2").arg(test.spec.name, QString::number(depth)), {}, {}));
            }
            if (!test.spec.isSweep()) {
                lines.append(row(&test, test.summary, phase, test.spec.name, {}, {}));
            }
        }
    }
    if (drill.underLoad) {
        lines.append(row(&*drill.underLoad, drill.underLoad->summary, QStringLiteral("rebuilding"),
                         drill.underLoad->spec.name, {}, {}));
    }
    for (const std::optional<RebuildResult>* rebuild : {&drill.initialResync, &drill.rebuild, &drill.readd}) {
        if (!*rebuild) {
            continue;
        }
        RunSummary summary;
        summary.runs = 1;
        summary.bwMin = summary.bwMedian = summary.bwMax = summary.bwMean = (*rebuild)->bw;
        lines.append(
            row(nullptr, summary, (*rebuild)->kind, (*rebuild)->kind, QString::number((*rebuild)->seconds, 'f', 1),
                (*rebuild)->estimateSeconds ? QString::number(*(*rebuild)->estimateSeconds, 'f', 0) : QString()));
    }
    return lines;
}

} // namespace RaidBench
