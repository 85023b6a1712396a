#pragma once

#include <QString>

#include <optional>

namespace RaidBench {

/// What a plan's test does: one I/O job, a sweep of block sizes or queue depths, or a test on a
/// file system. Plans and results carry it as a word (testKindName); everything else compares the
/// enum.
enum class TestKind { Io, Sweep, QdSweep, FileSeq, FileSeeks, SmallFiles, Command };

/// The word a plan carries: io, sweep, qd-sweep, file-seq, file-seeks, small-files, command.
QString testKindName(TestKind kind);
/// The kind `name` names; none for a word that names none.
std::optional<TestKind> parseTestKind(const QString& name);
/// Whether `kind` runs on a file system (file-seq, file-seeks, small-files, command).
inline bool isFileTestKind(TestKind kind)
{
    return kind == TestKind::FileSeq || kind == TestKind::FileSeeks || kind == TestKind::SmallFiles ||
        kind == TestKind::Command;
}

} // namespace RaidBench
