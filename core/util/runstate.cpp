#include "util/runstate.h"

#include "util/enumwords.h"

namespace RaidBench {

namespace {

constexpr EnumWords<RunState, 6> runStateWords {{{RunState::Pending, "pending"},
                                                 {RunState::Running, "running"},
                                                 {RunState::Completed, "completed"},
                                                 {RunState::Failed, "failed"},
                                                 {RunState::Cancelled, "cancelled"},
                                                 {RunState::Skipped, "skipped"}}};

} // namespace

QString runStateName(RunState state)
{
    return enumWord(runStateWords, state);
}

std::optional<RunState> parseRunState(const QString& name)
{
    return enumFromWord(runStateWords, name);
}

} // namespace RaidBench
