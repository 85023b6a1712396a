// The disks' access patterns (results/diskaccess.h) and what the models make of them: the cost of
// skipping parity chunks in a RAID5/6 read, and the random model (results/randommodel.h). Real disks'
// figures come from tst_campaign_lab and the benchmark tests/bench/model-accuracy; here the maths.
#include "answer/recommend.h"
#include "answer/requirements.h"
#include "campaign/progresscount.h"
#include "exports/accessreport.h"
#include "model/analysis.h"
#include "model/nearreads.h"
#include "model/randommodel.h"
#include "model/throughputmodel.h"
#include "plan/campaignplan.h"
#include "results/diskaccess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace RaidBench;

class TestDiskAccess : public QObject
{
    Q_OBJECT

    static ArraySpec spec(const QString& level, int disks, const QString& layout = QString())
    {
        QStringList children;
        for (int i = 0; i < disks; ++i) {
            children.append(QStringLiteral("{\"level\":\"disk\",\"device\":\"/dev/sd%1\"}").arg(QChar(u'a' + i)));
        }
        const QString json =
            QStringLiteral("{\"level\":\"%1\",%2\"children\":[%3]}")
                .arg(level, layout.isEmpty() ? QString() : QStringLiteral("\"layout\":\"%1\",").arg(layout),
                     children.join(QLatin1Char(',')));
        auto parsed = ArraySpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        Q_ASSERT(parsed.ok());
        return *parsed;
    }

    /// A hard disk as the lab's models measure: 80 IOPS at QD1, 200 at QD32 reading, 150 writing.
    static DiskAccess hardDisk()
    {
        DiskAccess access;
        access.chunkBytes = 512u << 10;
        access.skipOneBw = 50e6; // read 100 MB/s: a skipped chunk costs as long as reading it
        access.skipTwoBw = 40e6; // 1 + 2 x 0.75 = 2.5 chunks' time for one read
        access.randReadQd1 = 80;
        access.randReadQd32 = 200;
        access.randWriteQd1 = 150; // its write cache reorders at any depth
        access.randWriteQd32 = 150;
        return access;
    }

private Q_SLOTS:
    void gapCostIsTheSkipsShareOfTheTime()
    {
        const DiskAccess disk = hardDisk();
        QCOMPARE(*disk.gapCost(1, 100e6), 1.0);
        QCOMPARE(*disk.gapCost(2, 100e6), 0.75);
        DiskAccess ssd;
        ssd.skipOneBw = 540e6; // an SSD skips for free (a little faster than its sequential read: 0)
        QCOMPARE(*ssd.gapCost(1, 530e6), 0.0);
        QVERIFY(!ssd.gapCost(2, 530e6)); // not measured: none, never a guess
        QVERIFY(!ssd.gapCost(1, 0));
    }

    void randomIopsFollowTheQueueDepth()
    {
        const DiskAccess disk = hardDisk();
        QCOMPARE(*disk.randomIops(false, 1), 80.0);
        QCOMPARE(*disk.randomIops(false, 32), 200.0);
        QCOMPARE(*disk.randomIops(false, 64), 200.0); // flat beyond what was measured
        const double qd8 = *disk.randomIops(false, 8);
        QVERIFY(qd8 > 80 && qd8 < 200);
        QCOMPARE(*disk.randomIops(true, 32), 150.0);
        QCOMPARE(*disk.randomIops(true, 8), 150.0);
        DiskAccess noCache = disk;
        noCache.randWriteQd1 = 60;
        QCOMPARE(*noCache.randomIops(true, 1), 60.0);
        const double write8 = *noCache.randomIops(true, 8);
        QVERIFY(write8 > 60 && write8 < 150);
        DiskAccess none;
        QVERIFY(!none.randomIops(false, 32));
        none.randReadQd1 = 100;
        none.randReadQd32 = 100;
        QVERIFY(!none.randomIops(true, 32)); // no write figure
        QCOMPARE(*none.randomIops(false, 7), 100.0);
    }

