#include "../common/cli.h"
#include "../common/labfiles.h"
#include "../common/labshell.h"
#include "disks/disk.h"
#include "results/campaignresults.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// Health and write caches on the lab's SCSI disks, in one boot. qemu's disks answer the SCSI caching
/// mode page, so sdparm changes their cache for real and the kernel sees it after a rescan. Checked:
/// `disks --json` reads each disk's cache and says that virtual disks have no SMART; a plan with
/// "both" measures its configuration twice with every member's state recorded; the flush-bound test
/// makes the kernel send a cache flush per write when the cache is on and none when it is off; and
/// each disk's own state (one starts with its cache off) is back after a run, after a cancel, and
/// after a killed helper and `recover`. The disks are hard disk models: small plain writes are at
/// least twice as fast with the cache on (the one speed asserted, a ratio); the figures are printed.
class TestWriteCacheLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;

    QString read(const QString& name) const { return readText(m_out.filePath(name)); }

    static QString diskPath(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VHDD_105-55_7200_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }

    void writePlan(const QString& name, const QString& mode, const QJsonArray& tests)
    {
        const QJsonArray leaves {
            QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), diskPath(1)}},
            QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), diskPath(2)}}};
        const QJsonObject plan {
            {QStringLiteral("raidbench_plan"), 1},
            {QStringLiteral("disks"), QJsonArray {diskPath(1), diskPath(2)}},
            {QStringLiteral("baselines"), false},
            {QStringLiteral("configurations"),
             QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("raid1")},
                                      {QStringLiteral("spec"),
                                       QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                                    {QStringLiteral("children"), leaves}}}}}},
            {QStringLiteral("tests"), tests},
            {QStringLiteral("write_cache"), mode},
            {QStringLiteral("limits"),
             QJsonObject {{QStringLiteral("time"), QStringLiteral("2s")},
                          {QStringLiteral("ramp"), QStringLiteral("0s")}}}};
        QVERIFY(writeJson(m_out.filePath(name), plan));
    }

    /// "on off on": the three disks' caches as sdparm reads them.
    QString states(const QString& name) const { return read(name).simplified(); }

