#pragma once

#include <QString>

namespace RaidBench {

/// The system's text for an errno value ("Device or resource busy"), in the user's locale. Safe to call
/// from any thread (strerror_r), unlike strerror.
QString errnoText(int err);

} // namespace RaidBench