    void jsonRoundTripAndHostileValues()
    {
        DiskAccess disk = hardDisk();
        disk.randReadTogether = 140;
        disk.randWriteTogether = 120;
        const DiskAccess back = DiskAccess::fromJson(disk.toJson());
        QCOMPARE(back.skipOneBw, disk.skipOneBw);
        QCOMPARE(back.randReadTogether, disk.randReadTogether);
        QCOMPARE(back.randWriteTogether, disk.randWriteTogether);
        QCOMPARE(back.randWriteQd32, disk.randWriteQd32);
        QCOMPARE(back.chunkBytes, disk.chunkBytes);
        QVERIFY(back.complete());
        QJsonObject hostile = disk.toJson();
        hostile.insert(QStringLiteral("skip_one_bw_bytes"), -5);
        hostile.insert(QStringLiteral("rand_read_qd1_iops"), 0);
        hostile.insert(QStringLiteral("rand_read_qd32_iops"), QStringLiteral("lots"));
        hostile.insert(QStringLiteral("chunk_bytes"), 1e300);
        hostile.insert(QStringLiteral("rand_write_qd32_together_iops"), QJsonValue::Null);
        const DiskAccess refused = DiskAccess::fromJson(hostile);
        QVERIFY(!refused.skipOneBw);
        QVERIFY(!refused.randReadQd1);
        QVERIFY(!refused.randReadQd32);
        QCOMPARE(refused.chunkBytes, 0u);
        QVERIFY(!refused.randWriteTogether);
        QVERIFY(!refused.complete());
        QVERIFY(DiskAccess::fromJson({}).isEmpty());
    }

    /// A RAID5 member reads n-1 chunks and skips one in every n; a RAID6 member skips two in a row. On
    /// disks that skip for free every member streams data (n x the slowest); on disks that wait, less.
    void parityReadsPayForTheirSkips()
    {
        const auto baseline = [](const QString&) { return std::optional<std::pair<double, double>>({100e6, 100e6}); };
        ModelContext free;
        QCOMPARE(*predictThroughput(spec(QStringLiteral("raid5"), 4), baseline, free).read, 400e6);
        ModelContext seeking;
        for (const QString& disk : {QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc"),
                                    QStringLiteral("/dev/sdd")}) {
            seeking.gapOne.insert(disk, 1.0);
            seeking.gapTwo.insert(disk, 0.5);
        }
        const ThroughputPrediction raid5 = predictThroughput(spec(QStringLiteral("raid5"), 4), baseline, seeking);
        QCOMPARE(*raid5.read, 300e6); // 4 x 100 x 3 / (3 + 1)
        QVERIFY2(raid5.readNote.contains(QStringLiteral("skips the parity chunk")), qPrintable(raid5.readNote));
        QVERIFY(raid5.readNote.contains(QStringLiteral("100 %")));
        const ThroughputPrediction raid6 = predictThroughput(spec(QStringLiteral("raid6"), 4), baseline, seeking);
        QCOMPARE(*raid6.read, 4 * 100e6 * 2 / 3); // 2 data chunks, then 2 x 0.5 of a chunk's time
        QVERIFY(raid6.readNote.contains(QStringLiteral("two parity chunks")));
        // RAID4's parity member holds no data: nothing to skip.
        QCOMPARE(*predictThroughput(spec(QStringLiteral("raid4"), 4), baseline, seeking).read, 300e6);
        // Stripes and mirrors skip nothing.
        QCOMPARE(*predictThroughput(spec(QStringLiteral("raid0"), 4), baseline, seeking).read, 400e6);
        QVERIFY(predictThroughput(spec(QStringLiteral("raid0"), 4), baseline, seeking).readNote.isEmpty());
    }

