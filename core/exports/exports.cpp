#include "exports/exports.h"

#include "exports/accessreport.h"
#include "exports/drillreport.h"
#include "exports/exportcells.h"
#include "exports/markdowncell.h"
#include "exports/surfacereport.h"
#include "fs/filetests.h"
#include "model/analysis.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/statistics.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QJsonArray>
#include <QSet>

namespace RaidBench {

using namespace ExportCells;

namespace {

/// A predicted figure with the model's range where it has one: "76.0 (57.0-114.0)", in MB/s.
QString predictedCell(const std::optional<double>& figure, const std::optional<std::pair<double, double>>& range)
{
    if (!figure) {
        return {};
    }
    if (!range) {
        return mb(*figure);
    }
    return QStringLiteral("%1 (%2-%3)").arg(mb(*figure), mb(range->first), mb(range->second));
}

/// SMART's verdict and the temperature, for a report's disk table.
QString healthCell(const DiskResult& disk)
{
    if (!disk.healthRead) {
        return {};
    }
    const SmartStatus smart = disk.health.status;
    QString cell = smart == SmartStatus::Passed ? QStringLiteral("OK")
        : smart == SmartStatus::Failed          ? QStringLiteral("**failing**")
        : smart == SmartStatus::NoSmart         ? QStringLiteral("no SMART")
                                                : QStringLiteral("unknown");
    if (disk.health.temperatureC > 0) {
        cell += QStringLiteral(", %1 °C").arg(disk.health.temperatureC);
    }
    if (!disk.health.linkCurrent.isEmpty()) {
        cell += disk.health.linkBelowMax()
            ? QStringLiteral(", link %1 of %2").arg(disk.health.linkCurrent, disk.health.linkMax)
            : QStringLiteral(", link %1").arg(disk.health.linkCurrent);
    }
    return mdCell(cell);
}

QString controllerText(const ConfigResult& config, const CampaignResults& results)
{
    QSet<QString> controllers;
    for (const QString& device : config.spec.leafDevices()) {
        if (const DiskResult* disk = results.disk(device)) {
            controllers.insert(disk->controller);
        }
    }
    if (controllers.size() < 2) {
        return QStringLiteral("one controller");
    }
    if (!config.controllerFailureSurvived) {
        return QStringLiteral("unknown");
    }
    return *config.controllerFailureSurvived ? QStringLiteral("survives") : QStringLiteral("lost");
}

QString memberCount(const ConfigResult& config)
{
    return QString::number(config.spec.leafDevices().size());
}

} // namespace

static QString measurementDepthMarkdown(const CampaignResults& results)
{
    QString md;
    bool depth = false;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (test.depthSweep.isEmpty()) {
                continue;
            }
            if (!depth) {
                md += QStringLiteral(
                    "\n## Queue-depth sweep\n\nWhere latency takes off as the load grows: each queue depth's IOPS, "
                    "MB/s "
                    "and latency (medians of the repeats).\n\n| configuration | test | queue depth | IOPS | MB/s | "
                    "p50 latency | p99 latency | CV |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
                depth = true;
            }
            for (const auto& [qd, summary] : test.depthSweep) {
                md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                          .arg(mdCell(config.name), mdCell(test.spec.name), QString::number(qd),
                               QString::number(summary.iopsMedian, 'f', 0), mb(summary.bwMedian),
                               Units::formatDuration(std::uint64_t(summary.latP50Median)),
                               Units::formatDuration(std::uint64_t(summary.latP99Median)), cvCell(summary));
            }
        }
    }
    bool mixed = false;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            const bool mix = test.spec.pattern == IoPattern::ReadWrite || test.spec.pattern == IoPattern::RandReadWrite;
            if (!mix || test.spec.kind != TestKind::Io || test.runs.isEmpty()) {
                continue;
            }
            if (!mixed) {
                md += QStringLiteral(
                    "\n## Mixed read and write\n\nReads and writes of each mixed test apart "
                    "(medians of the repeats).\n\n| configuration | test | read share of bytes | "
                    "read MB/s | write MB/s | read p99 | write p99 |\n|---|---|---:|---:|---:|---:|---:|\n");
                mixed = true;
            }
            QList<double> share, readBw, writeBw, readP99, writeP99;
            for (const IoResult& run : test.runs) {
                if (run.status != IoStatus::Completed || !run.bytes) {
                    continue;
                }
                share.append(100.0 * double(run.read.bytes) / double(run.bytes));
                readBw.append(run.bandwidth(run.read));
                writeBw.append(run.bandwidth(run.write));
                readP99.append(double(run.read.latency.p99));
                writeP99.append(double(run.write.latency.p99));
            }
            md +=
                QStringLiteral("| %1 | %2 | %3 % | %4 | %5 | %6 | %7 |\n")
                    .arg(mdCell(config.name), mdCell(test.spec.name), QString::number(median(share), 'f', 1),
                         mb(median(readBw)), mb(median(writeBw)), Units::formatDuration(std::uint64_t(median(readP99))),
                         Units::formatDuration(std::uint64_t(median(writeP99))));
        }
    }
    return md;
}

