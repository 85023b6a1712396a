#include "exports/exports.h"
#include "exports/surfacereport.h"
#include "plan/campaignplan.h"
#include "plan/surfacescan.h"
#include "results/campaignresults.h"
#include "util/errorcodes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace RaidBench;

/// The surface scan's logic: where it reads, what a plan may ask, what a scan keeps when it stops. The
/// reads themselves are the lab's (tst_diskmodels_lab: a hard disk model read across its zones).
class TestSurface final : public QObject
{
    Q_OBJECT

private:
    static IoResult completed(const IoJob& job, double bw)
    {
        IoResult result;
        result.job = job;
        result.status = IoStatus::Completed;
        result.elapsedNs = 1'000'000'000ull;
        result.bytes = std::uint64_t(bw);
        return result;
    }

private Q_SLOTS:
    void offsetsCoverTheDiskWithoutOverlap()
    {
        SurfaceSpec spec;
        spec.points = 16;
        const std::uint64_t disk = 2ull << 30;
        const QList<std::uint64_t> offsets = spec.offsets(disk);
        QCOMPARE(offsets.size(), 16);
        QCOMPARE(offsets.first(), 0ull);
        const std::uint64_t span = spec.span(disk);
        QCOMPARE(span, 128ull << 20); // a sixteenth of 2 GiB, under the 256 MiB cap
        QCOMPARE(offsets.last() + span, disk);
        for (int i = 1; i < offsets.size(); ++i) {
            QVERIFY(offsets.at(i) >= offsets.at(i - 1) + span);
            QCOMPARE(offsets.at(i) % (1u << 20), 0ull);
        }
        // A large disk: each point reads at most 256 MiB.
        QCOMPARE(spec.span(4ull << 40), SurfaceSpec::maxSpanBytes);
        IoJob job = spec.jobAt(offsets.at(3), disk);
        QCOMPARE(job.pattern, IoPattern::Read);
        QCOMPARE(job.offset, offsets.at(3));
        QCOMPARE(job.length, span);
        QVERIFY(!job.destroyData);
        job.target = QStringLiteral("/dev/sdb"); // the runner's, from the gate
        QVERIFY(job.validate());
        // Too small for the points asked: no offsets, and the scan says why.
        spec.points = 100;
        QVERIFY(spec.offsets(64ull << 20).isEmpty());
        DiskSurface surface;
        QVERIFY(!SurfaceScanner(spec, 64ull << 20)
                     .scan(
                         surface, [](IoJob) -> Result<IoResult> { return IoResult {}; }, {}, nullptr));
        QVERIFY2(surface.error.contains(QLatin1String("too small")), qPrintable(surface.error));
    }

    void specFromJson_data()
    {
        QTest::addColumn<QJsonValue>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("points") << QJsonValue(16) << QString();
        QTest::newRow("object") << QJsonValue(QJsonObject {{QStringLiteral("points"), 8},
                                                           {QStringLiteral("time"), QStringLiteral("500ms")}})
                                << QString();
        QTest::newRow("one point") << QJsonValue(1) << QStringLiteral("points must be");
        QTest::newRow("too many") << QJsonValue(101) << QStringLiteral("points must be");
        QTest::newRow("huge") << QJsonValue(1e300) << QStringLiteral("points must be");
        QTest::newRow("fraction") << QJsonValue(2.5) << QStringLiteral("points must be");
        QTest::newRow("text") << QJsonValue(QStringLiteral("16")) << QStringLiteral("give the number of points");
        QTest::newRow("unknown field") << QJsonValue(QJsonObject {{QStringLiteral("points"), 8},
                                                                  {QStringLiteral("write"), true}})
                                       << QStringLiteral("unknown field 'write'");
        QTest::newRow("bad time") << QJsonValue(QJsonObject {{QStringLiteral("points"), 8},
                                                             {QStringLiteral("time"), QStringLiteral("soon")}})
                                  << QStringLiteral("surface:");
        QTest::newRow("too short") << QJsonValue(QJsonObject {{QStringLiteral("points"), 8},
                                                              {QStringLiteral("time"), QStringLiteral("10ms")}})
                                   << QStringLiteral("100ms to 10m");
    }