    /// A near RAID10's members read the pieces md sends them and skip their partners'; on disks that pay
    /// for a skip md's choices, followed piece by piece, decide how long a run each reads.
    void nearReadsFollowMdsChoices()
    {
        const NearMember fast {103e6, 1.0, 0.54};
        const NearMember slow {60e6, 0.79, 0.39};
        const NearStream stream;
        const double pairedBySpeed = simulatedNearRead({fast, fast, slow, slow}, 2, stream);
        const double alternating = simulatedNearRead({fast, slow, fast, slow}, 2, stream);
        qInfo("near n2: fast fast slow slow %.1f MB/s, fast slow fast slow %.1f MB/s", pairedBySpeed / 1e6,
              alternating / 1e6);
        // Below every member at its own speed (the flow: 2 x (60 + 60), 2 x (103 + 60)), above every
        // member skipping every other chunk (each its read x 1 / (1 + gap)).
        QVERIFY(pairedBySpeed < 240e6 && pairedBySpeed > 2 * 2 * 60e6 / 1.79);
        QVERIFY(alternating < 326e6 && alternating > 2 * (103e6 / 2 + 60e6 / 1.79));
        QVERIFY(alternating > pairedBySpeed);
        // The same inputs give the same figure; disks that skip for free read at their sum.
        QCOMPARE(simulatedNearRead({fast, slow, fast, slow}, 2, stream), alternating);
        const NearMember flat {100e6, 0, 0};
        QVERIFY(qAbs(simulatedNearRead({flat, flat, flat, flat}, 2, stream) - 400e6) < 4e6);
        // A member that cannot read, or a stream that reads nothing: no figure.
        QCOMPARE(simulatedNearRead({fast, NearMember {0, 1, 1}}, 2, stream), 0.0);
        QCOMPARE(simulatedNearRead({fast, fast}, 2, NearStream {0, 8, 512u << 10}), 0.0);
        QCOMPARE(simulatedNearRead({}, 2, stream), 0.0);

        // In the throughput model: the figure follows the simulation where members pay, and says so.
        const auto baseline = [](const QString&) { return std::optional<std::pair<double, double>>({100e6, 100e6}); };
        ModelContext seeking;
        for (const QString& disk : {QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc"),
                                    QStringLiteral("/dev/sdd")}) {
            seeking.gapOne.insert(disk, 1.0);
            seeking.gapTwo.insert(disk, 0.5);
        }
        const ArraySpec raid10 = spec(QStringLiteral("raid10"), 4, QStringLiteral("n2"));
        const ThroughputPrediction paying = predictThroughput(raid10, baseline, seeking);
        const NearMember member {100e6, 1.0, 0.5};
        QCOMPARE(*paying.read, simulatedNearRead({member, member, member, member}, 2, stream));
        QVERIFY(*paying.read < 400e6);
        QVERIFY2(paying.readNote.contains(QStringLiteral("piece by piece")), qPrintable(paying.readNote));
        // Disks that skip for free: every member at its own speed, no note; far copies read like raid0.
        QCOMPARE(*predictThroughput(raid10, baseline, ModelContext()).read, 400e6);
        QVERIFY(predictThroughput(raid10, baseline, ModelContext()).readNote.isEmpty());
        QCOMPARE(*predictThroughput(spec(QStringLiteral("raid10"), 4, QStringLiteral("f2")), baseline, seeking).read,
                 400e6);
    }

