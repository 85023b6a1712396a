#include "../common/loopdevice.h"
#include "disks/devicegate.h"
#include "disks/systemdevicegate.h"
#include "engine/ioengine.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <fcntl.h>
#include <sys/mount.h>
#include <thread>
#include <unistd.h>

using namespace RaidBench;
using RaidBench::Test::LoopDevice;

/// Engine tests that need root: loop devices, a tiny tmpfs. Label `root`.
class TestIoEngineRoot final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        if (!LoopDevice::canUse()) {
            QSKIP("needs root and loop devices");
        }
        QVERIFY(m_dir.isValid());
    }

    void noSpaceReportedWithOffsetAndPartialResultKept()
    {
        const QString mountPoint = m_dir.filePath(QStringLiteral("tiny"));
        QVERIFY(QDir().mkpath(mountPoint));
        QVERIFY2(::mount("raidbench-test", QFile::encodeName(mountPoint).constData(), "tmpfs", 0, "size=4m") == 0,
                 strerror(errno));
        const QString file = mountPoint + QStringLiteral("/fill");
        IoJob job;
        job.target = file;
        job.pattern = IoPattern::Write;
        job.blockSize = 64 * 1024;
        job.queueDepth = 1;
        job.sizeLimit = 16u << 20;
        job.direct = false; // tmpfs has no O_DIRECT
        const IoResult r = IoEngine::run(job);
        ::umount2(QFile::encodeName(mountPoint).constData(), MNT_DETACH);
        QCOMPARE(r.status, IoStatus::Failed);
        QVERIFY(r.error);
        QCOMPARE(r.error->code, QStringLiteral("no-space"));
        QCOMPARE(r.error->errnoValue, ENOSPC);
        QVERIFY(r.error->offset);
        QVERIFY2(*r.error->offset > 0 && *r.error->offset <= (4u << 20), qPrintable(QString::number(*r.error->offset)));
        QVERIFY(r.error->message.contains(QString::number(*r.error->offset)));
        // The partial result: everything before the failing block was written and counted.
        QVERIFY(r.bytes > 0);
        QCOMPARE(r.bytes, *r.error->offset - *r.error->offset % job.blockSize);
    }

    void writesAndReadsALoopDevice_data()
    {
        QTest::addColumn<bool>("sync");
        QTest::newRow("io_uring") << false;
        QTest::newRow("sync") << true;
    }
    void writesAndReadsALoopDevice()
    {
        QFETCH(bool, sync);
        LoopDevice loop(m_dir.path(), 32 << 20);
        QVERIFY(loop.ok());
        IoJob job = loopJob(loop, IoPattern::Write);
        job.blockSize = 1 << 20;
        job.queueDepth = 4;
        job.forceSync = sync;
        job.data = DataPattern::Zeros;
        IoResult r = IoEngine::run(job);
        QVERIFY2(r.status == IoStatus::Completed, qPrintable(r.error ? r.error->message : QString()));
        QCOMPARE(r.targetKind, QStringLiteral("block"));
        QCOMPARE(r.bytes, 32ull << 20); // one pass over the whole device
        QCOMPARE(r.targetBytes, 32ull << 20);
        job.pattern = IoPattern::RandRead;
        job.blockSize = 4096;
        job.destroyData = false;
        job.sizeLimit = 4u << 20;
        r = IoEngine::run(job);
        QCOMPARE(r.status, IoStatus::Completed);
        QCOMPARE(r.bytes, 4ull << 20);
    }

    /// A job on `loop`, the way these tests use it: writes are allowed to destroy its data, and the
    /// device gate checked it right before, as the helper does.
    static IoJob loopJob(const LoopDevice& loop, IoPattern pattern)
    {
        IoJob job;
        job.target = loop.device();
        job.pattern = pattern;
        job.destroyData = pattern == IoPattern::Write;
        if (job.destroyData) {
            job.verified = verified(loop.device());
        }
        return job;
    }

    static std::optional<VerifiedDevice> verified(const QString& device)
    {
        const SystemDeviceGate gate = SystemDeviceGate::withLoop(true);
        const auto pin = gate.pin(device);
        if (!pin) {
            qWarning() << pin.error().message;
            return std::nullopt;
        }
        const auto checked = gate.verify(*pin, DeviceGate::Use::Create);
        if (!checked) {
            qWarning() << checked.error().message;
            return std::nullopt;
        }
        return *checked;
    }

    void writeWithoutTheGateRefused()
    {
        // The engine writes a block device only with the gate's word for it, and only that device.
        LoopDevice loop(m_dir.path(), 8 << 20);
        LoopDevice other(m_dir.path(), 8 << 20);
        QVERIFY(loop.ok() && other.ok());
        IoJob job = loopJob(loop, IoPattern::Write);
        job.verified.reset();
        IoResult r = IoEngine::run(job);
        QCOMPARE(r.status, IoStatus::Failed);
        QCOMPARE(r.error->code, QStringLiteral("device-changed"));
        QVERIFY(r.error->message.contains(loop.device()));
        QCOMPARE(r.bytes, 0ull);
        // Checked for another device: refused too.
        job.verified = verified(other.device());
        QVERIFY(job.verified);
        r = IoEngine::run(job);
        QCOMPARE(r.status, IoStatus::Failed);
        QCOMPARE(r.error->code, QStringLiteral("device-changed"));
        QCOMPARE(r.bytes, 0ull);
    }

    /// (requests, sectors) written to `device` so far, from /sys/block/NAME/stat.
    static std::pair<std::uint64_t, std::uint64_t> writesCompleted(const QString& device)
    {
        QFile stat(QStringLiteral("/sys/block/%1/stat").arg(QFileInfo(device).fileName()));
        if (!stat.open(QIODevice::ReadOnly)) {
            return {0, 0};
        }
        const QList<QByteArray> fields = stat.readAll().simplified().split(' ');
        return {fields.value(4).toULongLong(), fields.value(6).toULongLong()};
    }

    void largeBlocksReachTheDeviceWhole()
    {
        // A loop device takes at most 128 segments per request: a 1 MiB block in scattered 4 KiB pages
        // becomes two requests (fio's and dd's do), one in a huge page stays one.
        LoopDevice loop(m_dir.path(), 64 << 20);
        QVERIFY(loop.ok());
        IoJob job = loopJob(loop, IoPattern::Write);
        job.blockSize = 1 << 20;
        job.queueDepth = 4;
        const auto before = writesCompleted(loop.device());
        const IoResult r = IoEngine::run(job);
        const auto after = writesCompleted(loop.device());
        QVERIFY2(r.status == IoStatus::Completed, qPrintable(r.error ? r.error->message : QString()));
        QCOMPARE(r.bytes, 64ull << 20);
        QCOMPARE(after.second - before.second, (64ull << 20) / 512);
        if (r.hugePageBytes < 4ull << 20) {
            QSKIP("the kernel gave no transparent huge pages for the buffers");
        }
        QCOMPARE(after.first - before.first, std::uint64_t(64));
    }

    void busyDeviceRefusedWithKernelReason()
    {
        LoopDevice loop(m_dir.path(), 8 << 20);
        QVERIFY(loop.ok());
        const int holder = ::open(QFile::encodeName(loop.device()).constData(), O_RDONLY | O_EXCL);
        QVERIFY(holder >= 0);
        IoJob job = loopJob(loop, IoPattern::Read);
        job.sizeLimit = 1 << 20;
        const IoResult r = IoEngine::run(job);
        ::close(holder);
        QCOMPARE(r.status, IoStatus::Failed);
        QCOMPARE(r.error->code, QStringLiteral("device-in-use"));
        QVERIFY(r.error->message.contains(QString::fromLocal8Bit(strerror(EBUSY))));
    }

    void writeBeyondDeviceRangeRefused()
    {
        LoopDevice loop(m_dir.path(), 8 << 20);
        QVERIFY(loop.ok());
        IoJob job = loopJob(loop, IoPattern::Write);
        job.offset = 4 << 20;
        job.length = 8 << 20;
        const IoResult r = IoEngine::run(job);
        QCOMPARE(r.status, IoStatus::Failed);
        QCOMPARE(r.error->code, QStringLiteral("invalid-range"));
        QCOMPARE(r.bytes, 0ull);
    }

    void aCallThatBlocksIsSaidWhileItWaits_data()
    {
        QTest::addColumn<bool>("sync");
        QTest::newRow("io_uring") << false;
        QTest::newRow("sync") << true;
    }
    void aCallThatBlocksIsSaidWhileItWaits()
    {
        // Writes into a file system frozen under them wait in the kernel, as a disk that stopped answering
        // holds its requests: on either path, the progress says how long no I/O has completed, while it
        // waits, and the run ends normally once the writes go through.
        QFETCH(bool, sync);
        LoopDevice loop(m_dir.path(), 64 << 20);
        QVERIFY(loop.ok());
        QCOMPARE(
            QProcess::execute(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), loop.device()}),
            0);
        const QString mountPoint = m_dir.filePath(QStringLiteral("frozen"));
        QVERIFY(QDir().mkpath(mountPoint));
        QCOMPARE(QProcess::execute(QStringLiteral("mount"), {loop.device(), mountPoint}), 0);
        const auto unmount = qScopeGuard([&] {
            QProcess thawed; // thawed already, unless the test stopped early: its complaint is not shown
            thawed.setStandardErrorFile(QProcess::nullDevice());
            thawed.start(QStringLiteral("fsfreeze"), {QStringLiteral("-u"), mountPoint});
            thawed.waitForFinished(10000);
            QProcess::execute(QStringLiteral("umount"), {mountPoint});
        });
        IoJob job;
        job.target = mountPoint + QStringLiteral("/stall");
        job.pattern = IoPattern::Write;
        job.blockSize = 64 * 1024;
        job.queueDepth = sync ? 1 : 4;
        job.forceSync = sync;
        job.direct = false;
        job.sizeLimit = 4u << 20;
        QCOMPARE(IoEngine::run(job).status, IoStatus::Completed); // the file exists before the freeze
        job.sizeLimit = 0;
        job.timeLimitNs = 400'000'000;
        QCOMPARE(QProcess::execute(QStringLiteral("fsfreeze"), {QStringLiteral("-f"), mountPoint}), 0);
        std::atomic<std::uint64_t> stalled = 0;
        std::atomic_bool done = false;
        std::thread thaw([&] {
            // Thawed once the stall has been said for a second, or after 20 s whatever was said.
            for (int i = 0; i < 400 && stalled.load() < 1'000'000'000ull && !done.load(); ++i) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            QProcess::execute(QStringLiteral("fsfreeze"), {QStringLiteral("-u"), mountPoint});
        });
        const IoResult r =
            IoEngine::run(job, nullptr, [&](const IoProgress& p) { stalled = std::max(stalled.load(), p.stalledNs); });
        done = true;
        thaw.join();
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY2(stalled.load() >= 1'000'000'000ull, qPrintable(QString::number(stalled.load())));
        QVERIFY(r.bytes > 0);
    }
};

QTEST_GUILESS_MAIN(TestIoEngineRoot)
#include "tst_ioengine_root.moc"
