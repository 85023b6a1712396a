#pragma once

#include "util/translation.h"

#include <QString>

#include <optional>

namespace RaidBench {

/// Where a run, a configuration, a test or a failure drill stands. Files, the helper protocol and
/// exports carry it as a word (runStateName); everything else compares the enum.
enum class RunState { Pending, Running, Completed, Failed, Cancelled, Skipped };

/// The word a file carries: pending, running, completed, failed, cancelled, skipped.
QString runStateName(RunState state);
/// The word as `audience` reads it: runStateName() for a file, the user's language for a person.
QString runStateText(RunState state, Audience audience);
/// The state `name` names; none for a word that names none.
std::optional<RunState> parseRunState(const QString& name);

} // namespace RaidBench
