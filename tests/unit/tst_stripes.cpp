#include "arrays/buildplan.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "layout/stripes.h"

#include <QJsonDocument>
#include <QTest>

using namespace RaidBench;

/// Stripe geometry: the chunk on top of parity legs that fills their stripes (presets and trees left
/// to RaidBench), the warning for one that does not, the refusals of chunks and stripe caches md or LVM
/// would not take, and the write-cost model on the shapes measured in the lab.
class TestStripes final : public QObject
{
    Q_OBJECT

private:
    static constexpr qulonglong KiB = 1024;
    static constexpr qulonglong MiB = 1024 * 1024;
    static constexpr std::uint64_t TB = 1000ull * 1000 * 1000 * 1000;

    /// `legs` parity legs of `perLeg` disks each (a list of sizes for uneven legs) under `top`.
    static ArraySpec nested(ArrayLevel top, ArrayLevel legLevel, const QList<int>& perLeg, std::uint64_t legChunk,
                            std::uint64_t topChunk = 0)
    {
        QList<ArraySpec> legs;
        int next = 0;
        for (int disks : perLeg) {
            QList<ArraySpec> members;
            for (int i = 0; i < disks; ++i, ++next) {
                members.append(ArraySpec::disk(QStringLiteral("/dev/disk/by-id/d%1").arg(next), TB));
            }
            ArraySpec leg = ArraySpec::node(legLevel, members);
            leg.chunkBytes = legChunk;
            legs.append(leg);
        }
        ArraySpec spec = ArraySpec::node(top, legs);
        if (top == ArrayLevel::LvmStripe) {
            spec.stripeBytes = topChunk;
        } else {
            spec.chunkBytes = topChunk;
        }
        return spec;
    }
    static QList<int> equal(int legs, int perLeg) { return QList<int>(legs, perLeg); }

    static QList<PresetDisk> disks(int count)
    {
        QList<PresetDisk> list;
        for (int i = 0; i < count; ++i) {
            list.append({QStringLiteral("/dev/disk/by-id/d%1").arg(i), TB, QString(), QString()});
        }
        return list;
    }

