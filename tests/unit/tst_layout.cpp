#include "layout/arrayanalysis.h"
#include "layout/presets.h"

#include <QJsonDocument>
#include <QTest>

using namespace RaidBench;

/// Array trees: validation, capacity, fault tolerance, controller tolerance and the seed presets.
class TestLayout final : public QObject
{
    Q_OBJECT

private:
    static constexpr std::uint64_t TB = 1000ull * 1000 * 1000 * 1000;

    static QList<PresetDisk> disks(int count, std::uint64_t size = TB, int controllers = 1)
    {
        QList<PresetDisk> list;
        for (int i = 0; i < count; ++i) {
            list.append({QStringLiteral("/dev/sd%1").arg(QChar('a' + i)), size,
                         QStringLiteral("ctrl%1").arg(i / ((count + controllers - 1) / controllers)), QString()});
        }
        return list;
    }

    static ArraySpec leaves(ArrayLevel level, int count, std::uint64_t size = TB)
    {
        QList<ArraySpec> children;
        for (int i = 0; i < count; ++i) {
            children.append(ArraySpec::disk(QStringLiteral("/dev/sd%1").arg(QChar('a' + i)), size));
        }
        return ArraySpec::node(level, children);
    }

    static QStringList errorCodes(const ArraySpec& spec)
    {
        QStringList codes;
        for (const auto& issue : validateSpec(spec)) {
            codes.append(issue.warning ? QStringLiteral("warn:") + issue.code : issue.code);
        }
        return codes;
    }

private Q_SLOTS:
    void validation_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QStringList>("codes");
        QTest::addColumn<QString>("mentions");
        auto disks = [](int n) {
            QStringList items;
            for (int i = 0; i < n; ++i) {
                items.append(QStringLiteral("{\"level\":\"disk\",\"device\":\"/dev/sd%1\",\"size_bytes\":1000000000}")
                                 .arg(QChar('a' + i)));
            }
            return items.join(QLatin1Char(','));
        };
        QTest::newRow("raid0 ok") << QStringLiteral("{\"level\":\"raid0\",\"children\":[%1]}").arg(disks(2))
                                  << QStringList {} << "";
        QTest::newRow("raid0 one disk") << QStringLiteral("{\"level\":\"raid0\",\"children\":[%1]}").arg(disks(1))
                                        << QStringList {"too-few-members"} << "RAID0 needs at least 2 disks";
        QTest::newRow("raid1 one disk") << QStringLiteral("{\"level\":\"raid1\",\"children\":[%1]}").arg(disks(1))
                                        << QStringList {"too-few-members"} << "RAID1 needs at least 2";
        QTest::newRow("raid5 three ok") << QStringLiteral("{\"level\":\"raid5\",\"children\":[%1]}").arg(disks(3))
                                        << QStringList {} << "";
        QTest::newRow("raid5 two warns") << QStringLiteral("{\"level\":\"raid5\",\"children\":[%1]}").arg(disks(2))
                                         << QStringList {"warn:two-member-parity"} << "slower mirror";
        QTest::newRow("raid5 one") << QStringLiteral("{\"level\":\"raid5\",\"children\":[%1]}").arg(disks(1))
                                   << QStringList {"too-few-members"} << "RAID5 needs at least 3";
        QTest::newRow("raid4 two warns") << QStringLiteral("{\"level\":\"raid4\",\"children\":[%1]}").arg(disks(2))
                                         << QStringList {"warn:two-member-parity"} << "";
        QTest::newRow("raid6 three") << QStringLiteral("{\"level\":\"raid6\",\"children\":[%1]}").arg(disks(3))
                                     << QStringList {"too-few-members"} << "RAID6 needs at least 4 disks";
        QTest::newRow("raid6 four ok") << QStringLiteral("{\"level\":\"raid6\",\"children\":[%1]}").arg(disks(4))
                                       << QStringList {} << "";
        QTest::newRow("raid10 two ok") << QStringLiteral("{\"level\":\"raid10\",\"children\":[%1]}").arg(disks(2))
                                       << QStringList {} << "";
        QTest::newRow("raid10 f3 on two")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"f3\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-layout"} << "3 copies";
        QTest::newRow("raid10 n3 on three")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"n3\",\"children\":[%1]}").arg(disks(3))
            << QStringList {} << "";
        QTest::newRow("raid10 bad layout")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"x9\",\"children\":[%1]}").arg(disks(4))
            << QStringList {"bad-layout"} << "x9";
        QTest::newRow("raid5 layout ok")
            << QStringLiteral("{\"level\":\"raid5\",\"layout\":\"left-asymmetric\",\"children\":[%1]}").arg(disks(3))
            << QStringList {} << "";
        QTest::newRow("chunk on raid1")
            << QStringLiteral("{\"level\":\"raid1\",\"chunk\":\"64k\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"chunk-not-allowed"} << "mdadm rejects";
        QTest::newRow("chunk on linear")
            << QStringLiteral("{\"level\":\"linear\",\"chunk\":\"64k\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"chunk-not-allowed"} << "";
        QTest::newRow("parity chunk not a power of two")
            << QStringLiteral("{\"level\":\"raid5\",\"chunk\":\"48k\",\"children\":[%1]}").arg(disks(3))
            << QStringList {"bad-chunk"} << "48k";
        // md's RAID0 takes any multiple of a page, so its chunk can match a leg's 1.5 MiB stripe.
        QTest::newRow("raid0 chunk 48k")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"48k\",\"children\":[%1]}").arg(disks(2))
            << QStringList {} << "";
        QTest::newRow("raid0 chunk not a multiple of 4k")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"6k\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-chunk"} << "multiple of 4k";
        QTest::newRow("chunk too small")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"2k\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-chunk"} << "";
        QTest::newRow("chunk too big")
            << QStringLiteral("{\"level\":\"raid0\",\"chunk\":\"4G\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-chunk"} << "";
        QTest::newRow("duplicate member")
            << QStringLiteral("{\"level\":\"raid1\",\"children\":[{\"level\":\"disk\",\"device\":\"/dev/"
                              "sda\"},{\"level\":\"disk\",\"device\":\"/dev/sda\"}]}")
            << QStringList {"duplicate-member"} << "/dev/sda";
        QTest::newRow("disk reused across tree")
            << QStringLiteral("{\"level\":\"raid0\",\"children\":[{\"level\":\"raid1\",\"children\":[{\"level\":"
                              "\"disk\",\"device\":\"/dev/sda\"},{\"level\":\"disk\",\"device\":\"/dev/sdb\"}]},"
                              "{\"level\":\"raid1\",\"children\":[{\"level\":\"disk\",\"device\":\"/dev/"
                              "sdb\"},{\"level\":\"disk\",\"device\":\"/dev/sdc\"}]}]}")
            << QStringList {"disk-reused"} << "/dev/sdb is used 2 times";
        QTest::newRow("mixed sizes warn")
            << QStringLiteral("{\"level\":\"raid1\",\"children\":[{\"level\":\"disk\",\"device\":\"/dev/"
                              "sda\",\"size_bytes\":1000000000000},"
                              "{\"level\":\"disk\",\"device\":\"/dev/sdb\",\"size_bytes\":500000000000}]}")
            << QStringList {"warn:mixed-sizes"} << "smallest";
        QTest::newRow("mixed sizes fine for raid0")
            << QStringLiteral("{\"level\":\"raid0\",\"children\":[{\"level\":\"disk\",\"device\":\"/dev/"
                              "sda\",\"size_bytes\":1000000000000},"
                              "{\"level\":\"disk\",\"device\":\"/dev/sdb\",\"size_bytes\":500000000000}]}")
            << QStringList {} << "";
        QTest::newRow("too deep")
            << QStringLiteral(
                   "{\"level\":\"raid1\",\"children\":[{\"level\":\"raid1\",\"children\":[{\"level\":\"raid0\","
                   "\"children\":["
                   "{\"level\":\"raid1\",\"children\":[{\"level\":\"disk\",\"device\":\"/dev/"
                   "sda\"},{\"level\":\"disk\",\"device\":\"/dev/sdb\"}]},"
                   "{\"level\":\"raid1\",\"children\":[{\"level\":\"disk\",\"device\":\"/dev/"
                   "sdc\"},{\"level\":\"disk\",\"device\":\"/dev/sdd\"}]}]},"
                   "{\"level\":\"disk\",\"device\":\"/dev/sdx\"}]},{\"level\":\"disk\",\"device\":\"/dev/sdy\"}]}")
            << QStringList {"too-deep", "too-deep"} << "nested deeper";
        QTest::newRow("not a device path")
            << QStringLiteral("{\"level\":\"raid0\",\"children\":[{\"level\":\"disk\",\"device\":\"/etc/"
                              "passwd\"},{\"level\":\"disk\",\"device\":\"/dev/sdb\"}]}")
            << QStringList {"bad-device"} << "/etc/passwd";
        QTest::newRow("bad metadata")
            << QStringLiteral("{\"level\":\"raid0\",\"metadata\":\"2.0\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-metadata"} << "";
        QTest::newRow("metadata 0.90: no array name to tell ours by")
            << QStringLiteral("{\"level\":\"raid1\",\"metadata\":\"0.90\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-metadata"} << "no array name";
        QTest::newRow("spares") << QStringLiteral("{\"level\":\"raid5\",\"spares\":1,\"children\":[%1]}").arg(disks(4))
                                << QStringList {} << "";
        QTest::newRow("spares leave too few")
            << QStringLiteral("{\"level\":\"raid5\",\"spares\":2,\"children\":[%1]}").arg(disks(4))
            << QStringList {"warn:two-member-parity"} << "";
        QTest::newRow("spares on raid0")
            << QStringLiteral("{\"level\":\"raid0\",\"spares\":1,\"children\":[%1]}").arg(disks(3))
            << QStringList {"bad-spares"} << "";
        QTest::newRow("md over lvm") << QStringLiteral(
                                            "{\"level\":\"raid1\",\"children\":[{\"level\":\"lvm-stripe\",\"children\":"
                                            "[%1]},{\"level\":\"disk\",\"device\":\"/dev/sdz\"}]}")
                                            .arg(disks(2))
                                     << QStringList {"bad-nesting"} << "";
        QTest::newRow("lvm stripe size")
            << QStringLiteral("{\"level\":\"lvm-stripe\",\"stripe_size\":\"8M\",\"children\":[%1]}").arg(disks(2))
            << QStringList {"bad-stripe"} << "";
        QTest::newRow("single disk at the top")
            << QStringLiteral("{\"level\":\"disk\",\"device\":\"/dev/sda\"}") << QStringList {} << "";
    }
    void validation()
    {
        QFETCH(QString, json);
        QFETCH(QStringList, codes);
        QFETCH(QString, mentions);
        QJsonParseError parseError {};
        const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8(), &parseError);
        QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
        const auto spec = ArraySpec::fromJson(document.object());
        QVERIFY2(spec.ok(), qPrintable(spec.ok() ? QString() : spec.error().message));
        QCOMPARE(errorCodes(*spec), codes);
        if (!mentions.isEmpty()) {
            const auto issues = validateSpec(*spec);
            QVERIFY2(issues.first().message.contains(mentions), qPrintable(issues.first().message));
        }
    }

    void badJson_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("unknown field") << "{\"level\":\"raid0\",\"children\":[],\"colour\":\"red\"}";
        QTest::newRow("unknown level") << "{\"level\":\"raid7\",\"children\":[]}";
        QTest::newRow("leaf with children") << "{\"level\":\"disk\",\"device\":\"/dev/sda\",\"children\":[]}";
        QTest::newRow("node without children") << "{\"level\":\"raid0\"}";
        QTest::newRow("level not a string") << "{\"level\":5,\"children\":[]}";
        QTest::newRow("bad chunk") << "{\"level\":\"raid0\",\"chunk\":\"fast\",\"children\":[]}";
        QTest::newRow("bad bitmap") << "{\"level\":\"raid1\",\"bitmap\":\"external\",\"children\":[]}";
        QTest::newRow("shell in level") << "{\"level\":\"raid0; rm -rf /\",\"children\":[]}";
    }
    void badJson()
    {
        QFETCH(QString, json);
        const auto spec = ArraySpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(!spec.ok());
        QVERIFY(!spec.error().message.isEmpty());
    }

    void deepJsonIsRefused()
    {
        QString json = QStringLiteral("{\"level\":\"disk\",\"device\":\"/dev/sda\"}");
        for (int i = 0; i < 20; ++i) {
            json = QStringLiteral("{\"level\":\"raid1\",\"children\":[%1]}").arg(json);
        }
        const auto spec = ArraySpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(!spec.ok());
        QVERIFY(spec.error().message.contains(QStringLiteral("deeper")));
    }

    void jsonRoundTrip()
    {
        auto spec = makePreset(QStringLiteral("raid50"), disks(8));
        QVERIFY(spec.ok());
        spec->children[0].chunkBytes = 64 * 1024;
        const auto back = ArraySpec::fromJson(spec->toJson());
        QVERIFY(back.ok());
        QCOMPARE(back->toJson(), spec->toJson());
        QCOMPARE(back->describe(), QStringLiteral("raid0(raid5(4) x 2)"));
    }

    void presetFigures_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("spacePct");
        QTest::addColumn<int>("guaranteed");
        QTest::addColumn<int>("bestCase");
        QTest::addColumn<QString>("shape");
        // Seed 003's table: RAID5(5) keeps 80 %, RAID10(5) and RAID10(4) 50 %, RAID1(5) 20 %.
        QTest::newRow("raid5 x5") << "raid5" << 5 << 80 << 1 << 1 << "raid5(5)";
        QTest::newRow("raid10 x5") << "raid10" << 5 << 50 << 1 << 2 << "raid10-n2(5)";
        QTest::newRow("raid10 x4") << "raid10" << 4 << 50 << 1 << 2 << "raid10-n2(4)";
        QTest::newRow("raid1 x5") << "raid1" << 5 << 20 << 4 << 4 << "raid1(5)";
        QTest::newRow("raid1+0 x4") << "raid1+0" << 4 << 50 << 1 << 2 << "raid0(raid1(2) x 2)";
        QTest::newRow("lvm over raid1 x4")
            << "lvm-stripe-over-raid1" << 4 << 50 << 1 << 2 << "lvm-stripe(raid1(2) x 2)";
        QTest::newRow("raid0 x4") << "raid0" << 4 << 100 << 0 << 0 << "raid0(4)";
        QTest::newRow("single x4") << "single" << 4 << 100 << 0 << 0 << "/dev/sda";
        QTest::newRow("raid6 x4") << "raid6" << 4 << 50 << 2 << 2 << "raid6(4)";
        QTest::newRow("raid5 x4") << "raid5" << 4 << 75 << 1 << 1 << "raid5(4)";
        QTest::newRow("raid0+1 x4") << "raid0+1" << 4 << 50 << 1 << 2 << "raid1(raid0(2) x 2)";
        QTest::newRow("raid6 x5") << "raid6" << 5 << 60 << 2 << 2 << "raid6(5)";
        QTest::newRow("raid6 x6") << "raid6" << 6 << 66 << 2 << 2 << "raid6(6)";
        QTest::newRow("raid10 x6") << "raid10" << 6 << 50 << 1 << 3 << "raid10-n2(6)";
        QTest::newRow("raid50 x6") << "raid50" << 6 << 66 << 1 << 2 << "raid0(raid5(3) x 2)";
        QTest::newRow("raid1+0 x6") << "raid1+0" << 6 << 50 << 1 << 3 << "raid0(raid1(2) x 3)";
        QTest::newRow("raid0+1 x6") << "raid0+1" << 6 << 50 << 1 << 3 << "raid1(raid0(3) x 2)";
        QTest::newRow("raid50 x8 (seed 001)") << "raid50" << 8 << 75 << 1 << 2 << "raid0(raid5(4) x 2)";
        QTest::newRow("raid60 x8") << "raid60" << 8 << 50 << 2 << 4 << "raid0(raid6(4) x 2)";
        QTest::newRow("raid5 x8") << "raid5" << 8 << 87 << 1 << 1 << "raid5(8)";
        QTest::newRow("raid6 x8") << "raid6" << 8 << 75 << 2 << 2 << "raid6(8)";
        QTest::newRow("raid10 x8") << "raid10" << 8 << 50 << 1 << 4 << "raid10-n2(8)";
        QTest::newRow("lvm over raid1 x8")
            << "lvm-stripe-over-raid1" << 8 << 50 << 1 << 4 << "lvm-stripe(raid1(2) x 4)";
        QTest::newRow("raid0+1 x8") << "raid0+1" << 8 << 50 << 1 << 4 << "raid1(raid0(4) x 2)";
    }
    void presetFigures()
    {
        QFETCH(QString, preset);
        QFETCH(int, count);
        QFETCH(int, spacePct);
        QFETCH(int, guaranteed);
        QFETCH(int, bestCase);
        QFETCH(QString, shape);
        const auto spec = makePreset(preset, disks(count));
        QVERIFY2(spec.ok(), qPrintable(spec.ok() ? QString() : spec.error().message));
        QCOMPARE(spec->describe(), shape);
        QVERIFY(!hasErrors(validateSpec(*spec)));
        const ArrayFigures figures = analyzeSpec(*spec);
        QVERIFY(figures.usableBytes.has_value());
        // md's data offset and LVM's extents take well under 1 % of 1 TB disks.
        QCOMPARE(int(figures.spacePct + 0.05), spacePct);
        QVERIFY(figures.spacePct <= spacePct + 1.0);
        QCOMPARE(figures.failuresGuaranteed, guaranteed);
        QCOMPARE(figures.failuresBestCase, bestCase);
    }

    void presetsNeedEnoughDisks()
    {
        QCOMPARE(makePreset(QStringLiteral("raid6"), disks(3)).error().message,
                 QStringLiteral("raid6 needs at least 4 disks (have 3)"));
        QVERIFY(makePreset(QStringLiteral("raid1+0"), disks(5)).error().message.contains(QStringLiteral("even")));
        QVERIFY(!makePreset(QStringLiteral("raid50"), disks(5)).ok());
        QVERIFY(!makePreset(QStringLiteral("raid42"), disks(5)).ok());
        QCOMPARE(presetsFor(disks(2)), (QStringList {"single", "raid0", "raid1", "raid10"}));
        QCOMPARE(presetsFor(disks(4)),
                 (QStringList {"single", "raid0", "raid1", "raid5", "raid6", "raid10", "raid0+1", "raid1+0",
                               "lvm-stripe-over-raid1"}));
        QCOMPARE(presetsFor(disks(8)).size(), 11);
    }

    void seed000ControllerTolerance()
    {
        // 24 disks on three controllers, eight each (seed 000).
        const QList<PresetDisk> server = disks(24, TB, 3);
        struct Case
        {
            const char* preset;
            bool survives;
            const char* shape;
        };
        for (const Case& c :
             {Case {"raid50", true, "raid0(raid5(3) x 8)"}, Case {"raid60", true, "raid0(raid6(6) x 4)"},
              Case {"raid1+0", true, "raid0(raid1(2) x 12)"}, Case {"raid5", false, "raid5(24)"},
              Case {"raid6", false, "raid6(24)"}, Case {"raid0", false, "raid0(24)"},
              Case {"raid0+1", false, "raid1(raid0(12) x 2)"}}) {
            const auto spec = makePreset(QLatin1String(c.preset), server);
            QVERIFY(spec.ok());
            QCOMPARE(spec->describe(), QLatin1String(c.shape));
            const ArrayFigures figures = analyzeSpec(*spec);
            QVERIFY(figures.controllersKnown);
            QCOMPARE(figures.controllerCount, 3);
            QVERIFY2(figures.survivesControllerLoss == c.survives, c.preset);
            if (!c.survives) {
                QVERIFY(!figures.fatalController.isEmpty());
            }
        }
        // Seed 000's three-disk RAID5 "takes one disk from each controller".
        const auto three = makePreset(QStringLiteral("raid5"), {server[0], server[8], server[16]});
        QVERIFY(analyzeSpec(*three).survivesControllerLoss);
        // Two controllers, four disks: RAID0+1 puts each half on its own controller.
        const auto zeroOne = makePreset(QStringLiteral("raid0+1"), disks(4, TB, 2));
        QVERIFY(analyzeSpec(*zeroOne).survivesControllerLoss);
    }

    void raid10Survival()
    {
        ArraySpec near = leaves(ArrayLevel::Raid10, 4);
        near.layout = QStringLiteral("n2");
        QVERIFY(survives(near, {QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdc")}));
        QVERIFY(!survives(near, {QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb")}));
        ArraySpec far = leaves(ArrayLevel::Raid10, 4);
        far.layout = QStringLiteral("f2");
        QVERIFY(!survives(far, {QStringLiteral("/dev/sdd"), QStringLiteral("/dev/sda")})); // neighbours, cyclic
        ArraySpec odd = leaves(ArrayLevel::Raid10, 3);
        QVERIFY(!survives(odd, {QStringLiteral("/dev/sdc"), QStringLiteral("/dev/sda")}));
    }

    void capacityFollowsTheSmallestMember()
    {
        ArraySpec mirror = ArraySpec::node(
            ArrayLevel::Raid1,
            {ArraySpec::disk(QStringLiteral("/dev/sda"), 2 * TB), ArraySpec::disk(QStringLiteral("/dev/sdb"), TB)});
        const auto usable = usableBytes(mirror);
        QVERIFY(usable && *usable<TB&& * usable> TB - (200ull << 20));
        ArraySpec stripe = ArraySpec::node(ArrayLevel::Raid0, mirror.children);
        QVERIFY(*usableBytes(stripe) > 3 * TB - (400ull << 20));
        ArraySpec unknown = ArraySpec::node(
            ArrayLevel::Raid0,
            {ArraySpec::disk(QStringLiteral("/dev/sda")), ArraySpec::disk(QStringLiteral("/dev/sdb"), TB)});
        QVERIFY(!usableBytes(unknown).has_value());
        QCOMPARE(mdDataOffset(1ull << 30, QStringLiteral("1.2")), 2ull << 20);
        QCOMPARE(mdDataOffset(TB, QStringLiteral("1.2")), 264192ull * 512); // "Data Offset : 264192 sectors"
        QCOMPARE(mdDataOffset(TB, QStringLiteral("1.0")), 0ull);
    }
};

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"
