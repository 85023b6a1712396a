// The failure drill's parts without a disk: md's sysfs values as the kernel writes them (recorded in
// the lab), the timeline a rebuild makes, plans that ask for a drill wrongly, and the results file.

#include "arrays/mdsync.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/drillresult.h"
#include "util/errorcodes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace RaidBench;

namespace {

/// A rebuild as md shows it: `total` sectors, sync_completed moving in steps of `step` sectors at
/// `rate` sectors a second, after `delay` seconds of "idle, one missing".
struct ReplayedRebuild final : SyncSource
{
    mutable double now = 0; ///< the rebuild's clock, which only the follower's sleeps move
    double delay = 0.5;
    std::uint64_t total = 1048576; // 512 MiB
    std::uint64_t rate = 131072; // 64 MiB/s
    std::uint64_t step = 65536; // md moves sync_completed 32 MiB at a time
    bool stopsHalfway = false;
    double blinkAt = -1; ///< md shows idle with the member missing for `blinkFor` seconds from here
    double blinkFor = 0;

    MdSyncState readSync(const QString&) const override { return read(); }
    void sleepMs(int milliseconds) const override { now += milliseconds / 1000.0; }
    double seconds() const override { return now; }

    MdSyncState read() const
    {
        if (blinkAt >= 0 && now >= blinkAt && now < blinkAt + blinkFor) {
            return MdSyncState::parse(QStringLiteral("idle"), QStringLiteral("none"), QStringLiteral("none"),
                                      QStringLiteral("1"));
        }
        const double working = now - delay;
        if (working < 0) {
            return MdSyncState::parse(QStringLiteral("idle"), QStringLiteral("none"), QStringLiteral("none"),
                                      QStringLiteral("1"));
        }
        std::uint64_t done = std::uint64_t(working * double(rate));
        if (stopsHalfway && done >= total / 2) {
            return MdSyncState::parse(QStringLiteral("idle"), QStringLiteral("none"), QStringLiteral("none"),
                                      QStringLiteral("1"));
        }
        if (done >= total) {
            return MdSyncState::parse(QStringLiteral("idle"), QStringLiteral("none"), QStringLiteral("none"),
                                      QStringLiteral("0"));
        }
        done -= done % step;
        return MdSyncState::parse(QStringLiteral("recover\n"), QStringLiteral("%1 / %2\n").arg(done).arg(total),
                                  QStringLiteral("%1\n").arg(rate / 2), QStringLiteral("1\n"));
    }
};

Result<SyncTimeline> replay(ReplayedRebuild& rebuild, const std::atomic_bool* cancel = nullptr,
                            SyncTimeline* partial = nullptr, QList<SyncPoint>* sampled = nullptr)
{
    SyncFollower follower({QStringLiteral("/sys/block/md127/md")}, rebuild);
    std::function<void(const SyncPoint&)> sample;
    if (sampled) {
        sample = [sampled](const SyncPoint& point) { sampled->append(point); };
    }
    return follower.follow(cancel, partial, sample);
}

Result<CampaignPlan> planWith(const QJsonValue& drill, const QJsonValue& configDrill = QJsonValue::Undefined)
{
    QJsonObject config {{QStringLiteral("name"), QStringLiteral("raid5")},
                        {QStringLiteral("preset"), QStringLiteral("raid5")}};
    if (!configDrill.isUndefined()) {
        config.insert(QStringLiteral("drill"), configDrill);
    }
    QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                      {QStringLiteral("disks"),
                       QJsonArray {QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc"), QStringLiteral("/dev/sdd")}},
                      {QStringLiteral("configurations"), QJsonArray {config}}};
    if (!drill.isUndefined()) {
        plan.insert(QStringLiteral("drill"), drill);
    }
    return CampaignPlan::fromJson(plan);
}

} // namespace

class TestDrill final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sysfsValuesAsTheKernelWritesThem()
    {
        // Recorded in the lab (Linux 6.1) during the recovery of a 512 MiB RAID1 member.
        const MdSyncState recovering =
            MdSyncState::parse(QStringLiteral("recover\n"), QStringLiteral("327680 / 1046528\n"),
                               QStringLiteral("61440\n"), QStringLiteral("1\n"));
        QVERIFY(recovering.readable);
        QVERIFY(recovering.working());
        QCOMPARE(recovering.doneSectors, 327680u);
        QCOMPARE(recovering.totalSectors, 1046528u);
        QCOMPARE(recovering.speedKiBs, 61440u);
        QCOMPARE(recovering.degraded, 1);
        const MdSyncState idle = MdSyncState::parse(QStringLiteral("idle\n"), QStringLiteral("none\n"),
                                                    QStringLiteral("none\n"), QStringLiteral("0\n"));
        QVERIFY(!idle.working());
        QCOMPARE(idle.totalSectors, 0u);
        QVERIFY(!MdSyncState::parse({}, {}, {}, {}).readable); // a missing file: not an idle array
        QCOMPARE(mdSysDirectory(QStringLiteral("/dev/sda")), QString());
    }