    void specFromJson()
    {
        QFETCH(QJsonValue, json);
        QFETCH(QString, error);
        auto spec = SurfaceSpec::fromJson(json);
        if (error.isEmpty()) {
            QVERIFY2(spec.ok(), qPrintable(spec.ok() ? QString() : spec.error().message));
            auto again = SurfaceSpec::fromJson(spec->toJson());
            QVERIFY(again.ok());
            QCOMPARE(again->points, spec->points);
            QCOMPARE(again->timeNs, spec->timeNs);
        } else {
            QVERIFY(!spec.ok());
            QCOMPARE(spec.error().code, ErrorCode::invalidPlan);
            QVERIFY2(spec.error().message.contains(error), qPrintable(spec.error().message));
        }
    }

    void planWithSurfaceOnly()
    {
        const QJsonObject json {{QStringLiteral("raidbench_plan"), 1},
                                {QStringLiteral("disks"), QJsonArray {QStringLiteral("/dev/sdb")}},
                                {QStringLiteral("baselines"), false},
                                {QStringLiteral("configurations"), QJsonArray {}},
                                {QStringLiteral("surface"), 8}};
        auto plan = CampaignPlan::fromJson(json);
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QCOMPARE(plan->surface.points, 8);
        QVERIFY(!plan->writes()); // read only: nothing for the user to confirm
        auto again = CampaignPlan::fromJson(plan->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->surface.points, 8);

        QJsonObject nothing = json;
        nothing.remove(QStringLiteral("surface"));
        auto refused = CampaignPlan::fromJson(nothing);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.contains(QLatin1String("nothing to do")));

