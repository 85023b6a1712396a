#pragma once

#include "arrays/buildobserver.h"

#include <functional>
#include <utility>

namespace RaidBench::Test {

/// A build's commands, each given to `onLog` as it ends.
class StepLogWatcher final : public BuildObserver
{
public:
    explicit StepLogWatcher(std::function<void(const StepLog&)> onLog)
        : m_onLog(std::move(onLog))
    { }
    void logged(const StepLog& log) override { m_onLog(log); }

private:
    std::function<void(const StepLog&)> m_onLog;
};

} // namespace RaidBench::Test