static QString limitsMarkdown(const CampaignResults& results)
{
    QString rows;
    for (const ConfigResult& config : results.configs) {
        const TestResult* write = config.sequentialTest(true);
        const TestResult* read = config.sequentialTest(false);
        const auto words = [](const TestResult* test) {
            return test && test->resources ? mdCell(test->resources->explanation) : QString();
        };
        if ((write && write->resources) || (read && read->resources)) {
            rows += QStringLiteral("| %1 | %2 | %3 |\n").arg(mdCell(config.name), words(write), words(read));
        }
    }
    QString md;
    const QJsonObject parity = results.host.value(QStringLiteral("kernel_parity")).toObject();
    if (rows.isEmpty() && parity.isEmpty()) {
        return md;
    }
    md += QStringLiteral(
        "\n## What limited each figure\n\nThe busiest resource while the sequential tests ran: a disk with a "
        "request in flight nearly all the time, md's kernel thread for the array (it does a parity or mirror "
        "array's work on one core) near a full core, or every core busy. Where none was, the queue depth or "
        "each request's latency set the pace.\n\n");
    if (!parity.isEmpty()) {
        md += QStringLiteral("%1\n\n").arg(kernelParityText(parity));
    }
    if (!rows.isEmpty()) {
        md += QStringLiteral("| configuration | sequential write limited by | sequential read limited by "
                             "|\n|---|---|---|\n") +
            rows;
    }
    return md;
}

/// What the model says of each layout whose writes are not simply the disks' (partial stripes, the CPU),
/// what validation flagged, and md's stripe cache where a plan set it.
static QString parityMarkdown(const CampaignResults& results)
{
    QString rows;
    for (const ConfigResult& config : results.configs) {
        const bool bounded = !config.predictedWriteNote.isEmpty();
        if (!bounded && config.warnings.isEmpty() && config.stripeCache == 0) {
            continue;
        }
        QStringList notes;
        if (bounded) {
            notes.append(config.predictedWriteNote);
        }
        notes += config.warnings;
        rows += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                    .arg(mdCell(config.name),
                         config.stripeCache > 0 ? QString::number(config.stripeCache) : QStringLiteral("256 (md's)"),
                         predictedCell(config.predictedWrite, config.predictedWriteRange),
                         mdCell(notes.join(QStringLiteral("; "))));
    }
    if (rows.isEmpty()) {
        return {};
    }
    return QStringLiteral("\n## Parity writes\n\nWhere md writes less than full stripes, or its threads bound the "
                          "writes, the model says so (docs/analysis.md, \"Parity writes\"); the stripe cache is "
                          "md's, in stripes of a page per member; a range after the predicted write is what md "
                          "gives if it gathers none of the partial stripes and if it gathers all.\n\n| configuration "
                          "| stripe cache | predicted write MB/s | why |\n|---|---:|---:|---|\n") +
        rows;
}

