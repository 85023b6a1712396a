#include "../common/cli.h"
#include "lab/qmpcommand.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench::Test;

/// A disk that stops answering in the middle of a test, for real: the lab VM's disk is throttled to
/// one byte a second through qemu's monitor while the campaign's random reads run on it, so its
/// requests wait in qemu as a hung disk's wait in its firmware. The run's progress must say so (the
/// engine's I/O in flight with none completing, the runner's words for it) instead of going silent.
class TestStallLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;
    QTemporaryDir m_work {QStringLiteral("/var/tmp/raidbench-stall-XXXXXX")};

    QString read(const QString& name) const
    {
        QFile file(m_out.filePath(name));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

    /// Waits until `name` in the out directory contains `text`, at most `seconds`, the process alive.
    bool waitFor(const QString& name, const QString& text, int seconds, QProcess& lab) const
    {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < seconds * 1000 && lab.state() == QProcess::Running) {
            if (read(name).contains(text)) {
                return true;
            }
            lab.waitForFinished(250);
        }
        return read(name).contains(text);
    }

    /// One QMP command on the VM's monitor; its answer (empty when the monitor could not be reached).
    QJsonObject qmp(const QJsonObject& command) const
    {
        const QStringList dirs = QDir(m_work.path()).entryList({QStringLiteral("raidbench-lab-*")}, QDir::Dirs);
        if (dirs.size() != 1) {
            return {};
        }
        const auto answer = RaidBench::qmpCommand(m_work.filePath(dirs.first() + QStringLiteral("/qmp.sock")),
                                                  QJsonDocument(command).toJson(QJsonDocument::Compact), 10000);
        return answer ? *answer : QJsonObject();
    }

    /// One byte a second on the lab disk's throttle group `group` from now on: every request queued in
    /// qemu waits for hours.
    bool stallDisk(const QString& group) const
    {
        const QJsonObject answer = qmp(
            QJsonObject {{QStringLiteral("execute"), QStringLiteral("qom-set")},
                         {QStringLiteral("arguments"),
                          QJsonObject {{QStringLiteral("path"), group},
                                       {QStringLiteral("property"), QStringLiteral("limits")},
                                       {QStringLiteral("value"), QJsonObject {{QStringLiteral("bps-total"), 1}}}}}});
        if (!answer.contains(QStringLiteral("return"))) {
            qWarning("%s", QJsonDocument(answer).toJson().constData());
        }
        return answer.contains(QStringLiteral("return"));
    }

    /// `raidbench-cli lab run` on `disks` with `command` in the VM, in the out directory.
    void startLab(QProcess& lab, const QString& disks, const QString& command) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RAIDBENCH_LAB_DIR"), m_work.path());
        lab.setProcessEnvironment(env);
        lab.setProcessChannelMode(QProcess::ForwardedChannels);
        lab.start(binary(QStringLiteral("raidbench-cli")),
                  {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
                   disks, QStringLiteral("--out"), m_out.path(), QStringLiteral("--"), QStringLiteral("sh"),
                   QStringLiteral("-c"), QStringLiteral("cd %1 && %2").arg(m_out.path(), command)});
    }

    static void powerOff(QProcess& lab)
    {
        lab.terminate(); // the lab powers the VM off: its disk never answers again
        if (!lab.waitForFinished(60000)) {
            lab.kill();
            lab.waitForFinished();
        }
    }

