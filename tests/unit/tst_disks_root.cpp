#include "../common/loopdevice.h"
#include "disks/diskscanner.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mount.h>

using namespace RaidBench;
using RaidBench::Test::LoopDevice;

/// Discovery on this machine for real: sysfs, mountinfo and libblkid on loop devices. Label `root`.
class TestDisksRoot final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QString reasonsOf(const Disk& disk)
    {
        QStringList messages;
        for (const DiskReason& reason : disk.reasons) {
            messages.append(reason.code + QLatin1Char(':') + reason.message);
        }
        return messages.join(QLatin1Char('|'));
    }

    static Disk findByPath(const QString& path, const EligibilityOptions& options)
    {
        for (const Disk& disk : DiskScanner().scan(options)) {
            if (disk.path == path) {
                return disk;
            }
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!LoopDevice::canUse()) {
            QSKIP("needs root and loop devices");
        }
        QVERIFY(m_dir.isValid());
    }

    void systemDiskIsRefused()
    {
        const QList<Disk> disks = DiskScanner().scan();
        const Disk* system = nullptr;
        for (const Disk& disk : disks) {
            if (disk.systemDisk && disk.kind == QLatin1String("disk")) {
                system = &disk;
            }
        }
        if (!system) {
            QSKIP("/ is not on a block device here (container or network root)");
        }
        qInfo("system disk: %s (%s)", qPrintable(system->path), qPrintable(system->transport));
        QVERIFY(!system->eligible);
        QVERIFY(system->hasReason(QStringLiteral("system-disk")));
        // This machine's /dev/vda holds /, mounted whole.
        if (system->path == QLatin1String("/dev/vda")) {
            QVERIFY(system->hasReason(QStringLiteral("mounted")));
        }
    }

    void blankLoopIsEligibleOnlyWhenLoopsAreAllowed()
    {
        LoopDevice loop(m_dir.path(), 64 << 20);
        QVERIFY(loop.ok());
        EligibilityOptions options;
        Disk disk = findByPath(loop.device(), options);
        QCOMPARE(disk.path, loop.device());
        QVERIFY(!disk.eligible);
        QVERIFY(disk.hasReason(QStringLiteral("loop-device")));
        options.allowLoop = true;
        disk = findByPath(loop.device(), options);
        QVERIFY2(disk.eligible, qPrintable(disk.reasons.isEmpty() ? QString() : disk.reasons.first().message));
        QCOMPARE(disk.sizeBytes, 64ull << 20);
        QCOMPARE(disk.transport, QStringLiteral("loop"));
        QVERIFY(disk.signatures.isEmpty());
    }

    void filesystemAndMountAreSeen()
    {
        LoopDevice loop(m_dir.path(), 64 << 20);
        QVERIFY(loop.ok());
        QCOMPARE(QProcess::execute(QStringLiteral("mkfs.ext4"),
                                   {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-L"),
                                    QStringLiteral("rbtest"), loop.device()}),
                 0);
        EligibilityOptions options;
        options.allowLoop = true;
        Disk disk = findByPath(loop.device(), options);
        QVERIFY(!disk.eligible);
        QVERIFY(disk.hasReason(QStringLiteral("signature")));
        QCOMPARE(disk.signatures.size(), 1);
        QCOMPARE(disk.signatures.first().type, QStringLiteral("ext4")); // real libblkid
        QCOMPARE(disk.signatures.first().label, QStringLiteral("rbtest"));

        const QString mountPoint = m_dir.filePath(QStringLiteral("mnt"));
        QVERIFY(QDir().mkpath(mountPoint));
        QVERIFY2(::mount(QFile::encodeName(loop.device()).constData(), QFile::encodeName(mountPoint).constData(),
                         "ext4", 0, nullptr) == 0,
                 strerror(errno));
        disk = findByPath(loop.device(), options);
        ::umount2(QFile::encodeName(mountPoint).constData(), MNT_DETACH);
        QVERIFY(disk.hasReason(QStringLiteral("mounted")));
        QVERIFY(disk.mountPoints.contains(mountPoint));

        // Wiping was asked for this very device: the signature is waived, the mount never is.
        options.wipe = {loop.device()};
        QVERIFY(findByPath(loop.device(), options).eligible);
    }

    void inspectResolvesLinksToTheDevice()
    {
        LoopDevice loop(m_dir.path(), 32 << 20);
        QVERIFY(loop.ok());
        const QString link = m_dir.filePath(QStringLiteral("link-to-loop"));
        QVERIFY(QFile::link(loop.device(), link));
        EligibilityOptions options;
        options.allowLoop = true;
        const auto disk = DiskScanner().inspect(link, options);
        QVERIFY2(disk.ok(), qPrintable(disk.ok() ? QString() : disk.error().message));
        QCOMPARE(disk->path, loop.device());
        QVERIFY2(disk->eligible, qPrintable(reasonsOf(*disk)));
        QCOMPARE(DiskScanner().inspect(loop.file()).error().code, QStringLiteral("not-block-device"));
    }

    /// blkid, udev or another scan opens a disk for reading, for a moment: that is a probe, not a use.
    /// One that keeps it open is a use, and so is one that opened it for writing, however briefly.
    void aProbeIsNotAUse()
    {
        LoopDevice loop(m_dir.path(), 32 << 20);
        QVERIFY(loop.ok());
        EligibilityOptions options;
        options.allowLoop = true;
        auto holdFor = [&loop](const QString& redirect, const QString& seconds) {
            auto holder = std::make_unique<QProcess>();
            holder->start(QStringLiteral("sh"),
                          {QStringLiteral("-c"),
                           QStringLiteral("exec 3%1\"$0\"; echo ready; exec sleep $1").arg(redirect), loop.device(),
                           seconds});
            holder->waitForReadyRead(5000);
            return holder;
        };
        auto probe = holdFor(QStringLiteral("<"), QStringLiteral("0.15"));
        auto disk = DiskScanner().inspect(loop.device(), options);
        QVERIFY(disk.ok());
        QVERIFY2(disk->eligible, qPrintable(reasonsOf(*disk)));
        probe->waitForFinished(5000);

        for (const QString& redirect : {QStringLiteral("<"), QStringLiteral("<>")}) {
            // A reader that stays, and a writer that leaves as soon as a probe would: 0.15 s after it
            // is ready, before the scan's two more looks (0.1 s apart) are over, so only a writer counted
            // at first sight is counted at all. On a loaded machine the scan's first look can come after
            // the writer has gone; it is tried again then (up to three times), which a scan that waits for
            // the later looks can still never pass.
            bool seen = false;
            QString reasons;
            for (int attempt = 0; attempt < 3 && !seen; ++attempt) {
                auto user =
                    holdFor(redirect, redirect == QLatin1String("<") ? QStringLiteral("30") : QStringLiteral("0.15"));
                disk = DiskScanner().inspect(loop.device(), options);
                user->kill();
                user->waitForFinished(5000);
                QVERIFY(disk.ok());
                seen = !disk->eligible && disk->hasReason(QStringLiteral("open"));
                reasons = reasonsOf(*disk);
            }
            QVERIFY2(seen, qPrintable(redirect + QLatin1Char(' ') + reasons));
        }
    }
};

QTEST_GUILESS_MAIN(TestDisksRoot)
#include "tst_disks_root.moc"
