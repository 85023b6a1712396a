#include "../common/cli.h"
#include "../common/labfiles.h"
#include "../common/labshell.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// Every level built for real in the lab VM, checked, written to, and torn down to blank disks. One
/// boot. (Builds that fail, are killed or lose power are the fault matrix's, tst_faults_lab.)
class TestArraysLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;
    static constexpr std::uint64_t diskBytes = 256ull << 20;

    static QString disk(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }

    static QList<PresetDisk> disks(int from, int count)
    {
        QList<PresetDisk> list;
        for (int i = from; i < from + count; ++i) {
            list.append({disk(i), diskBytes, QStringLiteral("lab"), QString()});
        }
        return list;
    }

    static ArraySpec flat(ArrayLevel level, int count, const QString& layout = QString())
    {
        QList<ArraySpec> children;
        for (const PresetDisk& d : disks(1, count)) {
            children.append(ArraySpec::disk(d.path, d.sizeBytes, d.controller));
        }
        ArraySpec spec = ArraySpec::node(level, children);
        spec.layout = layout;
        return spec;
    }

    QString read(const QString& name) const { return readText(m_out.filePath(name)); }

private Q_SLOTS:
    void everyLevelBuildsAndTearsDown()
    {
        QVERIFY(m_out.isValid());
        m_out.setAutoRemove(qEnvironmentVariableIsEmpty("RAIDBENCH_KEEP_LAB_OUT"));
        qInfo("results in %s", qPrintable(m_out.path()));
        struct Config
        {
            QString name;
            ArraySpec spec;
            QString level; ///< what /proc/mdstat or lvs must show for the top device
        };
        QList<Config> configs {
            {QStringLiteral("linear"), flat(ArrayLevel::Linear, 2), QStringLiteral("linear")},
            {QStringLiteral("raid0"), flat(ArrayLevel::Raid0, 2), QStringLiteral("raid0")},
            {QStringLiteral("raid1"), flat(ArrayLevel::Raid1, 2), QStringLiteral("raid1")},
            {QStringLiteral("raid4"), flat(ArrayLevel::Raid4, 3), QStringLiteral("raid4")},
            {QStringLiteral("raid5"), flat(ArrayLevel::Raid5, 3), QStringLiteral("raid5")},
            {QStringLiteral("raid6"), flat(ArrayLevel::Raid6, 4), QStringLiteral("raid6")},
            {QStringLiteral("raid10-n2"), flat(ArrayLevel::Raid10, 4, QStringLiteral("n2")), QStringLiteral("raid10")},
            {QStringLiteral("raid10-f2"), flat(ArrayLevel::Raid10, 3, QStringLiteral("f2")), QStringLiteral("raid10")},
            {QStringLiteral("raid10-o2"), flat(ArrayLevel::Raid10, 3, QStringLiteral("o2")), QStringLiteral("raid10")},
            {QStringLiteral("raid50"), *makePreset(QStringLiteral("raid50"), disks(1, 6)), QStringLiteral("raid0")},
            {QStringLiteral("raid60"), *makePreset(QStringLiteral("raid60"), disks(1, 8)), QStringLiteral("raid0")},
            {QStringLiteral("raid1+0"), *makePreset(QStringLiteral("raid1+0"), disks(1, 4)), QStringLiteral("raid0")},
            {QStringLiteral("raid0+1"), *makePreset(QStringLiteral("raid0+1"), disks(1, 4)), QStringLiteral("raid1")},
            {QStringLiteral("lvm-over-raid1"), *makePreset(QStringLiteral("lvm-stripe-over-raid1"), disks(1, 4)),
             QStringLiteral("striped")},
            {QStringLiteral("lvm-raw"), flat(ArrayLevel::LvmStripe, 3), QStringLiteral("striped")},
        };
        QString script = QStringLiteral(R"SH(
set -u
# The device a create built: its last line says "built DEVICE; ...".
built() { local line; TOP=; while IFS= read -r line; do [[ $line == "built "* ]] && { TOP=${line#built }; TOP=${TOP%%;*}; }; done < "$1"; }
)SH");
        for (int i = 0; i < configs.size(); ++i) {
            const Config& c = configs[i];
            QFile spec(m_out.filePath(c.name + QStringLiteral(".spec.json")));
            QVERIFY(spec.open(QIODevice::WriteOnly));
            spec.write(QJsonDocument(c.spec.toJson()).toJson());
            spec.close();
            const QString tag = QStringLiteral("c%1").arg(i);
            script += QStringLiteral(R"SH(
uptime_now; echo "$NOW %1" >> times
raidbench-cli array create --spec %1.spec.json --yes --tag %2 > %1.create 2>&1; echo $? > %1.rc
built %1.create
while IFS= read -r line; do printf '%s\n' "$line"; done < /proc/mdstat > %1.mdstat
[ -e /dev/raidbench_%2 ] && lvm lvs --noheadings -o segtype,stripes,devices raidbench_%2 > %1.lvs 2>/dev/null
blockdev --getsize64 "$TOP" > %1.size
raidbench-cli bench --target "$TOP" --rw write --bs 1M --qd 4 --size 64M --destroy-data --json > %1.bench 2>&1; echo $? > %1.bench-rc
raidbench-cli array teardown %2 > %1.teardown 2>&1; echo $? > %1.teardown-rc
check_clean %1.after
)SH")
                          .arg(c.name, tag);
        }
        script += adoptionScript();
        const CliRun run = runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                               QStringLiteral("--disks"), QStringLiteral("8x256M"),
                                               QStringLiteral("--out"), m_out.path(), QStringLiteral("--")} +
                                      labShell(script),
                                  840000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));

        for (const Config& c : configs) {
            const QString name = c.name;
            QVERIFY2(read(name + QStringLiteral(".rc")).trimmed() == QLatin1String("0"),
                     qPrintable(name + QStringLiteral(": ") + read(name + QStringLiteral(".create"))));
            if (c.level == QLatin1String("striped")) {
                QVERIFY2(read(name + QStringLiteral(".lvs")).contains(QLatin1String("striped")), qPrintable(name));
            } else {
                const QString mdstat = read(name + QStringLiteral(".mdstat"));
                QVERIFY2(mdstat.contains(QStringLiteral("active ") + c.level),
                         qPrintable(name + QStringLiteral("\n") + mdstat));
            }
            const double size = read(name + QStringLiteral(".size")).trimmed().toDouble();
            const double predicted = double(*usableBytes(c.spec));
            QVERIFY2(
                std::abs(size - predicted) <= 0.01 * predicted,
                qPrintable(QStringLiteral("%1: device %2 bytes, calculated %3").arg(name).arg(size).arg(predicted)));
            qInfo("%-15s %11.0f bytes, calculated %11.0f (%+.2f %%)", qPrintable(name), size, predicted,
                  100.0 * (size - predicted) / predicted);
            QVERIFY2(read(name + QStringLiteral(".bench-rc")).trimmed() == QLatin1String("0"),
                     qPrintable(name + QStringLiteral(": ") + read(name + QStringLiteral(".bench"))));
            QVERIFY2(read(name + QStringLiteral(".teardown-rc")).trimmed() == QLatin1String("0"),
                     qPrintable(name + QStringLiteral(": ") + read(name + QStringLiteral(".teardown"))));
            const QString after = read(name + QStringLiteral(".after"));
            QVERIFY2(!after.contains(QLatin1String(" : active")),
                     qPrintable(name + QStringLiteral(" left an md array:\n") + after));
            QVERIFY2(after.section(QStringLiteral("--- dm"), 1)
                         .section(QStringLiteral("--- wipefs"), 0, 0)
                         .trimmed()
                         .isEmpty(),
                     qPrintable(name + QStringLiteral(" left a volume group:\n") + after));
            QVERIFY2(after.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(),
                     qPrintable(name + QStringLiteral(" left signatures:\n") + after));
        }
        checkAdoption();
    }

