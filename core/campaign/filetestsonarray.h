#pragma once

#include "arrays/buildexecutor.h"
#include "campaign/campaignservices.h"
#include "campaign/quietarrays.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"

#include <atomic>
#include <utility>

namespace RaidBench {

/// The plan's file tests on a built array: the file system made and mounted (the gate checks the array
/// right before), each test run in it (a command test as the invoking user, or nobody), the file system
/// unmounted whatever happened. A mount that fails fails each file test with its reason.
class FileTestsOnArray
{
public:
    struct Context
    {
        const CampaignPlan* plan = nullptr;
        CommandRunner* runner = nullptr;
        const DeviceGate* gate = nullptr;
        CampaignServices* campaign = nullptr;
        const QuietArrays* quiet = nullptr; ///< waited for before each test
        int* unitsDone = nullptr; ///< the campaign's progress count: one a test run
    };

    explicit FileTestsOnArray(Context context)
        : m_context(context)
    { }

    /// Into `config`'s tests, on `built`.
    void run(ConfigResult& config, const BuiltArray& built, CampaignProgress progress, const std::atomic_bool* cancel);

private:
    /// Who runs `command` tests: the invoking user (SUDO_UID, PKEXEC_UID), root when the plan says
    /// so, else nobody. (-1, -1) = as this process.
    std::pair<int, int> commandUser() const;

    Context m_context;
};

} // namespace RaidBench