private Q_SLOTS:
    void aDiskThatStopsAnsweringIsSaid()
    {
        QVERIFY(m_out.isValid() && m_work.isValid());
        const QString disk = QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W50_R50_RBLAB0001");
        QFile plan(m_out.filePath(QStringLiteral("plan.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(QStringLiteral(R"({"raidbench_plan":1,"disks":["%1"],"baselines":false,
            "configurations":[{"name":"one disk","spec":{"level":"disk","device":"%1"}}],
            "tests":["rnd4k-qd32-read"],"repeats":1,"limits":{"time":"10m","ramp":"0s"}})")
                       .arg(disk)
                       .toUtf8());
        plan.close();
        QProcess lab;
        startLab(lab, QStringLiteral("1x256M@50"),
                 QStringLiteral("raidbench-cli run plan.json --out results.json --yes 2> run.err"));
        QVERIFY(lab.waitForStarted(10000));
        const auto stop = qScopeGuard([&] { powerOff(lab); });
        QVERIFY2(waitFor(QStringLiteral("run.err"), QStringLiteral("RND4K QD32 read"), 300, lab),
                 qPrintable(read(QStringLiteral("run.err"))));
        QVERIFY(stallDisk(QStringLiteral("throttle0")));
        QVERIFY2(waitFor(QStringLiteral("run.err"), QStringLiteral("has completed for 30 s"), 120, lab),
                 qPrintable(read(QStringLiteral("run.err"))));
        const QString said = read(QStringLiteral("run.err"));
        qInfo("%s", qPrintable(said.trimmed().section(QLatin1Char('\n'), -1)));
        QVERIFY2(said.contains(QRegularExpression(QStringLiteral(
                     "one disk: RND4K QD32 read \\(1/1\\) - no I/O on /dev/sd[a-z]+ has completed for 30 s: a disk is "
                     "not answering"))),
                 qPrintable(said));
    }

    void aDiskThatStopsAnsweringWhileMeasuredWithOthersIsNamed()
    {
        // Two disks measured together, the second stops answering: the progress names the second (not
        // the first, whose run ends on time), and goes on saying it while the run waits for the disk.
        QVERIFY(m_out.isValid() && m_work.isValid());
        QStringList disks;
        for (const char* serial : {"RBLAB0001", "RBLAB0002"}) {
            disks.append(QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W50_R50_%1").arg(QLatin1String(serial)));
        }
        QFile plan(m_out.filePath(QStringLiteral("together.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(QStringLiteral(R"({"raidbench_plan":1,"disks":["%1","%2"],"configurations":[],
            "patterns":false,"tests":["seq1m-qd8-read"],"repeats":1,"limits":{"time":"4s","ramp":"0s"}})")
                       .arg(disks.at(0), disks.at(1))
                       .toUtf8());
        plan.close();
        QFile::remove(m_out.filePath(QStringLiteral("run.err")));
        QProcess lab;
        startLab(lab, QStringLiteral("2x256M@50"),
                 QStringLiteral("readlink -f %1 > second.txt && "
                                "raidbench-cli run together.json --out together-results.json --yes 2> run.err")
                     .arg(disks.at(1)));
        QVERIFY(lab.waitForStarted(10000));
        const auto stop = qScopeGuard([&] { powerOff(lab); });
        QVERIFY2(waitFor(QStringLiteral("run.err"), QStringLiteral("2 disks at once"), 300, lab),
                 qPrintable(read(QStringLiteral("run.err"))));
        QVERIFY(stallDisk(QStringLiteral("throttle1")));
        QVERIFY2(waitFor(QStringLiteral("run.err"), QStringLiteral("has completed for 30 s"), 120, lab),
                 qPrintable(read(QStringLiteral("run.err"))));
        const QString second = read(QStringLiteral("second.txt")).trimmed();
        QVERIFY2(second.startsWith(QLatin1String("/dev/sd")), qPrintable(second));
        const QString said = read(QStringLiteral("run.err"));
        qInfo("%s", qPrintable(said.trimmed().section(QLatin1Char('\n'), -1)));
        QVERIFY2(said.contains(QStringLiteral("2 disks at once, write - no I/O on %1 has completed for 30 s: a disk is "
                                              "not answering")
                                   .arg(second)),
                 qPrintable(said));
    }
};

QTEST_GUILESS_MAIN(TestStallLab)
#include "tst_stall_lab.moc"