private Q_SLOTS:
    void writeCacheInTheLab()
    {
        QVERIFY(m_out.isValid());
        // The flush-bound tests, and plain small writes: what a hard disk's cache speeds up (a write completes
        // once the cache holds it; with the cache off each waits for its sector to come round).
        writePlan(QStringLiteral("both.json"), QStringLiteral("both"),
                  {QStringLiteral("seq1m-qd1-write-dsync"), QStringLiteral("rnd4k-qd1-write-dsync"),
                   QJsonObject {{QStringLiteral("name"), QStringLiteral("SEQ64K QD1 write")},
                                {QStringLiteral("rw"), QStringLiteral("write")},
                                {QStringLiteral("bs"), QStringLiteral("64k")},
                                {QStringLiteral("qd"), 1}}});
        // Long enough to be interrupted while the caches are changed.
        writePlan(QStringLiteral("off.json"), QStringLiteral("off"),
                  {QStringLiteral("rnd4k-qd1-write-dsync"), QStringLiteral("rnd4k-qd1-write-dsync"),
                   QStringLiteral("seq1m-qd1-write-dsync")});
        const QString script = QStringLiteral(R"SH(
D1=/dev/disk/by-id/scsi-RAIDBNCH_VHDD_105-55_7200_RBLAB0001; D2=/dev/disk/by-id/scsi-RAIDBNCH_VHDD_105-55_7200_RBLAB0002
D3=/dev/disk/by-id/scsi-RAIDBNCH_VHDD_105-55_7200_RBLAB0003
wce() { for d in $D1 $D2 $D3; do sdparm --get=WCE $d 2>/dev/null | awk '/^WCE/ { print $2 ? "on" : "off" }'; done | tr '\n' ' '; }
flushes() { awk '{ print $16 }' /sys/block/$(basename $(readlink -f $D3))/stat; }
writes() { awk '{ print $5 }' /sys/block/$(basename $(readlink -f $D3))/stat; }
clean() { { grep -c '^md' /proc/mdstat; ls /dev/mapper | grep -vc '^control$'; } | tr '\n' ' '; }
# The second disk starts with its cache off (the current value only, as a user's hdparm -W0 would).
sdparm --quiet --set=WCE=0 $D2; echo 1 > /sys/block/$(basename $(readlink -f $D2))/device/rescan
wce > start.wce
raidbench-cli disks --json > disks.json 2> disks.err
raidbench-cli run both.json --out both-results.json --yes > both.out 2> both.err; echo $? > both.rc
wce > both.wce; clean > both.clean
# The flush-bound test on a disk alone: the kernel's cache flushes per write, cache on and off.
for state in on off; do
  [ $state = on ] && sdparm --quiet --set=WCE=1 $D3 || sdparm --quiet --set=WCE=0 $D3
  echo 1 > /sys/block/$(basename $(readlink -f $D3))/device/rescan
  f=$(flushes); w=$(writes)
  raidbench-cli bench --rw randwrite --bs 4k --qd 1 --time 2s --dsync --destroy-data --json --target $D3 > bench-$state.json 2> bench-$state.err
  echo "$(( $(flushes) - f )) $(( $(writes) - w ))" > bench-$state.flushes
  cat /sys/block/$(basename $(readlink -f $D3))/queue/write_cache > bench-$state.kernel
done
sdparm --quiet --set=WCE=1 $D3; echo 1 > /sys/block/$(basename $(readlink -f $D3))/device/rescan
raidbench-cli run off.json --out cancel-results.json --yes > cancel.out 2> cancel.err & pid=$!
wait_for 120 log_has cancel.err 'each write flushed'; nap 1; wce > cancel.during; kill -INT $pid; wait $pid; echo $? > cancel.rc
wce > cancel.wce; clean > cancel.clean
raidbench-cli run off.json --helper --out kill-results.json --yes > kill.out 2> kill.err & pid=$!
wait_for 120 log_has kill.err 'each write flushed'; nap 1; wce > kill.during; kill -9 $(helper_pid); wait $pid
wce > kill.before-recover
raidbench-cli array recover > kill.recover 2>&1; echo $? >> kill.recover
wce > kill.wce; clean > kill.clean
)SH");
        const CliRun run = runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                               QStringLiteral("--disks"), QStringLiteral("3x256M:hdd"),
                                               QStringLiteral("--out"), m_out.path(), QStringLiteral("--")} +
                                      labShell(script),
                                  900000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QString start = states(QStringLiteral("start.wce"));
        QCOMPARE(start, QStringLiteral("on off on"));

        // disks --json: each disk's own cache, no SMART on a virtual disk, and the cache that is off named.
        const QJsonArray disks = QJsonDocument::fromJson(read(QStringLiteral("disks.json")).toUtf8()).array();
        int seen = 0;
        for (const auto& value : disks) {
            const Disk disk = Disk::fromJson(value.toObject());
            const int index = QStringList {diskPath(1), diskPath(2), diskPath(3)}.indexOf(disk.stablePath);
            if (index < 0) {
                continue;
            }
            ++seen;
            QVERIFY(disk.healthRead);
            QCOMPARE(cacheStateName(disk.writeCache.state), start.split(QLatin1Char(' ')).at(index));
            QCOMPARE(disk.writeCache.tool, QStringLiteral("sdparm"));
            QVERIFY(disk.writeCache.changeable);
            QCOMPARE(disk.health.status, SmartStatus::NoSmart);
            QVERIFY2(!disk.health.reason.isEmpty(), qPrintable(disk.health.reason));
            bool cacheOff = false;
            for (const DiskExplanation& explanation : disk.explanations) {
                cacheOff = cacheOff || explanation.code == QLatin1String("write-cache-off");
            }
            QCOMPARE(cacheOff, index == 1);
        }
        QCOMPARE(seen, 3);

        // "both": the configuration twice, every member's state recorded, every disk as it was after.
        QVERIFY2(read(QStringLiteral("both.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("both.err")).right(3000)));
        auto results = CampaignResults::load(m_out.filePath(QStringLiteral("both-results.json")));
        QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.error().message));
        QCOMPARE(results->configs.size(), 2);
        for (const ConfigResult& config : results->configs) {
            const QString state =
                config.name == QLatin1String("raid1 (cache on)") ? QStringLiteral("on") : QStringLiteral("off");
            QCOMPARE(config.name, QStringLiteral("raid1 (cache %1)").arg(state));
            QVERIFY2(config.status == RunState::Completed, qPrintable(config.error));
            QCOMPARE(writeCacheModeName(config.writeCacheMode), state);
            QVERIFY2(config.writeCacheNote.isEmpty(), qPrintable(config.writeCacheNote));
            QCOMPARE(config.writeCaches.size(), 2);
            for (const DiskCacheState& disk : config.writeCaches) {
                QCOMPARE(cacheStateName(disk.state), state);
            }
            QCOMPARE(config.tests.size(), 3);
            for (const TestResult& test : config.tests) {
                QCOMPARE(test.spec.dsync, test.spec.name != QLatin1String("SEQ64K QD1 write"));
                QCOMPARE(test.status, RunState::Completed);
                qInfo("%-18s %-38s %8.1f MB/s %7.0f IOPS", qPrintable(config.name), qPrintable(test.spec.name),
                      test.summary.bwMedian / 1e6, test.summary.iopsMedian);
            }
        }
        // On hard disks the cache is what small plain writes ride on: with it off each waits a turn of the
        // platter (7.5 MB/s at 64 KiB on the model, against about a hundred with it on). CI decides a
        // halving, which no busy host reaches: the cache-off figure is the rotation's, not the host's.
        // Flush-bound writes cost the same either way (the flush waits for the media, or the write goes
        // straight to them), as on a real disk; their figures are printed above.
        const TestResult* plainOn = results->configs.at(0).test(QStringLiteral("seq64k-qd1-write"));
        const TestResult* plainOff = results->configs.at(1).test(QStringLiteral("seq64k-qd1-write"));
        if (results->configs.at(0).writeCacheMode != WriteCacheMode::On) {
            std::swap(plainOn, plainOff);
        }
        QVERIFY(plainOn && plainOff);
        qInfo("SEQ64K QD1 write on raid1 of hard disks: cache on %.1f MB/s, off %.1f MB/s (%.1f times)",
              plainOn->summary.bwMedian / 1e6, plainOff->summary.bwMedian / 1e6,
              plainOn->summary.bwMedian / std::max(1.0, plainOff->summary.bwMedian));
        QVERIFY2(plainOff->summary.bwMedian * 2 < plainOn->summary.bwMedian, "the cache made no difference");
        // What the disks wrote through their caches, from the ramp's writes, the run's and the flush after
        // it, for real: a figure for both, never above the run's own (what the caches held is counted in the
        // flush's time); how far below is printed, not asserted.
        for (const TestResult* plain : {plainOn, plainOff}) {
            QVERIFY(plain->summary.writtenThroughMedian.has_value());
            qInfo("SEQ64K QD1 write: %.1f MB/s, written through the caches %.1f MB/s (flush after a run: %.2f s)",
                  plain->summary.bwMedian / 1e6, *plain->summary.writtenThroughMedian / 1e6,
                  double(plain->runs.first().flushAfterNs) / 1e9);
            QVERIFY(*plain->summary.writtenThroughMedian <= plain->summary.bwMedian * 1.05);
            const IoResult& run = plain->runs.first();
            QVERIFY(run.job.rampNs == 0 || (run.rampElapsedNs > 0 && run.rampBytesWritten > 0));
        }
        QCOMPARE(results->disks.size(), 2);
        QCOMPARE(results->disks.at(1).writeCache.state, CacheState::Off); // as the run found it
        QCOMPARE(states(QStringLiteral("both.wce")), start);
        QCOMPARE(states(QStringLiteral("both.clean")), QStringLiteral("0 0"));

        // O_DSYNC writes: a flush per write reaches a disk whose cache is on, none one whose cache is off.
        const QStringList on = states(QStringLiteral("bench-on.flushes")).split(QLatin1Char(' '));
        const QStringList off = states(QStringLiteral("bench-off.flushes")).split(QLatin1Char(' '));
        QCOMPARE(on.size(), 2);
        QCOMPARE(off.size(), 2);
        qInfo("RND4K QD1 O_DSYNC on one disk: cache on %s flushes for %s writes (kernel: %s), cache off %s flushes "
              "for %s writes (kernel: %s)",
              qPrintable(on[0]), qPrintable(on[1]), qPrintable(states(QStringLiteral("bench-on.kernel"))),
              qPrintable(off[0]), qPrintable(off[1]), qPrintable(states(QStringLiteral("bench-off.kernel"))));
        QVERIFY2(on[1].toInt() > 50, qPrintable(read(QStringLiteral("bench-on.err"))));
        QVERIFY(on[0].toInt() >= on[1].toInt() * 9 / 10);
        QCOMPARE(off[0].toInt(), 0);
        QVERIFY(off[1].toInt() > 50); // about 140 in 2 s: a rotation per write
        QCOMPARE(states(QStringLiteral("bench-on.kernel")), QStringLiteral("write back"));
        QCOMPARE(states(QStringLiteral("bench-off.kernel")), QStringLiteral("write through"));

        // A cancel while the caches are off: each disk back as it was, nothing left.
        QCOMPARE(states(QStringLiteral("cancel.during")), QStringLiteral("off off on"));
        QCOMPARE(read(QStringLiteral("cancel.rc")).trimmed(), QStringLiteral("130"));
        QCOMPARE(states(QStringLiteral("cancel.wce")), start);
        QCOMPARE(states(QStringLiteral("cancel.clean")), QStringLiteral("0 0"));
        // The helper killed with the caches off: recover sets them back from the journal.
        QCOMPARE(states(QStringLiteral("kill.during")), QStringLiteral("off off on"));
        QCOMPARE(states(QStringLiteral("kill.before-recover")), QStringLiteral("off off on"));
        QVERIFY2(read(QStringLiteral("kill.recover")).trimmed().endsWith(QLatin1Char('0')),
                 qPrintable(read(QStringLiteral("kill.recover"))));
        QVERIFY2(read(QStringLiteral("kill.recover")).contains(QLatin1String("write cache")),
                 qPrintable(read(QStringLiteral("kill.recover"))));
        QCOMPARE(states(QStringLiteral("kill.wce")), start);
        QCOMPARE(states(QStringLiteral("kill.clean")), QStringLiteral("0 0"));
    }
};

QTEST_GUILESS_MAIN(TestWriteCacheLab)
#include "tst_writecache_lab.moc"
