#include "../common/cli.h"
#include "fs/filetests.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// File tests on a temporary directory: phases, counts, bytes, errors, and the user's command.
class TestFileTests final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    bool directoryEmpty() const
    {
        return QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty();
    }

    static QStringList phaseNames(const FileTestResult& result)
    {
        QStringList names;
        for (const FilePhase& phase : result.phases) {
            names.append(phase.name);
        }
        return names;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void fileSequential_data()
    {
        QTest::addColumn<bool>("direct");
        QTest::newRow("buffered") << false;
        QTest::newRow("direct") << true;
    }
    void fileSequential()
    {
        QFETCH(bool, direct);
        FileTestParams params;
        params.kind = TestKind::FileSeq;
        params.directory = m_dir.path();
        params.fileSize = 16u << 20;
        params.blockSize = 256 * 1024;
        params.direct = direct;
        const FileTestResult result = runFileTest(params);
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        QCOMPARE(phaseNames(result), (QStringList {"write", "rewrite", "read"}));
        for (const FilePhase& phase : result.phases) {
            QCOMPARE(phase.bytes, 16ull << 20);
            QCOMPARE(phase.ops, 64ull);
            QVERIFY(phase.seconds > 0);
            QVERIFY(phase.bwBytes() > 0);
            QVERIFY(phase.cpuPct >= 0);
        }
        QVERIFY2(directoryEmpty(), "file-seq left its file behind");
    }

    void fileSeeks()
    {
        FileTestParams params;
        params.kind = TestKind::FileSeeks;
        params.directory = m_dir.path();
        params.fileSize = 8u << 20;
        params.timeNs = 300'000'000;
        const FileTestResult result = runFileTest(params);
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        QCOMPARE(phaseNames(result), QStringList {QStringLiteral("seeks")});
        QVERIFY(result.phases.first().ops > 10);
        QCOMPARE(result.phases.first().bytes, result.phases.first().ops * 4096);
        QVERIFY(result.phases.first().seconds >= 0.3);
        QVERIFY(directoryEmpty());
    }

    void smallFiles_data()
    {
        QTest::addColumn<int>("files");
        QTest::addColumn<int>("directories");
        QTest::addColumn<int>("size");
        QTest::addColumn<QString>("fsync");
        QTest::newRow("bonnie-like empty files") << 512 << 16 << 0 << "none";
        QTest::newRow("seed 001 shape, 1 KiB") << 300 << 1 << 1024 << "end";
        QTest::newRow("fsync each") << 50 << 2 << 4096 << "each";
    }
    void smallFiles()
    {
        QFETCH(int, files);
        QFETCH(int, directories);
        QFETCH(int, size);
        QFETCH(QString, fsync);
        FileTestParams params;
        params.kind = TestKind::SmallFiles;
        params.directory = m_dir.path();
        params.files = files;
        params.directories = directories;
        params.smallFileSize = std::uint64_t(size);
        params.fsync = fsync;
        const FileTestResult result = runFileTest(params);
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        QCOMPARE(phaseNames(result),
                 (QStringList {"create", "stat", "read", "delete", "create-random", "stat-random", "read-random",
                               "delete-random"}));
        for (const FilePhase& phase : result.phases) {
            QCOMPARE(phase.ops, std::uint64_t(files));
            QVERIFY(phase.opsPerSecond() > 0);
            if (phase.name.startsWith(QLatin1String("create")) || phase.name.startsWith(QLatin1String("read"))) {
                QCOMPARE(phase.bytes, std::uint64_t(files) * std::uint64_t(size));
            }
        }
        QCOMPARE(result.details.value(QStringLiteral("fsync")).toString(), fsync);
        QVERIFY2(directoryEmpty(), "small-files left files behind");
    }

    void missingDirectory()
    {
        FileTestParams params;
        params.kind = TestKind::SmallFiles;
        params.directory = m_dir.filePath(QStringLiteral("nope"));
        const FileTestResult result = runFileTest(params);
        QCOMPARE(result.status, RunState::Failed);
        QVERIFY(result.error.contains(QStringLiteral("not a directory")));
    }

    void commandWritesInItsDirectory()
    {
        FileTestParams params;
        params.kind = TestKind::Command;
        params.directory = m_dir.path();
        params.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
                       QStringLiteral("dd if=/dev/zero of=f bs=64k count=16 conv=fdatasync 2>/dev/null && test "
                                      "\"$RAIDBENCH_DIR\" = \"$PWD\"")};
        params.repeats = 3;
        params.dropCaches = false;
        const FileTestResult result = runFileTest(params);
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        QCOMPARE(result.phases.size(), 3);
        QCOMPARE(QFileInfo(m_dir.filePath(QStringLiteral("f"))).size(), qint64(1 << 20));
        const QJsonObject summary = result.details.value(QStringLiteral("summary")).toObject();
        QVERIFY(summary.value(QStringLiteral("min_s")).toDouble() <=
                summary.value(QStringLiteral("median_s")).toDouble());
        QVERIFY(summary.value(QStringLiteral("median_s")).toDouble() <=
                summary.value(QStringLiteral("max_s")).toDouble());
        QCOMPARE(result.details.value(QStringLiteral("runs")).toArray().size(), 3);
        QFile::remove(m_dir.filePath(QStringLiteral("f")));
    }

    void commandThatFails()
    {
        FileTestParams params;
        params.kind = TestKind::Command;
        params.directory = m_dir.path();
        params.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
                       QStringLiteral("echo broken pipe dream >&2; exit 3")};
        params.repeats = 5;
        params.dropCaches = false;
        const FileTestResult result = runFileTest(params);
        QCOMPARE(result.status, RunState::Failed);
        QVERIFY2(result.error.contains(QStringLiteral("exited with 3")) &&
                     result.error.contains(QStringLiteral("broken pipe dream")),
                 qPrintable(result.error));
        QCOMPARE(result.phases.size(), 1); // stops at the first failure
    }

    void commandNotFound()
    {
        FileTestParams params;
        params.kind = TestKind::Command;
        params.directory = m_dir.path();
        params.argv = {QStringLiteral("raidbench-no-such-program")};
        params.dropCaches = false;
        const FileTestResult result = runFileTest(params);
        QCOMPARE(result.status, RunState::Failed);
        QVERIFY2(result.error.contains(QStringLiteral("raidbench-no-such-program: no such program")),
                 qPrintable(result.error));
    }

    void commandThatNeverEnds()
    {
        FileTestParams params;
        params.kind = TestKind::Command;
        params.directory = m_dir.path();
        // A child of the shell keeps running too: the whole process group is killed.
        params.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 30 & sleep 30")};
        params.timeoutNs = 400'000'000;
        params.dropCaches = false;
        QElapsedTimer timer;
        timer.start();
        const FileTestResult result = runFileTest(params);
        QVERIFY(timer.elapsed() < 5000);
        QCOMPARE(result.status, RunState::Failed);
        QVERIFY(result.error.contains(QStringLiteral("killed")));
        QVERIFY(result.details.value(QStringLiteral("runs"))
                    .toArray()
                    .first()
                    .toObject()
                    .value(QStringLiteral("timed_out"))
                    .toBool());
    }

    void benchFsCliJson()
    {
        const CliRun run =
            runCli({QStringLiteral("bench-fs"), QStringLiteral("--dir"), m_dir.path(), QStringLiteral("--test"),
                    QStringLiteral("small-files"), QStringLiteral("--files"), QStringLiteral("100"),
                    QStringLiteral("--dirs"), QStringLiteral("4"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QJsonArray phases = json.value(QStringLiteral("phases")).toArray();
        QCOMPARE(phases.size(), 8);
        for (const auto& value : phases) {
            const QJsonObject phase = value.toObject();
            for (const char* key : {"name", "ops", "bytes", "seconds", "ops_per_s", "bw_bytes"}) {
                QVERIFY2(phase.contains(QLatin1String(key)), key);
            }
        }
        QCOMPARE(phases.first().toObject().value(QStringLiteral("name")).toString(), QStringLiteral("create"));
        QVERIFY(directoryEmpty());
        const CliRun bad =
            runCli({QStringLiteral("bench-fs"), QStringLiteral("--dir"), m_dir.path(), QStringLiteral("--test"),
                    QStringLiteral("small-files"), QStringLiteral("--fsync"), QStringLiteral("sometimes")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QStringLiteral("fsync")));
    }
};

QTEST_GUILESS_MAIN(TestFileTests)
#include "tst_filetests.moc"