/// The write tests whose runs ended with the disks' caches still holding a twentieth or more of what
/// they wrote: the figure beside what the disks wrote through, and how long they took to write the rest.
static QString cachesMarkdown(const CampaignResults& results)
{
    QString rows;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (!test.summary.cachesHeldSome()) {
                continue;
            }
            QList<double> flushes;
            for (const IoResult& run : test.runs) {
                if (run.writtenThroughBw()) {
                    flushes.append(double(run.flushAfterNs) / 1e9);
                }
            }
            rows += QStringLiteral("| %1 | %2 | %3 | %4 | %5 s |\n")
                        .arg(mdCell(config.name), mdCell(test.spec.name), mb(test.summary.bwMedian),
                             mb(*test.summary.writtenThroughMedian), QString::number(median(flushes), 'f', 2));
        }
    }
    if (rows.isEmpty()) {
        return {};
    }
    return QStringLiteral("\n## Writes the disks' caches held\n\nThese runs ended before the disks had written "
                          "what they took in: their write caches still held some of it, and the figure counts it. "
                          "*Written through* counts every byte the run wrote over the time until the disks had it "
                          "on their media (the flush after the run): what a write longer than the caches gets. A "
                          "longer test time, or a sustained write test, measures past them.\n\n| configuration | "
                          "test | MB/s | written through, MB/s | the caches took after the run |\n"
                          "|---|---|---:|---:|---:|\n") +
        rows;
}

/// What the model says each layout's read asks of the disks, where it asks more than a stream (parity
/// chunks skipped on disks that pay for a skip) or depends on md's choice (a mirror's copy).
static QString readCostsMarkdown(const CampaignResults& results)
{
    QString rows;
    for (const ConfigResult& config : results.configs) {
        if (config.predictedReadNote.isEmpty() || config.predictedReadBound == QLatin1String("shared")) {
            continue; // the shared ceilings have their own section
        }
        rows += QStringLiteral("| %1 | %2 | %3 |\n")
                    .arg(mdCell(config.name), predictedCell(config.predictedRead, config.predictedReadRange),
                         mdCell(config.predictedReadNote));
    }
    if (rows.isEmpty()) {
        return {};
    }
    return QStringLiteral(
               "\n## What the reads ask of the disks\n\nWhere a layout's read costs its disks more "
               "than a stream, or depends on which copy md reads from, the model says so "
               "(docs/analysis.md); a range after the predicted read is the slowest and the fastest "
               "copy a run can read from.\n\n| configuration | predicted read MB/s | why |\n|---|---:|---|\n") +
        rows;
}

