#include "results/resultssink.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace RaidBench;

/// Nothing measured is lost: the sink the runner, the window and the CLI save results through.
class TestResultsSink : public QObject
{
    Q_OBJECT

private:
    static QByteArray read(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private Q_SLOTS:
    void writesTheFileAskedFor()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        ResultsSink sink(path, {}, 0600);
        int moved = 0;
        sink.setMovedHandler([&](const Error&, const QString&) { ++moved; });
        QVERIFY(sink.write("{\"a\":1}").ok());
        QVERIFY(sink.write("{\"a\":2}").ok());
        QCOMPARE(read(path), QByteArray("{\"a\":2}"));
        QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadOther | QFile::ReadGroup), QFile::Permissions());
        QCOMPARE(sink.path(), path);
        QVERIFY(!sink.movedToFallback());
        QCOMPARE(moved, 0);
    }

    void anUnwritableFileSendsTheResultsElsewhereOnce()
    {
        QTemporaryDir dir;
        // The results file's folder is gone (a removed disk, a full one reads the same to the writer).
        const QString path = dir.filePath(QStringLiteral("gone/r.json"));
        const QString fallbackDirectory = dir.filePath(QStringLiteral("fallback"));
        ResultsSink sink(path, fallbackDirectory);
        QStringList told;
        sink.setMovedHandler([&](const Error& why, const QString& fallback) {
            QVERIFY(!why.message.isEmpty());
            told.append(fallback);
        });
        QVERIFY(sink.write("first").ok());
        QCOMPARE(told.size(), 1);
        QVERIFY(sink.movedToFallback());
        QCOMPARE(sink.path(), told.first());
        QCOMPARE(sink.requestedPath(), path);
        QVERIFY(sink.path().startsWith(fallbackDirectory + QLatin1Char('/')));
        QCOMPARE(read(sink.path()), QByteArray("first"));
        // Made private: results name the disks' serials.
        struct stat st
        { };
        QCOMPARE(::stat(QFile::encodeName(fallbackDirectory).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0700));
        // Every later write goes to the same fallback file, and is told no more.
        QVERIFY(sink.write("second").ok());
        QCOMPARE(told.size(), 1);
        QCOMPARE(read(sink.path()), QByteArray("second"));
        QVERIFY(!QFileInfo::exists(path));
    }

    void aFallbackThatCannotBeWrittenIsAnError()
    {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        // Both under a regular file: neither can be made.
        ResultsSink sink(dir.filePath(QStringLiteral("file/r.json")), dir.filePath(QStringLiteral("file/fallback")));
        const Result<void> written = sink.write("x");
        QVERIFY(!written.ok());
        QVERIFY2(written.error().message.contains(QLatin1String("; and ")), qPrintable(written.error().message));
    }

    void aFallbackNameSomeoneElseMadeFirstIsNotUsed()
    {
        // The fallback is in a folder anyone may write (/var/tmp): another user made its name first, a
        // link to a folder of theirs. The results go to a folder of our own beside it, never through it.
        QTemporaryDir dir;
        QTemporaryDir theirs;
        const QString fallbackDirectory = dir.filePath(QStringLiteral("fallback"));
        QVERIFY(QFile::link(theirs.path(), fallbackDirectory));
        ResultsSink sink(dir.filePath(QStringLiteral("gone/r.json")), fallbackDirectory);
        QVERIFY(sink.write("first").ok());
        QVERIFY2(sink.path().startsWith(fallbackDirectory + QLatin1Char('-')), qPrintable(sink.path()));
        QCOMPARE(read(sink.path()), QByteArray("first"));
        QVERIFY(QDir(theirs.path()).isEmpty());
        struct stat st
        { };
        QCOMPARE(::stat(QFile::encodeName(QFileInfo(sink.path()).path()).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0700));
    }

    void fallbackNamesCannotBeGuessed()
    {
        const QString a = ResultsSink::fallbackPath(QStringLiteral("/d"));
        const QString b = ResultsSink::fallbackPath(QStringLiteral("/d"));
        QVERIFY(a.startsWith(QLatin1String("/d/raidbench-results-")) && a.endsWith(QLatin1String(".json")));
        QVERIFY(a != b);
        QVERIFY(ResultsSink::fallbackPath().startsWith(QDir::tempPath() + QLatin1Char('/')));
    }
};

QTEST_GUILESS_MAIN(TestResultsSink)
#include "tst_resultssink.moc"