    static QStringList warnings(const ArraySpec& spec)
    {
        QStringList texts;
        for (const SpecIssue& issue : validateSpec(spec)) {
            if (issue.warning) {
                texts.append(issue.message);
            } else {
                texts.append(QStringLiteral("ERROR: ") + issue.message);
            }
        }
        return texts;
    }

private Q_SLOTS:
    void alignedTopChunk_data()
    {
        QTest::addColumn<int>("top");
        QTest::addColumn<int>("legLevel");
        QTest::addColumn<QList<int>>("legs");
        QTest::addColumn<qulonglong>("legChunk");
        QTest::addColumn<qulonglong>("aligned"); // 0: none
        const int raid0 = int(ArrayLevel::Raid0);
        const int lvm = int(ArrayLevel::LvmStripe);
        const int raid5 = int(ArrayLevel::Raid5);
        const int raid6 = int(ArrayLevel::Raid6);
        QTest::newRow("raid0 over 2 x raid5(3), 512k: 2 x 512k") << raid0 << raid5 << equal(2, 3) << 512 * KiB << MiB;
        QTest::newRow("raid0 over 8 x raid5(3), 512k") << raid0 << raid5 << equal(8, 3) << 512 * KiB << MiB;
        QTest::newRow("raid0 over 2 x raid5(4), 512k: 1536k, not a power of two")
            << raid0 << raid5 << equal(2, 4) << 512 * KiB << 1536 * KiB;
        QTest::newRow("lvm over 2 x raid5(4): no power of two fills 1.5M")
            << lvm << raid5 << equal(2, 4) << 512 * KiB << 0ull;
        QTest::newRow("raid0 over 2 x raid5(5), 512k") << raid0 << raid5 << equal(2, 5) << 512 * KiB << 2 * MiB;
        QTest::newRow("lvm over 2 x raid5(5), 512k") << lvm << raid5 << equal(2, 5) << 512 * KiB << 2 * MiB;
        QTest::newRow("raid0 over 4 x raid6(6), 512k") << raid0 << raid6 << equal(4, 6) << 512 * KiB << 2 * MiB;
        QTest::newRow("raid0 over 2 x raid6(4), 64k: 128k stripes, at least 512k")
            << raid0 << raid6 << equal(2, 4) << 64 * KiB << 512 * KiB;
        QTest::newRow("raid0 over 2 x raid5(3), 1M") << raid0 << raid5 << equal(2, 3) << MiB << 2 * MiB;
        QTest::newRow("raid0 over 3 x raid5(9), 1M: 8M") << raid0 << raid5 << equal(3, 9) << MiB << 8 * MiB;
        QTest::newRow("lvm over 3 x raid5(9), 1M: 8M is above LVM's 4M") << lvm << raid5 << equal(3, 9) << MiB << 0ull;
        QTest::newRow("raid0 over raid5(4) and raid5(3): 3M fills both")
            << raid0 << raid5 << QList<int> {4, 3} << 512 * KiB << 3 * MiB;
        QTest::newRow("raid0 over 2 x raid6(8), 256k: 1536k")
            << raid0 << raid6 << equal(2, 8) << 256 * KiB << 1536 * KiB;
        QTest::newRow("lvm over 2 x raid5(3), 256k") << lvm << raid5 << equal(2, 3) << 256 * KiB << 512 * KiB;
        QTest::newRow("raid0 over mirrors: nothing to fill")
            << raid0 << int(ArrayLevel::Raid1) << equal(2, 2) << 0ull << 0ull;
    }
    void alignedTopChunk()
    {
        QFETCH(int, top);
        QFETCH(int, legLevel);
        QFETCH(QList<int>, legs);
        QFETCH(qulonglong, legChunk);
        QFETCH(qulonglong, aligned);
        const ArraySpec spec = nested(ArrayLevel(top), ArrayLevel(legLevel), legs, legChunk);
        const auto chunk = RaidBench::alignedTopChunk(spec);
        QCOMPARE(chunk.value_or(0), std::uint64_t(aligned));
        // Left to RaidBench, the tree is built with it, and nothing is flagged.
        const ArraySpec resolved = withResolvedChunks(spec);
        QCOMPARE(ArrayLevel(top) == ArrayLevel::LvmStripe ? resolved.stripeBytes : resolved.chunkBytes,
                 std::uint64_t(aligned));
        const QStringList issues = warnings(spec);
        if (aligned || legLevel == int(ArrayLevel::Raid1)) {
            QVERIFY2(issues.isEmpty(), qPrintable(issues.join(QLatin1Char('\n'))));
        } else {
            // LVM over legs no power of two fills: said, and built anyway.
            QCOMPARE(issues.size(), 1);
            QVERIFY2(issues.first().contains(QLatin1String("LVM stripe sizes")), qPrintable(issues.first()));
        }
    }

