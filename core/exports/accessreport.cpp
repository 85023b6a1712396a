#include "exports/accessreport.h"

#include "exports/markdowncell.h"

#include <cmath>

namespace RaidBench {

namespace {

QString number(const std::optional<double>& value, int decimals = 0)
{
    return value ? QString::number(*value, 'f', decimals) : QString();
}

QString ratio(const std::optional<double>& measured, const std::optional<double>& predicted)
{
    return measured && predicted && *predicted > 0 ? QString::number(*measured / *predicted, 'f', 2) : QString();
}

QString disksTable(const CampaignResults& results)
{
    QString md = QStringLiteral(
        "\n### The disks\n\nReads of 512 KiB chunks at QD8 that skip one (two) chunks after each, as a RAID5 "
        "(RAID6) member skips its parity; the cost of a skip is the time it took as a share of reading the "
        "chunks (0 %: free; 100 %: as long as reading them). Random 4K IOPS, each disk alone, and at QD32 with "
        "every disk at once (together: what the controllers and processors allowed it then).\n\n"
        "| disk | read MB/s | skip one: MB/s | cost | skip two: MB/s | cost | random read QD1 | QD32 | together "
        "| random write QD1 | QD32 | together | |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (const DiskResult& disk : results.disks) {
        const DiskAccess& access = disk.access;
        const auto cost = [&](int chunks) {
            const auto value = disk.readBw ? access.gapCost(chunks, *disk.readBw) : std::nullopt;
            return value ? QStringLiteral("%1 %").arg(std::lround(100 * *value)) : QString();
        };
        const auto mb = [](const std::optional<double>& value) {
            return value ? QString::number(*value / 1e6, 'f', 1) : QString();
        };
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |")
                  .arg(mdCell(disk.label()), mb(disk.readBw), mb(access.skipOneBw), cost(1), mb(access.skipTwoBw),
                       cost(2), number(access.randReadQd1), number(access.randReadQd32),
                       number(access.randReadTogether)) +
            QStringLiteral(" %1 | %2 | %3 | %4 |\n")
                .arg(number(access.randWriteQd1), number(access.randWriteQd32), number(access.randWriteTogether),
                     mdCell(access.error));
    }
    return md;
}

QString layoutsTable(const CampaignResults& results)
{
    QString md = QStringLiteral(
        "\n### Random speed of each layout\n\nRND4K QD32 IOPS measured and predicted from the disks' own random "
        "figures and what one request costs the disks below (docs/analysis.md, \"Random speed\").\n\n"
        "| configuration | read IOPS | predicted | measured / predicted | write IOPS | predicted | measured / "
        "predicted | what a write costs |\n|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const ConfigResult& config : results.configs) {
        const auto read = config.randomIops(false);
        const auto write = config.randomIops(true);
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                  .arg(mdCell(config.name), number(read), number(config.predictedRandomRead),
                       ratio(read, config.predictedRandomRead), number(write), number(config.predictedRandomWrite),
                       ratio(write, config.predictedRandomWrite)) +
            QStringLiteral(" %1 |\n").arg(mdCell(config.predictedRandomNote));
    }
    return md;
}

} // namespace

QString accessMarkdown(const CampaignResults& results)
{
    bool measured = false;
    for (const DiskResult& disk : results.disks) {
        measured = measured || !disk.access.isEmpty();
    }
    if (!measured) {
        return {};
    }
    QString md = QStringLiteral("\n## What the layouts ask of the disks\n");
    md += disksTable(results);
    if (!results.configs.isEmpty()) {
        md += layoutsTable(results);
    }
    return md;
}

} // namespace RaidBench
