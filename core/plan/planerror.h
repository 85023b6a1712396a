#pragma once

#include "util/errorcodes.h"
#include "util/result.h"

#include <QString>

namespace RaidBench {

/// A plan that cannot be run: what is wrong with it, in the plan's own words.
inline Error planError(const QString& message)
{
    return makeError(ErrorCode::invalidPlan, message);
}

} // namespace RaidBench