    void everyLegCountAndChunk()
    {
        // 2 to 8 legs of RAID5 (3 to 6 disks) or RAID6 (4 to 7), leg chunks 64k to 1M, RAID0 and LVM on top.
        int checked = 0;
        for (const ArrayLevel legLevel : {ArrayLevel::Raid5, ArrayLevel::Raid6}) {
            const int parity = legLevel == ArrayLevel::Raid6 ? 2 : 1;
            for (int legs = 2; legs <= 8; ++legs) {
                for (int perLeg = parity + 2; perLeg <= parity + 5; ++perLeg) {
                    for (const std::uint64_t chunk : {64 * KiB, 128 * KiB, 256 * KiB, 512 * KiB, MiB}) {
                        const std::uint64_t stripe = std::uint64_t(perLeg - parity) * chunk;
                        const ArraySpec spec = nested(ArrayLevel::Raid0, legLevel, equal(legs, perLeg), chunk);
                        const std::uint64_t top = RaidBench::alignedTopChunk(spec).value_or(0);
                        const QString name = spec.describe() + QStringLiteral(" chunk ") + QString::number(chunk);
                        QVERIFY2(top % stripe == 0 && top >= 512 * KiB && top < stripe + 512 * KiB, qPrintable(name));
                        QVERIFY2(warnings(spec).isEmpty(), qPrintable(name));
                        // The build names it: mdadm --chunk in KiB.
                        const auto plan = planBuild(spec, QStringLiteral("g"), PlanOptions {true});
                        QVERIFY2(plan.ok(), qPrintable(name));
                        QVERIFY2(plan->commandLines().last().contains(QStringLiteral("--level=raid0 --raid-devices=%1 "
                                                                                     "--chunk=%2K")
                                                                          .arg(legs)
                                                                          .arg(top / KiB)),
                                 qPrintable(plan->commandLines().last()));
                        // A chunk that is not a multiple of the legs' stripe is allowed, and flagged.
                        if (stripe > 4 * KiB && stripe % (2 * 4 * KiB) == 0) {
                            const ArraySpec halved =
                                nested(ArrayLevel::Raid0, legLevel, equal(legs, perLeg), chunk, stripe / 2);
                            const QStringList flagged = warnings(halved);
                            QVERIFY2(flagged.size() == 1 && flagged.first().contains(QLatin1String("partial stripe")) &&
                                         !flagged.first().startsWith(QLatin1String("ERROR")),
                                     qPrintable(name + QLatin1Char(' ') + flagged.join(QLatin1Char(' '))));
                        }
                        // LVM: a power of two up to 4M, when the legs' stripe is one.
                        const ArraySpec lvm = nested(ArrayLevel::LvmStripe, legLevel, equal(legs, perLeg), chunk);
                        const bool powerOfTwo = (stripe & (stripe - 1)) == 0;
                        QCOMPARE(RaidBench::alignedTopChunk(lvm).has_value(), powerOfTwo && stripe <= 4 * MiB);
                        QCOMPARE(warnings(lvm).isEmpty(), powerOfTwo && stripe <= 4 * MiB);
                        ++checked;
                    }
                }
            }
        }
        QCOMPARE(checked, 2 * 7 * 4 * 5);
    }

