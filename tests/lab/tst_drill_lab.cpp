#include "../common/benchrow.h"
#include "../common/cli.h"
#include "../common/labfiles.h"
#include "../common/labshell.h"
#include "results/campaignresults.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The failure drill for real, in one boot, on four disks throttled to 30 MB/s: RAID1, RAID5 and
/// RAID10 each lose a member and get it back: each rebuild is timed with its timeline, its prediction
/// and what set its pace; a rebuild under sync_speed_max says so; the bitmap's re-add takes less time
/// than a rebuild; the first resync of an array built without --assume-clean is timed; a drill on RAID0
/// is refused before anything is built; a cancel and a killed helper mid-rebuild leave nothing behind
/// after recover. How long each took against the disks' time is a benchmark row (tests/bench/lab-speed):
/// the host's load decides it as much as md does.
class TestDrillLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;
    static constexpr double throttle = 30e6;

    QString read(const QString& name) const { return readText(m_out.filePath(name)); }

    static QString diskPath(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W30_R30_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }

    static QJsonObject config(const QString& level, const QList<int>& disks)
    {
        QJsonArray children;
        for (const int i : disks) {
            children.append(QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")},
                                         {QStringLiteral("device"), diskPath(i)}});
        }
        return {{QStringLiteral("name"), level},
                {QStringLiteral("spec"),
                 QJsonObject {{QStringLiteral("level"), level}, {QStringLiteral("children"), children}}}};
    }

    void writePlan(const QString& name, const QJsonArray& configs, const QJsonValue& drill, bool baselines = true)
    {
        QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"), QJsonArray {diskPath(1), diskPath(2), diskPath(3), diskPath(4)}},
                          {QStringLiteral("baselines"), baselines},
                          {QStringLiteral("patterns"), false}, // tst_campaign_lab measures them
                          {QStringLiteral("configurations"), configs},
                          {QStringLiteral("tests"), QJsonArray {QStringLiteral("seq1m-qd8-read")}},
                          {QStringLiteral("repeats"), 1},
                          {QStringLiteral("limits"),
                           QJsonObject {{QStringLiteral("time"), QStringLiteral("1s")},
                                        {QStringLiteral("ramp"), QStringLiteral("250ms")}}}};
        if (!drill.isUndefined()) {
            plan.insert(QStringLiteral("drill"), drill);
        }
        QVERIFY(writeJson(m_out.filePath(name), plan));
    }

