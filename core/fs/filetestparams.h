#pragma once

#include "util/result.h"
#include "util/runstate.h"
#include "util/testkind.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace RaidBench {

/// One phase of a file test: bonnie's block write, rewrite and read; creates, stats, reads and deletes
/// of small files; one run of a user command.
struct FilePhase
{
    QString name;
    std::uint64_t ops = 0;
    std::uint64_t bytes = 0;
    double seconds = 0;
    double cpuPct = 0; ///< user + system CPU of this process over the phase, % of one core

    double opsPerSecond() const { return seconds > 0 ? double(ops) / seconds : 0; }
    double bwBytes() const { return seconds > 0 ? double(bytes) / seconds : 0; }
    QJsonObject toJson() const;
    static FilePhase fromJson(const QJsonObject& json);
};

/// What a file test does (test kinds file-seq, file-seeks, small-files, command).
struct FileTestParams
{
    TestKind kind = TestKind::FileSeq; ///< one of the file test kinds
    /// Where the test runs. File tests make their own private directory in it (mkdtemp, mode 0700,
    /// held open) and touch nothing outside it, never through a link.
    QString directory;
    /// The command's own working directory (the campaign gives it one the user owns); empty = `directory`.
    QString commandDirectory;
    // file-seq and file-seeks
    std::uint64_t fileSize = 256ull << 20;
    std::uint32_t blockSize = 1u << 20;
    bool direct = false; ///< file-seq: O_DIRECT instead of the page cache (bonnie is buffered)
    std::uint64_t timeNs = 5'000'000'000ull; ///< file-seeks run length
    // small-files
    int files = 16 * 1024;
    int directories = 16;
    std::uint64_t smallFileSize = 0;
    QString fsync = QStringLiteral("none"); ///< none, each, end
    // command
    QStringList argv;
    QStringList prepare;
    int repeats = 1;
    std::uint64_t timeoutNs = 600'000'000'000ull;
    bool dropCaches = true;
    int uid = -1; ///< run the command as this user (-1: as we are)
    int gid = -1;

    QJsonObject toJson() const;
    static Result<FileTestParams> fromJson(const QJsonObject& json);
};

/// A file test's outcome: its phases (or runs), and for a command the min/median/mean/max wall time.
struct FileTestResult
{
    TestKind kind = TestKind::FileSeq;
    RunState status = RunState::Completed; ///< completed, failed, cancelled
    QString error;
    QList<FilePhase> phases;
    QJsonObject details; ///< fsync policy, file counts, command exit codes, summary

    QJsonObject toJson() const;
    static FileTestResult fromJson(const QJsonObject& json);
};

} // namespace RaidBench