    void warningTexts()
    {
        const ArraySpec raid50 = nested(ArrayLevel::Raid0, ArrayLevel::Raid5, equal(2, 3), 512 * KiB, 512 * KiB);
        QCOMPARE(warnings(raid50),
                 QStringList {"RAID0: every write to a leg is a partial stripe: expect about half the write speed. The "
                              "512 KiB RAID0 chunk is not a multiple of the legs' full stripe of 1 MiB (2 data disks x "
                              "512 KiB); use a 1 MiB top chunk"});
        const ArraySpec lvm = nested(ArrayLevel::LvmStripe, ArrayLevel::Raid5, equal(2, 3), 512 * KiB, 64 * KiB);
        QCOMPARE(
            warnings(lvm),
            QStringList {"LVM striping: every write to a leg is a partial stripe: expect about half the write speed. "
                         "The 64 KiB LVM stripe size is not a multiple of the legs' full stripe of 1 MiB (2 data "
                         "disks x 512 KiB); use a 1 MiB stripe size"});
        const ArraySpec uneven = nested(ArrayLevel::Raid0, ArrayLevel::Raid5, {4, 3}, 512 * KiB, MiB);
        QVERIFY2(warnings(uneven).value(0).contains(
                     QLatin1String("a multiple of every leg's full stripe (1536 KiB, 1 MiB): 3 MiB")),
                 qPrintable(warnings(uneven).value(0)));
        const ArraySpec lvmThree = nested(ArrayLevel::LvmStripe, ArrayLevel::Raid5, equal(2, 4), 512 * KiB);
        QCOMPARE(
            warnings(lvmThree),
            QStringList {"LVM striping: every write to a leg is a partial stripe: expect about half the write speed. "
                         "LVM stripe sizes are powers of two and none is a multiple of the legs' full stripe of "
                         "1536 KiB (3 data disks x 512 KiB); use legs with 2 or 4 data disks, or md RAID0 on top "
                         "with a 1536 KiB chunk"});
        const ArraySpec lvmBig = nested(ArrayLevel::LvmStripe, ArrayLevel::Raid5, equal(2, 9), MiB);
        QVERIFY2(
            warnings(lvmBig).value(0).contains(QLatin1String("LVM stripe sizes go up to 4 MiB, below the legs' full "
                                                             "stripe of 8 MiB")),
            qPrintable(warnings(lvmBig).value(0)));
        // The dry run says so too: the plan is made, and the warning is the spec's.
        const auto plan = planBuild(raid50, QStringLiteral("w"), PlanOptions {true});
        QVERIFY(plan.ok());
        QVERIFY(plan->commandLines().last().contains(QLatin1String("--chunk=512K")));
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("mentions");
        const QString two = QStringLiteral("{\"level\":\"disk\",\"device\":\"/dev/sda\"},{\"level\":\"disk\","
                                           "\"device\":\"/dev/sdb\"},{\"level\":\"disk\",\"device\":\"/dev/sdc\"}");
        QTest::newRow("raid0 chunk below 4k")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"2k\",\"children\":[%1]}").arg(two) << "multiple of 4k";
        QTest::newRow("raid0 chunk not a multiple of 4k")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"1538k\",\"children\":[%1]}").arg(two) << "1538k";
        QTest::newRow("raid0 chunk above 2G")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"3G\",\"children\":[%1]}").arg(two) << "2G";
        QTest::newRow("lvm stripe not a power of two")
            << QStringLiteral("{\"level\":\"lvm-stripe\",\"stripe_size\":\"1536k\",\"children\":[%1]}").arg(two)
            << "power of two";
        QTest::newRow("stripe cache below md's range")
            << QStringLiteral("{\"level\":\"raid5\",\"stripe_cache\":16,\"children\":[%1]}").arg(two) << "17 to 32768";
        QTest::newRow("stripe cache above md's range")
            << QStringLiteral("{\"level\":\"raid5\",\"stripe_cache\":32769,\"children\":[%1]}").arg(two)
            << "17 to 32768";
        QTest::newRow("stripe cache on raid1")
            << QStringLiteral("{\"level\":\"raid1\",\"stripe_cache\":1024,\"children\":[%1]}").arg(two)
            << "no stripe cache";
    }
    void badInput()
    {
        QFETCH(QString, json);
        QFETCH(QString, mentions);
        const auto spec = ArraySpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(spec.ok());
        const QList<SpecIssue> issues = validateSpec(*spec);
        QVERIFY(hasErrors(issues));
        QVERIFY2(firstError(issues).contains(mentions), qPrintable(firstError(issues)));
        // Nothing is planned, so nothing can be built.
        QVERIFY(!planBuild(*spec, QStringLiteral("x"), PlanOptions {true}).ok());
    }

    void presetLegs_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("disks");
        QTest::addColumn<QString>("shape");
        QTest::addColumn<qulonglong>("topChunk");
        QTest::newRow("raid50, 6") << "raid50" << 6 << "raid0(raid5(3) x 2)" << MiB;
        QTest::newRow("raid50, 7: uneven") << "raid50" << 7 << "raid0(raid5(4), raid5(3))" << 3 * MiB;
        QTest::newRow("raid50, 8") << "raid50" << 8 << "raid0(raid5(4) x 2)" << 1536 * KiB;
        QTest::newRow("raid50, 9") << "raid50" << 9 << "raid0(raid5(3) x 3)" << MiB;
        QTest::newRow("raid50, 10: 4 data disks a leg") << "raid50" << 10 << "raid0(raid5(5) x 2)" << 2 * MiB;
        QTest::newRow("raid50, 12") << "raid50" << 12 << "raid0(raid5(3) x 4)" << MiB;
        QTest::newRow("raid50, 16") << "raid50" << 16 << "raid0(raid5(4) x 4)" << 1536 * KiB;
        QTest::newRow("raid50, 20") << "raid50" << 20 << "raid0(raid5(5) x 4)" << 2 * MiB;
        QTest::newRow("raid50, 24") << "raid50" << 24 << "raid0(raid5(3) x 8)" << MiB;
        QTest::newRow("raid60, 8") << "raid60" << 8 << "raid0(raid6(4) x 2)" << MiB;
        QTest::newRow("raid60, 9: uneven") << "raid60" << 9 << "raid0(raid6(5), raid6(4))" << 3 * MiB;
        QTest::newRow("raid60, 10") << "raid60" << 10 << "raid0(raid6(5) x 2)" << 1536 * KiB;
        QTest::newRow("raid60, 12") << "raid60" << 12 << "raid0(raid6(6) x 2)" << 2 * MiB;
        QTest::newRow("raid60, 16") << "raid60" << 16 << "raid0(raid6(4) x 4)" << MiB;
        QTest::newRow("raid60, 24") << "raid60" << 24 << "raid0(raid6(6) x 4)" << 2 * MiB;
    }
    void presetLegs()
    {
        QFETCH(QString, preset);
        QFETCH(int, disks);
        QFETCH(QString, shape);
        QFETCH(qulonglong, topChunk);
        const auto spec = makePreset(preset, this->disks(disks));
        QVERIFY(spec.ok());
        QCOMPARE(spec->describe(), shape);
        QCOMPARE(spec->chunkBytes, 0ull); // left to the build, which fills the legs' stripes
        QCOMPARE(effectiveChunk(*spec), std::uint64_t(topChunk));
        QVERIFY2(warnings(*spec).isEmpty(), qPrintable(warnings(*spec).join(QLatin1Char('\n'))));
    }

    void writeCost_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("members");
        QTest::addColumn<qulonglong>("piece");
        QTest::addColumn<int>("inFlight");
        QTest::addColumn<int>("stripeCache");
        QTest::addColumn<QString>("kind"); // full, gathered, partial
        QTest::addColumn<double>("floor");
        QTest::addColumn<double>("factor");
        const int raid5 = int(ArrayLevel::Raid5);
        const int raid6 = int(ArrayLevel::Raid6);
        // Each row is a shape measured in the lab (8 disks at 30 MB/s, 512 KiB chunks; docs/analysis.md).
        QTest::newRow("raid5(3), 1M writes fill 1M stripes") << raid5 << 3 << MiB << 8 << 256 << "full" << 1.0 << 1.0;
        QTest::newRow("raid5(3), 512k writes: half stripes, 256 too few (measured 0.78)")
            << raid5 << 3 << 512 * KiB << 8 << 256 << "partial" << 0.5 << 0.75;
        QTest::newRow("raid5(3), 512k writes at one in flight (measured 0.60)")
            << raid5 << 3 << 512 * KiB << 1 << 4096 << "partial" << 0.5 << 0.5;
        QTest::newRow("raid5(3) leg of raid50, 4096 gathers them (measured 0.91-0.97)")
            << raid5 << 3 << 512 * KiB << 8 << 4096 << "gathered" << 0.5 << 1.0;
        QTest::newRow("raid5(4), 1M writes cross 1.5M stripes (measured 0.62-0.70)")
            << raid5 << 4 << MiB << 8 << 4096 << "partial" << 0.5 << 0.75;
        QTest::newRow("raid5(4), 512k writes: a third of a stripe each (measured 0.66)")
            << raid5 << 4 << 512 * KiB << 8 << 256 << "partial" << 1.0 / 3 << 2.0 / 3;
        QTest::newRow("raid5(4), 1.5M writes fill 1.5M stripes")
            << raid5 << 4 << 1536 * KiB << 8 << 256 << "full" << 1.0 << 1.0;
        QTest::newRow("raid5(5), 512k writes: 256 stripes hold 2 rows (measured 0.98)")
            << raid5 << 5 << 512 * KiB << 8 << 256 << "gathered" << 0.3125 << 1.0;
        QTest::newRow("raid5(5), 1M writes: 256 too few (measured 0.78)")
            << raid5 << 5 << MiB << 8 << 256 << "partial" << 0.5 << 0.75;
        QTest::newRow("raid5(5), 1M writes: 4096 gathers (measured 1.00)")
            << raid5 << 5 << MiB << 8 << 4096 << "gathered" << 0.5 << 1.0;
        QTest::newRow("raid6(4) leg of raid60, 512k writes (measured 0.68-0.86)")
            << raid6 << 4 << 512 * KiB << 8 << 256 << "partial" << 0.5 << 0.75;
        QTest::newRow("raid6(6), 1M writes, 4096 (measured 1.00)")
            << raid6 << 6 << MiB << 8 << 4096 << "gathered" << 0.5 << 1.0;
        QTest::newRow("raid6(6) leg of a 24-disk raid60, two 1M writes in flight: one stripe's worth (read)")
            << raid6 << 6 << MiB << 2 << 4096 << "partial" << 0.5 << 0.75;
    }
    void writeCost()
    {
        QFETCH(int, level);
        QFETCH(int, members);
        QFETCH(qulonglong, piece);
        QFETCH(int, inFlight);
        QFETCH(int, stripeCache);
        QFETCH(QString, kind);
        QFETCH(double, floor);
        QFETCH(double, factor);
        ArraySpec spec = nested(ArrayLevel::Raid0, ArrayLevel(level), {members}, 0).children.first();
        spec.stripeCachePages = stripeCache;
        const ParityWriteCost cost = parityWriteCost(spec, WriteStream {piece, inFlight});
        const QString got = cost.fullStripes ? QStringLiteral("full")
            : cost.gathered                  ? QStringLiteral("gathered")
                                             : QStringLiteral("partial");
        QCOMPARE(got, kind);
        if (kind != QLatin1String("full")) {
            QVERIFY2(std::abs(cost.floorFactor - floor) < 0.005, qPrintable(QString::number(cost.floorFactor)));
        }
        QVERIFY2(std::abs(cost.factor - factor) < 0.005, qPrintable(QString::number(cost.factor)));
        QVERIFY(kind == QLatin1String("full") || !cost.explanation.isEmpty());
        // The band md's gathering leaves: a fifth either side of the figure, inside the floor and full
        // speed; none where nothing is in doubt (full, gathered, one write in flight).
        if (kind == QLatin1String("partial") && inFlight > 1) {
            QVERIFY(std::abs(cost.lowFactor - std::max(floor, factor * 0.8)) < 0.005);
            QVERIFY(std::abs(cost.highFactor - std::min(1.0, factor * 1.2)) < 0.005);
        } else {
            QCOMPARE(cost.lowFactor, cost.factor);
            QCOMPARE(cost.highFactor, cost.factor);
        }
    }

    void threadWork()
    {
        // A RAID5 of four (1.5 MiB stripes) under 1 MiB writes: each head of a stripe gets two writes,
        // one of two data pages (3 written with the parity, 1 read) and one of one (2 written, 2 read):
        // per data page 5/3 written and 1 read when md gathers none, 4/3 written for full stripes.
        ArraySpec raid5 = nested(ArrayLevel::Raid0, ArrayLevel::Raid5, {4}, 0).children.first();
        const ParityWriteCost cost = parityWriteCost(raid5, WriteStream {MiB, 8});
        QVERIFY(std::abs(cost.fullWrites - 4.0 / 3) < 1e-9);
        QVERIFY(std::abs(cost.floorWrites - 5.0 / 3) < 1e-9);
        QVERIFY(std::abs(cost.floorReads - 1.0) < 1e-9);
        // md's thread: full stripes n/d; the floor its writes and its reads at 1.6 each; at 0.75 of full
        // speed (the figure) a third of the way: 13/9 written, 1/3 read.
        QVERIFY(std::abs(cost.threadWork(1.0) - 4.0 / 3) < 1e-9);
        QVERIFY(std::abs(cost.threadWork(cost.floorFactor) - (5.0 / 3 + mdReadWork)) < 1e-9);
        QVERIFY(std::abs(cost.threadWork(0.75) - (13.0 / 9 + mdReadWork / 3)) < 1e-9);
        QVERIFY(std::abs(cost.threadWork(0.1) - cost.threadWork(cost.floorFactor)) < 1e-9); // never past the floor
        // Full stripes read nothing, however slow the figure.
        const ParityWriteCost full = parityWriteCost(raid5, WriteStream {1536 * KiB, 8});
        QVERIFY(full.fullStripes);
        QVERIFY(std::abs(full.threadWork(1.0) - 4.0 / 3) < 1e-9);
        QVERIFY(std::abs(full.threadWork(0.5) - 4.0 / 3) < 1e-9);
    }

    void nestedStreams()
    {
        // SEQ1M QD8 on a RAID0 with a 512k chunk over two legs: each leg gets 512k writes, 8 at a time;
        // with a 1M chunk, 1M writes, 4 at a time.
        const ArraySpec misaligned = nested(ArrayLevel::Raid0, ArrayLevel::Raid5, equal(2, 3), 0, 512 * KiB);
        WriteStream leg = childStream(misaligned, WriteStream {MiB, 8});
        QCOMPARE(leg.pieceBytes, 512 * KiB);
        QCOMPARE(leg.inFlight, 8);
        // A leg that falls behind holds at most one piece of each write in flight: 8, not 16.
        QCOMPARE(leg.most(), 8);
        const ArraySpec aligned = nested(ArrayLevel::Raid0, ArrayLevel::Raid5, equal(2, 3), 0);
        leg = childStream(aligned, WriteStream {MiB, 8});
        QCOMPARE(leg.pieceBytes, MiB);
        QCOMPARE(leg.inFlight, 4);
        QCOMPARE(leg.most(), 8); // all eight, when the other leg runs ahead
        QVERIFY(parityWriteCost(aligned.children.first(), leg).fullStripes);
        // A RAID60 of two legs of six (2 MiB stripes) under a 2 MiB chunk: 1 MiB pieces, four a leg on
        // average, but a leg holding all eight needs 512 stripes, more than md's 256: partial stripes
        // (its members read 0.48 byte per byte written in the lab), where 4096 gathers them.
        ArraySpec raid60 = nested(ArrayLevel::Raid0, ArrayLevel::Raid6, equal(2, 6), 0, 2 * MiB);
        leg = childStream(raid60, WriteStream {MiB, 8});
        QCOMPARE(leg.inFlight, 4);
        QCOMPARE(leg.most(), 8);
        ParityWriteCost cost = parityWriteCost(raid60.children.first(), leg);
        QCOMPARE(cost.stripeCacheNeeded, 512);
        QVERIFY(!cost.gathered && !cost.fullStripes);
        raid60.children.first().stripeCachePages = 4096;
        QVERIFY(parityWriteCost(raid60.children.first(), leg).gathered);
        // Through LVM's 64 KiB stripes over two legs: each 1 MiB write puts 8 pieces on one leg, so 64.
        leg = childStream(nested(ArrayLevel::LvmStripe, ArrayLevel::Raid5, equal(2, 3), 0, 64 * KiB),
                          WriteStream {MiB, 8});
        QCOMPARE(leg.pieceBytes, 64 * KiB);
        QCOMPARE(leg.most(), 64);
        // A mirror passes writes on whole.
        const ArraySpec mirror = nested(ArrayLevel::Raid1, ArrayLevel::Raid5, equal(2, 3), 0);
        leg = childStream(mirror, WriteStream {MiB, 8});
        QCOMPARE(leg.pieceBytes, MiB);
        QCOMPARE(leg.inFlight, 8);
    }
};

QTEST_GUILESS_MAIN(TestStripes)
#include "tst_stripes.moc"
