#include "util/testkind.h"

#include <array>
#include <utility>

namespace RaidBench {

namespace {

constexpr std::array<std::pair<TestKind, const char*>, 7> kindWords {{{TestKind::Io, "io"},
                                                                      {TestKind::Sweep, "sweep"},
                                                                      {TestKind::QdSweep, "qd-sweep"},
                                                                      {TestKind::FileSeq, "file-seq"},
                                                                      {TestKind::FileSeeks, "file-seeks"},
                                                                      {TestKind::SmallFiles, "small-files"},
                                                                      {TestKind::Command, "command"}}};

} // namespace

QString testKindName(TestKind kind)
{
    for (const auto& [value, word] : kindWords) {
        if (value == kind) {
            return QLatin1String(word);
        }
    }
    return {};
}

std::optional<TestKind> parseTestKind(const QString& name)
{
    for (const auto& [value, word] : kindWords) {
        if (name == QLatin1String(word)) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace RaidBench
