#pragma once

#include "engine/iojob.h"

#include <QString>

#include <cstdint>

namespace RaidBench {

/// The commands of the reference tools that do what one engine run did, printed beside its figures so a
/// user can measure the same with them.
class ReferenceCommands
{
public:
    /// The fio command line that runs the same job.
    static QString fio(const IoJob& job, std::uint64_t rangeLength, bool fixedBuffers, bool sync);
    /// The dd command line that moves the same bytes, or an empty string for random and mixed patterns.
    static QString dd(const IoJob& job, std::uint64_t bytes);
};

} // namespace RaidBench
