#pragma once

#include "layout/arrayspec.h"
#include "model/throughputmodel.h"

#include <QList>
#include <QString>

#include <utility>

namespace RaidBench {

/// How a layout's members read one stream (docs/analysis.md, "Reads on mirrors" and "Disks that
/// seek"): what the throughput model composes a layout's read from.

/// What `members` (disk paths, with their own read speeds) can read together: their sum, each group
/// of disks measured together giving at most its figure for its members among them.
double cappedSum(const QList<std::pair<QString, double>>& members, const QList<DisksTogether>* together);

/// The fastest a near layout of `copies` copies over members reading at `reads` can read one stream.
/// Chunk k's copies lie on the `copies` members from (k x copies) mod n on: g = gcd(n, copies) sets
/// start at every g-th member, each holding g/n of the data, and md sends each piece to an idle copy
/// (raid10.c read_balance). The sets share members when copies does not divide n, so the pace is a
/// flow: for every run of L neighbouring sets, the members they cover must carry L x g/n of the data.
/// With copies dividing n that is n/copies x the slowest set's sum; with gcd 1 (n2 over an odd count)
/// the sum of all members.
double nearReadSpeed(const QList<std::pair<QString, double>>& reads, int copies, const QList<DisksTogether>* together);

/// The mean of the slowest of `members`, each at one of its states (equally likely, independent of the
/// others): what a stripe over mirrors reads at per member, each mirror on one of its copies at a time.
double expectedSlowest(const QList<QList<double>>& members);

/// The pace of each member of a RAID5/6 array reading a stream, the slowest: each reads the data chunks
/// of n - p stripes in every n and skips its parity chunks in between (p of them in a row: RAID6's P
/// and Q lie side by side on a member), which costs a disk that must wait for them to pass (a hard
/// disk's platter carries the head over them) as DiskAccess::gapCost() measured (`context`'s gaps).
/// Where a skip costs, `skipNote` says so in words, when it is still empty.
double parityReadPace(const ArraySpec& spec, const QList<ArraySpec>& members, const QList<double>& reads,
                      const ModelContext* context, QString& skipNote);

/// The slowest and the fastest a run of a node reading at `read` can go at, from its members' figures
/// (`reads`) and their own ends (`lows`, `highs`): a mirror's run reads from any one of its members,
/// whichever md picks; a stripe goes at n x its slowest member at each end; other levels scale their
/// figure as their slowest member's ends do.
std::pair<double, double> readRange(ArrayLevel level, double read, const QList<double>& reads,
                                    const QList<double>& lows, const QList<double>& highs);

} // namespace RaidBench