    void rebuildTimeline()
    {
        ReplayedRebuild rebuild;
        QList<SyncPoint> sampled;
        auto timeline = replay(rebuild, nullptr, nullptr, &sampled);
        QVERIFY2(timeline, timeline ? "" : qPrintable(timeline.error().message));
        QVERIFY(timeline->completed);
        QCOMPARE(timeline->bytes, 1048576ull * 512);
        // 0.5 s before md starts, 8 s of work at 64 MiB/s; the end seen within a fifth of a second.
        QVERIFY2(timeline->seconds >= 8.5 && timeline->seconds <= 8.7 + 1e-9,
                 qPrintable(QString::number(timeline->seconds)));
        QVERIFY(std::abs(timeline->averageBytesPerSecond() - 64.0 * 1048576 * 8 / timeline->seconds) < 1);
        // A point a second, rates over three seconds: within one 32 MiB step of the truth.
        QVERIFY(timeline->points.size() >= 8 && timeline->points.size() <= 10);
        for (qsizetype i = 1; i < timeline->points.size(); ++i) {
            QVERIFY(timeline->points.at(i).seconds - timeline->points.at(i - 1).seconds >= 0.99 ||
                    i == timeline->points.size() - 1);
            QVERIFY(timeline->points.at(i).fraction >= timeline->points.at(i - 1).fraction);
        }
        QCOMPARE(timeline->points.last().fraction, 1.0);
        const double median = timeline->medianBytesPerSecond();
        QVERIFY2(std::abs(median - 64.0 * 1048576) <= 16.0 * 1048576, qPrintable(QString::number(median / 1048576)));
        QCOMPARE(sampled.size(), timeline->points.size());
    }

    void rebuildThatStopsOrNeverStarts()
    {
        ReplayedRebuild stops;
        stops.stopsHalfway = true;
        SyncTimeline partial;
        auto stopped = replay(stops, nullptr, &partial);
        QVERIFY(!stopped);
        QCOMPARE(stopped.error().code, ErrorCode::stepFailed);
        QVERIFY(stopped.error().message.contains(QLatin1String("still missing")));
        // md idle with the member missing for a look or two, between two steps of the rebuild: not a stop.
        ReplayedRebuild blinks;
        blinks.blinkAt = 3;
        blinks.blinkFor = 0.45;
        auto through = replay(blinks);
        QVERIFY2(through && through->completed, qPrintable(through ? QString() : through.error().message));
        // As long as an interval of looks, it is one.
        ReplayedRebuild pauses;
        pauses.blinkAt = 3;
        pauses.blinkFor = 1.5;
        auto paused = replay(pauses);
        QVERIFY(!paused);
        QVERIFY(paused.error().message.contains(QLatin1String("still missing")));
        QVERIFY(!partial.points.isEmpty()); // what was measured is kept

        ReplayedRebuild never;
        never.delay = 1e9;
        auto notStarted = replay(never);
        QVERIFY(!notStarted);
        QVERIFY(notStarted.error().message.contains(QLatin1String("did not start")));
        QVERIFY(never.now >= 15 && never.now < 16);

        ReplayedRebuild cancelled;
        std::atomic_bool cancel {true};
        auto gone = replay(cancelled, &cancel, &partial);
        QCOMPARE(gone.error().code, ErrorCode::cancelled);
    }

