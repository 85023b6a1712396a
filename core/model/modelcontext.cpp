#include "model/modelcontext.h"

#include "model/throughputmodel.h"
#include "util/statistics.h"
#include "util/units.h"

#include <algorithm>

namespace RaidBench {

namespace {

/// Whether what `spec`'s disks move is all md's parity threads' work: every parity array's members
/// are disks, and every disk is a member of one (mirrors, stripes or linear arrays above them only; a
/// mirror under a parity array doubles its disks' writes, a parity array under one hides its own).
bool countedByParityThreads(const ArraySpec& spec)
{
    const QList<ArraySpec> members = spec.activeChildren();
    if (spec.isLeaf() || members.isEmpty()) {
        return false;
    }
    if (isParityLevel(spec.level)) {
        return std::all_of(members.begin(), members.end(), [](const ArraySpec& m) { return m.isLeaf(); });
    }
    return std::all_of(members.begin(), members.end(), [](const ArraySpec& m) { return countedByParityThreads(m); });
}

} // namespace

ModelContext modelContext(const CampaignResults& results, const QString& except)
{
    ModelContext context;
    context.cpus = results.host.value(QStringLiteral("cpus")).toInt();
    context.together = results.together;
    for (const DiskResult& disk : results.disks) {
        if (!disk.readBw) {
            continue;
        }
        if (const auto one = disk.access.gapCost(1, *disk.readBw)) {
            context.gapOne.insert(disk.path, *one);
        }
        if (const auto two = disk.access.gapCost(2, *disk.readBw)) {
            context.gapTwo.insert(disk.path, *two);
        }
    }
    QList<double> rates;
    QList<double> other;
    for (const ConfigResult& config : results.configs) {
        if (config.name == except || config.status != RunState::Completed) {
            continue;
        }
        const TestResult* test = config.sequentialTest(true);
        const auto written = config.sequentialWrite();
        if (!test || !test->resources || !written || *written <= 0) {
            continue;
        }
        // md's work in the parity arrays of the tree per byte written on top.
        const std::optional<double> work = parityThreadWork(config.spec);
        if (!work) {
            continue;
        }
        double parityThreads = 0;
        double allThreads = 0;
        for (const auto& [name, share] : test->resources->threadCpu) {
            allThreads += share;
            if (name.contains(QLatin1String("_raid4")) || name.contains(QLatin1String("_raid5")) ||
                name.contains(QLatin1String("_raid6"))) {
                parityThreads += share;
            }
        }
        // Below a fifth of a core the thread's clock ticks are too few to tell its cost.
        if (parityThreads < 0.2) {
            continue;
        }
        // What md's threads did: the pages their members wrote and read, as counted, when every disk of
        // the tree is a parity array's member (countedByParityThreads); else as the model expects them.
        const ResourceUse& use = *test->resources;
        const bool counted = use.memberWriteBytes > 0 && use.seconds > 0 && countedByParityThreads(config.spec);
        rates.append(counted ? (use.memberWriteBytes + mdReadWork * use.memberReadBytes) / (parityThreads * use.seconds)
                             : *written * *work / parityThreads);
        const double rest = test->resources->cpuBusy * double(test->resources->cpus) - allThreads;
        if (rest > 0) {
            other.append(rest / *written);
        }
    }
    context.otherCpuPerByte = median(other);
    // Most of md's work is handling its members' pages, whatever the parity: in the lab a RAID6 page cost
    // md no more than a RAID5 page (the two kinds' rates within 17 % in each of ten pool runs, RAID6's
    // the higher in eight), so every parity layout measured gives one rate for both kinds.
    QStringList sources;
    if (!rates.isEmpty()) {
        context.parityRate = median(rates);
        context.raid6Rate = context.parityRate;
        const QString layouts = rates.size() == 1 ? QStringLiteral("one other parity layout")
                                                  : QStringLiteral("%1 other parity layouts").arg(rates.size());
        sources.append(QStringLiteral("md's threads handled %1 of their members' writes and reads per core, a read "
                                      "counting %2 times, in %3 of this run")
                           .arg(Units::formatMBps(context.parityRate), QString::number(mdReadWork), layouts));
    }
    // Nothing measured: the kernel's own parity speeds, the maths alone, are at least a ceiling (md's
    // thread moved 5 to 10 times less than them in the lab, so they bound only a very slow CPU).
    const QJsonObject kernel = results.host.value(QStringLiteral("kernel_parity")).toObject();
    QStringList ceilings;
    if (context.parityRate <= 0 && kernel.value(QStringLiteral("xor_mbps")).toDouble() > 0) {
        context.parityRate = kernel.value(QStringLiteral("xor_mbps")).toDouble() * 1e6;
        context.parityRateFromKernel = true;
        ceilings.append(QStringLiteral("xor %1").arg(Units::formatMBps(context.parityRate)));
    }
    if (context.raid6Rate <= 0 && kernel.value(QStringLiteral("raid6_gen_mbps")).toDouble() > 0) {
        context.raid6Rate = kernel.value(QStringLiteral("raid6_gen_mbps")).toDouble() * 1e6;
        context.raid6RateFromKernel = true;
        ceilings.append(QStringLiteral("RAID6 syndrome %1").arg(Units::formatMBps(context.raid6Rate)));
    }
    if (!ceilings.isEmpty()) {
        sources.append(
            QStringLiteral("at most the kernel's own parity code: %1 a core").arg(ceilings.join(QStringLiteral(", "))));
    }
    context.rateSource = sources.join(QStringLiteral("; "));
    return context;
}

} // namespace RaidBench
