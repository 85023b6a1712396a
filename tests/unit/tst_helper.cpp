#include "../mock/fakedevicegate.h"
#include "../mock/pretendbuildmachine.h"
#include "disks/diskscanner.h"
#include "helper/helperprotocol.h"
#include "helper/helperservice.h"
#include "helper/messages.h"
#include "system/commandrunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The helper protocol and service against hostile clients: every bad request gets an error reply
/// with the right code, and nothing is executed (the recording runner stays empty).
class TestHelper final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// confirm_destroy as a client sends it: the pretend disks by their identity, any other path scanned.
    static QJsonArray confirmedOf(const QStringList& paths)
    {
        return FakeDeviceGate::confirmed(paths, {QStringLiteral("/dev/rbtest-a"), QStringLiteral("/dev/rbtest-b")});
    }

    struct Harness
    {
        RecordingCommandRunner runner;
        std::mutex mutex;
        QList<QJsonObject> lines;
        // Before the service: it outlives the service's shutdown, which still asks it.
        std::shared_ptr<FakeDeviceGate> gate = std::make_shared<FakeDeviceGate>(
            QStringList {QStringLiteral("/dev/rbtest-a"), QStringLiteral("/dev/rbtest-b")});
        std::unique_ptr<HelperService> service;

        explicit Harness(const QString& stateDir)
        {
            HelperService::Options options;
            options.runner = &runner;
            options.executor.journalDirectory = stateDir + QStringLiteral("/journal");
            options.executor.etcRoot = stateDir + QStringLiteral("/etc");
            options.executor.machine = std::make_shared<PretendBuildMachine>();
            options.stateDirectory = stateDir;
            // Two pretend disks are fine; every other path meets the real gate.
            options.gate = [this](bool) -> std::shared_ptr<const DeviceGate> { return gate; };
            service = std::make_unique<HelperService>(options, [this](const QByteArray& line) {
                std::lock_guard lock(mutex);
                lines.append(QJsonDocument::fromJson(line).object());
            });
        }

        QJsonObject send(const QByteArray& line, qint64 id)
        {
            service->handleLine(line);
            for (int i = 0; i < 400; ++i) {
                {
                    std::lock_guard lock(mutex);
                    for (const QJsonObject& reply : lines) {
                        if (reply.contains(QStringLiteral("ok")) && !reply.contains(QStringLiteral("event")) &&
                            qint64(reply.value(QStringLiteral("id")).toDouble(-1)) == id) {
                            return reply;
                        }
                    }
                }
                QTest::qWait(10);
            }
            return {};
        }
        QJsonObject request(qint64 id, const QString& op, const QJsonObject& args)
        {
            return send(HelperProtocol::encodeRequest(id, op, args).trimmed(), id);
        }
    };

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void encodeAndParse()
    {
        const QByteArray line = HelperProtocol::encodeRequest(7, QStringLiteral("teardown"),
                                                              {{QStringLiteral("tag"), QStringLiteral("ab12")}});
        QVERIFY(line.endsWith('\n'));
        const auto request = HelperProtocol::parseRequest(line.trimmed());
        QVERIFY(request.ok());
        QCOMPARE(request->id, 7);
        QCOMPARE(request->op, QStringLiteral("teardown"));
        QCOMPARE(request->args.value(QStringLiteral("tag")).toString(), QStringLiteral("ab12"));
        const QJsonObject error =
            QJsonDocument::fromJson(HelperProtocol::encodeError(3, QStringLiteral("x"), QStringLiteral("y"))).object();
        QCOMPARE(error.value(QStringLiteral("ok")).toBool(true), false);
        QCOMPARE(error.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("x"));
        const QJsonObject event =
            QJsonDocument::fromJson(
                HelperProtocol::encodeEvent(3, QStringLiteral("progress"), {{QStringLiteral("fraction"), 0.5}}))
                .object();
        QCOMPARE(event.value(QStringLiteral("event")).toString(), QStringLiteral("progress"));
        QCOMPARE(event.value(QStringLiteral("fraction")).toDouble(), 0.5);
        QVERIFY(HelperProtocol::operations().contains(QStringLiteral("run-campaign")));
    }

    void messagesSurviveTheWire()
    {
        // Every typed message reads back what was written, through the real envelope.
        using namespace Messages;
        auto throughWire = [](const QJsonObject& body) {
            const auto incoming = HelperProtocol::parseIncoming(HelperProtocol::encodeReply(7, body).trimmed());
            return incoming.body;
        };
        const HelloReply hello {2, QStringLiteral("0.9"), 42, 0, true, 3};
        const HelloReply helloBack = HelloReply::fromJson(throughWire(hello.toJson()));
        QCOMPARE(helloBack.protocol, 2);
        QCOMPARE(helloBack.raidbenchVersion, QStringLiteral("0.9"));
        QCOMPARE(helloBack.pid, 42);
        QCOMPARE(helloBack.euid, 0);
        QVERIFY(helloBack.lab);
        QCOMPARE(helloBack.journals, 3);

        CampaignProgress progress;
        progress.phase = CampaignPhase::Test;
        progress.configIndex = 2;
        progress.configCount = 5;
        progress.configName = QStringLiteral("raid5");
        progress.testName = QStringLiteral("SEQ1M Q8 write");
        progress.repeat = 1;
        progress.repeats = 3;
        progress.fraction = 0.25;
        progress.overall = 0.4;
        progress.liveBwBytes = 123e6;
        progress.message = QStringLiteral("raid5: writing");
        const auto event = HelperProtocol::parseIncoming(
            HelperProtocol::encodeEvent(9, Event::progress, encodeCampaignProgress(progress)).trimmed());
        QCOMPARE(event.kind, HelperProtocol::Incoming::Kind::Event);
        QCOMPARE(event.id, 9);
        QCOMPARE(event.event, Event::progress);
        const CampaignProgress back = decodeCampaignProgress(event.body);
        QCOMPARE(back.phase, progress.phase);
        QCOMPARE(back.configIndex, 2);
        QCOMPARE(back.configCount, 5);
        QCOMPARE(back.configName, progress.configName);
        QCOMPARE(back.testName, progress.testName);
        QCOMPARE(back.repeat, 1);
        QCOMPARE(back.repeats, 3);
        QCOMPARE(back.fraction, 0.25);
        QCOMPARE(back.overall, 0.4);
        QCOMPARE(back.liveBwBytes, 123e6);
        QCOMPARE(back.message, progress.message);

        StepLog step;
        step.argv = {QStringLiteral("mdadm"), QStringLiteral("--stop"), QStringLiteral("/dev/md127")};
        step.result.started = true;
        step.result.exitCode = 1;
        step.result.err = QStringLiteral("mdadm: busy");
        const CommandEvent command = CommandEvent::fromJson(throughWire(CommandEvent::fromStep(step).toJson()));
        QCOMPARE(command.argv, step.argv);
        QVERIFY(!command.ok);
        QVERIFY(command.output.contains(QLatin1String("busy")));
        QCOMPARE(command.summary, step.result.summary());

        IoJob job;
        job.target = QStringLiteral("/dev/sdb");
        job.pattern = IoPattern::RandReadWrite;
        job.readPercent = 70;
        job.blockSize = 4096;
        job.queueDepth = 32;
        job.timeLimitNs = 3'000'000'000;
        job.rampNs = 500'000'000;
        job.offset = 1 << 20;
        job.length = 64 << 20;
        job.data = DataPattern::Zeros;
        auto jobBack = decodeIoJob(throughWire(encodeIoJob(job)));
        QVERIFY2(jobBack, jobBack ? "" : qPrintable(jobBack.error().message));
        QCOMPARE(jobBack->target, job.target);
        QCOMPARE(jobBack->pattern, job.pattern);
        QCOMPARE(jobBack->readPercent, 70);
        QCOMPARE(jobBack->blockSize, 4096u);
        QCOMPARE(jobBack->queueDepth, 32);
        QCOMPARE(jobBack->timeLimitNs, job.timeLimitNs);
        QCOMPARE(jobBack->rampNs, job.rampNs);
        QCOMPARE(jobBack->offset, job.offset);
        QCOMPARE(jobBack->length, job.length);
        QCOMPARE(jobBack->data, DataPattern::Zeros);
        QCOMPARE(decodeIoJob({{QStringLiteral("target"), QStringLiteral("/dev/sdb")}}).error().code,
                 ErrorCode::badArgument); // no size and no time

        ArrayListing listing;
        listing.arrays.append({QStringLiteral("ab12cd34"), QStringLiteral("/dev/md127"), QStringLiteral("raid1"),
                               QStringLiteral("/run/raidbench/mnt-ab12cd34-x"), QString()});
        listing.leftovers.append({QStringLiteral("00ff00ff"), 1234});
        const ArrayListing listingBack = ArrayListing::fromJson(throughWire(listing.toJson()));
        QCOMPARE(listingBack.arrays.size(), 1);
        QCOMPARE(listingBack.arrays.first().mountPoint, listing.arrays.first().mountPoint);
        QCOMPARE(listingBack.leftovers.first().pid, 1234);
        QVERIFY(listingBack.inUseByOthers.isEmpty());

        ConfirmedDisk sdb;
        sdb.path = QStringLiteral("/dev/sdb");
        sdb.rdev = makedev(8, 16);
        sdb.serial = QStringLiteral("WD-1");
        sdb.sizeBytes = 4000787030016ull;
        const RunCampaign run =
            RunCampaign::fromJson(RunCampaign {QJsonObject {{QStringLiteral("version"), 1}}, {sdb}, {}, true}.toJson());
        QVERIFY(run.hasResume); // an empty resume is still a resume, and is refused as such
        QCOMPARE(run.confirmDestroy.size(), 1);
        QCOMPARE(run.confirmDestroy.first().toJson(), sdb.toJson());
        const About about = About::fromJson(throughWire(
            About {QStringLiteral("mdadm - v4.2"), QStringLiteral("6.1.0"), QStringLiteral("0.9"), false}.toJson()));
        QCOMPARE(about.mdadm, QStringLiteral("mdadm - v4.2"));
        QCOMPARE(about.udevRunning, std::optional<bool>(false));
        // An older helper says nothing of udev: unknown, not "no".
        QVERIFY(!About::fromJson(QJsonObject {{QStringLiteral("mdadm"), QStringLiteral("x")}}).udevRunning);
        const auto failure =
            HelperProtocol::parseIncoming(HelperProtocol::encodeError(4, ErrorCode::busy, QStringLiteral("wait")));
        QCOMPARE(failure.kind, HelperProtocol::Incoming::Kind::Failure);
        QCOMPARE(failure.error.code, ErrorCode::busy);
        QCOMPARE(HelperProtocol::parseIncoming("not json").kind, HelperProtocol::Incoming::Kind::Invalid);
    }

    void readHealthOnlyReads()
    {
        Harness harness(m_dir.path());
        QVERIFY(harness.request(1, QStringLiteral("hello"), {{QStringLiteral("protocol"), HelperProtocol::version}})
                    .value(QStringLiteral("ok"))
                    .toBool());
        const QJsonObject all = harness.request(2, QStringLiteral("read-health"), {});
        QVERIFY2(all.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(all).toJson()));
        const QJsonArray disks =
            all.value(QStringLiteral("result")).toObject().value(QStringLiteral("disks")).toArray();
        for (const auto& value : disks) {
            const Disk disk = Disk::fromJson(value.toObject());
            QCOMPARE(disk.kind, QStringLiteral("disk"));
            QVERIFY(disk.healthRead);
            // The recording runner prints nothing: smartctl's output cannot be read, said as such.
            QCOMPARE(disk.health.status, SmartStatus::Unknown);
            QVERIFY(!disk.health.reason.isEmpty());
        }
        // A name the helper's scan does not have lists nothing.
        const QJsonObject none =
            harness.request(3, QStringLiteral("read-health"), {{QStringLiteral("disks"), QJsonArray {"no-such-disk"}}});
        QVERIFY(none.value(QStringLiteral("ok")).toBool());
        QVERIFY(none.value(QStringLiteral("result")).toObject().value(QStringLiteral("disks")).toArray().isEmpty());
        // Reading only: smartctl -a and the caches' getters, never a self-test, never a change.
        for (const QStringList& argv : harness.runner.commands()) {
            const QString command = argv.join(QLatin1Char(' '));
            QVERIFY2(argv.first() == QLatin1String("smartctl") || argv.first() == QLatin1String("sdparm") ||
                         argv.first() == QLatin1String("hdparm") || argv.first() == QLatin1String("nvme"),
                     qPrintable(command));
            QVERIFY2(!command.contains(QLatin1String(" -t")) && !command.contains(QLatin1String("--set")) &&
                         !command.contains(QLatin1String("-W0")) && !command.contains(QLatin1String("-W1")) &&
                         !command.contains(QLatin1String("set-feature")),
                     qPrintable(command));
        }
    }

    void hostileRequests_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("code");
        auto req = [](const char* op, const QJsonObject& args) {
            return HelperProtocol::encodeRequest(100, QLatin1String(op), args).trimmed();
        };
        auto leaf = [](const QString& device) {
            return QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), device}};
        };
        auto mirror = [&](const QString& a, const QString& b) {
            return QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                {QStringLiteral("children"), QJsonArray {leaf(a), leaf(b)}}};
        };
        auto create = [&](const QJsonObject& spec, const QStringList& confirm) {
            return req("create-array",
                       {{QStringLiteral("spec"), spec}, {QStringLiteral("confirm_destroy"), confirmedOf(confirm)}});
        };
        auto io = [&](const QJsonObject& job) {
            const QString target = job.value(QStringLiteral("target")).toString();
            return req("run-io",
                       {{QStringLiteral("job"), job},
                        {QStringLiteral("confirm_destroy"), target.isEmpty() ? QJsonArray() : confirmedOf({target})}});
        };
        const QString good = QStringLiteral("/dev/rbtest-a");
        const QString other = QStringLiteral("/dev/rbtest-b");
        QString systemDisk;
        for (const Disk& disk : DiskScanner().scan()) {
            if (disk.systemDisk && disk.kind == QLatin1String("disk")) {
                systemDisk = disk.path;
            }
        }
        const QString link = m_dir.filePath(QStringLiteral("link-to-system-disk"));
        QFile::link(systemDisk, link);
        const QString loop1 = m_dir.filePath(QStringLiteral("loop-a"));
        QFile::link(m_dir.filePath(QStringLiteral("loop-b")), loop1);
        QFile::link(loop1, m_dir.filePath(QStringLiteral("loop-b")));

        // Framing and JSON
        QTest::newRow("01 17 MiB line") << QByteArray(17 << 20, 'x') << "too-long";
        QTest::newRow("02 invalid UTF-8")
            << QByteArray("{\"id\":1,\"op\":\"hello\",\"args\":{\"client\":\"\xff\xfe\"}}") << "bad-utf8";
        QTest::newRow("03 not JSON") << QByteArray("hello helper") << "bad-json";
        QTest::newRow("04 JSON array") << QByteArray("[1,2,3]") << "bad-json";
        QTest::newRow("05 deep nesting") << (QByteArray(200, '[') + QByteArray(200, ']')) << "bad-json";
        QTest::newRow("06 deep object") << QByteArray("{\"id\":1,\"op\":\"plan-array\",\"args\":{\"spec\":") +
                QByteArray(40, '{').replace("{", "{\"a\":") + QByteArray("1") + QByteArray(40, '}') +
                QByteArray("}}") << "too-deep";
        QTest::newRow("07 missing id") << QByteArray("{\"op\":\"hello\",\"args\":{\"protocol\":1}}") << "missing-id";
        QTest::newRow("08 negative id") << QByteArray("{\"id\":-5,\"op\":\"hello\",\"args\":{\"protocol\":1}}")
                                        << "missing-id";
        QTest::newRow("09 fractional id")
            << QByteArray("{\"id\":1.5,\"op\":\"hello\",\"args\":{\"protocol\":1}}") << "missing-id";
        QTest::newRow("10 unknown op") << req("format-everything", {}) << "unknown-op";
        QTest::newRow("11 run this command")
            << req("exec",
                   {{QStringLiteral("argv"),
                     QJsonArray {QStringLiteral("rm"), QStringLiteral("-rf"), QStringLiteral("/")}}})
            << "unknown-op";
        QTest::newRow("12 unknown top field")
            << QByteArray("{\"id\":1,\"op\":\"list-arrays\",\"args\":{},\"sudo\":true}") << "unknown-field";
        QTest::newRow("13 unknown argument")
            << req("teardown", {{QStringLiteral("tag"), QStringLiteral("x")}, {QStringLiteral("force"), true}})
            << "unknown-field";
        QTest::newRow("14 missing argument") << req("teardown", {}) << "missing-field";
        QTest::newRow("15 wrong type") << req("teardown", {{QStringLiteral("tag"), 12}}) << "bad-type";
        QTest::newRow("16 args not object") << QByteArray("{\"id\":1,\"op\":\"recover\",\"args\":[1]}") << "bad-type";
        QTest::newRow("17 op not string") << QByteArray("{\"id\":1,\"op\":7,\"args\":{}}") << "missing-field";
        QTest::newRow("18 NUL byte") << QByteArray("{\"id\":1,\"op\":\"hello\",\"args\":{\"client\":\"a\\u0000b\"}}")
                                     << "bad-json";
        // Paths
        QTest::newRow("19 path traversal")
            << create(mirror(QStringLiteral("/dev/../etc/shadow"), good), {QStringLiteral("/dev/../etc/shadow"), good})
            << "bad-path";
        QTest::newRow("20 not under /dev")
            << create(mirror(QStringLiteral("/etc/passwd"), good), {QStringLiteral("/etc/passwd"), good})
            << "invalid-spec";
        QTest::newRow("21 character device")
            << create(mirror(QStringLiteral("/dev/null"), good), {QStringLiteral("/dev/null"), good})
            << "not-block-device";
        QTest::newRow("22 missing device") << create(mirror(QStringLiteral("/dev/rbtest-missing"), good),
                                                     {QStringLiteral("/dev/rbtest-missing"), good})
                                           << "not-found";
        if (!systemDisk.isEmpty()) {
            QTest::newRow("23 the system disk")
                << create(mirror(systemDisk, good), {systemDisk, good}) << "device-in-use";
            QTest::newRow("24 symlink to the busy system disk")
                << io({{QStringLiteral("target"), QString(QStringLiteral("/dev/../") + link.mid(1))},
                       {QStringLiteral("size"), 1 << 20}})
                << "bad-path";
            QTest::newRow("50 campaign on the system disk")
                << req("run-campaign",
                       {{QStringLiteral("plan"),
                         QJsonObject {{QStringLiteral("raidbench_plan"), 1},
                                      {QStringLiteral("disks"), QJsonArray {systemDisk}}}},
                        {QStringLiteral("confirm_destroy"), confirmedOf({systemDisk})}})
                << "device-in-use";
        }
        QTest::newRow("25 a device used twice") << create(mirror(good, good), {good}) << "invalid-spec";
        QTest::newRow("26 a device twice across the tree")
            << create(QJsonObject {{QStringLiteral("level"), QStringLiteral("raid0")},
                                   {QStringLiteral("children"), QJsonArray {mirror(good, other), mirror(other, good)}}},
                      {good, other})
            << "invalid-spec";
        QTest::newRow("27 relative path")
            << io({{QStringLiteral("target"), QStringLiteral("vda")}, {QStringLiteral("size"), 1 << 20}}) << "bad-path";
        QTest::newRow("28 empty path") << io({{QStringLiteral("target"), QString()}, {QStringLiteral("size"), 1 << 20}})
                                       << "bad-path";
        QTest::newRow("29 symlink loop under /dev")
            << io({{QStringLiteral("target"), QString(QStringLiteral("/dev/../") + loop1.mid(1))},
                   {QStringLiteral("size"), 1 << 20}})
            << "bad-path";
        QTest::newRow("30 a world-writable directory")
            << io({{QStringLiteral("target"), QStringLiteral("/dev/shm")}, {QStringLiteral("size"), 1 << 20}})
            << "bad-path";
        // Sizes and numbers
        QTest::newRow("31 block size 0") << io({{QStringLiteral("target"), good},
                                                {QStringLiteral("bs"), 0},
                                                {QStringLiteral("size"), 4096}})
                                         << "bad-argument";
        QTest::newRow("32 negative size")
            << io({{QStringLiteral("target"), good}, {QStringLiteral("size"), -1}}) << "bad-argument";
        QTest::newRow("33 huge size") << io({{QStringLiteral("target"), good}, {QStringLiteral("size"), 1e30}})
                                      << "bad-argument";
        QTest::newRow("34 queue depth 1000")
            << io({{QStringLiteral("target"), good}, {QStringLiteral("qd"), 1000}, {QStringLiteral("size"), 4096}})
            << "bad-argument";
        QTest::newRow("35 no limit") << io({{QStringLiteral("target"), good}}) << "bad-argument";
        QTest::newRow("36 size as a string")
            << io({{QStringLiteral("target"), good}, {QStringLiteral("size"), QStringLiteral("1G; reboot")}})
            << "bad-argument";
        QTest::newRow("37 unknown job field") << io({{QStringLiteral("target"), good},
                                                     {QStringLiteral("size"), 4096},
                                                     {QStringLiteral("exec"), QStringLiteral("sh")}})
                                              << "unknown-field";
        QTest::newRow("38 unknown pattern") << io({{QStringLiteral("target"), good},
                                                   {QStringLiteral("size"), 4096},
                                                   {QStringLiteral("rw"), QStringLiteral("write;reboot")}})
                                            << "invalid-pattern";
        // Specs
        QTest::newRow("39 level with shell metacharacters")
            << create(QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1; rm -rf /")},
                                   {QStringLiteral("children"), QJsonArray {leaf(good), leaf(other)}}},
                      {good, other})
            << "invalid-level";
        QTest::newRow("40 layout with a shell")
            << create(QJsonObject {{QStringLiteral("level"), QStringLiteral("raid10")},
                                   {QStringLiteral("layout"), QStringLiteral("$(reboot)")},
                                   {QStringLiteral("children"), QJsonArray {leaf(good), leaf(other)}}},
                      {good, other})
            << "invalid-spec";
        QTest::newRow("41 tag with a shell") << req("create-array",
                                                    {{QStringLiteral("spec"), mirror(good, other)},
                                                     {QStringLiteral("tag"), QStringLiteral("x`reboot`")},
                                                     {QStringLiteral("confirm_destroy"), confirmedOf({good, other})}})
                                             << "unknown-field";
        QTest::newRow("42 destroy not confirmed") << create(mirror(good, other), {good}) << "not-confirmed";
        QTest::newRow("43 confirmation of another disk")
            << create(mirror(good, other), {good, QStringLiteral("/dev/vda")}) << "not-confirmed";
        QTest::newRow("44 RAID6 on two disks")
            << create(QJsonObject {{QStringLiteral("level"), QStringLiteral("raid6")},
                                   {QStringLiteral("children"), QJsonArray {leaf(good), leaf(other)}}},
                      {good, other})
            << "invalid-spec";
        QTest::newRow("45 chunk on raid1")
            << create(QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                   {QStringLiteral("chunk"), QStringLiteral("64k")},
                                   {QStringLiteral("children"), QJsonArray {leaf(good), leaf(other)}}},
                      {good, other})
            << "invalid-spec";
        QTest::newRow("46 teardown of an array not ours")
            << req("teardown", {{QStringLiteral("tag"), QStringLiteral("root")}}) << "unknown-tag";
        QTest::newRow("47 mount an array not ours") << req("make-fs-and-mount",
                                                           {{QStringLiteral("tag"), QStringLiteral("zz")},
                                                            {QStringLiteral("filesystem"), QStringLiteral("ext4")},
                                                            {QStringLiteral("confirm_destroy"), confirmedOf({good})}})
                                                    << "unknown-tag";
        QTest::newRow("48 a file system with options")
            << req("make-fs-and-mount",
                   {{QStringLiteral("tag"), QStringLiteral("zz")},
                    {QStringLiteral("confirm_destroy"), confirmedOf({good})},
                    {QStringLiteral("filesystem"),
                     QJsonObject {{QStringLiteral("type"), QStringLiteral("ext4")},
                                  {QStringLiteral("mount_options"), QStringLiteral("exec,suid;x")}}}})
            << "invalid-plan";
        QTest::newRow("49 unknown file system") << req("make-fs-and-mount",
                                                       {{QStringLiteral("tag"), QStringLiteral("zz")},
                                                        {QStringLiteral("filesystem"), QStringLiteral("ntfs")},
                                                        {QStringLiteral("confirm_destroy"), confirmedOf({good})}})
                                                << "invalid-plan";
        QTest::newRow("51 campaign plan from the future")
            << req("run-campaign",
                   {{QStringLiteral("plan"),
                     QJsonObject {{QStringLiteral("raidbench_plan"), 99},
                                  {QStringLiteral("disks"), QJsonArray {good}}}},
                    {QStringLiteral("confirm_destroy"), confirmedOf({good})}})
            << "future-version";
        QTest::newRow("52 cancel of nothing") << req("cancel", {{QStringLiteral("request"), 424242}}) << "not-running";
        QTest::newRow("53 wrong protocol version")
            << req("hello", {{QStringLiteral("protocol"), 99}}) << "protocol-mismatch";
        // read-health reads only the helper's own scan: no path, no program, nothing else it takes.
        QTest::newRow("54 read-health with a path")
            << req("read-health", {{QStringLiteral("device"), QStringLiteral("/dev/sda")}}) << "unknown-field";
        QTest::newRow("55 read-health disks not a list")
            << req("read-health", {{QStringLiteral("disks"), QStringLiteral("sda")}}) << "bad-type";
        QTest::newRow("56 read-health disks of numbers")
            << req("read-health", {{QStringLiteral("disks"), QJsonArray {1, 2}}}) << "bad-type";
        QTest::newRow("57 read-health asked for a self-test")
            << req("read-health", {{QStringLiteral("self_test"), true}}) << "unknown-field";
    }
    void hostileRequests()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, code);
        Harness harness(m_dir.path());
        QCOMPARE(harness.request(9999, QStringLiteral("hello"), {{QStringLiteral("protocol"), HelperProtocol::version}})
                     .value(QStringLiteral("ok"))
                     .toBool(),
                 true);
        harness.service->handleLine(line);
        // After a good hello, the one error reply is the answer to the hostile line.
        QJsonObject reply;
        for (int i = 0; i < 400 && reply.isEmpty(); ++i) {
            {
                std::lock_guard lock(harness.mutex);
                for (const QJsonObject& candidate : harness.lines) {
                    if (candidate.contains(QStringLiteral("ok")) && !candidate.contains(QStringLiteral("event")) &&
                        !candidate.value(QStringLiteral("ok")).toBool()) {
                        reply = candidate;
                    }
                }
            }
            if (reply.isEmpty()) {
                QTest::qWait(10);
            }
        }
        QVERIFY2(!reply.isEmpty(), "no reply");
        QCOMPARE(reply.value(QStringLiteral("ok")).toBool(true), false);
        const QJsonObject error = reply.value(QStringLiteral("error")).toObject();
        QVERIFY2(error.value(QStringLiteral("code")).toString() == code,
                 qPrintable(QStringLiteral("%1: %2").arg(error.value(QStringLiteral("code")).toString(),
                                                         error.value(QStringLiteral("message")).toString())));
        QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
        // Nothing ran: no mdadm, no wipefs, no mount, nothing.
        QVERIFY2(harness.runner.commands().isEmpty(),
                 qPrintable(harness.runner.commands().value(0).join(QLatin1Char(' '))));
    }

    void helloFirst()
    {
        Harness harness(m_dir.path());
        const QJsonObject reply = harness.request(5, QStringLiteral("recover"), {});
        QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("hello-required"));
        QVERIFY(harness.runner.commands().isEmpty());
    }

    void createTeardownAndShutdownThroughTheRecorder()
    {
        Harness harness(m_dir.path());
        harness.request(1, QStringLiteral("hello"), {{QStringLiteral("protocol"), HelperProtocol::version}});
        const QJsonObject spec {
            {QStringLiteral("level"), QStringLiteral("raid1")},
            {QStringLiteral("children"),
             QJsonArray {QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")},
                                      {QStringLiteral("device"), QStringLiteral("/dev/rbtest-a")}},
                         QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")},
                                      {QStringLiteral("device"), QStringLiteral("/dev/rbtest-b")}}}}};
        const QJsonObject plan = harness.request(2, QStringLiteral("plan-array"), {{QStringLiteral("spec"), spec}});
        QVERIFY(plan.value(QStringLiteral("ok")).toBool());
        QVERIFY(harness.runner.commands().isEmpty()); // a plan is a dry run
        QVERIFY(plan.value(QStringLiteral("result"))
                    .toObject()
                    .value(QStringLiteral("device"))
                    .toString()
                    .startsWith(QStringLiteral("/dev/md/raidbench-")));
        const QJsonObject created =
            harness.request(3, QStringLiteral("create-array"),
                            {{QStringLiteral("spec"), spec},
                             {QStringLiteral("confirm_destroy"),
                              confirmedOf({QStringLiteral("/dev/rbtest-b"), QStringLiteral("/dev/rbtest-a")})}});
        QVERIFY2(created.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(created).toJson()));
        const QString tag = created.value(QStringLiteral("result")).toObject().value(QStringLiteral("tag")).toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{8}$")).match(tag).hasMatch(),
                 qPrintable(QJsonDocument(created).toJson()));
        QVERIFY(harness.runner.commands().contains(QStringList {"wipefs", "--all", "--quiet", "/dev/rbtest-a"}));
        const QJsonObject listed = harness.request(4, QStringLiteral("list-arrays"), {});
        QCOMPARE(listed.value(QStringLiteral("result")).toObject().value(QStringLiteral("arrays")).toArray().size(), 1);
        // The client goes away: the session's array is torn down.
        const qsizetype before = harness.runner.commands().size();
        harness.service->shutdown(QStringLiteral("client gone"));
        const QList<QStringList> after = harness.runner.commands().mid(before);
        QVERIFY(after.contains(QStringList {"mdadm", "--stop", QStringLiteral("/dev/md/raidbench-%1-0").arg(tag)}));
        QVERIFY(harness.service->quitRequested());
    }
};

QTEST_GUILESS_MAIN(TestHelper)
#include "tst_helper.moc"