    void drillsInPlans_data()
    {
        QTest::addColumn<QJsonValue>("drill");
        QTest::addColumn<QString>("error"); // empty: accepted
        QTest::newRow("on") << QJsonValue(true) << QString();
        QTest::newRow("off") << QJsonValue(false) << QString();
        QTest::newRow("full") << QJsonValue(
                                     QJsonObject {{QStringLiteral("under_load"), QStringLiteral("rnd4k-qd32-read")},
                                                  {QStringLiteral("sync_speed_min"), QStringLiteral("10M")},
                                                  {QStringLiteral("sync_speed_max"), QStringLiteral("50M/s")},
                                                  {QStringLiteral("readd"), true},
                                                  {QStringLiteral("initial_resync"), true},
                                                  {QStringLiteral("member"), QStringLiteral("/dev/sdc")},
                                                  {QStringLiteral("estimate_member_size"), QStringLiteral("8T")}})
                              << QString();
        QTest::newRow("a limit of 0") << QJsonValue(
                                             QJsonObject {{QStringLiteral("sync_speed_max"), QStringLiteral("0")}})
                                      << QStringLiteral("at least 1k");
        QTest::newRow("a negative limit")
            << QJsonValue(QJsonObject {{QStringLiteral("sync_speed_max"), QStringLiteral("-5M")}})
            << QStringLiteral("must be a speed");
        QTest::newRow("a limit beyond any disk")
            << QJsonValue(QJsonObject {{QStringLiteral("sync_speed_max"), QStringLiteral("99999T")}})
            << QStringLiteral("at most 100G");
        QTest::newRow("min above max") << QJsonValue(
                                              QJsonObject {{QStringLiteral("sync_speed_min"), QStringLiteral("90M")},
                                                           {QStringLiteral("sync_speed_max"), QStringLiteral("50M")}})
                                       << QStringLiteral("above");
        QTest::newRow("unknown field") << QJsonValue(QJsonObject {{QStringLiteral("fail_two"), true}})
                                       << QStringLiteral("unknown field");
        QTest::newRow("unknown test") << QJsonValue(
                                             QJsonObject {{QStringLiteral("under_load"), QStringLiteral("warp9")}})
                                      << QStringLiteral("unknown test");
        QTest::newRow("unknown member") << QJsonValue(
                                               QJsonObject {{QStringLiteral("member"), QStringLiteral("/dev/sdz")}})
                                        << QStringLiteral("not among the plan's disks");
        QTest::newRow("nothing to do") << QJsonValue(QJsonObject {{QStringLiteral("degraded"), false},
                                                                  {QStringLiteral("rebuild"), false}})
                                       << QStringLiteral("nothing to do");
        QTest::newRow("load without rebuild")
            << QJsonValue(QJsonObject {{QStringLiteral("rebuild"), false},
                                       {QStringLiteral("under_load"), QStringLiteral("rnd4k-qd32-read")}})
            << QStringLiteral("needs 'rebuild'");
        QTest::newRow("not an object") << QJsonValue(QStringLiteral("yes"))
                                       << QStringLiteral("true, false or an object");
    }

