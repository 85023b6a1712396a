#include "exports/filetestsreport.h"

#include "exports/markdowncell.h"
#include "fs/filetests.h"
#include "results/campaignresults.h"
#include "util/units.h"

#include <QStringList>

namespace RaidBench {

namespace {

std::optional<FilePhase> filePhase(const ConfigResult& config, TestKind kind, const QString& name)
{
    for (const TestResult& test : config.tests) {
        if (test.spec.kind != kind) {
            continue;
        }
        for (const FilePhase& phase : (test.file ? test.file->phases : QList<FilePhase>())) {
            if (phase.name == name) {
                return phase;
            }
        }
    }
    return std::nullopt;
}

QString fileTestsMarkdown(const CampaignResults& results)
{
    bool any = false;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            any = any || test.spec.isFileTest();
        }
    }
    if (!any) {
        return {};
    }
    // The bonnie++ table: K/s for block output, rewrite and input, seeks/s, files/s.
    const ConfigResult* single = nullptr;
    for (const ConfigResult& config : results.configs) {
        if (config.spec.isLeaf() && filePhase(config, TestKind::FileSeq, QStringLiteral("write"))) {
            single = &config;
            break;
        }
    }
    auto kps = [](const std::optional<FilePhase>& phase) {
        return phase ? QString::number(qRound64(phase->bwBytes() / 1024.0)) : QString();
    };
    auto rate = [](const std::optional<FilePhase>& phase) {
        return phase ? QString::number(phase->opsPerSecond(), 'f', phase->opsPerSecond() < 100 ? 1 : 0) : QString();
    };
    QString md =
        QStringLiteral("\n## File system tests (bonnie-like)\n\nBlock output, rewrite and input in K/s (1024 bytes), "
                       "random seeks/s, small files per second (sequential, then random order)%1.\n\n")
            .arg(single ? QStringLiteral("; write and read % against the single disk (%1)").arg(single->name)
                        : QString());
    md += QStringLiteral(
        "| configuration | fs | block write K/s | rewrite K/s | block read K/s | seeks/s | create/s | stat/s | "
        "read/s | delete/s | random create/s | random delete/s | command median s (min-max) | write % | read % |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|\n");
    for (const ConfigResult& config : results.configs) {
        bool has = false;
        QString fs;
        QString command;
        for (const TestResult& test : config.tests) {
            if (!test.spec.isFileTest()) {
                continue;
            }
            has = true;
            fs = test.filesystem;
            if (test.spec.kind == TestKind::Command) {
                const QJsonObject summary =
                    test.file.value_or(FileTestResult {}).details.value(QStringLiteral("summary")).toObject();
                command = summary.isEmpty()
                    ? runStateName(test.status)
                    : QStringLiteral("%1 (%2-%3)")
                          .arg(QString::number(summary.value(QStringLiteral("median_s")).toDouble(), 'f', 2),
                               QString::number(summary.value(QStringLiteral("min_s")).toDouble(), 'f', 2),
                               QString::number(summary.value(QStringLiteral("max_s")).toDouble(), 'f', 2));
            }
        }
        if (!has) {
            continue;
        }
        const auto write = filePhase(config, TestKind::FileSeq, QStringLiteral("write"));
        const auto read = filePhase(config, TestKind::FileSeq, QStringLiteral("read"));
        QString writePct;
        QString readPct;
        if (single && write && read) {
            const auto baseWrite = filePhase(*single, TestKind::FileSeq, QStringLiteral("write"));
            const auto baseRead = filePhase(*single, TestKind::FileSeq, QStringLiteral("read"));
            if (baseWrite && baseWrite->bwBytes() > 0) {
                writePct = QStringLiteral("%1 %").arg(qRound(100.0 * write->bwBytes() / baseWrite->bwBytes()));
            }
            if (baseRead && baseRead->bwBytes() > 0) {
                readPct = QStringLiteral("%1 %").arg(qRound(100.0 * read->bwBytes() / baseRead->bwBytes()));
            }
        }
        // Two format strings, each filled in one pass: nothing a name holds is read as a placeholder.
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | ")
                  .arg(mdCell(config.name), fs, kps(write),
                       kps(filePhase(config, TestKind::FileSeq, QStringLiteral("rewrite"))), kps(read),
                       rate(filePhase(config, TestKind::FileSeeks, QStringLiteral("seeks"))),
                       rate(filePhase(config, TestKind::SmallFiles, QStringLiteral("create"))),
                       rate(filePhase(config, TestKind::SmallFiles, QStringLiteral("stat"))),
                       rate(filePhase(config, TestKind::SmallFiles, QStringLiteral("read"))));
        md += QStringLiteral("%1 | %2 | %3 | %4 | %5 | %6 |\n")
                  .arg(rate(filePhase(config, TestKind::SmallFiles, QStringLiteral("delete"))),
                       rate(filePhase(config, TestKind::SmallFiles, QStringLiteral("create-random"))),
                       rate(filePhase(config, TestKind::SmallFiles, QStringLiteral("delete-random"))), command,
                       writePct, readPct);
    }
    return md;
}

} // namespace

QString resultsFileTestsMarkdown(const CampaignResults& results)
{
    return fileTestsMarkdown(results);
}

} // namespace RaidBench