    /// The queue on top is closed: requests below pile up where they are served slowest, and a hard disk
    /// reorders a deeper queue better, so a slow member of a stripe holds more of the depth than its
    /// even share, and the members' depths add up to the depth on top.
    void randomRequestsPileUpAtTheSlowestMember()
    {
        DiskAccess fast = hardDisk();
        DiskAccess slow = hardDisk();
        slow.randReadQd1 = 40;
        slow.randReadQd32 = 90;
        const auto access = [&](const QString& device) -> const DiskAccess* {
            return device == QLatin1String("/dev/sda") ? &fast : &slow;
        };
        const double stripe = *predictRandom(spec(QStringLiteral("raid0"), 2), access).readIops;
        // Above the even split (each at QD16, the slow one setting the pace), below the slow member
        // holding the whole queue.
        QVERIFY(stripe > 2 * *slow.randomIops(false, 16));
        QVERIFY(stripe < 2 * *slow.randomIops(false, 32));
        // Each member's depth at that pace (the inverse of DiskAccess::randomIops) adds up to 32.
        const auto depthAt = [](const DiskAccess& disk, double iops) {
            return std::exp(std::log(iops / *disk.randReadQd1) / std::log(*disk.randReadQd32 / *disk.randReadQd1) *
                            std::log(32.0));
        };
        const double depths = depthAt(fast, stripe / 2) + depthAt(slow, stripe / 2);
        QVERIFY2(qAbs(depths - 32) < 0.5, qPrintable(QString::number(depths)));
        // A mirror's reads go to whichever copy is free: each reads at its own pace, at its share.
        const double mirror = *predictRandom(spec(QStringLiteral("raid1"), 2), access).readIops;
        QVERIFY(qAbs(mirror - (*fast.randomIops(false, 16) + *slow.randomIops(false, 16))) < 1e-6 * mirror);
        // One request on top at a time: no layout reads faster than one disk answers one request.
        const double single = *predictRandom(spec(QStringLiteral("raid0"), 2), access, {}, 1).readIops;
        QVERIFY2(single <= *fast.randomIops(false, 1) && single >= *slow.randomIops(false, 1),
                 qPrintable(QString::number(single)));
        const double five = *predictRandom(spec(QStringLiteral("raid0"), 5), access, {}, 1).readIops;
        QVERIFY2(five <= *fast.randomIops(false, 1) && five >= *slow.randomIops(false, 1),
                 qPrintable(QString::number(five)));
    }

    /// Reads add up wherever a copy lies; writes cost every copy, and on parity arrays md's reads first.
    void randomModelCountsWhatAWriteCosts()
    {
        const DiskAccess disk = hardDisk();
        const auto access = [&](const QString& device) -> const DiskAccess* {
            return device.startsWith(QLatin1String("/dev/sd")) ? &disk : nullptr;
        };
        const RandomPrediction raid0 = predictRandom(spec(QStringLiteral("raid0"), 4), access);
        QCOMPARE(*raid0.readIops, 4 * *disk.randomIops(false, 8)); // QD32 over four: 8 each
        QCOMPARE(*raid0.writeIops, 4 * *disk.randomIops(true, 8));
        QVERIFY(raid0.note.isEmpty());
        const RandomPrediction raid1 = predictRandom(spec(QStringLiteral("raid1"), 2), access);
        QCOMPARE(*raid1.writeIops, 150.0); // every write to both, each at QD32
        QCOMPARE(*raid1.readIops, 2 * *disk.randomIops(false, 16));
        const RandomPrediction raid10 = predictRandom(spec(QStringLiteral("raid10"), 4, QStringLiteral("n2")), access);
        QCOMPARE(*raid10.writeIops, 2 * *disk.randomIops(true, 16));
        QVERIFY(raid10.note.contains(QStringLiteral("2 times")));
        const RandomPrediction raid5 = predictRandom(spec(QStringLiteral("raid5"), 4), access);
        // Two reads and two writes a write, spread over four members at QD16 each.
        const double seconds = 2.0 / 4 / *disk.randomIops(false, 16) + 2.0 / 4 / *disk.randomIops(true, 16);
        QCOMPARE(*raid5.writeIops, 1.0 / seconds);
        QVERIFY(raid5.note.contains(QStringLiteral("2 reads and 2 writes")));
        const RandomPrediction raid6 = predictRandom(spec(QStringLiteral("raid6"), 6), access);
        QVERIFY(raid6.note.contains(QStringLiteral("3 reads and 3 writes")));
        // Over six disks a RAID5 write costs four requests, a RAID6 write six.
        QVERIFY(*raid6.writeIops < *predictRandom(spec(QStringLiteral("raid5"), 6), access).writeIops * 0.8);
        QVERIFY(*raid5.writeIops < *raid10.writeIops);
        QCOMPARE(*raid5.readIops, *raid0.readIops); // reads land on one data chunk wherever it lies
        // A three-disk RAID5 reads the other data block rather than the old data and parity.
        QVERIFY(predictRandom(spec(QStringLiteral("raid5"), 3), access).note.contains(QStringLiteral("1 read and 2")));
        // A disk without figures: no prediction, never a guess.
        const auto none = [](const QString&) -> const DiskAccess* { return nullptr; };
        QVERIFY(!predictRandom(spec(QStringLiteral("raid5"), 4), none).readIops);
    }

