#include "util/runstate.h"

#include "util/enumwords.h"

#include <QCoreApplication>

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

QString runStateText(RunState state, Audience audience)
{
    if (audience == Audience::File) {
        return runStateName(state);
    }
    switch (state) {
    case RunState::Pending:
        return phrase(audience, "RunState", QT_TRANSLATE_NOOP("RunState", "pending"));
    case RunState::Running:
        return phrase(audience, "RunState", QT_TRANSLATE_NOOP("RunState", "running"));
    case RunState::Completed:
        return phrase(audience, "RunState", QT_TRANSLATE_NOOP("RunState", "completed"));
    case RunState::Failed:
        return phrase(audience, "RunState", QT_TRANSLATE_NOOP("RunState", "failed"));
    case RunState::Cancelled:
        return phrase(audience, "RunState", QT_TRANSLATE_NOOP("RunState", "cancelled"));
    case RunState::Skipped:
        return phrase(audience, "RunState", QT_TRANSLATE_NOOP("RunState", "skipped"));
    }
    return runStateName(state);
}

std::optional<RunState> parseRunState(const QString& name)
{
    return enumFromWord(runStateWords, name);
}

} // namespace RaidBench
