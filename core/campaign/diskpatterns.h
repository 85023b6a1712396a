#pragma once

#include "campaign/diskbaselines.h"

#include <atomic>
#include <optional>

namespace RaidBench {

/// After the disks' own SEQ1M QD8 figures: each disk timed on the access patterns the layouts make of
/// it (results/diskaccess.h), what the throughput model needs to know a disk that seeks from one that
/// does not. Each disk alone reads one chunk and skips one, then one and skips two (a RAID5 and a
/// RAID6 member's reads), and reads and writes 4K at random at QD1 and QD32; then, with two disks or
/// more, every disk at once reads and writes 4K at random at QD32 (what the controllers and the
/// processors allow them together). Two seconds a strided run, one a random run; every raw write is
/// preceded by the gate's check of the pinned disk.
class DiskPatterns
{
public:
    /// The units of progress the patterns take for `disks` disks.
    static int units(int disks) { return (2 + 4) * disks + (disks > 1 ? 2 : 0); }
    static constexpr std::uint32_t chunkBytes = 512u << 10; ///< md's default chunk
    static constexpr int randomQueueDepth = 32;
    /// The seconds every pattern run for `disks` disks takes under `plan`, ramps included.
    static double seconds(const CampaignPlan& plan, int disks);

    explicit DiskPatterns(DiskBaselines::Context context);

    void run(const std::atomic_bool* cancel);

private:
    enum class Kind { Strided, Random };
    /// A pattern run's limits: the plan's region and ramp, two seconds at most for a strided run and one
    /// for a random run (the model's inputs, not figures a user reads).
    IoJob job(Kind kind, const DiskResult& disk, const PinnedDevice& pin, const VerifiedDevice& verified) const;
    /// The next run of `disk` alone, checked by the gate right before it; none (its unit counted) when
    /// its figure is `done` (resumed), the run was cancelled, the disk failed before, or fails the gate.
    std::optional<IoJob> nextAlone(Kind kind, DiskResult& disk, bool done, const std::atomic_bool* cancel);
    void runStrided(DiskResult& disk, const std::atomic_bool* cancel);
    void runRandomAlone(DiskResult& disk, const std::atomic_bool* cancel);
    void runRandomTogether(IoPattern pattern, const std::atomic_bool* cancel);

    DiskBaselines::Context m_context;
    int& m_unitsDone;
};

} // namespace RaidBench
