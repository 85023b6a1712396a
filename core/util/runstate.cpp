#include "util/runstate.h"

#include <array>
#include <utility>

namespace RaidBench {

namespace {

constexpr std::array<std::pair<RunState, const char*>, 6> runStateWords {{{RunState::Pending, "pending"},
                                                                          {RunState::Running, "running"},
                                                                          {RunState::Completed, "completed"},
                                                                          {RunState::Failed, "failed"},
                                                                          {RunState::Cancelled, "cancelled"},
                                                                          {RunState::Skipped, "skipped"}}};

} // namespace

QString runStateName(RunState state)
{
    for (const auto& [value, word] : runStateWords) {
        if (value == state) {
            return QLatin1String(word);
        }
    }
    return {};
}

std::optional<RunState> parseRunState(const QString& name)
{
    for (const auto& [value, word] : runStateWords) {
        if (name == QLatin1String(word)) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace RaidBench