    /// Disks that share a processor or a controller: what they managed at once bounds every layout, by
    /// the requests one request on top makes of them.
    void randomModelKeepsToWhatTheDisksManagedTogether()
    {
        DiskAccess flat;
        flat.randReadQd1 = 2000;
        flat.randReadQd32 = 8000;
        flat.randWriteQd1 = 1800;
        flat.randWriteQd32 = 7000;
        const auto access = [&](const QString&) -> const DiskAccess* { return &flat; };
        // Four disks at once managed 9000 reads and 8000 writes a second in all.
        const RandomCeiling ceiling {9000.0, 8000.0};
        const RandomPrediction raid0 = predictRandom(spec(QStringLiteral("raid0"), 4), access, ceiling);
        QCOMPARE(*raid0.readIops, 9000.0); // four disks alone would give 4 x 8000 x (QD8)
        QCOMPARE(*raid0.writeIops, 8000.0);
        QVERIFY2(raid0.note.contains(QStringLiteral("reads and writes are bounded by what every disk managed at once")),
                 qPrintable(raid0.note));
        // A RAID5 write costs the disks two reads and two writes; a RAID10 write two writes.
        QCOMPARE(*predictRandom(spec(QStringLiteral("raid5"), 4), access, ceiling).writeIops,
                 1.0 / (2.0 / 9000 + 2.0 / 8000));
        QCOMPARE(*predictRandom(spec(QStringLiteral("raid10"), 4, QStringLiteral("n2")), access, ceiling).writeIops,
                 4000.0);
        // Nested: a RAID50 of two RAID5s writes as one RAID5 does; a RAID1 of two RAID0s twice.
        ArraySpec fifty;
        fifty.level = ArrayLevel::Raid0;
        fifty.children = {spec(QStringLiteral("raid5"), 3), spec(QStringLiteral("raid5"), 3)};
        QCOMPARE(*predictRandom(fifty, access, ceiling).writeIops, 1.0 / (1.0 / 9000 + 2.0 / 8000));
        // One disk was measured alone, at its own pace: every disk at once does not bound it.
        const ArraySpec alone = ArraySpec::disk(QStringLiteral("/dev/sda"));
        QCOMPARE(*predictRandom(alone, access, RandomCeiling {5000.0, 4000.0}).readIops, 8000.0);
        QVERIFY(predictRandom(alone, access, RandomCeiling {5000.0, 4000.0}).note.isEmpty());
        // Where the ceiling is above what the disks do alone, it changes nothing and says nothing.
        const RandomCeiling high {1e9, 1e9};
        const RandomPrediction free = predictRandom(spec(QStringLiteral("raid0"), 4), access, high);
        QCOMPARE(*free.readIops, 4 * *flat.randomIops(false, 8));
        QVERIFY(free.note.isEmpty());
        // Results without the disks measured together: no ceiling.
        CampaignResults results;
        DiskResult one;
        one.path = QStringLiteral("/dev/sdb");
        one.access.randReadTogether = 5000;
        one.access.randWriteTogether = 4000;
        DiskResult two = one;
        two.path = QStringLiteral("/dev/sdc");
        results.disks = {one, two};
        QCOMPARE(*randomCeiling(results).readIops, 10000.0);
        QCOMPARE(*randomCeiling(results).writeIops, 8000.0);
        results.disks[1].access.randWriteTogether.reset();
        QVERIFY(!randomCeiling(results).writeIops);
    }

