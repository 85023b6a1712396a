#pragma once

#include "model/analysis.h"
#include "results/campaignresults.h"

#include <QtGlobal>

namespace RaidBench::Test {

/// tests/data/results/lab-demo.json: a real lab demo campaign, nine layouts on two 105 MB/s and two
/// 38 MB/s disks on one controller; analysed unless `analysed` is false.
inline CampaignResults labDemoResults(bool analysed = true)
{
    auto results = CampaignResults::load(QStringLiteral(RAIDBENCH_TEST_DATA "/results/lab-demo.json"));
    if (!results) {
        qFatal("cannot load the lab demo results: %s", qPrintable(results.error().message));
    }
    if (analysed) {
        analyzeResults(*results);
    }
    return *results;
}

} // namespace RaidBench::Test