        QJsonObject bad = json;
        bad.insert(QStringLiteral("surface"), 0);
        QVERIFY(!CampaignPlan::fromJson(bad).ok());
        QVERIFY(CampaignPlan {}.writes());
    }

    void scanKeepsWhatItReadWhenStopped()
    {
        SurfaceSpec spec;
        spec.points = 10;
        const std::uint64_t disk = 1ull << 30;
        const SurfaceScanner scanner(spec, disk);
        // A hard disk: 105 MB/s at the start falling to 55 at the end.
        auto hdd = [&](IoJob job) -> Result<IoResult> {
            const double at = double(job.offset) / double(disk - job.length);
            return completed(job, 105e6 - 50e6 * at);
        };
        DiskSurface full;
        QVERIFY(scanner.scan(full, hdd, {}, nullptr));
        QVERIFY(full.complete());
        QCOMPARE(full.points.size(), 10);
        QCOMPARE(DiskSurface::zone(full.slowest()->position(disk)), QStringLiteral("end"));
        QCOMPARE(full.fastest()->position(disk), 0.0);
        QVERIFY2(
            full.summary(disk).startsWith(QLatin1String("slowest at the end (100 %): 55.0 MB/s, 52 % of the fastest")),
            qPrintable(full.summary(disk)));

        // Cancelled after the fourth point: four points kept, and a resumed scan reads the other six.
        std::atomic_bool cancel = false;
        DiskSurface partial;
        int reads = 0;
        QVERIFY(!scanner.scan(
            partial,
            [&](IoJob job) {
                if (++reads == 4) {
                    cancel = true;
                }
                return hdd(job);
            },
            {}, &cancel));
        QCOMPARE(partial.points.size(), 4);
        QVERIFY(!partial.complete());
        QVERIFY(partial.summary(disk).endsWith(QLatin1String("4 of 10 points measured")));
        cancel = false;
        QList<int> progress;
        QVERIFY(scanner.scan(
            partial, hdd, [&](int point, int, std::uint64_t) { progress.append(point); }, &cancel));
        QCOMPARE(progress, (QList<int> {4, 5, 6, 7, 8, 9}));
        QCOMPARE(partial.points.size(), 10);

        // A resumed scan of another grid (the plan asks 8 points now) starts over.
        SurfaceSpec eight = spec;
        eight.points = 8;
        DiskSurface regrid;
        regrid.points = partial.points.mid(0, 3);
        progress.clear();
        QVERIFY(SurfaceScanner(eight, disk)
                    .scan(
                        regrid, hdd, [&](int point, int, std::uint64_t) { progress.append(point); }, nullptr));
        QCOMPARE(progress.first(), 0);
        QCOMPARE(regrid.points.size(), 8);
        QCOMPARE(regrid.points.last().offset, eight.offsets(disk).last());
        // A read that fails stops the scan with its reason; a read cut short is not a point.
        DiskSurface failed;
        QVERIFY(!scanner.scan(
            failed,
            [&](IoJob job) -> Result<IoResult> {
                if (job.offset > 0) {
                    return makeError(ErrorCode::deviceChanged, QStringLiteral("the disk changed"));
                }
                return hdd(job);
            },
            {}, nullptr));
        QCOMPARE(failed.points.size(), 1);
        QCOMPARE(failed.error, QStringLiteral("the disk changed"));
        DiskSurface cut;
        QVERIFY(!scanner.scan(
            cut,
            [&](IoJob job) -> Result<IoResult> {
                IoResult result = completed(job, 1e6);
                result.status = IoStatus::Cancelled;
                return result;
            },
            {}, nullptr));
        QVERIFY(cut.points.isEmpty());
    }

    /// A point far below both its neighbours is read once more: a busy moment does not make the middle
    /// of a disk its slowest place, a slow place that reads slow again does.
    void aDipIsReadAgain()
    {
        SurfaceSpec spec;
        spec.points = 8;
        const std::uint64_t disk = 1ull << 30;
        const SurfaceScanner scanner(spec, disk);
        const QList<std::uint64_t> offsets = spec.offsets(disk);
        auto hdd = [&](const IoJob& job) {
            const double at = double(job.offset) / double(disk - job.length);
            return 105e6 - 50e6 * at;
        };
        // The fourth point reads at half its speed the first time only.
        QList<int> read;
        DiskSurface once;
        QVERIFY(scanner.scan(
            once,
            [&](IoJob job) -> Result<IoResult> {
                const bool dip = job.offset == offsets.at(3) && !read.contains(3);
                read.append(int(offsets.indexOf(job.offset)));
                return completed(job, dip ? hdd(job) / 2 : hdd(job));
            },
            {}, nullptr));
        QCOMPARE(read, (QList<int> {0, 1, 2, 3, 4, 5, 6, 7, 3}));
        QCOMPARE(once.slowestZone(disk), QStringLiteral("end"));
        QVERIFY(qAbs(once.points.at(3).bwBytes / hdd(spec.jobAt(offsets.at(3), disk)) - 1) < 1e-6);

        // A slow place reads slow again, and stays the slowest.
        read.clear();
        DiskSurface slowPlace;
        QVERIFY(scanner.scan(
            slowPlace,
            [&](IoJob job) -> Result<IoResult> {
                read.append(int(offsets.indexOf(job.offset)));
                return completed(job, job.offset == offsets.at(3) ? hdd(job) / 2 : hdd(job));
            },
            {}, nullptr));
        QCOMPARE(read.size(), 9);
        QCOMPARE(slowPlace.slowestZone(disk), QStringLiteral("middle"));
    }

    void regions()
    {
        const std::uint64_t disk = 16ull << 30;
        // The start: the whole device from byte 0, as before there was a choice.
        QCOMPARE(regionRange(TestRegion::Start, disk).offset, 0ull);
        QCOMPARE(regionRange(TestRegion::Start, disk).length, 0ull);
        const RegionRange end = regionRange(TestRegion::End, disk);
        QCOMPARE(end.length, 2ull << 30);
        QCOMPARE(end.offset + end.length, disk);
        const RegionRange middle = regionRange(TestRegion::Middle, disk);
        QCOMPARE(middle.offset, 7ull << 30);
        // A small device: a gigabyte at least, the whole device when smaller.
        QCOMPARE(regionRange(TestRegion::End, 2ull << 30).length, 1ull << 30);
        QCOMPARE(regionRange(TestRegion::End, 2ull << 30).offset, 1ull << 30);
        QCOMPARE(regionRange(TestRegion::End, 512ull << 20).length, 0ull);
        QCOMPARE(regionRange(TestRegion::End, 0).length, 0ull);
        // In a plan, and refused when it is none of the three.
        QJsonObject json {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"), QJsonArray {QStringLiteral("/dev/sdb")}},
                          {QStringLiteral("region"), QStringLiteral("end")}};
        auto plan = CampaignPlan::fromJson(json);
        QVERIFY(plan.ok());
        QCOMPARE(plan->region, TestRegion::End);
        QCOMPARE(CampaignPlan::fromJson(plan->toJson())->region, TestRegion::End);
        QVERIFY(!CampaignPlan {}.toJson().contains(QStringLiteral("region")));
        json.insert(QStringLiteral("region"), QStringLiteral("inner"));
        auto refused = CampaignPlan::fromJson(json);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QLatin1String("\"start\", \"middle\", \"end\" or \"spread\"")),
                 qPrintable(refused.error().message));
        // The report says where the tests ran.
        CampaignResults results;
        results.plan = plan->toJson();
        QVERIFY(resultsToMarkdown(results).contains(QLatin1String("in the last eighth of each disk and array")));
        results.plan = QJsonObject {};
        QVERIFY(resultsToMarkdown(results).contains(QLatin1String("from the first byte of each disk and array")));
    }

    /// Spread: the whole device in eight parts visited in turn (fewer on a small one), in a plan and
    /// in the report.
    void spread()
    {
        const RegionRange whole = regionRange(TestRegion::Spread, 16ull << 30);
        QCOMPARE(whole.offset, 0ull);
        QCOMPARE(whole.length, 0ull);
        QCOMPARE(whole.zones, spreadZones);
        QCOMPARE(regionRange(TestRegion::Spread, 256ull << 20).zones, 4u);
        QCOMPARE(regionRange(TestRegion::Spread, 1ull << 20).zones, 1u);
        QCOMPARE(regionRange(TestRegion::End, 16ull << 30).zones, 1u);
        QJsonObject json {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"), QJsonArray {QStringLiteral("/dev/sdb")}},
                          {QStringLiteral("region"), QStringLiteral("spread")}};
        auto plan = CampaignPlan::fromJson(json);
        QVERIFY(plan.ok());
        QCOMPARE(plan->region, TestRegion::Spread);
        QCOMPARE(plan->toJson().value(QStringLiteral("region")).toString(), QStringLiteral("spread"));
        CampaignResults results;
        results.plan = plan->toJson();
        QVERIFY(resultsToMarkdown(results).contains(QLatin1String("spread across each disk and array, in 8 parts")));
    }

    void resultsKeepTheSurface()
    {
        DiskResult disk;
        disk.path = QStringLiteral("/dev/sdb");
        disk.sizeBytes = 1ull << 30;
        disk.surface.pointsPlanned = 3;
        disk.surface.points = {{0, 64ull << 20, 100e6}, {480ull << 20, 64ull << 20, 80e6}};
        disk.surface.error = QStringLiteral("cancelled");
        const QJsonObject json = disk.toJson();
        const QJsonObject surface = json.value(QStringLiteral("surface")).toObject();
        QCOMPARE(surface.value(QStringLiteral("points")).toArray().size(), 2);
        QCOMPARE(surface.value(QStringLiteral("slowest_zone")).toString(), QStringLiteral("middle"));
        const DiskResult back = DiskResult::fromJson(QJsonDocument::fromJson(QJsonDocument(json).toJson()).object());
        QCOMPARE(back.surface.points.size(), 2);
        QCOMPARE(back.surface.points.at(1).offset, 480ull << 20);
        QCOMPARE(back.surface.points.at(1).bwBytes, 80e6);
        QCOMPARE(back.surface.pointsPlanned, 3);
        QCOMPARE(back.surface.error, QStringLiteral("cancelled"));
        // A disk never scanned writes no surface.
        QVERIFY(!DiskResult {}.toJson().contains(QStringLiteral("surface")));

        CampaignResults results;
        results.disks = {disk};
        const QString md = surfaceMarkdown(results);
        QVERIFY(md.contains(QLatin1String("## Each disk across its surface")));
        QVERIFY2(md.contains(QLatin1String("| /dev/sdb |  | middle | 80.0 | 100.0 | 80 % | 2/3 |")), qPrintable(md));
        QVERIFY(md.contains(QLatin1String("(stopped: cancelled)")));
        QVERIFY(surfaceMarkdown(CampaignResults {}).isEmpty());

        // An SSD: no zone is slowest.
        DiskSurface ssd;
        ssd.pointsPlanned = 2;
        ssd.points = {{0, 64ull << 20, 179e6}, {900ull << 20, 64ull << 20, 178e6}};
        QVERIFY(ssd.flat());
        QCOMPARE(ssd.slowestZone(1ull << 30), QStringLiteral("flat"));
        QCOMPARE(ssd.summary(1ull << 30), QStringLiteral("flat: 178.0 to 179.0 MB/s from start to end"));
    }
};

QTEST_GUILESS_MAIN(TestSurface)
#include "tst_surface.moc"
