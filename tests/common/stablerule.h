#pragma once

#include "results/campaignresults.h"
#include "util/statistics.h"

#include <QString>

#include <algorithm>
#include <cmath>

namespace RaidBench::Test {

/// Whether a test run in stable mode kept the rule, whatever the host's load made its runs: it ran at
/// least `minRuns` times, stopped at the first run after which the MB/s of all its runs varied by at
/// most `cvMax` (and not before), or else ran `maxRuns` times and is flagged unstable exactly when they
/// still vary more. An empty string when it did, else what it broke. Decides the behaviour, not the
/// host: on a quiet host the rule stops at two runs, on a busy one later, and both are right.
inline QString stableRuleBroken(const TestResult& test, double cvMax, int minRuns, int maxRuns)
{
    QList<double> bandwidths;
    for (const IoResult& run : test.runs) {
        bandwidths.append(run.bandwidth());
    }
    const int runs = int(bandwidths.size());
    if (runs < minRuns || runs > maxRuns) {
        return QStringLiteral("%1 runs, outside %2-%3").arg(runs).arg(minRuns).arg(maxRuns);
    }
    for (int k = minRuns; k < runs; ++k) {
        const double cv = coefficientOfVariation(bandwidths.mid(0, k));
        if (cv <= cvMax) {
            return QStringLiteral("went on after run %1 at a CV of %2 (bound %3)").arg(k).arg(cv).arg(cvMax);
        }
    }
    const double cv = coefficientOfVariation(bandwidths);
    if (cv > cvMax && runs < maxRuns) {
        return QStringLiteral("stopped at %1 runs at a CV of %2 (bound %3)").arg(runs).arg(cv).arg(cvMax);
    }
    if (test.summary.unstable != (cv > cvMax)) {
        return QStringLiteral("flagged %1 at a CV of %2 (bound %3)")
            .arg(test.summary.unstable ? QStringLiteral("unstable") : QStringLiteral("stable"))
            .arg(cv)
            .arg(cvMax);
    }
    if (test.summary.runs != runs || std::abs(test.summary.cv - cv) > 1e-9) {
        return QStringLiteral("summary says %1 runs at CV %2, the runs %3 at %4")
            .arg(test.summary.runs)
            .arg(test.summary.cv)
            .arg(runs)
            .arg(cv);
    }
    return {};
}

} // namespace RaidBench::Test

namespace RaidBench::Test {

/// How far a mixed test's share of reads may be from `readShare` by chance alone: each request is a read
/// with that probability, so over `requests` of them the share has a standard deviation of
/// sqrt(p (1 - p) / n); 4.5 of those (a chance of about 1 in 150,000 of a right engine missing it), and
/// never under 2 %. A busy host makes fewer requests and so a wider bound; it cannot make a wrong split
/// pass or a right one fail.
inline double mixTolerance(double readShare, std::uint64_t requests)
{
    const double n = std::max<double>(1.0, double(requests));
    return std::max(0.02, 4.5 * std::sqrt(readShare * (1 - readShare) / n));
}

} // namespace RaidBench::Test