    /// Layouts the model alone ranks (nothing built yet: the quick answer's first step) rank on random
    /// speed too once the disks' patterns were measured: on random writes a mirror pair beats parity.
    void predictedLayoutsRankOnRandomSpeed()
    {
        CampaignResults results;
        for (int i = 0; i < 4; ++i) {
            DiskResult disk;
            disk.path = QStringLiteral("/dev/sd%1").arg(QChar(u'a' + i));
            disk.sizeBytes = 2'000'000'000;
            disk.writeBw = 100e6;
            disk.readBw = 100e6;
            disk.access = hardDisk();
            results.disks.append(disk);
        }
        const auto requirements = Requirements::parse(QStringLiteral("failures>=1,weight=random-write"));
        QVERIFY(requirements.ok());
        const Recommendation ranking = recommend(results, *requirements);
        QVERIFY(!ranking.ranked.isEmpty());
        const RankedLayout& first = ranking.ranked.first();
        QVERIFY(first.predicted);
        QVERIFY2(first.name.startsWith(QStringLiteral("raid10")) || first.name.contains(QStringLiteral("raid1")),
                 qPrintable(first.name));
        bool hasRandom = false;
        for (const auto& [measure, value] : first.values) {
            hasRandom = hasRandom || (measure == Measure::RandomWrite && value > 0);
        }
        QVERIFY(hasRandom);
        // Without the patterns the same layouts have no random figure: nothing to rank on.
        for (DiskResult& disk : results.disks) {
            disk.access = DiskAccess();
        }
        const Recommendation blind = recommend(results, *requirements);
        for (const RankedLayout& layout : blind.ranked) {
            for (const auto& [measure, value] : layout.values) {
                QVERIFY(measure != Measure::RandomWrite);
            }
        }
    }

    void planOptionAndItsProgress()
    {
        QJsonObject json {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"), QJsonArray {QStringLiteral("/dev/sdb")}}};
        auto plan = CampaignPlan::fromJson(json);
        QVERIFY(plan.ok());
        QVERIFY(plan->patterns);
        QVERIFY(!plan->toJson().contains(QStringLiteral("patterns")));
        const int with = ProgressCount::forPlan(*plan, 4).disksUnits();
        json.insert(QStringLiteral("patterns"), false);
        plan = CampaignPlan::fromJson(json);
        QVERIFY(plan.ok());
        QVERIFY(!plan->patterns);
        QCOMPARE(plan->toJson().value(QStringLiteral("patterns")), QJsonValue(false));
        // Two strided and four random runs a disk alone, two random runs of the four at once.
        QCOMPARE(with - ProgressCount::forPlan(*plan, 4).disksUnits(), 6 * 4 + 2);
        json.insert(QStringLiteral("patterns"), QStringLiteral("yes"));
        QVERIFY(!CampaignPlan::fromJson(json).ok());
    }

    void reportSaysWhatTheLayoutsAsk()
    {
        CampaignResults results;
        QVERIFY(accessMarkdown(results).isEmpty()); // nothing measured: no section
        DiskResult disk;
        disk.path = QStringLiteral("/dev/sda");
        disk.readBw = 100e6;
        disk.access = hardDisk();
        disk.access.randReadTogether = 190;
        results.disks.append(disk);
        const QString md = accessMarkdown(results);
        QVERIFY(md.contains(QStringLiteral("| 100 % |")));
        QVERIFY(md.contains(QStringLiteral("| 75 % |")));
        // Alone at QD1 and QD32, then together (the write's was not measured).
        QVERIFY2(md.contains(QStringLiteral("| 80 | 200 | 190 | 150 | 150 |  |")), qPrintable(md));
    }
};

QTEST_GUILESS_MAIN(TestDiskAccess)
#include "tst_diskaccess.moc"