private:
    /// md never adopts a stranger: a device that appears carrying a running array's UUID, as a spare of
    /// it (udev runs `mdadm --incremental` on it, which adds such a device to the running array), is
    /// ignored; one an admin adds by hand makes RaidBench refuse the array, name the stranger and leave
    /// it alone. Disks 1-2 are the array, 8 the stranger.
    static QString adoptionScript()
    {
        return QStringLiteral(R"SH(
# --- md never adopts a stranger ---------------------------------------------------------------
d() { readlink -f /dev/disk/by-id/scsi-RAIDBNCH_VDISK_RBLAB000$1; }
raidbench-cli array create --spec raid1.spec.json --yes --tag adopt > adopt.create 2>&1; echo $? > adopt.rc
built adopt.create
mdadm --detail --export "$TOP" > adopt.export 2>&1
uuid=$(sed -n 's/^MD_UUID=//p' adopt.export)
cat /etc/mdadm/mdadm.conf.d/raidbench-adopt.conf > adopt.guard 2>&1
# A stranger carrying a spare's superblock of this very array (what anyone can copy from a member and
# write to a stick): added by hand and removed again, on a disk nobody confirmed.
mdadm "$TOP" --add "$(d 8)" > adopt.stranger 2>&1
mdadm "$TOP" --remove "$(d 8)" >> adopt.stranger 2>&1
mdadm --examine "$(d 8)" >> adopt.stranger 2>&1
basename "$(d 8)" > adopt.name
# What udev runs when a device with an md superblock appears.
mdadm --incremental "$(d 8)" --offroot > adopt.incremental 2>&1; echo "rc $?" >> adopt.incremental
mdadm --detail "$TOP" > adopt.detail 2>&1
# An admin adds it by hand: the array is no longer the build's, and the stranger is left as it is.
mdadm --add "$TOP" "$(d 8)" > adopt.add 2>&1
raidbench-cli array teardown adopt > adopt.teardown 2>&1; echo $? > adopt.teardown-rc
mdadm --examine "$(d 8)" > adopt.examine 2>&1
mdadm --stop "$TOP" > adopt.cleanup 2>&1
mdadm --zero-superblock "$(d 1)" "$(d 2)" "$(d 8)" >> adopt.cleanup 2>&1
raidbench-cli recover >> adopt.cleanup 2>&1
check_clean adopt.after
)SH");
    }

    void checkAdoption()
    {
        QVERIFY2(read(QStringLiteral("adopt.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("adopt.create"))));
        const QString uuid = read(QStringLiteral("adopt.export"))
                                 .section(QStringLiteral("MD_UUID="), 1)
                                 .section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(!uuid.isEmpty(), qPrintable(read(QStringLiteral("adopt.export"))));
        QVERIFY2(read(QStringLiteral("adopt.guard")).contains(QStringLiteral("ARRAY <ignore> UUID=") + uuid),
                 qPrintable(read(QStringLiteral("adopt.guard"))));
        const QString stranger = read(QStringLiteral("adopt.name")).trimmed();
        QVERIFY2(read(QStringLiteral("adopt.stranger")).contains(QStringLiteral("spare")),
                 qPrintable(read(QStringLiteral("adopt.stranger"))));
        const QString incremental = read(QStringLiteral("adopt.incremental"));
        QVERIFY2(incremental.contains(QStringLiteral("explicitly ignored")), qPrintable(incremental));
        QVERIFY2(!read(QStringLiteral("adopt.detail")).contains(QStringLiteral("/dev/") + stranger),
                 qPrintable(read(QStringLiteral("adopt.detail"))));
        // Added by hand: refused, the stranger named, and its superblock (its data) as it was.
        QVERIFY2(read(QStringLiteral("adopt.teardown-rc")).trimmed() != QLatin1String("0"),
                 qPrintable(read(QStringLiteral("adopt.teardown"))));
        QVERIFY2(read(QStringLiteral("adopt.teardown")).contains(stranger + QStringLiteral(" (")),
                 qPrintable(read(QStringLiteral("adopt.teardown"))));
        QVERIFY2(read(QStringLiteral("adopt.examine")).contains(uuid),
                 qPrintable(read(QStringLiteral("adopt.examine"))));
        const QString after = read(QStringLiteral("adopt.after"));
        QVERIFY2(!after.contains(QLatin1String(" : active")),
                 qPrintable(after + read(QStringLiteral("adopt.cleanup"))));
    }
};

QTEST_GUILESS_MAIN(TestArraysLab)
#include "tst_arrays_lab.moc"
