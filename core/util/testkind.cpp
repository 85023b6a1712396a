#include "util/testkind.h"

#include "util/enumwords.h"

namespace RaidBench {

namespace {

constexpr EnumWords<TestKind, 7> kindWords {{{TestKind::Io, "io"},
                                             {TestKind::Sweep, "sweep"},
                                             {TestKind::QdSweep, "qd-sweep"},
                                             {TestKind::FileSeq, "file-seq"},
                                             {TestKind::FileSeeks, "file-seeks"},
                                             {TestKind::SmallFiles, "small-files"},
                                             {TestKind::Command, "command"}}};

} // namespace

QString testKindName(TestKind kind)
{
    return enumWord(kindWords, kind);
}

std::optional<TestKind> parseTestKind(const QString& name)
{
    return enumFromWord(kindWords, name);
}

} // namespace RaidBench
