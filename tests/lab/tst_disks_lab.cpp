#include "../common/cli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench::Test;

/// Disk discovery inside the lab VM: real sysfs, real libblkid, real md and LVM.
class TestDisksLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;

    QJsonObject diskBySerial(const QString& file, const QString& serial) const
    {
        QFile json(m_out.filePath(file));
        if (!json.open(QIODevice::ReadOnly)) {
            return {};
        }
        for (const auto& value : QJsonDocument::fromJson(json.readAll()).array()) {
            if (value.toObject().value(QStringLiteral("serial")).toString() == serial) {
                return value.toObject();
            }
        }
        return {};
    }

    static QStringList codes(const QJsonObject& disk)
    {
        QStringList list;
        for (const auto& reason : disk.value(QStringLiteral("reasons")).toArray()) {
            list.append(reason.toObject().value(QStringLiteral("code")).toString());
        }
        list.removeDuplicates();
        list.sort();
        return list;
    }

private Q_SLOTS:
    void reasonsAfterMkfsMdadmPvcreate()
    {
        QVERIFY(m_out.isValid());
        const QString script = QStringLiteral(R"SH(
d() { readlink -f /dev/disk/by-id/scsi-*_RBLAB000$1; }
raidbench-cli disks --json > before.json
mkfs.ext4 -q -F -L labfs $(d 1)
mdadm --create /dev/md/rbtest --run --level=1 --raid-devices=2 --metadata=1.2 --assume-clean $(d 2) $(d 3) < /dev/null
pvcreate -q $(d 4)
raidbench-cli disks --json > after.json
)SH");
        const CliRun run =
            runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
                    QStringLiteral("4x256M@200,512M,256M:fail-read=0"), QStringLiteral("--out"), m_out.path(),
                    QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-e"), QStringLiteral("-c"), script},
                   600000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));

        for (int i = 1; i <= 5; ++i) {
            const QString serial = QStringLiteral("RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
            const QJsonObject disk = diskBySerial(QStringLiteral("before.json"), serial);
            QVERIFY2(!disk.isEmpty(), qPrintable(serial));
            QVERIFY2(disk.value(QStringLiteral("eligible")).toBool(), qPrintable(serial));
            QCOMPARE(disk.value(QStringLiteral("model")).toString(),
                     i <= 4 ? QStringLiteral("VDISK W200 R200") : QStringLiteral("VDISK"));
            QCOMPARE(disk.value(QStringLiteral("vendor")).toString(), QStringLiteral("RAIDBNCH"));
            QCOMPARE(disk.value(QStringLiteral("size_bytes")).toDouble(), i <= 4 ? 256.0 * 1048576 : 512.0 * 1048576);
            QCOMPARE(disk.value(QStringLiteral("transport")).toString(), QStringLiteral("virtio"));
            QVERIFY(disk.value(QStringLiteral("stable_path")).toString().endsWith(serial));
            QCOMPARE(disk.value(QStringLiteral("wwn")).toString(), QStringLiteral("0x52aa0b000000000%1").arg(i));
        }
        QCOMPARE(codes(diskBySerial(QStringLiteral("after.json"), QStringLiteral("RBLAB0001"))),
                 QStringList {QStringLiteral("signature")});
        QCOMPARE(codes(diskBySerial(QStringLiteral("after.json"), QStringLiteral("RBLAB0002"))),
                 (QStringList {QStringLiteral("holders"), QStringLiteral("md-member")}));
        QCOMPARE(codes(diskBySerial(QStringLiteral("after.json"), QStringLiteral("RBLAB0003"))),
                 (QStringList {QStringLiteral("holders"), QStringLiteral("md-member")}));
        QCOMPARE(codes(diskBySerial(QStringLiteral("after.json"), QStringLiteral("RBLAB0004"))),
                 QStringList {QStringLiteral("lvm-pv")});
        QVERIFY(diskBySerial(QStringLiteral("after.json"), QStringLiteral("RBLAB0005"))
                    .value(QStringLiteral("eligible"))
                    .toBool());
        // A disk whose first sectors cannot be read: what it holds is unknown, so it is not a blank disk.
        const QJsonObject unreadable = diskBySerial(QStringLiteral("before.json"), QStringLiteral("RBLAB0006"));
        QVERIFY2(!unreadable.value(QStringLiteral("eligible")).toBool(),
                 qPrintable(QJsonDocument(unreadable).toJson()));
        QVERIFY2(codes(unreadable).contains(QStringLiteral("scan-error")),
                 qPrintable(QJsonDocument(unreadable).toJson()));
        const QJsonObject ext4 = diskBySerial(QStringLiteral("after.json"), QStringLiteral("RBLAB0001"));
        const QJsonObject signature = ext4.value(QStringLiteral("signatures")).toArray().first().toObject();
        QCOMPARE(signature.value(QStringLiteral("type")).toString(), QStringLiteral("ext4"));
        QCOMPARE(signature.value(QStringLiteral("label")).toString(), QStringLiteral("labfs"));
    }
};

QTEST_GUILESS_MAIN(TestDisksLab)
#include "tst_disks_lab.moc"
