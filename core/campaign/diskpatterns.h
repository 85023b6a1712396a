#pragma once

#include "campaign/diskbaselines.h"

#include <atomic>

namespace RaidBench {

/// After the disks' own SEQ1M QD8 figures: each disk timed on the access patterns the layouts make of
/// it (results/diskaccess.h), what the throughput model needs to know a disk that seeks from one that
/// does not. Each disk alone reads one chunk and skips one, then one and skips two (a RAID5 and a
/// RAID6 member's reads); then every disk at once (they share nothing a 4K request can fill) reads 4K
/// and writes at random at QD1 and QD32. A few seconds a run; every raw write is preceded by
/// the gate's check of the pinned disk.
class DiskPatterns
{
public:
    /// The units of progress the patterns take for `disks` disks.
    static int units(int disks) { return 2 * disks + 4; }
    static constexpr std::uint32_t chunkBytes = 512u << 10; ///< md's default chunk
    static constexpr int randomQueueDepth = 32;
    /// One run's seconds under `plan`, its ramp included.
    static double runSeconds(const CampaignPlan& plan);

    explicit DiskPatterns(DiskBaselines::Context context);

    void run(const std::atomic_bool* cancel);

private:
    /// A pattern run's limits: the plan's region and ramp, two seconds at most (the model's inputs, not
    /// figures a user reads).
    IoJob job(const DiskResult& disk, const PinnedDevice& pin, const VerifiedDevice& verified) const;
    void runStrided(DiskResult& disk, const std::atomic_bool* cancel);
    void runRandom(IoPattern pattern, int queueDepth, const std::atomic_bool* cancel);

    DiskBaselines::Context m_context;
    int& m_unitsDone;
};

} // namespace RaidBench
