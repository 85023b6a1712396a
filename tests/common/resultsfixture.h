#pragma once

#include "model/analysis.h"
#include "plan/surfacescan.h"
#include "results/campaignresults.h"

#include <QtGlobal>

#include <algorithm>
#include <cstdint>

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

/// `disk` read across its surface at 8 points, as a hard disk falls from 105 MB/s at its start to 55 at
/// its end (at least 1 GiB, so the points do not overlap).
inline void scannedLikeAHardDisk(DiskResult& disk)
{
    disk.sizeBytes = std::max<std::uint64_t>(disk.sizeBytes, 1ull << 30);
    SurfaceSpec spec;
    spec.points = 8;
    disk.surface.pointsPlanned = 8;
    for (const std::uint64_t offset : spec.offsets(disk.sizeBytes)) {
        const double at = double(offset) / double(disk.sizeBytes);
        disk.surface.points.append({offset, spec.span(disk.sizeBytes), 105e6 - 50e6 * at});
    }
}

} // namespace RaidBench::Test