    void drillsInPlans()
    {
        QFETCH(QJsonValue, drill);
        QFETCH(QString, error);
        for (const bool onConfig : {false, true}) {
            const auto plan = onConfig ? planWith(QJsonValue::Undefined, drill) : planWith(drill);
            if (error.isEmpty()) {
                QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
                const DrillSpec spec = plan->drillFor(plan->configurations.first());
                QCOMPARE(spec.enabled, drill.toBool(true));
                // What the plan says survives a save and a load.
                const auto again = CampaignPlan::fromJson(plan->toJson());
                QVERIFY(again);
                QCOMPARE(again->drillFor(again->configurations.first()).toJson(), spec.toJson());
                QCOMPARE(again->drillFor(again->configurations.first()).enabled, spec.enabled);
            } else {
                QVERIFY(!plan);
                QCOMPARE(plan.error().code, ErrorCode::invalidPlan);
                QVERIFY2(plan.error().message.contains(error), qPrintable(plan.error().message));
            }
        }
        if (drill.isObject() && drill.toObject().contains(QStringLiteral("sync_speed_max")) && error.isEmpty()) {
            QCOMPARE(*planWith(drill)->drill.syncSpeedMax, 50ull << 20);
        }
    }

    void resultsKeepTheDrill()
    {
        DrillResult drill;
        drill.spec.enabled = true;
        drill.spec.underLoad = QStringLiteral("rnd4k-qd32-read");
        drill.status = RunState::Completed;
        drill.failedArray = QStringLiteral("/dev/md/raidbench-ab12cd34-0");
        drill.failedMembers = {QStringLiteral("/dev/sdb")};
        TestResult degraded;
        degraded.spec = *TestSpec::standard(QStringLiteral("seq1m-qd8-read"));
        degraded.summary.runs = 1;
        degraded.summary.bwMedian = 157e6;
        drill.degraded = {degraded};
        RebuildResult rebuild;
        rebuild.kind = QStringLiteral("rebuild");
        rebuild.array = drill.failedArray;
        rebuild.members = drill.failedMembers;
        rebuild.seconds = 9.2;
        rebuild.bytes = 535822336;
        rebuild.bw = 58.2e6;
        rebuild.completed = true;
        rebuild.timeline = {{0, 0, 0}, {1, 0.12, 61e6}, {9.2, 1, 58e6}};
        rebuild.limitedBy = QStringLiteral("sdb (written, 99 % busy)");
        rebuild.predictedSeconds = 8.9;
        rebuild.estimateMemberBytes = 4'000'000'000'000ull;
        rebuild.estimateSeconds = rebuildEstimateSeconds(rebuild.estimateMemberBytes, rebuild.bw);
        drill.rebuild = rebuild;
        drill.underLoad = degraded;
        drill.rebuildUnderLoadBw = 31e6;

        ConfigResult config;
        config.name = QStringLiteral("raid5");
        config.status = RunState::Completed;
        config.drill = drill;
        auto back = ConfigResult::fromJson(QJsonDocument::fromJson(QJsonDocument(config.toJson()).toJson()).object());
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QVERIFY(back->drill);
        QCOMPARE(back->drill->status, drill.status);
        QCOMPARE(back->drill->failedMembers, drill.failedMembers);
        QCOMPARE(back->drill->degraded.size(), 1);
        QCOMPARE(back->drill->degradedTest(QStringLiteral("seq1m-qd8-read"))->summary.bwMedian, 157e6);
        QVERIFY(back->drill->rebuild);
        QCOMPARE(back->drill->rebuild->seconds, 9.2);
        QCOMPARE(back->drill->rebuild->bytes, rebuild.bytes);
        QCOMPARE(back->drill->rebuild->timeline.size(), 3);
        QCOMPARE(back->drill->rebuild->timeline.at(1).bytesPerSecond, 61e6);
        QCOMPARE(back->drill->rebuild->limitedBy, rebuild.limitedBy);
        QCOMPARE(*back->drill->rebuild->estimateSeconds, 4e12 / 58.2e6);
        QCOMPARE(*back->drill->rebuildUnderLoadBw, 31e6);
        QVERIFY(back->drill->underLoad);
        QVERIFY(!back->drill->readd);
        // A 4 TB member at 58.2 MB/s: 19 h 5 min.
        QVERIFY(std::abs(*rebuild.estimateSeconds - 68728.5) < 1);
        QVERIFY(!rebuildEstimateSeconds(0, 1e6));
        QVERIFY(!rebuildEstimateSeconds(1e12, 0));
    }
};

QTEST_GUILESS_MAIN(TestDrill)
#include "tst_drill.moc"
