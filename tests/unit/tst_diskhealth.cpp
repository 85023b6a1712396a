#include "disks/diskhealth.h"
#include "disks/healthprobe.h"
#include "system/commandrunner.h"
#include "util/errorcodes.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace RaidBench;

/// smartctl's JSON, the write cache tools' outputs and the explanations of a slow disk, on recorded
/// outputs (tests/data/smart) and hostile ones.
class TestDiskHealth final : public QObject
{
    Q_OBJECT

private:
    static QByteArray fixture(const char* name)
    {
        QFile file(QStringLiteral(RAIDBENCH_TEST_DATA "/smart/") + QLatin1String(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    static DiskHealth parsed(const char* name)
    {
        const QByteArray json = fixture(name);
        if (json.isEmpty()) {
            qWarning("fixture %s is missing", name);
            return DiskHealth::unknown(QStringLiteral("missing fixture"));
        }
        const Result<DiskHealth> result = parseSmartctlJson(json);
        if (!result) {
            qWarning("%s: %s", name, qPrintable(result.error().message));
            return DiskHealth::unknown(result.error().message);
        }
        return *result;
    }

    /// Every field by name, so a failed comparison shows which one differs.
    static QStringList fields(const DiskHealth& health)
    {
        return {
            QStringLiteral("status=") + smartStatusWord(health.status),
            QStringLiteral("reason=") + health.reason,
            QStringLiteral("protocol=") + health.protocol,
            QStringLiteral("model=") + health.model,
            QStringLiteral("firmware=") + health.firmware,
            QStringLiteral("temperatureC=%1").arg(health.temperatureC),
            QStringLiteral("powerOnHours=%1").arg(health.powerOnHours),
            QStringLiteral("reallocatedSectors=%1").arg(health.reallocatedSectors),
            QStringLiteral("pendingSectors=%1").arg(health.pendingSectors),
            QStringLiteral("offlineUncorrectable=%1").arg(health.offlineUncorrectable),
            QStringLiteral("crcErrors=%1").arg(health.crcErrors),
            QStringLiteral("percentageUsed=%1").arg(health.percentageUsed),
            QStringLiteral("mediaErrors=%1").arg(health.mediaErrors),
            QStringLiteral("criticalWarning=%1").arg(health.criticalWarning),
            QStringLiteral("grownDefects=%1").arg(health.grownDefects),
            QStringLiteral("rotationRateRpm=%1").arg(health.rotationRateRpm),
            QStringLiteral("linkCurrent=") + health.linkCurrent,
            QStringLiteral("linkMax=") + health.linkMax,
            QStringLiteral("linkCurrentGbps=%1").arg(health.linkCurrentGbps),
            QStringLiteral("linkMaxGbps=%1").arg(health.linkMaxGbps),
        };
    }

    static QByteArray withSmartctl(const QByteArray& body)
    {
        return QByteArrayLiteral(R"({"smartctl":{"version":[7,3],"exit_status":0},)") + body + '}';
    }

    static QStringList codes(const QList<DiskExplanation>& list)
    {
        QStringList result;
        for (const auto& explanation : list) {
            result.append(explanation.code);
        }
        return result;
    }

    static QString message(const QList<DiskExplanation>& list, const QString& code)
    {
        for (const auto& explanation : list) {
            if (explanation.code == code) {
                return explanation.message;
            }
        }
        return {};
    }

    /// A healthy SATA hard disk of the given model and rate, cache on, link at full speed.
    static DiskFacts disk(const QString& model = QStringLiteral("ST4000NM0035-1V4107"), int rpm = 7200)
    {
        DiskFacts facts;
        facts.model = model;
        facts.rotational = rpm != 0;
        facts.health.status = SmartStatus::Passed;
        facts.health.protocol = QStringLiteral("ATA");
        facts.health.model = model;
        facts.health.temperatureC = 35;
        facts.health.reallocatedSectors = 0;
        facts.health.pendingSectors = 0;
        facts.health.offlineUncorrectable = 0;
        facts.health.crcErrors = 0;
        facts.health.rotationRateRpm = rpm;
        facts.health.linkCurrent = QStringLiteral("6.0 Gb/s");
        facts.health.linkMax = QStringLiteral("6.0 Gb/s");
        facts.health.linkCurrentGbps = 6;
        facts.health.linkMaxGbps = 6;
        facts.writeCache.state = CacheState::On;
        facts.writeCache.tool = QStringLiteral("hdparm");
        facts.writeCache.changeable = true;
        return facts;
    }

    static QList<DiskExplanation> alone(const DiskFacts& facts) { return explainDisk({facts}, 0); }

private Q_SLOTS:
    void ataHardDisk()
    {
        const DiskHealth health = parsed("ata-hdd.json");
        QCOMPARE(health.status, SmartStatus::Passed);
        QVERIFY(health.known());
        QVERIFY(health.reason.isEmpty());
        QCOMPARE(health.protocol, QStringLiteral("ATA"));
        QCOMPARE(health.model, QStringLiteral("ST4000NM0035-1V4107"));
        QCOMPARE(health.firmware, QStringLiteral("TN03"));
        QCOMPARE(health.temperatureC, 41);
        QCOMPARE(health.powerOnHours, 31544);
        QCOMPARE(health.reallocatedSectors, 8);
        QCOMPARE(health.pendingSectors, 0);
        QCOMPARE(health.offlineUncorrectable, 0);
        QCOMPARE(health.crcErrors, 12);
        QCOMPARE(health.rotationRateRpm, 7200);
        QCOMPARE(health.linkCurrent, QStringLiteral("3.0 Gb/s"));
        QCOMPARE(health.linkMax, QStringLiteral("6.0 Gb/s"));
        QCOMPARE(health.linkCurrentGbps, 3.0);
        QCOMPARE(health.linkMaxGbps, 6.0);
        QVERIFY(health.linkBelowMax());
        // NVMe and SCSI counters stay unknown on an ATA disk.
        QCOMPARE(health.percentageUsed, -1);
        QCOMPARE(health.mediaErrors, -1);
        QCOMPARE(health.criticalWarning, -1);
        QCOMPARE(health.grownDefects, -1);
    }

    void ataSsd()
    {
        const DiskHealth health = parsed("ata-ssd.json");
        QCOMPARE(health.status, SmartStatus::Passed);
        QCOMPARE(health.protocol, QStringLiteral("ATA"));
        QCOMPARE(health.model, QStringLiteral("Samsung SSD 870 EVO 1TB"));
        QCOMPARE(health.firmware, QStringLiteral("SVT02B6Q"));
        QCOMPARE(health.temperatureC, 33);
        QCOMPARE(health.powerOnHours, 8123);
        QCOMPARE(health.rotationRateRpm, 0);
        QCOMPARE(health.reallocatedSectors, 0);
        QCOMPARE(health.crcErrors, 0);
        // This SSD has no attributes 197 and 198: unknown, not zero.
        QCOMPARE(health.pendingSectors, -1);
        QCOMPARE(health.offlineUncorrectable, -1);
        QCOMPARE(health.linkCurrentGbps, 6.0);
        QCOMPARE(health.linkMaxGbps, 6.0);
        QVERIFY(!health.linkBelowMax());
        DiskFacts facts;
        facts.health = health;
        facts.writeCache.state = CacheState::On;
        QVERIFY(alone(facts).isEmpty());
    }

    void failingAta()
    {
        const DiskHealth health = parsed("failing-ata.json");
        QCOMPARE(health.status, SmartStatus::Failed);
        QVERIFY(health.known());
        QCOMPARE(health.model, QStringLiteral("WDC WD20EFRX-68EUZN0"));
        QCOMPARE(health.firmware, QStringLiteral("82.00A82"));
        QCOMPARE(health.pendingSectors, 24);
        QCOMPARE(health.offlineUncorrectable, 24);
        QCOMPARE(health.reallocatedSectors, 1976);
        QCOMPARE(health.crcErrors, 0);
        QCOMPARE(health.temperatureC, 44);
        QCOMPARE(health.powerOnHours, 63721);
        QCOMPARE(health.rotationRateRpm, 5400);
        DiskFacts facts;
        facts.health = health;
        facts.rotational = true;
        QCOMPARE(
            codes(alone(facts)),
            (QStringList {QStringLiteral("smart-failed"), QStringLiteral("reallocated"), QStringLiteral("pending")}));
    }

    void nvme()
    {
        const DiskHealth health = parsed("nvme.json");
        QCOMPARE(health.status, SmartStatus::Passed);
        QCOMPARE(health.protocol, QStringLiteral("NVMe"));
        QCOMPARE(health.model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
        QCOMPARE(health.firmware, QStringLiteral("5B2QGXA7"));
        QCOMPARE(health.temperatureC, 38);
        QCOMPARE(health.powerOnHours, 5213);
        QCOMPARE(health.percentageUsed, 3);
        QCOMPARE(health.mediaErrors, 0);
        QCOMPARE(health.criticalWarning, 0);
        QCOMPARE(health.reallocatedSectors, -1);
        QCOMPARE(health.crcErrors, -1);
        QCOMPARE(health.grownDefects, -1);
        // smartctl reports no rotation rate and no link for NVMe; the PCIe link comes from sysfs.
        QCOMPARE(health.rotationRateRpm, -1);
        QVERIFY(health.linkCurrent.isEmpty());
        QCOMPARE(health.linkMaxGbps, -1.0);
    }

    void nvmeLogFillsGaps()
    {
        // Without the top-level temperature and power-on time, the health log gives them.
        const Result<DiskHealth> result = parseSmartctlJson(withSmartctl(QByteArrayLiteral(
            R"("device":{"protocol":"NVMe"},"smart_status":{"passed":false,"nvme":{"value":4}},)"
            R"("nvme_smart_health_information_log":{"critical_warning":4,"temperature":71,"percentage_used":97,)"
            R"("power_on_hours":40000,"media_errors":3})")));
        QVERIFY(result);
        QCOMPARE(result->status, SmartStatus::Failed);
        QCOMPARE(result->temperatureC, 71);
        QCOMPARE(result->powerOnHours, 40000);
        QCOMPARE(result->criticalWarning, 4);
        QCOMPARE(result->percentageUsed, 97);
        QCOMPARE(result->mediaErrors, 3);
    }

    void sas()
    {
        const DiskHealth health = parsed("sas.json");
        QCOMPARE(health.status, SmartStatus::Passed);
        QCOMPARE(health.protocol, QStringLiteral("SCSI"));
        QCOMPARE(health.model, QStringLiteral("SEAGATE ST1200MM0099"));
        QCOMPARE(health.firmware, QStringLiteral("ST31"));
        QCOMPARE(health.temperatureC, 36);
        QCOMPARE(health.powerOnHours, 27803);
        QCOMPARE(health.grownDefects, 2);
        QCOMPARE(health.rotationRateRpm, 10000);
        QCOMPARE(health.reallocatedSectors, -1);
        QCOMPARE(health.percentageUsed, -1);
        QVERIFY(health.linkCurrent.isEmpty());
        DiskFacts facts;
        facts.health = health;
        facts.rotational = true;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("reallocated")});
        QVERIFY2(message(list, QStringLiteral("reallocated")).startsWith(QLatin1String("2 sectors")),
                 qPrintable(message(list, QStringLiteral("reallocated"))));
    }

    void scsiModelFromVendorAndProduct()
    {
        // smartctl before 7.3 named SCSI fields without the scsi_ prefix.
        const Result<DiskHealth> old = parseSmartctlJson(withSmartctl(QByteArrayLiteral(
            R"("device":{"protocol":"SCSI"},"vendor":"HGST","product":"HUC101818CS4204","revision":"A3B0",)"
            R"("smart_status":{"passed":true})")));
        QVERIFY(old);
        QCOMPARE(old->model, QStringLiteral("HGST HUC101818CS4204"));
        QCOMPARE(old->firmware, QStringLiteral("A3B0"));
        const Result<DiskHealth> current = parseSmartctlJson(withSmartctl(
            QByteArrayLiteral(R"("device":{"protocol":"SCSI"},"scsi_vendor":"HGST","scsi_product":"HUC101818CS4204",)"
                              R"("smart_status":{"passed":true})")));
        QVERIFY(current);
        QCOMPARE(current->model, QStringLiteral("HGST HUC101818CS4204"));
        QVERIFY(current->firmware.isEmpty());
    }

    void qemuScsi()
    {
        const DiskHealth health = parsed("qemu-scsi.json");
        QCOMPARE(health.status, SmartStatus::NoSmart);
        QVERIFY(!health.known());
        QVERIFY2(health.reason.contains(QLatin1String("no SMART")), qPrintable(health.reason));
        QCOMPARE(health.protocol, QStringLiteral("SCSI"));
        QCOMPARE(health.model, QStringLiteral("RAIDBNCH VDISK"));
        QCOMPARE(health.firmware, QStringLiteral("2.5+"));
        // 0 °C from a disk without SMART is no reading.
        QCOMPARE(health.temperatureC, -1);
        // smartctl writes 0 for a SCSI disk that does not report its rate (qemu's do not): unknown.
        QCOMPARE(health.rotationRateRpm, -1);
        QCOMPARE(health.powerOnHours, -1);
        QCOMPARE(health.grownDefects, -1);
        QCOMPARE(health.reallocatedSectors, -1);
    }

    void ataZeroRotationIsSolidState()
    {
        const Result<DiskHealth> result = parseSmartctlJson(withSmartctl(
            QByteArrayLiteral(R"("device":{"protocol":"ATA"},"rotation_rate":0,"smart_status":{"passed":true})")));
        QVERIFY(result);
        QCOMPARE(result->rotationRateRpm, 0);
    }

    void usbBridge()
    {
        const DiskHealth health = parsed("usb-bridge.json");
        QCOMPARE(health.status, SmartStatus::NoSmart);
        QVERIFY2(health.reason.contains(QLatin1String("USB bridge")), qPrintable(health.reason));
        QVERIFY2(health.reason.contains(QLatin1String("0x152d:0x0578")), qPrintable(health.reason));
        QVERIFY(health.model.isEmpty());
        QCOMPARE(health.temperatureC, -1);
    }

    void smartctlErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("permission denied")
            << QByteArrayLiteral(R"({"smartctl":{"version":[7,3],"messages":[{"string":"Smartctl open device: )"
                                 R"(/dev/sda failed: Permission denied","severity":"error"}],"exit_status":2}})")
            << QStringLiteral("unknown") << QStringLiteral("Permission denied");
        QTest::newRow("open failed")
            << QByteArrayLiteral(R"({"smartctl":{"messages":[{"string":"Smartctl open device: /dev/sdq failed: )"
                                 R"(No such device","severity":"error"}],"exit_status":2}})")
            << QStringLiteral("unknown") << QStringLiteral("No such device");
        QTest::newRow("informational message only")
            << QByteArrayLiteral(R"json({"smartctl":{"messages":[{"string":"Device is in STANDBY mode, exit(2)",)json"
                                 R"("severity":"information"}],"exit_status":2}})")
            << QStringLiteral("unknown") << QStringLiteral("nothing");
        QTest::newRow("smart disabled")
            << withSmartctl(QByteArrayLiteral(
                   R"("device":{"protocol":"ATA"},"smart_support":{"available":true,"enabled":false})"))
            << QStringLiteral("unknown") << QStringLiteral("turned off");
        QTest::newRow("health log unreadable")
            << QByteArrayLiteral(
                   R"({"smartctl":{"messages":[{"string":"Read NVMe SMART/Health Information failed: NVMe Status 0x02",)"
                   R"("severity":"error"}],"exit_status":4},"device":{"protocol":"NVMe"},"model_name":"X"})")
            << QStringLiteral("unknown") << QStringLiteral("Read NVMe SMART/Health Information failed");
        QTest::newRow("no verdict") << withSmartctl(QByteArrayLiteral(R"("device":{"protocol":"ATA"})"))
                                    << QStringLiteral("unknown") << QStringLiteral("no overall health verdict");
    }
    void smartctlErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, status);
        QFETCH(QString, reasonPart);
        const Result<DiskHealth> result = parseSmartctlJson(json);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(smartStatusWord(result->status), status);
        QVERIFY2(result->reason.contains(reasonPart), qPrintable(result->reason));
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("blank") << QByteArrayLiteral(" \n");
        QTest::newRow("not json") << QByteArrayLiteral("not json");
        QTest::newRow("text output") << QByteArrayLiteral(
            "smartctl 7.3 2022-02-28 r5338 [x86_64-linux] (local build)\n");
        QTest::newRow("array") << QByteArrayLiteral("[]");
        QTest::newRow("number") << QByteArrayLiteral("42");
        QTest::newRow("no smartctl key") << QByteArrayLiteral("{}");
        QTest::newRow("smartctl not an object") << QByteArrayLiteral(R"({"smartctl":"7.3","model_name":"X"})");
        QTest::newRow("truncated") << fixture("ata-hdd.json").left(900);
    }
    void malformed()
    {
        QFETCH(QByteArray, json);
        const Result<DiskHealth> result = parseSmartctlJson(json);
        QVERIFY(!result);
        QCOMPARE(result.error().code, ErrorCode::badSmartJson);
        QVERIFY(!result.error().message.isEmpty());
    }

    void wrongTypes_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("temperature a string") << QByteArrayLiteral(R"("temperature":{"current":"hot"})");
        QTest::newRow("temperature not an object") << QByteArrayLiteral(R"("temperature":41)");
        QTest::newRow("table not an array") << QByteArrayLiteral(R"("ata_smart_attributes":{"table":{"id":5}})");
        QTest::newRow("attributes an array") << QByteArrayLiteral(R"("ata_smart_attributes":[1,2])");
        QTest::newRow("raw value a string")
            << QByteArrayLiteral(R"("ata_smart_attributes":{"table":[{"id":5,"raw":{"value":"8"}},)"
                                 R"({"id":199,"raw":"12"},{"id":"197","raw":{"value":3}},7,null]})");
        QTest::newRow("id and raw missing") << QByteArrayLiteral(R"("ata_smart_attributes":{"table":[{}]})");
        QTest::newRow("negative counter")
            << QByteArrayLiteral(R"("ata_smart_attributes":{"table":[{"id":5,"raw":{"value":-4}}]})");
        QTest::newRow("huge counter") << QByteArrayLiteral(
            R"("ata_smart_attributes":{"table":[{"id":5,"raw":{"value":1e300}}]})");
        QTest::newRow("passed a string") << QByteArrayLiteral(R"("smart_status":{"passed":"yes"})");
        QTest::newRow("smart_status a bool") << QByteArrayLiteral(R"("smart_status":true)");
        QTest::newRow("speed as strings")
            << QByteArrayLiteral(R"("interface_speed":{"current":{"string":6,"units_per_second":"60",)"
                                 R"("bits_per_unit":100000000},"max":"6.0 Gb/s"})");
        QTest::newRow("rotation a string") << QByteArrayLiteral(R"("rotation_rate":"7200")");
        QTest::newRow("model a number") << QByteArrayLiteral(R"("model_name":42,"firmware_version":["1"])");
        QTest::newRow("device a string") << QByteArrayLiteral(R"("device":"sda")");
        QTest::newRow("nvme log an array") << QByteArrayLiteral(R"("nvme_smart_health_information_log":[1])");
        QTest::newRow("nvme fields strings")
            << QByteArrayLiteral(R"("nvme_smart_health_information_log":{"critical_warning":"0","percentage_used":)"
                                 R"(null,"media_errors":true,"temperature":"38"})");
        QTest::newRow("grown defects a string") << QByteArrayLiteral(R"("scsi_grown_defect_list":"2")");
        QTest::newRow("power on a number") << QByteArrayLiteral(R"("power_on_time":5)");
        QTest::newRow("support a string") << QByteArrayLiteral(R"("smart_support":"no")");
    }
    void wrongTypes()
    {
        QFETCH(QByteArray, body);
        const QByteArray json = QByteArrayLiteral(R"({"smartctl":{"exit_status":0,"messages":"x"},)") +
            QByteArrayLiteral(R"("model_name":"M",)") + body + '}';
        const Result<DiskHealth> result = parseSmartctlJson(json);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(result->temperatureC, -1);
        QCOMPARE(result->reallocatedSectors, -1);
        QCOMPARE(result->pendingSectors, -1);
        QCOMPARE(result->crcErrors, -1);
        QCOMPARE(result->rotationRateRpm, -1);
        QCOMPARE(result->percentageUsed, -1);
        QCOMPARE(result->mediaErrors, -1);
        QCOMPARE(result->criticalWarning, -1);
        QCOMPARE(result->grownDefects, -1);
        QCOMPARE(result->powerOnHours, -1);
        QCOMPARE(result->linkCurrentGbps, -1.0);
        QCOMPARE(result->linkMaxGbps, -1.0);
        QVERIFY(result->status == SmartStatus::Unknown || result->status == SmartStatus::NoSmart);
    }

    void healthRoundTrip_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : {"ata-hdd.json", "ata-ssd.json", "failing-ata.json", "nvme.json", "sas.json",
                                 "qemu-scsi.json", "usb-bridge.json"}) {
            QTest::newRow(name) << QString::fromLatin1(name);
        }
    }
    void healthRoundTrip()
    {
        QFETCH(QString, name);
        const DiskHealth health = parsed(name.toLatin1().constData());
        const QJsonObject json = health.toJson();
        // Through text too, as the helper and the results files carry it.
        const QJsonObject reread = QJsonDocument::fromJson(QJsonDocument(json).toJson()).object();
        QCOMPARE(fields(DiskHealth::fromJson(reread)), fields(health));
    }

    void healthJsonKeys()
    {
        DiskHealth full;
        full.status = SmartStatus::Failed;
        full.reason = QStringLiteral("r");
        full.protocol = QStringLiteral("NVMe");
        full.model = QStringLiteral("m");
        full.firmware = QStringLiteral("f");
        full.temperatureC = 61;
        full.powerOnHours = 5000000000;
        full.reallocatedSectors = 1;
        full.pendingSectors = 2;
        full.offlineUncorrectable = 3;
        full.crcErrors = 4;
        full.percentageUsed = 5;
        full.mediaErrors = 6;
        full.criticalWarning = 7;
        full.grownDefects = 8;
        full.rotationRateRpm = 0;
        full.linkCurrent = QStringLiteral("8.0 GT/s PCIe x2");
        full.linkMax = QStringLiteral("8.0 GT/s PCIe x4");
        full.linkCurrentGbps = 16;
        full.linkMaxGbps = 32;
        const QJsonObject json = full.toJson();
        QStringList keys = json.keys();
        keys.sort();
        QStringList expected {
            QStringLiteral("status"),
            QStringLiteral("reason"),
            QStringLiteral("protocol"),
            QStringLiteral("model"),
            QStringLiteral("firmware"),
            QStringLiteral("temperature_c"),
            QStringLiteral("power_on_hours"),
            QStringLiteral("reallocated_sectors"),
            QStringLiteral("pending_sectors"),
            QStringLiteral("offline_uncorrectable"),
            QStringLiteral("crc_errors"),
            QStringLiteral("percentage_used"),
            QStringLiteral("media_errors"),
            QStringLiteral("critical_warning"),
            QStringLiteral("grown_defects"),
            QStringLiteral("rotation_rate_rpm"),
            QStringLiteral("link_current"),
            QStringLiteral("link_max"),
            QStringLiteral("link_current_gbps"),
            QStringLiteral("link_max_gbps"),
        };
        expected.sort();
        QCOMPARE(keys, expected);
        QCOMPARE(json.value(QStringLiteral("rotation_rate_rpm")).toInt(-1), 0);
        QCOMPARE(json.value(QStringLiteral("power_on_hours")).toDouble(), 5000000000.0);
        QCOMPARE(fields(DiskHealth::fromJson(json)), fields(full));

        // Unknown counters and empty texts are left out; the status never is.
        const QJsonObject empty = DiskHealth().toJson();
        QCOMPARE(empty.keys(), QStringList {QStringLiteral("status")});
        QCOMPARE(empty.value(QStringLiteral("status")).toString(), QStringLiteral("unknown"));
        QCOMPARE(fields(DiskHealth::fromJson(empty)), fields(DiskHealth()));
        QCOMPARE(fields(DiskHealth::fromJson(QJsonObject())), fields(DiskHealth()));

        const DiskHealth unknown = DiskHealth::unknown(QStringLiteral("smartctl is not installed"));
        QCOMPARE(unknown.status, SmartStatus::Unknown);
        QCOMPARE(unknown.reason, QStringLiteral("smartctl is not installed"));
        QCOMPARE(unknown.toJson().value(QStringLiteral("reason")).toString(), unknown.reason);
    }

    void healthFromHostileJson()
    {
        const QJsonObject json =
            QJsonDocument::fromJson(QByteArrayLiteral(R"({"status":7,"temperature_c":"hot","crc_errors":-5,)"
                                                      R"("power_on_hours":[1],"link_max_gbps":"6"})"))
                .object();
        const DiskHealth health = DiskHealth::fromJson(json);
        QCOMPARE(health.status, SmartStatus::Unknown);
        QCOMPARE(health.temperatureC, -1);
        QCOMPARE(health.crcErrors, -1);
        QCOMPARE(health.powerOnHours, -1);
        QCOMPARE(health.linkMaxGbps, -1.0);
    }

    void cacheRoundTrip()
    {
        for (const WriteCacheState& state :
             {parseHdparmWriteCache(QStringLiteral("\n/dev/sda:\n write-caching =  1 (on)\n")),
              parseSdparmWriteCache(QStringLiteral("    /dev/sdb: RAIDBNCH  VDISK             2.5+\nWCE           0  "
                                                   "[cha: n, def:  1]\n")),
              WriteCacheState::unknown(QStringLiteral("no program can read it")), WriteCacheState()}) {
            const WriteCacheState back = WriteCacheState::fromJson(state.toJson());
            QCOMPARE(back.state, state.state);
            QCOMPARE(back.reason, state.reason);
            QCOMPARE(back.tool, state.tool);
            QCOMPARE(back.changeable, state.changeable);
        }
        WriteCacheState on;
        on.state = CacheState::On;
        on.tool = QStringLiteral("nvme");
        on.changeable = true;
        QStringList keys = on.toJson().keys();
        keys.sort();
        QCOMPARE(keys, (QStringList {QStringLiteral("changeable"), QStringLiteral("state"), QStringLiteral("tool")}));
        QCOMPARE(WriteCacheState().toJson().keys(),
                 (QStringList {QStringLiteral("changeable"), QStringLiteral("state")}));
        const WriteCacheState unknown = WriteCacheState::unknown(QStringLiteral("why"), QStringLiteral("sdparm"));
        QCOMPARE(unknown.state, CacheState::Unknown);
        QVERIFY(!unknown.on() && !unknown.off());
        QCOMPARE(unknown.reason, QStringLiteral("why"));
        QCOMPARE(unknown.tool, QStringLiteral("sdparm"));
        QCOMPARE(WriteCacheState::fromJson(QJsonObject()).state, CacheState::Unknown);
    }

    void hdparm_data()
    {
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("state");
        QTest::addColumn<bool>("changeable");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("on") << QStringLiteral("\n/dev/sda:\n write-caching =  1 (on)\n") << QStringLiteral("on") << true
                            << QString();
        QTest::newRow("off") << QStringLiteral("\n/dev/sda:\n write-caching =  0 (off)\n") << QStringLiteral("off")
                             << true << QString();
        QTest::newRow("not supported") << QStringLiteral("\n/dev/sda:\n write-caching = not supported\n")
                                       << QStringLiteral("unknown") << false << QStringLiteral("not support");
        QTest::newRow("empty") << QString() << QStringLiteral("unknown") << false << QStringLiteral("nothing");
        QTest::newRow("ioctl failure") << QStringLiteral(
                                              "\n/dev/sda:\n HDIO_GET_WCACHE failed: Inappropriate ioctl for device\n")
                                       << QStringLiteral("unknown") << false
                                       << QStringLiteral("\"HDIO_GET_WCACHE failed: Inappropriate ioctl for device\"");
        QTest::newRow("garbage") << QStringLiteral("write-caching = 2 (maybe)") << QStringLiteral("unknown") << false
                                 << QStringLiteral("\"write-caching = 2 (maybe)\"");
    }
    void hdparm()
    {
        QFETCH(QString, out);
        QFETCH(QString, state);
        QFETCH(bool, changeable);
        QFETCH(QString, reasonPart);
        const WriteCacheState cache = parseHdparmWriteCache(out);
        QCOMPARE(cacheStateName(cache.state), state);
        QCOMPARE(cache.changeable, changeable);
        QCOMPARE(cache.tool, QStringLiteral("hdparm"));
        QCOMPARE(cache.reason.isEmpty(), reasonPart.isEmpty());
        QVERIFY2(cache.reason.contains(reasonPart), qPrintable(cache.reason));
    }

    void sdparm_data()
    {
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("state");
        QTest::addColumn<bool>("changeable");
        QTest::addColumn<QString>("reasonPart");
        const QString header = QStringLiteral("    /dev/sdb: RAIDBNCH  VDISK             2.5+\n");
        QTest::newRow("qemu on") << header + QStringLiteral("WCE           1  [cha: y, def:  1]\n")
                                 << QStringLiteral("on") << true << QString();
        QTest::newRow("off") << header + QStringLiteral("WCE           0  [cha: y, def:  1]\n") << QStringLiteral("off")
                             << true << QString();
        QTest::newRow("not changeable") << header + QStringLiteral("WCE           1  [cha: n, def:  1]\n")
                                        << QStringLiteral("on") << false << QString();
        QTest::newRow("saved value too") << header + QStringLiteral("WCE           0  [cha: y, def:  1, sav:  0]\n")
                                         << QStringLiteral("off") << true << QString();
        QTest::newRow("quiet") << QStringLiteral("WCE           1\n") << QStringLiteral("on") << false << QString();
        QTest::newRow("empty") << QString() << QStringLiteral("unknown") << false << QStringLiteral("nothing");
        QTest::newRow("WCE not found") << header + QStringLiteral("WCE           not found\n")
                                       << QStringLiteral("unknown") << false << QStringLiteral("\"WCE not found\"");
        QTest::newRow("garbage") << QStringLiteral("  \nsomething else entirely\nsecond line\n")
                                 << QStringLiteral("unknown") << false << QStringLiteral("\"something else entirely\"");
        QTest::newRow("long line") << QString(300, QLatin1Char('x')) << QStringLiteral("unknown") << false
                                   << QStringLiteral("\"%1\"").arg(QString(120, QLatin1Char('x')));
    }
    void sdparm()
    {
        QFETCH(QString, out);
        QFETCH(QString, state);
        QFETCH(bool, changeable);
        QFETCH(QString, reasonPart);
        const WriteCacheState cache = parseSdparmWriteCache(out);
        QCOMPARE(cacheStateName(cache.state), state);
        QCOMPARE(cache.changeable, changeable);
        QCOMPARE(cache.tool, QStringLiteral("sdparm"));
        QCOMPARE(cache.reason.isEmpty(), reasonPart.isEmpty());
        QVERIFY2(cache.reason.contains(reasonPart), qPrintable(cache.reason));
    }

    void nvmeCache_data()
    {
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("on") << QStringLiteral("get-feature:0x06 (Volatile Write Cache), Current value:0x00000001\n")
                            << QStringLiteral("on") << QString();
        // printf's %#0*x drops the 0x of a zero, so nvme-cli prints an off cache like this.
        QTest::newRow("off") << QStringLiteral("get-feature:0x06 (Volatile Write Cache), Current value:00000000\n")
                             << QStringLiteral("off") << QString();
        QTest::newRow("off with 0x") << QStringLiteral(
                                            "get-feature:0x06 (Volatile Write Cache), Current value:0x00000000\n")
                                     << QStringLiteral("off") << QString();
        QTest::newRow("human readable") << QStringLiteral(
                                               "get-feature:0x06 (Volatile Write Cache), Current value:0x00000001\n"
                                               "\tVolatile Write Cache Enable (WCE): Enabled\n")
                                        << QStringLiteral("on") << QString();
        QTest::newRow("empty") << QString() << QStringLiteral("unknown") << QStringLiteral("nothing");
        QTest::newRow("other feature") << QStringLiteral(
                                              "get-feature:0x07 (Number of Queues), Current value:0x003f003f\n")
                                       << QStringLiteral("unknown") << QStringLiteral("Number of Queues");
        QTest::newRow("error") << QStringLiteral("get-feature: Invalid argument\n") << QStringLiteral("unknown")
                               << QStringLiteral("\"get-feature: Invalid argument\"");
        QTest::newRow("garbage") << QStringLiteral("NVMe status: INVALID_FIELD: A reserved coded value (0x2)")
                                 << QStringLiteral("unknown") << QStringLiteral("INVALID_FIELD");
    }
    void nvmeCache()
    {
        QFETCH(QString, out);
        QFETCH(QString, state);
        QFETCH(QString, reasonPart);
        const WriteCacheState cache = parseNvmeWriteCache(out);
        QCOMPARE(cacheStateName(cache.state), state);
        QCOMPARE(cache.changeable, state != QLatin1String("unknown"));
        QCOMPARE(cache.tool, QStringLiteral("nvme"));
        QCOMPARE(cache.reason.isEmpty(), reasonPart.isEmpty());
        QVERIFY2(cache.reason.contains(reasonPart), qPrintable(cache.reason));
    }

    void healthyDiskHasNoExplanations()
    {
        QVERIFY(alone(disk()).isEmpty());
        QVERIFY(explainDisk({disk(), disk(), disk()}, 1).isEmpty());
        // Unknown counters explain nothing.
        DiskFacts unknown;
        unknown.health = DiskHealth::unknown(QStringLiteral("not root"));
        QVERIFY(alone(unknown).isEmpty());
        // An index outside the pool is no disk.
        QVERIFY(explainDisk({disk()}, 1).isEmpty());
        QVERIFY(explainDisk({disk()}, -1).isEmpty());
        QVERIFY(explainDisk({}, 0).isEmpty());
    }

    void smartFailed()
    {
        DiskFacts facts = disk();
        facts.health.status = SmartStatus::Failed;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("smart-failed")});
        QCOMPARE(message(list, QStringLiteral("smart-failed")), QStringLiteral("SMART says the disk is failing"));
        for (const SmartStatus status : {SmartStatus::Passed, SmartStatus::NoSmart, SmartStatus::Unknown}) {
            facts.health.status = status;
            QVERIFY(!codes(alone(facts)).contains(QStringLiteral("smart-failed")));
        }
    }

    void linkBelowMax()
    {
        DiskFacts facts = disk();
        facts.health.linkCurrent = QStringLiteral("1.5 Gb/s");
        facts.health.linkCurrentGbps = 1.5;
        auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("link-below-max")});
        QCOMPARE(message(list, QStringLiteral("link-below-max")),
                 QStringLiteral("its link runs at 1.5 Gb/s of 6.0 Gb/s"));

        // Without the texts the rates speak.
        facts.health.linkCurrent.clear();
        facts.health.linkMax.clear();
        QCOMPARE(message(alone(facts), QStringLiteral("link-below-max")),
                 QStringLiteral("its link runs at 1.5 Gb/s of 6.0 Gb/s"));

        // PCIe, from sysfs.
        facts.health.linkCurrent = QStringLiteral("8.0 GT/s PCIe x2");
        facts.health.linkMax = QStringLiteral("8.0 GT/s PCIe x4");
        facts.health.linkCurrentGbps = 16;
        facts.health.linkMaxGbps = 32;
        QCOMPARE(message(alone(facts), QStringLiteral("link-below-max")),
                 QStringLiteral("its link runs at 8.0 GT/s PCIe x2 of 8.0 GT/s PCIe x4"));

        for (const auto& [current, max] : std::initializer_list<std::pair<double, double>> {{6, 6}, {-1, 6}, {3, -1}}) {
            facts.health.linkCurrentGbps = current;
            facts.health.linkMaxGbps = max;
            QVERIFY(!codes(alone(facts)).contains(QStringLiteral("link-below-max")));
        }
        QCOMPARE(codes(explainDisk({facts}, 0)), QStringList());
        QVERIFY(codes(alone(DiskFacts {QString(), true, parsed("ata-hdd.json"), {}}))
                    .contains(QStringLiteral("link-below-max")));
    }

    void crcErrors()
    {
        DiskFacts facts = disk();
        facts.health.crcErrors = 12;
        auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("crc-errors")});
        QCOMPARE(message(list, QStringLiteral("crc-errors")),
                 QStringLiteral("12 interface CRC errors: a cable or backplane fault"));
        facts.health.crcErrors = 1;
        QCOMPARE(message(alone(facts), QStringLiteral("crc-errors")),
                 QStringLiteral("1 interface CRC error: a cable or backplane fault"));
        for (const std::int64_t count : {std::int64_t(0), std::int64_t(-1)}) {
            facts.health.crcErrors = count;
            QVERIFY(alone(facts).isEmpty());
        }
    }

    void reallocated()
    {
        DiskFacts facts = disk();
        facts.health.reallocatedSectors = 8;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("reallocated")});
        QVERIFY2(message(list, QStringLiteral("reallocated")).startsWith(QLatin1String("8 reallocated sectors")),
                 qPrintable(message(list, QStringLiteral("reallocated"))));
        facts.health.reallocatedSectors = 0;
        QVERIFY(alone(facts).isEmpty());
        facts.health.reallocatedSectors = -1;
        facts.health.grownDefects = 0;
        QVERIFY(alone(facts).isEmpty());
    }

    void pending()
    {
        DiskFacts facts = disk();
        facts.health.pendingSectors = 24;
        auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("pending")});
        QVERIFY2(message(list, QStringLiteral("pending")).startsWith(QLatin1String("24 unreadable sectors")),
                 qPrintable(message(list, QStringLiteral("pending"))));
        facts.health.pendingSectors = 0;
        facts.health.offlineUncorrectable = 3;
        list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("pending")});
        QVERIFY2(message(list, QStringLiteral("pending")).startsWith(QLatin1String("3 sectors")),
                 qPrintable(message(list, QStringLiteral("pending"))));
        facts.health.offlineUncorrectable = 0;
        QVERIFY(alone(facts).isEmpty());
        facts.health.pendingSectors = -1;
        facts.health.offlineUncorrectable = -1;
        QVERIFY(alone(facts).isEmpty());
    }

    void temperature()
    {
        DiskFacts facts = disk();
        facts.health.temperatureC = 61;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("temperature")});
        QCOMPARE(message(list, QStringLiteral("temperature")), QStringLiteral("it runs at 61 °C, above 55 °C"));
        facts.health.temperatureC = kHotDiskCelsius;
        QVERIFY(alone(facts).isEmpty());
        facts.health.temperatureC = -1;
        QVERIFY(alone(facts).isEmpty());
    }

    void writeCacheOff()
    {
        DiskFacts facts = disk();
        facts.writeCache.state = CacheState::Off;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("write-cache-off")});
        QCOMPARE(message(list, QStringLiteral("write-cache-off")), QStringLiteral("its write cache is off"));
        facts.writeCache = WriteCacheState::unknown(QStringLiteral("no tool"));
        QVERIFY(alone(facts).isEmpty());
    }

    void nvmeWarning()
    {
        DiskFacts facts = disk(QStringLiteral("Samsung SSD 980 PRO 1TB"), -1);
        facts.health.protocol = QStringLiteral("NVMe");
        facts.health.criticalWarning = 0x04;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("nvme-warning")});
        QVERIFY2(message(list, QStringLiteral("nvme-warning")).contains(QLatin1String("reliability")),
                 qPrintable(message(list, QStringLiteral("nvme-warning"))));
        facts.health.criticalWarning = 0x01 | 0x08;
        const QString both = message(alone(facts), QStringLiteral("nvme-warning"));
        QVERIFY2(both.contains(QLatin1String("spare")) && both.contains(QLatin1String("read-only")), qPrintable(both));
        for (const int warning : {0, -1}) {
            facts.health.criticalWarning = warning;
            QVERIFY(alone(facts).isEmpty());
        }
    }

    void mediaErrors()
    {
        DiskFacts facts = disk(QStringLiteral("Samsung SSD 980 PRO 1TB"), 0);
        facts.health.mediaErrors = 3;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("media-errors")});
        QVERIFY2(message(list, QStringLiteral("media-errors")).startsWith(QLatin1String("3 media errors")),
                 qPrintable(message(list, QStringLiteral("media-errors"))));
        facts.health.mediaErrors = 0;
        QVERIFY(alone(facts).isEmpty());
    }

    void worn()
    {
        DiskFacts facts = disk(QStringLiteral("Samsung SSD 980 PRO 1TB"), 0);
        facts.health.percentageUsed = 90;
        const auto list = alone(facts);
        QCOMPARE(codes(list), QStringList {QStringLiteral("worn")});
        QVERIFY2(message(list, QStringLiteral("worn")).contains(QLatin1String("90%")),
                 qPrintable(message(list, QStringLiteral("worn"))));
        facts.health.percentageUsed = 89;
        QVERIFY(alone(facts).isEmpty());
        facts.health.percentageUsed = -1;
        QVERIFY(alone(facts).isEmpty());
    }

    void otherModel()
    {
        const QString usual = QStringLiteral("ST4000NM0035-1V4107");
        const QString odd = QStringLiteral("WDC WD40EFRX-68N32N0");
        const QList<DiskFacts> pool {disk(usual), disk(odd), disk(usual)};
        const auto list = explainDisk(pool, 1);
        QCOMPARE(codes(list), QStringList {QStringLiteral("other-model")});
        QCOMPARE(message(list, QStringLiteral("other-model")),
                 QStringLiteral("it is a WDC WD40EFRX-68N32N0, the others are ST4000NM0035-1V4107"));
        // The majority's disks are not flagged.
        QVERIFY(explainDisk(pool, 0).isEmpty());
        QVERIFY(explainDisk(pool, 2).isEmpty());

        // A pool of two has no majority to differ from.
        QVERIFY(explainDisk({disk(usual), disk(odd)}, 0).isEmpty());
        QVERIFY(explainDisk({disk(usual), disk(odd)}, 1).isEmpty());
        // Nor has a pool of four split two and two, or of three all different.
        QVERIFY(explainDisk({disk(usual), disk(odd), disk(usual), disk(odd)}, 1).isEmpty());
        QVERIFY(explainDisk({disk(usual), disk(odd), disk(QStringLiteral("Third"))}, 1).isEmpty());

        // Three of five is a strict majority; "most others" when the others differ among themselves.
        const QList<DiskFacts> five {disk(usual), disk(odd), disk(usual), disk(QStringLiteral("Third")), disk(usual)};
        QCOMPARE(message(explainDisk(five, 1), QStringLiteral("other-model")),
                 QStringLiteral("it is a WDC WD40EFRX-68N32N0, most others are ST4000NM0035-1V4107"));
        QVERIFY(explainDisk(five, 0).isEmpty());

        // The model smartctl read stands in for a missing one; a disk without any is not judged.
        DiskFacts noModel = disk(odd);
        noModel.model.clear();
        QCOMPARE(codes(explainDisk({disk(usual), noModel, disk(usual)}, 1)),
                 QStringList {QStringLiteral("other-model")});
        noModel.health.model.clear();
        QVERIFY(explainDisk({disk(usual), noModel, disk(usual)}, 1).isEmpty());
    }

    void otherRotation()
    {
        const QString model = QStringLiteral("Same");
        // Rates known for all: 5400 among 7200.
        const QList<DiskFacts> rates {disk(model, 7200), disk(model, 7200), disk(model, 5400)};
        auto list = explainDisk(rates, 2);
        QCOMPARE(codes(list), QStringList {QStringLiteral("other-rotation")});
        QCOMPARE(message(list, QStringLiteral("other-rotation")),
                 QStringLiteral("it spins at 5400 rpm, the others at 7200 rpm"));
        QVERIFY(explainDisk(rates, 0).isEmpty());

        // A hard disk among solid state disks.
        const QList<DiskFacts> mixed {disk(model, 0), disk(model, 7200), disk(model, 0)};
        QCOMPARE(message(explainDisk(mixed, 1), QStringLiteral("other-rotation")),
                 QStringLiteral("it is a hard disk, the others are solid state"));
        QCOMPARE(message(explainDisk({disk(model, 7200), disk(model, 0), disk(model, 7200)}, 1),
                         QStringLiteral("other-rotation")),
                 QStringLiteral("it is solid state, the others spin at 7200 rpm"));

        // A rate not known for all: only hard disk against solid state is compared, from the kernel's flag.
        DiskFacts spinningUnknown = disk(model, 7200);
        spinningUnknown.health.rotationRateRpm = -1;
        QVERIFY(explainDisk({disk(model, 5400), spinningUnknown, disk(model, 7200)}, 0).isEmpty());
        QVERIFY(explainDisk({disk(model, 5400), spinningUnknown, disk(model, 7200)}, 1).isEmpty());
        DiskFacts solidUnknown = disk(model, 0);
        solidUnknown.health.rotationRateRpm = -1;
        QCOMPARE(
            message(explainDisk({solidUnknown, spinningUnknown, solidUnknown}, 1), QStringLiteral("other-rotation")),
            QStringLiteral("it is a hard disk, the others are solid state"));
        QCOMPARE(message(explainDisk({spinningUnknown, solidUnknown, disk(model, 7200)}, 1),
                         QStringLiteral("other-rotation")),
                 QStringLiteral("it is solid state, the others are hard disks"));

        // No majority, or a pool of two: nothing.
        QVERIFY(explainDisk({disk(model, 7200), disk(model, 5400), disk(model, 0)}, 1).isEmpty());
        QVERIFY(explainDisk({disk(model, 7200), disk(model, 5400)}, 1).isEmpty());
        QVERIFY(explainDisk({disk(model, 0), disk(model, 7200)}, 1).isEmpty());
    }

    void explanationsUseTheUsersWords()
    {
        DiskFacts facts = disk();
        facts.health.status = SmartStatus::Failed;
        facts.health.linkCurrentGbps = 3;
        facts.health.linkCurrent = QStringLiteral("3.0 Gb/s");
        facts.health.crcErrors = 2;
        facts.health.reallocatedSectors = 4;
        facts.health.pendingSectors = 5;
        facts.health.temperatureC = 60;
        facts.health.criticalWarning = 2;
        facts.health.mediaErrors = 1;
        facts.health.percentageUsed = 100;
        facts.writeCache.state = CacheState::Off;
        const QList<DiskFacts> pool {facts, disk(QStringLiteral("Other"), 5400), disk(QStringLiteral("Other"), 5400)};
        const auto list = explainDisk(pool, 0);
        QCOMPARE(codes(list),
                 (QStringList {QStringLiteral("smart-failed"), QStringLiteral("link-below-max"),
                               QStringLiteral("crc-errors"), QStringLiteral("reallocated"), QStringLiteral("pending"),
                               QStringLiteral("temperature"), QStringLiteral("write-cache-off"),
                               QStringLiteral("nvme-warning"), QStringLiteral("media-errors"), QStringLiteral("worn"),
                               QStringLiteral("other-model"), QStringLiteral("other-rotation")}));
        for (const auto& explanation : list) {
            for (const char* internal : {"rotationRateRpm", "crcErrors", "criticalWarning", "linkCurrentGbps", "_"}) {
                QVERIFY2(!explanation.message.contains(QLatin1String(internal)), qPrintable(explanation.message));
            }
            QVERIFY(!explanation.message.isEmpty());
        }
    }

    void diskTextIsMadeSafeToPrint()
    {
        // A disk (or a USB bridge) names itself: terminal escapes and direction overrides never reach
        // root's terminal or the window, and a name is at most 120 characters.
        const QByteArray json = QByteArray("{\"json_format_version\":[1,0],\"smartctl\":{\"version\":[7,3],"
                                           "\"exit_status\":0},\"device\":{\"protocol\":\"ATA\"},\"model_name\":"
                                           "\"EVIL\\u001b[2J\\u202eDISK\\u0007 ") +
            QByteArray(300, 'x') + QByteArray("\",\"smart_status\":{\"passed\":true}}");
        const auto health = parseSmartctlJson(json);
        QVERIFY(health.ok());
        QVERIFY(health->model.startsWith(QStringLiteral("EVIL[2JDISK x")));
        QVERIFY(health->model.size() <= 120);
        for (const QChar c : health->model) {
            QVERIFY(c.category() != QChar::Other_Control && c.category() != QChar::Other_Format);
        }
        const WriteCacheState cache =
            parseSdparmWriteCache(QStringLiteral("    /dev/sdb: \x1b]0;owned\x07VENDOR\nsomething \x1b[31mred\n"));
        QVERIFY(!cache.reason.contains(QChar(0x1b)));
        QVERIFY(!cache.reason.contains(QChar(0x07)));
    }

    void probeKeepsEachDiskToItself()
    {
        // smartctl missing for one disk, garbage for another, a real answer for the third: each disk
        // says its own, and nothing stops the others.
        auto disk = [](const char* name, const char* transport) {
            Disk d;
            d.name = QLatin1String(name);
            d.path = QStringLiteral("/dev/") + d.name;
            d.kind = QStringLiteral("disk");
            d.transport = QLatin1String(transport);
            d.model = QStringLiteral("WDC WD40EFRX");
            return d;
        };
        QList<Disk> disks {disk("sdb", "sata"), disk("sdc", "sata"), disk("sdd", "sas"), disk("vda", "virtio")};
        RecordingCommandRunner runner;
        CommandResult missing;
        missing.err = QStringLiteral("smartctl is not installed in /usr/sbin, /usr/bin, /sbin or /bin");
        runner.answer({"smartctl", "--json=c", "-a", "/dev/sdb"}, missing);
        CommandResult garbage;
        garbage.started = true;
        garbage.exitCode = 0;
        garbage.out = QStringLiteral("Segmentation fault");
        runner.answer({"smartctl", "--json=c", "-a", "/dev/sdc"}, garbage);
        CommandResult good;
        good.started = true;
        good.exitCode = 4; // a bit of smartctl's mask: still read
        good.out = QString::fromUtf8(fixture("sas.json"));
        runner.answer({"smartctl", "--json=c", "-a", "/dev/sdd"}, good);
        CommandResult on;
        on.started = true;
        on.exitCode = 0;
        on.out = QStringLiteral("\n/dev/sdb:\n write-caching =  1 (on)\n");
        runner.answer({"hdparm", "-W"}, on);
        CommandResult wce;
        wce.started = true;
        wce.exitCode = 5;
        wce.out = QStringLiteral("    /dev/sdd: SEAGATE ST600MM0006 0003\nWCE           0  [cha: y, def:  1]\n");
        runner.answer({"sdparm", "--get=WCE"}, wce);
        HealthProbe::probe(disks, runner, QStringLiteral("/nonexistent"));
        QCOMPARE(disks[0].health.status, SmartStatus::Unknown);
        QVERIFY2(disks[0].health.reason.contains(QStringLiteral("not installed")), qPrintable(disks[0].health.reason));
        QCOMPARE(disks[1].health.status, SmartStatus::Unknown);
        QVERIFY(!disks[1].health.reason.isEmpty());
        QCOMPARE(disks[2].health.status, SmartStatus::Passed);
        QCOMPARE(disks[0].writeCache.state, CacheState::On);
        QCOMPARE(disks[2].writeCache.state, CacheState::Off);
        QCOMPARE(disks[2].writeCache.tool, QStringLiteral("sdparm"));
        // No program for a virtio disk's cache: said so, and no program was run for it but smartctl.
        QCOMPARE(disks[3].writeCache.state, CacheState::Unknown);
        QVERIFY(disks[3].writeCache.reason.contains(QStringLiteral("virtio")));
        for (const QStringList& argv : runner.commands()) {
            QVERIFY2(argv.first() != QLatin1String("hdparm") || argv.last() != QLatin1String("/dev/vda"),
                     qPrintable(argv.join(QLatin1Char(' '))));
        }
        // The cache that is off is a likely cause for that disk alone.
        bool off = false;
        for (const DiskExplanation& explanation : disks[2].explanations) {
            off = off || explanation.code == QLatin1String("write-cache-off");
        }
        QVERIFY(off);
        for (int i : {0, 1}) {
            for (const DiskExplanation& explanation : disks[i].explanations) {
                QVERIFY(explanation.code != QLatin1String("write-cache-off"));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestDiskHealth)
#include "tst_diskhealth.moc"