namespace {

/// The title and the machine (or the machines compared).
QString headerMarkdown(const CampaignResults& results)
{
    QString md;
    const QJsonObject& host = results.host;
    md += QStringLiteral("# RaidBench results\n\n");
    const auto hostLine = [&](const QJsonObject& host) {
        return QStringLiteral("%1, kernel %2, %3 (%4 CPUs), %5 RAM; %6; LVM %7%8")
            .arg(host.value(QStringLiteral("hostname")).toString(), host.value(QStringLiteral("kernel")).toString(),
                 host.value(QStringLiteral("cpu")).toString(),
                 QString::number(host.value(QStringLiteral("cpus")).toInt()),
                 Units::formatBytesBinary(host.value(QStringLiteral("ram_bytes")).toDouble()),
                 host.value(QStringLiteral("mdadm_version")).toString(),
                 host.value(QStringLiteral("lvm_version")).toString(),
                 host.value(QStringLiteral("lab")).toBool()
                     ? QStringLiteral(" — **virtual lab disks** (%1)")
                           .arg(host.value(QStringLiteral("lab_disks")).toString())
                     : QString());
    };
    if (!results.comparedHosts.isEmpty()) {
        // Many machines: each one named, and its disks judged against the fleet's median.
        md += QStringLiteral("%1 machines side by side. Status: **%2**.\n\n")
                  .arg(QString::number(results.comparedHosts.size()), runStateName(results.status));
        for (qsizetype i = 0; i < results.comparedHosts.size(); ++i) {
            md += QStringLiteral("- **%1**: %2\n")
                      .arg(results.comparedLabels.value(i), hostLine(results.comparedHosts.at(i)));
        }
        md += QLatin1Char('\n');
    } else {
        md += QStringLiteral("%1; RaidBench %2. Status: **%3**.\n\n")
                  .arg(hostLine(host), results.raidbenchVersion, runStateName(results.status));
    }
    return md;
}

/// Each disk on its own: its facts, speeds and what may make it slow.
QString disksMarkdown(const CampaignResults& results)
{
    QString md;
    md += QStringLiteral(
              "## Disks on their own\n\nSEQ1M QD8, direct I/O. A disk below 75 % of the %1 median is slow; what in its "
              "health, its write cache or its difference from the other disks could make it slow follows.\n\n")
              .arg(results.comparedHosts.isEmpty() ? QStringLiteral("pool") : QStringLiteral("fleet's"));
    md +=
        QStringLiteral("| disk | model | serial | size | controller | health | write cache | write MB/s | read MB/s | "
                       "|\n|---|---|---|---:|---|---|---|---:|---:|---|\n");
    for (const DiskResult& disk : results.disks) {
        QStringList notes;
        if (disk.slow) {
            notes.append(QStringLiteral("**slow**: ") + mdCell(disk.slowReason));
        } else if (!disk.baselineError.isEmpty()) {
            notes.append(mdCell(disk.baselineError));
        }
        for (const DiskExplanation& explanation : disk.explanations) {
            notes.append(mdCell(explanation.message));
        }
        if (disk.sustained.measured) {
            notes.append(QStringLiteral("sustained write: ") + mdCell(disk.sustained.summary()));
        }
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |")
                  .arg(mdCell(results.comparedLabels.isEmpty() || disk.name.isEmpty() ? disk.path : disk.name),
                       mdCell(disk.model), mdCell(disk.serial), Units::formatBytesDecimal(double(disk.sizeBytes)),
                       mdCell(disk.controller), healthCell(disk),
                       disk.healthRead ? cacheStateName(disk.writeCache.state) : QString(), mbOr(disk.writeBw),
                       mbOr(disk.readBw)) +
            QStringLiteral(" %1 |\n").arg(notes.join(QStringLiteral("; ")));
    }
    return md;
}

/// Each configuration's measured MB/s per test, and its predictions.
QString configurationsMarkdown(const CampaignResults& results)
{
    QString md;
    QList<TestSpec> tests;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            bool known = false;
            for (const TestSpec& spec : tests) {
                known = known || (spec.id() == test.spec.id() && spec.name == test.spec.name);
            }
            if (!known && test.spec.kind == TestKind::Io) {
                tests.append(test.spec);
            }
        }
    }
    md += QStringLiteral("\n## Configurations\n\nMB/s, median of the repeats (when repeated: min-max, and the "
                         "coefficient of variation of the repeats; **unstable**: still varying more than the plan "
                         "allows after its most repeats; *during resync*: an array was resyncing).\n\n| "
                         "configuration | layout | status |");
    QString rule = QStringLiteral("|---|---|---|");
    for (const TestSpec& test : tests) {
        md += QStringLiteral(" %1 |").arg(mdCell(test.name));
        rule += QStringLiteral("---:|");
    }
    md += QStringLiteral(
              " predicted write | write measured / predicted | predicted read | read measured / predicted |\n") +
        rule + QStringLiteral("---:|---:|---:|---:|\n");
    for (const ConfigResult& config : results.configs) {
        md += QStringLiteral("| %1 | %2 | %3 |")
                  .arg(mdCell(config.name), mdCell(config.spec.describe()),
                       config.status == RunState::Completed
                           ? runStateName(config.status)
                           : QStringLiteral("**%1** %2").arg(runStateName(config.status), mdCell(config.error)));
        for (const TestSpec& spec : tests) {
            const TestResult* found = nullptr;
            for (const TestResult& test : config.tests) {
                if (test.spec.id() == spec.id() && test.spec.name == spec.name) {
                    found = &test;
                }
            }
            QString cell;
            if (found && found->summary.runs > 0) {
                cell = mb(found->summary.bwMedian);
                if (found->summary.runs > 1) {
                    const QString cv = found->summary.cv < 0
                        ? QString()
                        : QStringLiteral(", CV %1 %").arg(found->summary.cv * 100, 0, 'f', 1);
                    cell += QStringLiteral(" (%1-%2%3)").arg(mb(found->summary.bwMin), mb(found->summary.bwMax), cv);
                }
                if (found->summary.unstable) {
                    cell += QStringLiteral(" **unstable**");
                }
                if (found->duringResync) {
                    cell += QStringLiteral(" *during resync*");
                }
                if (found->summary.cachesHeldSome()) {
                    cell += QStringLiteral(" *caches: %1 through*").arg(mb(*found->summary.writtenThroughMedian));
                }
                if (found->source != QLatin1String("raidbench")) {
                    cell += QStringLiteral(" [%1]").arg(found->source);
                }
            } else if (found) {
                cell = runStateName(found->status);
            }
            md += QStringLiteral(" %1 |").arg(cell);
        }
        auto ratio = [](std::optional<double> value) { return value ? QString::number(*value, 'f', 2) : QString(); };
        md += QStringLiteral(" %1 | %2 | %3 | %4 |\n")
                  .arg(predictedCell(config.predictedWrite, config.predictedWriteRange),
                       ratio(config.measuredOverPredicted),
                       predictedCell(config.predictedRead, config.predictedReadRange),
                       ratio(config.measuredOverPredictedRead));
    }
    return md;
}

