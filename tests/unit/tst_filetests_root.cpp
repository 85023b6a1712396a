#include "engine/filetests.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mount.h>
#include <unistd.h>

using namespace RaidBench;

/// File tests against file systems that refuse: read-only, and full. Label `root` (mounts tmpfs).
class TestFileTestsRoot final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString mountTmpfs(const char* name, const char* options)
    {
        const QString point = m_dir.filePath(QLatin1String(name));
        QDir().mkpath(point);
        if (::mount("raidbench-test", QFile::encodeName(point).constData(), "tmpfs", 0, options) != 0) {
            return {};
        }
        return point;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() != 0) {
            QSKIP("needs root to mount tmpfs");
        }
        QVERIFY(m_dir.isValid());
    }

    void readOnlyDirectory()
    {
        const QString point = mountTmpfs("ro", "size=4m");
        QVERIFY(!point.isEmpty());
        QVERIFY(::mount(nullptr, QFile::encodeName(point).constData(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0);
        for (const char* kind : {"small-files", "file-seq"}) {
            FileTestParams params;
            params.kind = QLatin1String(kind);
            params.directory = point;
            params.fileSize = 1 << 20;
            params.files = 10;
            const FileTestResult result = runFileTest(params);
            QCOMPARE(result.status, QStringLiteral("failed"));
            QVERIFY2(result.error.contains(QString::fromLocal8Bit(strerror(EROFS))), qPrintable(result.error));
        }
        ::umount2(QFile::encodeName(point).constData(), MNT_DETACH);
    }

    void fullFileSystemKeepsThePartialResult()
    {
        const QString point = mountTmpfs("full", "size=2m");
        QVERIFY(!point.isEmpty());
        FileTestParams params;
        params.kind = QStringLiteral("small-files");
        params.directory = point;
        params.files = 2000;
        params.directories = 2;
        params.smallFileSize = 4096;
        const FileTestResult result = runFileTest(params);
        const QStringList left = QDir(point).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        ::umount2(QFile::encodeName(point).constData(), MNT_DETACH);
        QCOMPARE(result.status, QStringLiteral("failed"));
        QVERIFY2(result.error.contains(QString::fromLocal8Bit(strerror(ENOSPC))), qPrintable(result.error));
        QVERIFY(!result.phases.isEmpty());
        QCOMPARE(result.phases.first().name, QStringLiteral("create"));
        QVERIFY(result.phases.first().ops > 100 && result.phases.first().ops < 2000); // what fitted is counted
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));

        const QString again = mountTmpfs("full2", "size=2m");
        FileTestParams seq;
        seq.kind = QStringLiteral("file-seq");
        seq.directory = again;
        seq.fileSize = 8u << 20;
        seq.blockSize = 64 * 1024;
        const FileTestResult written = runFileTest(seq);
        ::umount2(QFile::encodeName(again).constData(), MNT_DETACH);
        QCOMPARE(written.status, QStringLiteral("failed"));
        QVERIFY(written.error.contains(QStringLiteral("offset")));
        QCOMPARE(written.phases.first().name, QStringLiteral("write"));
        QVERIFY(written.phases.first().bytes > 0 && written.phases.first().bytes < (8u << 20));
    }
};

QTEST_GUILESS_MAIN(TestFileTestsRoot)
#include "tst_filetests_root.moc"
