#include "results/resultsmodel.h"

#include <algorithm>

namespace RaidBench::ResultsModel {

QList<const ConfigResult*> ordered(const CampaignResults& results, ResultsOrder order)
{
    QList<const ConfigResult*> configs;
    for (const ConfigResult& config : results.configs) {
        configs.append(&config);
    }
    const auto key = [order](const ConfigResult* config) -> double {
        switch (order) {
        case ResultsOrder::Write:
            return config->sequentialWrite().value_or(-1);
        case ResultsOrder::Read:
            return config->sequentialRead().value_or(-1);
        case ResultsOrder::Space:
            return config->spacePct;
        case ResultsOrder::Plan:
            break;
        }
        return 0;
    };
    if (order != ResultsOrder::Plan) {
        std::stable_sort(configs.begin(), configs.end(),
                         [&key](const ConfigResult* a, const ConfigResult* b) { return key(a) > key(b); });
    }
    return configs;
}

int pageCount(const CampaignResults& results, int perPage)
{
    perPage = std::max(1, perPage);
    return std::max(1, int((results.configs.size() + perPage - 1) / perPage));
}

QList<const ConfigResult*> page(const CampaignResults& results, ResultsOrder order, int perPage, int page)
{
    perPage = std::max(1, perPage);
    const int first = std::clamp(page, 0, pageCount(results, perPage) - 1) * perPage;
    return ordered(results, order).mid(first, perPage);
}

QList<TestSpec> ioTests(const CampaignResults& results)
{
    QList<TestSpec> tests;
    QStringList seen;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (test.spec.kind == TestKind::Io && !seen.contains(test.spec.id())) {
                seen.append(test.spec.id());
                tests.append(test.spec);
            }
        }
    }
    return tests;
}

QList<TestSpec> sequentialTests(const CampaignResults& results)
{
    QList<TestSpec> tests = ioTests(results);
    tests.removeIf([](const TestSpec& test) {
        return test.pattern == IoPattern::RandWrite || test.pattern == IoPattern::RandRead ||
            test.pattern == IoPattern::RandReadWrite;
    });
    return tests;
}

QStringList timelineTests(const CampaignResults& results)
{
    QStringList ids;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (test.spec.kind == TestKind::Io && !test.runs.isEmpty() && !test.runs.first().samples.empty() &&
                !ids.contains(test.spec.id())) {
                ids.append(test.spec.id());
            }
        }
    }
    return ids;
}

QStringList latencyTests(const CampaignResults& results)
{
    QStringList ids;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            const bool random = test.spec.pattern == IoPattern::RandRead || test.spec.pattern == IoPattern::RandWrite ||
                test.spec.pattern == IoPattern::RandReadWrite;
            if (test.spec.kind == TestKind::Io && random && test.summary.runs > 0 && !ids.contains(test.spec.id())) {
                ids.append(test.spec.id());
            }
        }
    }
    return ids;
}

QStringList depthSweepTests(const CampaignResults& results)
{
    QStringList ids;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (!test.depthSweep.isEmpty() && !ids.contains(test.spec.id())) {
                ids.append(test.spec.id());
            }
        }
    }
    return ids;
}

QStringList controllers(const CampaignResults& results)
{
    QStringList list;
    for (const DiskResult& disk : results.disks) {
        if (!list.contains(disk.controller)) {
            list.append(disk.controller);
        }
    }
    return list;
}

QList<const DiskResult*> measuredDisks(const CampaignResults& results)
{
    QList<const DiskResult*> disks;
    for (const DiskResult& disk : results.disks) {
        if (disk.writeBw || disk.readBw) {
            disks.append(&disk);
        }
    }
    const QStringList order = controllers(results);
    std::stable_sort(disks.begin(), disks.end(), [&order](const DiskResult* a, const DiskResult* b) {
        return order.indexOf(a->controller) < order.indexOf(b->controller);
    });
    return disks;
}

} // namespace RaidBench::ResultsModel