/// The members' write caches during each configuration, when the plan asked for them.
QString writeCachesMarkdown(const CampaignResults& results)
{
    QString md;
    bool cachesAsked = false;
    for (const ConfigResult& config : results.configs) {
        cachesAsked = cachesAsked || config.writeCacheMode != WriteCacheMode::AsIs;
    }
    if (cachesAsked) {
        md += QStringLiteral("\n## Write caches\n\nThe member disks' own write caches while each configuration's "
                             "tests ran; every disk was set back as it was afterwards.\n\n| configuration | asked | "
                             "members |\n|---|---|---|\n");
        for (const ConfigResult& config : results.configs) {
            QStringList members;
            for (const DiskCacheState& disk : config.writeCaches) {
                const DiskResult* known = results.disk(disk.disk);
                members.append(QStringLiteral("%1 %2").arg(
                    mdCell(known && !known->name.isEmpty() ? known->name : disk.disk), cacheStateName(disk.state)));
            }
            QString cell = members.join(QStringLiteral(", "));
            if (!config.writeCacheNote.isEmpty()) {
                cell += QStringLiteral(" (%1)").arg(mdCell(config.writeCacheNote));
            }
            md += QStringLiteral("| %1 | %2 | %3 |\n")
                      .arg(mdCell(config.name),
                           config.writeCacheMode == WriteCacheMode::AsIs ? QStringLiteral("as the disks had them")
                                                                         : writeCacheModeName(config.writeCacheMode),
                           cell);
        }
    }
    return md;
}