private Q_SLOTS:
    void drillInTheLab()
    {
        QVERIFY(m_out.isValid());
        writePlan(QStringLiteral("drill.json"),
                  QJsonArray {config(QStringLiteral("raid1"), {1, 2}), config(QStringLiteral("raid5"), {1, 2, 3, 4}),
                              config(QStringLiteral("raid10"), {1, 2, 3, 4})},
                  QJsonObject {{QStringLiteral("readd"), true}});
        writePlan(QStringLiteral("limit.json"), QJsonArray {config(QStringLiteral("raid1"), {1, 2})},
                  QJsonObject {{QStringLiteral("degraded"), false},
                               {QStringLiteral("sync_speed_max"), QStringLiteral("20M")},
                               {QStringLiteral("under_load"), QStringLiteral("rnd4k-qd32-read")}},
                  false);
        writePlan(QStringLiteral("resync.json"), QJsonArray {config(QStringLiteral("raid1"), {3, 4})},
                  QJsonObject {{QStringLiteral("degraded"), false}, {QStringLiteral("initial_resync"), true}}, false);
        QJsonObject raid0 = config(QStringLiteral("raid0"), {1, 2});
        raid0.insert(QStringLiteral("drill"), true);
        writePlan(QStringLiteral("raid0.json"), QJsonArray {raid0}, QJsonValue::Undefined, false);
        writePlan(
            QStringLiteral("slow.json"), QJsonArray {config(QStringLiteral("raid1"), {1, 2})},
            QJsonObject {{QStringLiteral("degraded"), false}, {QStringLiteral("sync_speed_max"), QStringLiteral("5M")}},
            false);
        const QString script = QStringLiteral(R"SH(
raidbench-cli run drill.json --out drill-results.json --yes > drill.out 2> drill.err; echo $? > drill.rc
check_clean drill.after
raidbench-cli run limit.json --out limit-results.json --yes > limit.out 2> limit.err; echo $? > limit.rc
raidbench-cli run resync.json --out resync-results.json --yes > resync.out 2> resync.err; echo $? > resync.rc
raidbench-cli run raid0.json --out raid0-results.json --yes > raid0.out 2> raid0.err; echo $? > raid0.rc
check_clean raid0.after
raidbench-cli run slow.json --out cancel-results.json --yes > cancel.out 2> cancel.err & pid=$!
wait_for 120 log_has cancel.err 'rebuild of'; nap 2; kill -INT $pid; wait $pid; echo $? > cancel.rc
check_clean cancel.after
raidbench-cli run slow.json --helper --out kill-results.json --yes > kill.out 2> kill.err & pid=$!
wait_for 120 log_has kill.err 'rebuild of'; nap 2; kill -9 $(helper_pid); wait $pid; echo $? > kill.rc
raidbench-cli array recover > kill.recover 2>&1; echo $? >> kill.recover
check_clean kill.after
)SH");
        const CliRun run = runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                               QStringLiteral("--disks"), QStringLiteral("4x256M@30"),
                                               QStringLiteral("--out"), m_out.path(), QStringLiteral("--")} +
                                      labShell(script),
                                  1500000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(read(QStringLiteral("drill.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("drill.err")).right(3000)));

        // Each layout's rebuild, timed; against the member's data at the throttle in the benchmark.
        auto results = CampaignResults::load(m_out.filePath(QStringLiteral("drill-results.json")));
        QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.error().message));
        QCOMPARE(results->configs.size(), 3);
        for (const ConfigResult& config : results->configs) {
            QVERIFY2(config.status == RunState::Completed, qPrintable(config.name + QLatin1Char(' ') + config.error));
            QVERIFY(config.drill);
            const DrillResult& drill = *config.drill;
            QVERIFY2(drill.status == RunState::Completed, qPrintable(config.name + QLatin1Char(' ') + drill.error));
            QVERIFY(drill.rebuild && drill.readd);
            const RebuildResult& rebuild = *drill.rebuild;
            const double expected = double(rebuild.bytes) / throttle;
            qInfo("%-6s rebuild of %.0f MiB: %.1f s, expected %.1f s at the throttle (%.2f), %.1f MB/s, limited by %s; "
                  "re-add %.1f s; a 4 TB member: %.1f h; degraded read %.1f of %.1f MB/s",
                  qPrintable(config.name), double(rebuild.bytes) / 1048576, rebuild.seconds, expected,
                  rebuild.seconds / expected, rebuild.bw / 1e6, qPrintable(rebuild.limitedBy), drill.readd->seconds,
                  rebuild.estimateSeconds.value_or(0) / 3600,
                  drill.degraded.isEmpty() ? 0.0 : drill.degraded.first().summary.bwMedian / 1e6,
                  config.tests.isEmpty() ? 0.0 : config.tests.first().summary.bwMedian / 1e6);
            QVERIFY(rebuild.completed);
            QVERIFY2(rebuild.bytes > 240u << 20, qPrintable(config.name));
            QVERIFY2(rebuild.seconds > 0 && rebuild.bw > 0, qPrintable(config.name));
            // A mirror's rebuild copies at the disks' pace (1.00-1.15 of their time); RAID5 rebuilds a stripe
            // at a time (read three, compute, write one: measured 1.17-1.36 with neither the disks nor md's
            // thread saturated, md's own pipeline setting the pace), or md's thread on the VM's emulated CPU
            // is the bound on a busy host. The drill says which, in words and as one of its bounds.
            benchRow({QStringLiteral("drill"), config.name + QStringLiteral(" rebuild"), rebuild.seconds, expected,
                      0.85, config.name == QLatin1String("raid5") ? 1.50 : 1.15, QStringLiteral("s")});
            QVERIFY2(QStringList({QStringLiteral("disks"), QStringLiteral("none"), QStringLiteral("md-thread"),
                                  QStringLiteral("cpu")})
                         .contains(boundName(rebuild.boundBy)),
                     qPrintable(boundName(rebuild.boundBy)));
            QVERIFY(rebuild.predictedSeconds && *rebuild.predictedSeconds > 0);
            benchRow({QStringLiteral("drill"), config.name + QStringLiteral(" rebuild predicted"),
                      *rebuild.predictedSeconds, expected, 0.90, 1.10, QStringLiteral("s")});
            QVERIFY(rebuild.timeline.size() >= 5);
            QVERIFY(!rebuild.limitedBy.isEmpty());
            QVERIFY(rebuild.estimateSeconds && *rebuild.estimateSeconds > 0);
            // The bitmap's re-add after 64 MiB of writes copies only what changed: less time than a full
            // rebuild (a quarter of it on a quiet host, a benchmark row).
            QVERIFY2(drill.readd->completed && drill.readd->seconds < rebuild.seconds, qPrintable(config.name));
            benchRow({QStringLiteral("drill"), config.name + QStringLiteral(" re-add / rebuild"), drill.readd->seconds,
                      rebuild.seconds, 0.0, 0.5, QStringLiteral("s")});
            QCOMPARE(drill.degraded.size(), 1);
            QCOMPARE(drill.failedMembers.size(), 1);
        }
        const ConfigResult* raid5 = results->config(QStringLiteral("raid5"));
        QVERIFY(raid5 && !raid5->tests.isEmpty() && !raid5->drill->degraded.isEmpty());
        QVERIFY(raid5->drill->degraded.first().summary.bwMedian > 0);
        benchRow({QStringLiteral("drill"), QStringLiteral("raid5 degraded read / healthy"),
                  raid5->drill->degraded.first().summary.bwMedian / 1e6, raid5->tests.first().summary.bwMedian / 1e6,
                  0.0, 0.90, QStringLiteral("MB/s")});
        QVERIFY2(!read(QStringLiteral("drill.after")).contains(QLatin1String("md")) ||
                     read(QStringLiteral("drill.after")).contains(QLatin1String("unused devices")),
                 qPrintable(read(QStringLiteral("drill.after"))));

        // sync_speed_max below the throttle: the rebuild follows it (20 MiB/s), with a foreground test.
        QVERIFY2(read(QStringLiteral("limit.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("limit.err")).right(3000)));
        const auto limited = CampaignResults::load(m_out.filePath(QStringLiteral("limit-results.json")));
        QVERIFY(limited.ok() && limited->configs.size() == 1 && limited->configs.first().drill);
        const DrillResult& slow = *limited->configs.first().drill;
        QVERIFY2(slow.rebuild, qPrintable(slow.error));
        const double limit = 20.0 * 1048576;
        qInfo("raid1 rebuild with sync_speed_max 20M: %.1f s at %.1f MB/s (limit %.1f MB/s, %.2f), limited by %s; "
              "foreground RND4K QD32 read %.0f IOPS meanwhile, the rebuild then %.1f MB/s",
              slow.rebuild->seconds, slow.rebuild->bw / 1e6, limit / 1e6, slow.rebuild->bw / limit,
              qPrintable(slow.rebuild->limitedBy), slow.underLoad ? slow.underLoad->summary.iopsMedian : 0.0,
              slow.rebuildUnderLoadBw.value_or(0) / 1e6);
        benchRow({QStringLiteral("drill"), QStringLiteral("raid1 rebuild under sync_speed_max"), slow.rebuild->bw / 1e6,
                  limit / 1e6, 0.85, 1.15, QStringLiteral("MB/s")});
        QVERIFY(slow.rebuild->limitedBy.contains(QLatin1String("sync_speed_max")));
        QCOMPARE(slow.rebuild->boundBy, Bound::SyncSpeedMax);
        QVERIFY(slow.underLoad && slow.underLoad->status == RunState::Completed);

        // Created without --assume-clean: the first resync timed, at the disks' pace.
        QVERIFY2(read(QStringLiteral("resync.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("resync.err")).right(3000)));
        const auto resynced = CampaignResults::load(m_out.filePath(QStringLiteral("resync-results.json")));
        QVERIFY(resynced.ok() && resynced->configs.size() == 1 && resynced->configs.first().drill);
        const DrillResult& first = *resynced->configs.first().drill;
        QVERIFY2(first.initialResync, qPrintable(first.error));
        const double resyncExpected = double(first.initialResync->bytes) / throttle;
        qInfo("raid1 created without --assume-clean: first resync of %.0f MiB in %.1f s, expected %.1f s (%.2f), "
              "limited by %s",
              double(first.initialResync->bytes) / 1048576, first.initialResync->seconds, resyncExpected,
              first.initialResync->seconds / resyncExpected, qPrintable(first.initialResync->limitedBy));
        QVERIFY(first.initialResync->completed);
        QVERIFY(first.initialResync->bytes > 240u << 20);
        QVERIFY(first.initialResync->seconds > 0 && first.initialResync->timeline.size() >= 2);
        benchRow({QStringLiteral("drill"), QStringLiteral("raid1 first resync"), first.initialResync->seconds,
                  resyncExpected, 0.85, 1.15, QStringLiteral("s")});
        QVERIFY(resynced->configs.first().commands.join(QLatin1Char(' ')).indexOf(QLatin1String("--assume-clean")) < 0);

        // RAID0 asks for a drill: refused as a plan error, nothing built.
        QCOMPARE(read(QStringLiteral("raid0.rc")).trimmed(), QStringLiteral("2"));
        QVERIFY2(read(QStringLiteral("raid0.err")).contains(QLatin1String("survives no failed disk")),
                 qPrintable(read(QStringLiteral("raid0.err"))));

        // A cancel, and a killed helper, mid-rebuild: nothing left (after recover for the helper).
        for (const char* name : {"raid0", "cancel", "kill"}) {
            const QString after = read(QLatin1String(name) + QStringLiteral(".after"));
            QVERIFY2(!after.isEmpty(), name);
            QVERIFY2(!after.section(QStringLiteral("--- dm"), 0, 0).contains(QLatin1String("active")),
                     qPrintable(after));
            QVERIFY2(after.section(QStringLiteral("--- dm"), 1).trimmed() == QLatin1String("--- wipefs"),
                     qPrintable(after));
        }
        QVERIFY2(read(QStringLiteral("cancel.err")).contains(QLatin1String("rebuild of")),
                 qPrintable(read(QStringLiteral("cancel.err")).right(2000)));
        QCOMPARE(read(QStringLiteral("cancel.rc")).trimmed(), QStringLiteral("130"));
        const auto cancelled = CampaignResults::load(m_out.filePath(QStringLiteral("cancel-results.json")));
        QVERIFY(cancelled.ok());
        QCOMPARE(cancelled->status, RunState::Cancelled);
        QVERIFY(read(QStringLiteral("kill.err")).contains(QLatin1String("rebuild of")));
        QVERIFY2(read(QStringLiteral("kill.recover")).trimmed().endsWith(QLatin1Char('0')),
                 qPrintable(read(QStringLiteral("kill.recover"))));
    }
};

QTEST_GUILESS_MAIN(TestDrillLab)
#include "tst_drill_lab.moc"
