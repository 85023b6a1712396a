#include "fs/filetests.h"
#include "system/commandcgroup.h"
#include "system/helpercgroup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <grp.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace RaidBench;

/// File tests against file systems that refuse (read-only, full) and against a user who plants links
/// for root, and the user's command as that user. Label `root` (mounts tmpfs, switches users).
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

    /// `script` as the user's command (sh -c), run as nobody in a directory of theirs named `name`.
    FileTestResult runAsNobody(const QString& name, const QString& script)
    {
        const QString dir = m_dir.filePath(name);
        QDir().mkpath(dir);
        (void)!::chown(QFile::encodeName(dir).constData(), 65534, 65534);
        return runFileTest(nobodyCommand(dir, script));
    }

    /// The user's command `script` (sh -c) as nobody, in `dir`.
    static FileTestParams nobodyCommand(const QString& dir, const QString& script)
    {
        FileTestParams params;
        params.kind = TestKind::Command;
        params.directory = dir;
        params.uid = 65534;
        params.gid = 65534;
        params.dropCaches = false;
        params.argv = {QStringLiteral("sh"), QStringLiteral("-c"), script};
        return params;
    }

    /// The end of what the command's first run printed.
    static QString firstOutput(const FileTestResult& result)
    {
        return result.details.value(QStringLiteral("runs"))
            .toArray()
            .first()
            .toObject()
            .value(QStringLiteral("output_tail"))
            .toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() != 0) {
            QSKIP("needs root to mount tmpfs");
        }
        QVERIFY(m_dir.isValid());
        QVERIFY(::chmod(QFile::encodeName(m_dir.path()).constData(), 0755) == 0); // other users may enter
    }

    void readOnlyDirectory()
    {
        const QString point = mountTmpfs("ro", "size=4m");
        QVERIFY(!point.isEmpty());
        QVERIFY(::mount(nullptr, QFile::encodeName(point).constData(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0);
        for (const char* kind : {"small-files", "file-seq"}) {
            FileTestParams params;
            params.kind = *parseTestKind(QLatin1String(kind));
            params.directory = point;
            params.fileSize = 1 << 20;
            params.files = 10;
            const FileTestResult result = runFileTest(params);
            QCOMPARE(result.status, RunState::Failed);
            QVERIFY2(result.error.contains(QString::fromLocal8Bit(strerror(EROFS))), qPrintable(result.error));
        }
        ::umount2(QFile::encodeName(point).constData(), MNT_DETACH);
    }

    void fullFileSystemKeepsThePartialResult()
    {
        const QString point = mountTmpfs("full", "size=2m");
        QVERIFY(!point.isEmpty());
        FileTestParams params;
        params.kind = TestKind::SmallFiles;
        params.directory = point;
        params.files = 2000;
        params.directories = 2;
        params.smallFileSize = 4096;
        const FileTestResult result = runFileTest(params);
        const QStringList left = QDir(point).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        ::umount2(QFile::encodeName(point).constData(), MNT_DETACH);
        QCOMPARE(result.status, RunState::Failed);
        QVERIFY2(result.error.contains(QString::fromLocal8Bit(strerror(ENOSPC))), qPrintable(result.error));
        QVERIFY(!result.phases.isEmpty());
        QCOMPARE(result.phases.first().name, QStringLiteral("create"));
        QVERIFY(result.phases.first().ops > 100 && result.phases.first().ops < 2000); // what fitted is counted
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));

        const QString again = mountTmpfs("full2", "size=2m");
        FileTestParams seq;
        seq.kind = TestKind::FileSeq;
        seq.directory = again;
        seq.fileSize = 8u << 20;
        seq.blockSize = 64 * 1024;
        const FileTestResult written = runFileTest(seq);
        ::umount2(QFile::encodeName(again).constData(), MNT_DETACH);
        QCOMPARE(written.status, RunState::Failed);
        QVERIFY(written.error.contains(QStringLiteral("offset")));
        QCOMPARE(written.phases.first().name, QStringLiteral("write"));
        QVERIFY(written.phases.first().bytes > 0 && written.phases.first().bytes < (8u << 20));
    }

    /// What a user's command can plant in a directory root's file tests run in afterwards.
    void plantedLinksNeverSteerRoot_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("file-seq") << QStringLiteral("file-seq");
        QTest::newRow("file-seeks") << QStringLiteral("file-seeks");
        QTest::newRow("small-files") << QStringLiteral("small-files");
    }
    void plantedLinksNeverSteerRoot()
    {
        QFETCH(QString, kind);
        // A directory a user owns and writes (the worst case: bench-fs as root in someone's home).
        const QString dir = m_dir.filePath(QStringLiteral("user-owned-") + kind);
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(::chown(QFile::encodeName(dir).constData(), 65534, 65534) == 0);
        const QString victim = m_dir.filePath(QStringLiteral("victim-") + kind);
        QFile file(victim);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("root's file, not to be written\n");
        file.close();
        // Links at every name the old code used, and at names like the new ones.
        for (const char* what : {"fileseq", "seeks", "smallfiles"}) {
            const QString base = QStringLiteral("%1/.raidbench-%2-").arg(dir, QLatin1String(what));
            QFile::link(victim, base + QString::number(getpid()));
            for (const char* suffix : {"XXXXXX", "000000", "aaaaaa"}) {
                QFile::link(victim, base + QLatin1String(suffix));
            }
        }
        FileTestParams params;
        params.kind = *parseTestKind(kind);
        params.directory = dir;
        params.fileSize = 4u << 20;
        params.blockSize = 1u << 20;
        params.timeNs = 200'000'000;
        params.files = 50;
        params.directories = 2;
        params.smallFileSize = 512;
        const FileTestResult result = runFileTest(params);
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("root's file, not to be written\n"));
        file.close();
        // Root's own directory went; the planted links are still there, untouched and unfollowed.
        const QStringList left = QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(left.size(), 12);
        for (const QString& name : left) {
            QVERIFY2(QFileInfo(dir + QLatin1Char('/') + name).isSymLink(), qPrintable(name));
        }
    }

    void theCommandRunsAsTheUserWithTheirGroupsAndACleanEnvironment()
    {
        const QString dir = m_dir.filePath(QStringLiteral("command-home"));
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(::chown(QFile::encodeName(dir).constData(), 65534, 65534) == 0);
        qputenv("RAIDBENCH_SECRET_OF_ROOT", "leaked");
        // Root with supplementary groups (disk, shadow) that must not reach the user's command.
        const gid_t rootGroups[] {0, 6, 42};
        QVERIFY(::setgroups(3, rootGroups) == 0);
        const FileTestParams params =
            nobodyCommand(dir,
                          QStringLiteral("echo uid=$(id -u) groups=$(id -G) pwd=$(pwd); env | sort | tr '\\n' ' '; "
                                         "touch /root/raidbench-was-here 2>/dev/null && echo WROTE-ROOT; "
                                         "ls /proc/self/fd | wc -l"));
        const FileTestResult result = runFileTest(params);
        qunsetenv("RAIDBENCH_SECRET_OF_ROOT");
        ::setgroups(0, nullptr);
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        const QString output = firstOutput(result);
        // Only the user's own groups: none of root's (0) comes along.
        QVERIFY2(output.contains(QStringLiteral("uid=65534 groups=65534 pwd=") + dir), qPrintable(output));
        QVERIFY2(!output.contains(QStringLiteral("RAIDBENCH_SECRET_OF_ROOT")), qPrintable(output));
        QVERIFY2(!output.contains(QStringLiteral("WROTE-ROOT")), qPrintable(output));
        QVERIFY(!QFile::exists(QStringLiteral("/root/raidbench-was-here")));
        // stdin, stdout, stderr, and the one ls opens to list them: nothing of ours is inherited.
        QVERIFY2(output.trimmed().endsWith(QLatin1Char('4')), qPrintable(output));
    }

    void whatTheCommandStartsEndsWithIt()
    {
        // It leaves a process behind, and one in a subshell, and exits at once.
        const FileTestResult result = runAsNobody(
            QStringLiteral("command-group"), QStringLiteral("sleep 3131 & (sleep 3132 &) ; echo $! > left; exit 0"));
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        QTest::qWait(200);
        QProcess pgrep;
        pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 313[12]")});
        QVERIFY(pgrep.waitForFinished());
        QVERIFY2(pgrep.readAllStandardOutput().trimmed().isEmpty(), "the command's processes outlived it");
    }

    void aDaemonInASessionOfItsOwnEndsWithTheCommand()
    {
        // setsid -f: a new session and process group, its parent gone at once. Only the command's own
        // control group still holds it.
        const FileTestResult result = runAsNobody(
            QStringLiteral("command-daemon"), QStringLiteral("setsid -f sleep 3134; cat /proc/self/cgroup; exit 0"));
        QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
        const QString output = firstOutput(result);
        QVERIFY2(output.contains(QStringLiteral("/raidbench-command-")), qPrintable(output));
        QProcess pgrep;
        pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 3134")});
        QVERIFY(pgrep.waitForFinished());
        QVERIFY2(pgrep.readAllStandardOutput().trimmed().isEmpty(), "the daemon outlived the command's test");
        // Its group went with it.
        const QString group = output.section(QStringLiteral("0::"), 1).section(QLatin1Char('\n'), 0, 0).trimmed();
        QFile info(QStringLiteral("/proc/self/mountinfo"));
        QVERIFY(info.open(QIODevice::ReadOnly));
        const QString mount = HelperCgroup::unifiedMount(QString::fromUtf8(info.readAll()));
        QVERIFY(!QFileInfo::exists(mount + group));
    }

    void aCommandsGroupGoesUnderTheCallersSlice()
    {
        // A tree standing in for the hierarchy: root's slices, then a manager the user was given.
        QTemporaryDir tree;
        const QString mount = tree.path();
        QVERIFY(::chmod(QFile::encodeName(mount).constData(), 0755) == 0);
        const QString user = QStringLiteral("/user.slice/user-1000.slice/user@1000.service/app.slice/term.scope");
        QVERIFY(QDir().mkpath(mount + user));
        QVERIFY(QDir().mkpath(mount + QStringLiteral("/user.slice/user-1000.slice/session-2.scope")));
        QVERIFY(QDir().mkpath(mount + QStringLiteral("/system.slice/ssh.service")));
        for (const QString& owned : {QStringLiteral("/user.slice/user-1000.slice/user@1000.service"),
                                     QStringLiteral("/user.slice/user-1000.slice/user@1000.service/app.slice"),
                                     QString(QStringLiteral("/user.slice/user-1000.slice/user@1000.service/app.slice") +
                                             QStringLiteral("/term.scope"))}) {
            QVERIFY(::chown(QFile::encodeName(mount + owned).constData(), 1000, 1000) == 0);
        }
        // Out of the user's own manager, up to the slice only root controls.
        QCOMPARE(CommandCgroup::parentFor(mount, user), QStringLiteral("/user.slice/user-1000.slice"));
        // A login session's scope is root's, but a unit's group: its slice.
        QCOMPARE(CommandCgroup::parentFor(mount, QStringLiteral("/user.slice/user-1000.slice/session-2.scope")),
                 QStringLiteral("/user.slice/user-1000.slice"));
        QCOMPARE(CommandCgroup::parentFor(mount, QStringLiteral("/system.slice/ssh.service")),
                 QStringLiteral("/system.slice"));
        QCOMPARE(CommandCgroup::parentFor(mount, QStringLiteral("/")), QStringLiteral("/"));
    }

    void theCommandDiesWithItsParent()
    {
        // raidbench-cli bench-fs runs the command; killing the CLI must not leave the command running.
        const QString dir = m_dir.filePath(QStringLiteral("orphan"));
        QVERIFY(QDir().mkpath(dir));
        QProcess cli;
        cli.start(QStringLiteral(RAIDBENCH_TEST_BIN_DIR "/raidbench-cli"),
                  {QStringLiteral("bench-fs"), QStringLiteral("--dir"), dir, QStringLiteral("--test"),
                   QStringLiteral("command"), QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("3133")});
        QVERIFY(cli.waitForStarted());
        QProcess pgrep;
        QByteArray found;
        for (int i = 0; i < 100 && found.isEmpty(); ++i) {
            QTest::qWait(50);
            pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 3133")});
            pgrep.waitForFinished();
            found = pgrep.readAllStandardOutput().trimmed();
        }
        QVERIFY2(!found.isEmpty(), "the command never started");
        ::kill(pid_t(cli.processId()), SIGKILL);
        QVERIFY(cli.waitForFinished());
        QTest::qWait(300);
        pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 3133")});
        QVERIFY(pgrep.waitForFinished());
        QVERIFY2(pgrep.readAllStandardOutput().trimmed().isEmpty(), "the command outlived the killed CLI");
    }
};

QTEST_GUILESS_MAIN(TestFileTestsRoot)
#include "tst_filetests_root.moc"