/// Each configuration relative to one disk: speed, space kept, failures survived.
QString relativeMarkdown(const CampaignResults& results)
{
    QString md;
    md += QStringLiteral(
        "\n## Relative to one disk\n\nSequential write and read as % of one disk, beside the % of raw space "
        "kept. One disk is the median disk: the disks in order of their own speed, the one in the middle (of an "
        "even count, the faster of the two in the middle); the slow-disk rule measures against it too");
    {
        const DiskResult* writer = medianDisk(results, true);
        const DiskResult* reader = medianDisk(results, false);
        const DiskResult* slowest = slowestDisk(results);
        if (writer && slowest) {
            md += QStringLiteral(": %1 (%2 write), %3 (%4 read). The slowest disk is %5 (%6 write, %7 read).\n\n")
                      .arg(mdCell(writer->label()), Units::formatMBps(*writer->writeBw),
                           mdCell(reader ? reader->label() : writer->label()),
                           Units::formatMBps(reader && reader->readBw ? *reader->readBw : 0), mdCell(slowest->label()),
                           Units::formatMBps(*slowest->writeBw), Units::formatMBps(slowest->readBw.value_or(0)));
        } else {
            md += QStringLiteral("; the disks were not measured on their own here.\n\n");
        }
    }
    md += QStringLiteral(
        "| configuration | disks | write % of one disk | read % of one disk | space kept % | failures survived | "
        "controller loss | weakest link |\n|---|---:|---:|---:|---:|---|---|---|\n");
    for (const ConfigResult& config : results.configs) {
        md +=
            QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                .arg(mdCell(config.name), memberCount(config),
                     config.relativeWritePct ? QStringLiteral("%1 %").arg(*config.relativeWritePct, 0, 'f', 0)
                                             : QString(),
                     config.relativeReadPct ? QStringLiteral("%1 %").arg(*config.relativeReadPct, 0, 'f', 0)
                                            : QString(),
                     QStringLiteral("%1 %").arg(config.spacePct, 0, 'f', 0),
                     config.failuresGuaranteed == config.failuresBestCase
                         ? QString::number(config.failuresGuaranteed)
                         : QStringLiteral("%1 (up to %2)").arg(config.failuresGuaranteed).arg(config.failuresBestCase),
                     controllerText(config, results), mdCell(config.weakestLink.join(QStringLiteral("; "))));
    }
    return md;
}

/// The block-size sweeps.
QString sweepMarkdown(const CampaignResults& results)
{
    QString md;
    bool sweep = false;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (test.spec.kind == TestKind::Sweep && !test.sweep.isEmpty()) {
                if (!sweep) {
                    md += QStringLiteral("\n## Block-size sweep\n\n| configuration | test | block size | MB/s | IOPS "
                                         "| CV |\n|---|---|---:|---:|---:|---:|\n");
                    sweep = true;
                }
                for (const auto& [size, summary] : test.sweep) {
                    md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                              .arg(mdCell(config.name), mdCell(test.spec.name), Units::formatSizeCompact(size),
                                   mb(summary.bwMedian), QString::number(summary.iopsMedian, 'f', 0), cvCell(summary));
                }
            }
        }
    }
    return md;
}

/// Where the tests ran, and what the figures mean.
QString notesMarkdown(const CampaignResults& results)
{
    QString md;
    // Where the tests ran: the plan's region ("start" when it names none, as before there was a choice).
    const QJsonValue regionValue = results.plan.value(QStringLiteral("region"));
    const auto region = parseTestRegion(regionValue.isUndefined() ? QJsonValue(QStringLiteral("start")) : regionValue);
    md += QStringLiteral("\n## Notes\n\n- %1\n- Sequential tests and each disk's own speed ran %2; random tests "
                         "spread over the whole device.\n- Predictions follow docs/analysis.md: the throughput model "
                         "composes each level from its members' own speeds, measured in the same region.\n- MB/s is "
                         "10^6 bytes per second.\n")
              .arg(results.assumeCleanReason,
                   region ? describeRegion(*region)
                          : QStringLiteral("where the plan said (%1)").arg(regionValue.toString()));
    return md;
}

} // namespace

QString resultsToMarkdown(const CampaignResults& results, const Requirements& requirements)
{
    QString md = headerMarkdown(results);
    md += disksMarkdown(results);
    md += togetherMarkdown(results);
    md += surfaceMarkdown(results);
    md += configurationsMarkdown(results);
    md += writeCachesMarkdown(results);
    md += relativeMarkdown(results);
    md += limitsMarkdown(results);
    md += sustainedMarkdown(results);
    md += accessMarkdown(results);
    md += parityMarkdown(results);
    md += cachesMarkdown(results);
    md += readCostsMarkdown(results);
    md += drillMarkdown(results);
    md += sweepMarkdown(results);
    md += measurementDepthMarkdown(results);
    md += resultsFileTestsMarkdown(results);
    md += notesMarkdown(results);
    if (results.comparedLabels.isEmpty()) {
        md += recommend(results, requirements).toMarkdown();
    }
    return md;
}

} // namespace RaidBench
