#include "tst_helper_hostile.h"

#include "helper/helperprotocol.h"
#include "system/helpercgroup.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <functional>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

void TestHelperHostile::initTestCase()
{
    if (!LoopDevice::canUse()) {
        QSKIP("needs root and loop devices");
    }
    QVERIFY(m_dir.isValid() && m_journals.isValid());
    QVERIFY(::chmod(QFile::encodeName(m_dir.path()).constData(), 0755) == 0);
    m_alpha = std::make_unique<LoopDevice>(m_dir.path(), 16 << 20);
    m_beta = std::make_unique<LoopDevice>(m_dir.path(), 16 << 20);
    m_victim = std::make_unique<LoopDevice>(m_dir.path(), 16 << 20);
    m_bystander = std::make_unique<LoopDevice>(m_dir.path(), 16 << 20);
    QVERIFY(m_alpha->ok() && m_beta->ok() && m_victim->ok() && m_bystander->ok());
    QVERIFY(run(QStringLiteral("mkfs.ext4"),
                {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-L"), QStringLiteral("precious"),
                 m_victim->device()}));
    {
        QFile file(m_bystander->file());
        QVERIFY(file.open(QIODevice::ReadWrite));
        QByteArray block(1 << 20, '\0');
        for (int i = 0; i < block.size(); ++i) {
            block[i] = char((unsigned(i) * 7919u + 13u) & 0x7fu); // not zeros, no signature
        }
        for (int i = 0; i < 16; ++i) {
            file.write(block);
        }
    }
    // A loop device with one partition (an MBR written by hand: no partitioning tool needed).
    {
        const QString image = m_dir.filePath(QStringLiteral("partitioned.img"));
        QFile file(image);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(16 << 20));
        file.close();
        QVERIFY(LoopDevice::writePartitionTable(image, 2048, (16u << 20) / 512 - 2048));
        QString out;
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("-P"), image}));
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-j"), image}, &out));
        // The kernel does not always scan a loop device's table at once: partx adds the partition.
        run(QStringLiteral("partx"), {QStringLiteral("-a"), out.section(QLatin1Char(':'), 0, 0)});
        m_partitioned.reset(); // detached in cleanupTestCase through losetup -j
    }
    {
        const QString image = m_dir.filePath(QStringLiteral("readonly.img"));
        QFile file(image);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(16 << 20));
        file.close();
        QProcess losetup;
        losetup.start(QStringLiteral("losetup"),
                      {QStringLiteral("-r"), QStringLiteral("-f"), QStringLiteral("--show"), image});
        QVERIFY(losetup.waitForFinished());
        m_readOnly = QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
        QVERIFY(!m_readOnly.isEmpty());
    }
    m_links = QStringLiteral("/dev/rbtest-hostile-%1").arg(getpid());
    QVERIFY(QDir().mkpath(m_links + QStringLiteral("/user")));
    QVERIFY(QDir().mkpath(m_links + QStringLiteral("/group")));
    QVERIFY(::chmod(QFile::encodeName(m_links).constData(), 0755) == 0);
    QVERIFY(::chown(QFile::encodeName(m_links + QStringLiteral("/user")).constData(), 65534, 65534) == 0);
    QVERIFY(::chmod(QFile::encodeName(m_links + QStringLiteral("/group")).constData(), 0775) == 0);
    QVERIFY(::chown(QFile::encodeName(m_links + QStringLiteral("/group")).constData(), 0, 100) == 0); // users
    makeLink(alpha(), link(QStringLiteral("user/alpha")));
    makeLink(alpha(), link(QStringLiteral("group/alpha")));
    makeLink(alpha(), link(QStringLiteral("alpha")));
    makeLink(m_victim->device(), link(QStringLiteral("victim")));
    makeLink(QStringLiteral("/etc/shadow"), link(QStringLiteral("out-absolute")));
    makeLink(QStringLiteral("../../etc/shadow"), link(QStringLiteral("out-relative")));
    makeLink(QStringLiteral("loop-b"), link(QStringLiteral("loop-a")));
    makeLink(QStringLiteral("loop-a"), link(QStringLiteral("loop-b")));
    makeLink(QStringLiteral("nothing-here"), link(QStringLiteral("dangling")));
    m_shmLink = QStringLiteral("/dev/shm/rbtest-hostile-%1").arg(getpid());
    makeLink(alpha(), m_shmLink);
    m_rootFile = m_dir.filePath(QStringLiteral("root-only"));
    {
        QFile file(m_rootFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("root's own file\n");
        file.close();
        QVERIFY(::chmod(QFile::encodeName(m_rootFile).constData(), 0600) == 0);
    }
    m_victimBytes = contents(m_victim->file());
    m_bystanderBytes = contents(m_bystander->file());
    m_rootFileBytes = contents(m_rootFile);
    framingRows();
    schemaRows();
    pathRows();
    raceRows();
    sessionRows();
    resumeRows();
    planFieldRows();
    mountRows();
    numberRows();
    fileTestRows();
    cliRows();
    healthRows();
    trustRows();
    lvmRows();
    holderRows();
    confirmationRows();
    commandRows();
    reuseRows();
}

void TestHelperHostile::cleanupTestCase()
{
    if (!m_links.isEmpty()) {
        QDir(m_links).removeRecursively();
    }
    QFile::remove(m_shmLink);
    if (!m_readOnly.isEmpty()) {
        run(QStringLiteral("losetup"), {QStringLiteral("-d"), m_readOnly});
    }
    QString out;
    run(QStringLiteral("losetup"), {QStringLiteral("-j"), m_dir.filePath(QStringLiteral("partitioned.img"))}, &out);
    if (!out.isEmpty()) {
        run(QStringLiteral("losetup"), {QStringLiteral("-d"), out.section(QLatin1Char(':'), 0, 0)});
    }
    qInfo("hostile table: %lld rows", qlonglong(m_rows.size()));
}

void TestHelperHostile::hostile_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_rows.size(); ++i) {
        QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(i + 1, 3, 10, QLatin1Char('0')).arg(m_rows.at(i).name)))
            << i;
    }
}

void TestHelperHostile::hostile()
{
    QFETCH(int, index);
    const Row& row = m_rows.at(index);
    QElapsedTimer clock;
    clock.start();
    const QJsonObject reply = row.run();
    if (clock.elapsed() > 2000) {
        qInfo("row %d took %lld ms", index + 1, qlonglong(clock.elapsed()));
    }
    const QString code = HelperSession::code(reply);
    QVERIFY2(code == row.code,
             qPrintable(QStringLiteral("expected %1, got %2: %3")
                            .arg(row.code, code,
                                 QString::fromUtf8(QJsonDocument(reply).toJson(QJsonDocument::Compact)).left(600))));
    if (code != QLatin1String("ok")) {
        QVERIFY(!reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString().isEmpty());
    }
    // Whatever the row did: the victim, the bystander and root's file are as they were, and nothing stays.
    QVERIFY2(holds(m_victim->file(), m_victimBytes), "the victim's bytes changed");
    QVERIFY2(holds(m_bystander->file(), m_bystanderBytes), "the bystander's bytes changed");
    QVERIFY2(holds(m_rootFile, m_rootFileBytes), "root's file changed");
    const QStringList journals = QDir(m_journals.path()).entryList(QDir::Files);
    QVERIFY2(journals.isEmpty(), qPrintable(journals.join(QLatin1Char(' '))));
    QFile mounts(QStringLiteral("/proc/self/mountinfo"));
    QVERIFY(mounts.open(QIODevice::ReadOnly));
    QVERIFY(!mounts.readAll().contains("/run/raidbench/mnt-"));
    for (const QString& device : {alpha(), m_beta->device()}) {
        const int fd = ::open(QFile::encodeName(device).constData(), O_RDONLY | O_EXCL);
        QVERIFY2(fd >= 0, qPrintable(device + QStringLiteral(" is still held")));
        ::close(fd);
    }
}

void TestHelperHostile::framingRows()
{
    // Lines that are not requests at all.
    const QList<std::tuple<const char*, QByteArray, const char*>> lines {
        {"a 17 MiB line", QByteArray(17 << 20, 'x'), "too-long"},
        {"invalid UTF-8", QByteArray("{\"id\":1,\"op\":\"hello\",\"args\":{\"client\":\"\xff\xfe\"}}"), "bad-utf8"},
        {"overlong UTF-8 slash", QByteArray("{\"id\":1,\"op\":\"scan-disks\",\"args\":{\"x\":\"\xc0\xaf\"}}"),
         "bad-utf8"},
        {"a UTF-16 surrogate in UTF-8", QByteArray("{\"id\":1,\"op\":\"about\",\"args\":{\"x\":\"\xed\xa0\x80\"}}"),
         "bad-utf8"},
        {"not JSON", QByteArray("hello helper"), "bad-json"},
        {"a JSON array", QByteArray("[1,2,3]"), "bad-json"},
        {"a JSON string", QByteArray("\"teardown\""), "bad-json"},
        {"a JSON number", QByteArray("42"), "bad-json"},
        {"deep array nesting", QByteArray(200, '[') + QByteArray(200, ']'), "bad-json"},
        {"deep object nesting",
         QByteArray("{\"id\":1,\"op\":\"plan-array\",\"args\":{\"spec\":") +
             QByteArray(40, '{').replace("{", "{\"a\":") + QByteArray("1") + QByteArray(40, '}') + QByteArray("}}"),
         "too-deep"},
        {"no id", QByteArray("{\"op\":\"about\",\"args\":{}}"), "missing-id"},
        {"a negative id", QByteArray("{\"id\":-5,\"op\":\"about\",\"args\":{}}"), "missing-id"},
        {"a fractional id", QByteArray("{\"id\":1.5,\"op\":\"about\",\"args\":{}}"), "missing-id"},
        {"an id as a string", QByteArray("{\"id\":\"7\",\"op\":\"about\",\"args\":{}}"), "missing-id"},
        {"an id beyond 2^53", QByteArray("{\"id\":1e300,\"op\":\"about\",\"args\":{}}"), "missing-id"},
        {"a NUL in a string", QByteArray("{\"id\":1,\"op\":\"about\",\"args\":{\"x\":\"a\\u0000b\"}}"), "bad-json"},
        {"a NUL in a key", QByteArray("{\"id\":1,\"op\":\"about\",\"args\":{\"a\\u0000b\":1}}"), "bad-json"},
        {"a field beside id, op and args", QByteArray("{\"id\":1,\"op\":\"about\",\"args\":{},\"sudo\":true}"),
         "unknown-field"},
        {"op is a number", QByteArray("{\"id\":1,\"op\":7,\"args\":{}}"), "missing-field"},
        {"args is an array", QByteArray("{\"id\":1,\"op\":\"recover\",\"args\":[1]}"), "bad-type"},
        {"args is a string", QByteArray("{\"id\":1,\"op\":\"recover\",\"args\":\"all\"}"), "bad-type"},
    };
    for (const auto& [name, line, code] : lines) {
        addRow(QStringLiteral("framing: %1").arg(QLatin1String(name)), QLatin1String(code), [this, line = line] {
            HelperSession helper(m_journals.path());
            return helper.raw(line);
        });
    }
}

void TestHelperHostile::schemaRows()
{
    auto request = [this](const QString& op, const QJsonObject& args) {
        return [this, op, args] {
            HelperSession helper(m_journals.path());
            return helper.request(op, args);
        };
    };
    addRow(QStringLiteral("schema: an unknown operation"), QStringLiteral("unknown-op"),
           request(QStringLiteral("format-everything"), {}));
    addRow(QStringLiteral("schema: run this command"), QStringLiteral("unknown-op"),
           request(QStringLiteral("exec"),
                   {{QStringLiteral("argv"), QJsonArray {QStringLiteral("wipefs"), QStringLiteral("-a"), alpha()}}}));
    addRow(QStringLiteral("schema: an operation with a shell in it"), QStringLiteral("unknown-op"),
           request(QStringLiteral("teardown;reboot"), {}));
    addRow(QStringLiteral("schema: an operation in capitals"), QStringLiteral("unknown-op"),
           request(QStringLiteral("RECOVER"), {}));
    addRow(QStringLiteral("schema: an empty operation"), QStringLiteral("unknown-op"), request(QString(), {}));
    addRow(QStringLiteral("schema: teardown with force"), QStringLiteral("unknown-field"),
           request(QStringLiteral("teardown"),
                   {{QStringLiteral("tag"), QStringLiteral("x")}, {QStringLiteral("force"), true}}));
    addRow(QStringLiteral("schema: scan-disks with a command"), QStringLiteral("unknown-field"),
           request(QStringLiteral("scan-disks"), {{QStringLiteral("exec"), QStringLiteral("sh")}}));
    addRow(QStringLiteral("schema: run-campaign with a script"), QStringLiteral("unknown-field"),
           request(QStringLiteral("run-campaign"),
                   {{QStringLiteral("plan"), plan({alpha()})},
                    {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
                    {QStringLiteral("script"), QStringLiteral("rm -rf /")}}));
    addRow(QStringLiteral("schema: a file system with options beside it"), QStringLiteral("unknown-field"),
           request(QStringLiteral("make-fs-and-mount"),
                   {{QStringLiteral("tag"), QStringLiteral("x")},
                    {QStringLiteral("filesystem"), QStringLiteral("ext4")},
                    {QStringLiteral("options"), QStringLiteral("suid")}}));
    addRow(QStringLiteral("schema: teardown without a tag"), QStringLiteral("missing-field"),
           request(QStringLiteral("teardown"), {}));
    addRow(QStringLiteral("schema: create without a confirmation"), QStringLiteral("missing-field"),
           request(QStringLiteral("create-array"), {{QStringLiteral("spec"), leaf(alpha())}}));
    addRow(QStringLiteral("schema: run-io without a job"), QStringLiteral("missing-field"),
           request(QStringLiteral("run-io"), {}));
    addRow(QStringLiteral("schema: a campaign without a plan"), QStringLiteral("missing-field"),
           request(QStringLiteral("run-campaign"), {{QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}}));
    {
        // A plan that chooses its disks by rule is resolved by the client, which confirms what it
        // chose; the helper never picks disks from a rule on its own.
        QJsonObject byRule = plan({alpha()});
        byRule.insert(QStringLiteral("disks"), QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")}});
        addRow(
            QStringLiteral("plan: disks by a rule the client did not resolve"), QStringLiteral("invalid-plan"),
            request(QStringLiteral("run-campaign"),
                    {{QStringLiteral("plan"), byRule}, {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}}));
        QJsonObject badRule = plan({alpha()});
        badRule.insert(QStringLiteral("disk_rule"),
                       QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")},
                                    {QStringLiteral("exec"), QStringLiteral("sh")}});
        addRow(
            QStringLiteral("plan: a disk rule with a command in it"), QStringLiteral("invalid-plan"),
            request(QStringLiteral("run-campaign"),
                    {{QStringLiteral("plan"), badRule}, {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}}));
    }
    addRow(QStringLiteral("schema: cancel without a request"), QStringLiteral("missing-field"),
           request(QStringLiteral("cancel"), {}));
    addRow(QStringLiteral("schema: a tag that is a number"), QStringLiteral("bad-type"),
           request(QStringLiteral("teardown"), {{QStringLiteral("tag"), 12}}));
    addRow(QStringLiteral("schema: allow_loop as a string"), QStringLiteral("bad-type"),
           request(QStringLiteral("scan-disks"), {{QStringLiteral("allow_loop"), QStringLiteral("yes")}}));
    addRow(QStringLiteral("schema: a confirmation of numbers"), QStringLiteral("bad-type"),
           request(QStringLiteral("create-array"),
                   {{QStringLiteral("spec"), leaf(alpha())}, {QStringLiteral("confirm_destroy"), QJsonArray {1, 2}}}));
    addRow(QStringLiteral("schema: a spec that is an array"), QStringLiteral("bad-type"),
           request(QStringLiteral("plan-array"), {{QStringLiteral("spec"), QJsonArray {alpha()}}}));
    addRow(QStringLiteral("schema: a job that is a string"), QStringLiteral("bad-type"),
           request(QStringLiteral("run-io"), {{QStringLiteral("job"), QStringLiteral("dd of=/dev/sda")}}));
    addRow(QStringLiteral("schema: the wrong protocol"), QStringLiteral("protocol-mismatch"), [this] {
        HelperSession helper(m_journals.path(), false);
        return helper.request(QStringLiteral("hello"), {{QStringLiteral("protocol"), 1}});
    });
    addRow(QStringLiteral("schema: work before hello"), QStringLiteral("hello-required"), [this] {
        HelperSession helper(m_journals.path(), false);
        return helper.request(QStringLiteral("recover"), {});
    });
    addRow(QStringLiteral("schema: cancel of nothing"), QStringLiteral("not-running"),
           request(QStringLiteral("cancel"), {{QStringLiteral("request"), 424242}}));
    addRow(QStringLiteral("schema: the id of a running request"), QStringLiteral("duplicate-id"), [this] {
        HelperSession helper(m_journals.path());
        const QByteArray line =
            HelperProtocol::encodeRequest(77, QStringLiteral("run-io"),
                                          {{QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
                                           {QStringLiteral("job"),
                                            QJsonObject {{QStringLiteral("target"), alpha()},
                                                         {QStringLiteral("rw"), QStringLiteral("write")},
                                                         {QStringLiteral("time_ms"), 20000}}}});
        helper.raw(line.trimmed(), 500); // no reply yet: it runs
        helper.waitForEvent(77, QStringLiteral("progress"));
        const QJsonObject again = helper.raw(HelperProtocol::encodeRequest(77, QStringLiteral("about"), {}).trimmed());
        helper.request(QStringLiteral("cancel"), {{QStringLiteral("request"), 77}});
        helper.await(77);
        return again;
    });
    addRow(QStringLiteral("schema: a second disk-changing operation while one runs"), QStringLiteral("busy"), [this] {
        HelperSession helper(m_journals.path());
        const qint64 id = helper.send(QStringLiteral("run-io"),
                                      {{QStringLiteral("allow_loop"), true},
                                       {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
                                       {QStringLiteral("job"),
                                        QJsonObject {{QStringLiteral("target"), alpha()},
                                                     {QStringLiteral("rw"), QStringLiteral("write")},
                                                     {QStringLiteral("time_ms"), 20000}}}});
        helper.waitForEvent(id, QStringLiteral("progress"));
        const QJsonObject second = runIo(helper, m_beta->device());
        helper.request(QStringLiteral("cancel"), {{QStringLiteral("request"), id}});
        helper.await(id);
        return second;
    });
}

void TestHelperHostile::pathRows()
{
    // Every path a client may name, at each of the three doors a device comes in by.
    struct Path
    {
        QString name;
        std::function<QString()> path;
        QString code;
        bool allowLoop = true;
        /// Where the spec or plan check refuses it before the gate: create-array's and run-campaign's codes.
        QString specCode = {};
        QString planCode = {};
    };
    const QString nobodyTmp = m_dir.filePath(QStringLiteral("nobody"));
    QDir().mkpath(nobodyTmp);
    (void)!::chown(QFile::encodeName(nobodyTmp).constData(), 65534, 65534);
    makeLink(alpha(), nobodyTmp + QStringLiteral("/link-to-alpha"));
    const QList<Path> paths {
        {QStringLiteral("through .. to a disk image"),
         [this]() -> QString { return QStringLiteral("/dev/..") + m_victim->file(); }, QStringLiteral("bad-path")},
        {QStringLiteral("through .. to /etc/shadow"), []() -> QString { return QStringLiteral("/dev/../etc/shadow"); },
         QStringLiteral("bad-path")},
        {QStringLiteral("through .. and back into /dev"),
         [this]() -> QString { return QStringLiteral("/dev/../dev/") + alpha().mid(5); }, QStringLiteral("bad-path")},
        {QStringLiteral("through .. to a link a user owns"),
         [nobodyTmp]() -> QString { return QStringLiteral("/dev/..") + nobodyTmp + QStringLiteral("/link-to-alpha"); },
         QStringLiteral("bad-path")},
        {QStringLiteral("a path outside /dev"), []() -> QString { return QStringLiteral("/etc/passwd"); },
         QStringLiteral("bad-path"), true, QStringLiteral("invalid-spec"), QStringLiteral("invalid-plan")},
        {QStringLiteral("a relative path"), []() -> QString { return QStringLiteral("loop0"); },
         QStringLiteral("bad-path"), true, QStringLiteral("invalid-spec"), QStringLiteral("invalid-plan")},
        {QStringLiteral("an empty path"), []() -> QString { return QString(); }, QStringLiteral("bad-path"), true,
         QStringLiteral("invalid-spec"), QStringLiteral("invalid-plan")},
        {QStringLiteral("a 5000-character path"),
         []() -> QString { return QStringLiteral("/dev/") + QString(5000, QLatin1Char('a')); },
         QStringLiteral("bad-path")},
        {QStringLiteral("two leading slashes"), [this]() -> QString { return QLatin1Char('/') + alpha(); },
         QStringLiteral("bad-path"), true, QStringLiteral("invalid-spec"), QStringLiteral("invalid-plan")},
        {QStringLiteral("a newline at the end"), [this]() -> QString { return alpha() + QLatin1Char('\n'); },
         QStringLiteral("not-found")},
        {QStringLiteral("a link in /dev/shm"), [this]() -> QString { return m_shmLink; }, QStringLiteral("bad-path")},
        {QStringLiteral("/dev/shm itself"), []() -> QString { return QStringLiteral("/dev/shm"); },
         QStringLiteral("bad-path")},
        {QStringLiteral("a link in a directory a user owns"),
         [this]() -> QString { return link(QStringLiteral("user/alpha")); }, QStringLiteral("bad-path")},
        {QStringLiteral("a link in a group-writable directory"),
         [this]() -> QString { return link(QStringLiteral("group/alpha")); }, QStringLiteral("bad-path")},
        {QStringLiteral("a link out of /dev"), [this]() -> QString { return link(QStringLiteral("out-absolute")); },
         QStringLiteral("bad-path")},
        {QStringLiteral("a relative link out of /dev"),
         [this]() -> QString { return link(QStringLiteral("out-relative")); }, QStringLiteral("bad-path")},
        {QStringLiteral("a link loop"), [this]() -> QString { return link(QStringLiteral("loop-a")); },
         QStringLiteral("bad-path")},
        {QStringLiteral("a dangling link"), [this]() -> QString { return link(QStringLiteral("dangling")); },
         QStringLiteral("not-found")},
        {QStringLiteral("a missing device"), []() -> QString { return QStringLiteral("/dev/rbtest-no-such-disk"); },
         QStringLiteral("not-found")},
        {QStringLiteral("/dev/null"), []() -> QString { return QStringLiteral("/dev/null"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/zero"), []() -> QString { return QStringLiteral("/dev/zero"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/random"), []() -> QString { return QStringLiteral("/dev/random"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/full"), []() -> QString { return QStringLiteral("/dev/full"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/kmsg"), []() -> QString { return QStringLiteral("/dev/kmsg"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/loop-control"), []() -> QString { return QStringLiteral("/dev/loop-control"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/ itself"), []() -> QString { return QStringLiteral("/dev/"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("/dev/pts"), []() -> QString { return QStringLiteral("/dev/pts"); },
         QStringLiteral("not-block-device")},
        {QStringLiteral("the system disk"), []() -> QString { return QStringLiteral("/dev/vda"); },
         QStringLiteral("device-in-use")},
        {QStringLiteral("a disk with a file system"), [this]() -> QString { return m_victim->device(); },
         QStringLiteral("device-in-use")},
        {QStringLiteral("a root link to a disk with a file system"),
         [this]() -> QString { return link(QStringLiteral("victim")); }, QStringLiteral("device-in-use")},
        {QStringLiteral("a loop device without allow_loop"), [this]() -> QString { return alpha(); },
         QStringLiteral("device-in-use"), false},
        {QStringLiteral("a loop partition without allow_loop"),
         [this]() -> QString {
             QString out;
             run(QStringLiteral("losetup"), {QStringLiteral("-j"), m_dir.filePath(QStringLiteral("partitioned.img"))},
                 &out);
             return out.section(QLatin1Char(':'), 0, 0) + QStringLiteral("p1");
         },
         QStringLiteral("device-in-use"), false},
        {QStringLiteral("a disk with a partition table"),
         [this]() -> QString {
             QString out;
             run(QStringLiteral("losetup"), {QStringLiteral("-j"), m_dir.filePath(QStringLiteral("partitioned.img"))},
                 &out);
             return out.section(QLatin1Char(':'), 0, 0);
         },
         QStringLiteral("device-in-use")},
        {QStringLiteral("a read-only disk"), [this]() -> QString { return m_readOnly; },
         QStringLiteral("device-in-use")},
        {QStringLiteral("an empty loop device"),
         []() -> QString {
             QProcess losetup;
             losetup.start(QStringLiteral("losetup"), {QStringLiteral("-f")});
             losetup.waitForFinished();
             return QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
         },
         QStringLiteral("device-in-use")},
    };
    for (const Path& entry : paths) {
        addRow(QStringLiteral("path, create-array: %1").arg(entry.name),
               entry.specCode.isEmpty() ? entry.code : entry.specCode, [this, entry] {
                   HelperSession helper(m_journals.path());
                   const QString path = entry.path();
                   return create(helper, leaf(path), {path}, entry.allowLoop);
               });
        addRow(QStringLiteral("path, run-io: %1").arg(entry.name), entry.code, [this, entry] {
            HelperSession helper(m_journals.path());
            return runIo(helper, entry.path(), entry.allowLoop);
        });
        addRow(QStringLiteral("path, run-campaign: %1").arg(entry.name),
               entry.planCode.isEmpty() ? entry.code : entry.planCode, [this, entry] {
                   HelperSession helper(m_journals.path());
                   const QString path = entry.path();
                   QJsonObject p = plan({path});
                   p.insert(QStringLiteral("allow_loop"), entry.allowLoop);
                   return campaign(helper, p, {path});
               });
    }
    // Held exclusively by someone else while asked for.
    addRow(QStringLiteral("path: a disk another program holds"), QStringLiteral("device-in-use"), [this] {
        const int fd = ::open(QFile::encodeName(m_beta->device()).constData(), O_RDONLY | O_EXCL);
        HelperSession helper(m_journals.path());
        const QJsonObject reply = create(helper, leaf(m_beta->device()), {m_beta->device()});
        ::close(fd);
        return reply;
    });
    addRow(QStringLiteral("path: a mounted disk"), QStringLiteral("device-in-use"), [this] {
        LoopDevice disk(m_dir.path(), 16 << 20);
        run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), disk.device()});
        const QString point = m_dir.filePath(QStringLiteral("mounted"));
        QDir().mkpath(point);
        ::mount(QFile::encodeName(disk.device()).constData(), QFile::encodeName(point).constData(), "ext4", 0, nullptr);
        HelperSession helper(m_journals.path());
        const QJsonObject reply = runIo(helper, disk.device());
        ::umount(QFile::encodeName(point).constData());
        return reply;
    });
    addRow(QStringLiteral("path: a surface scan (read only) of a mounted disk"), QStringLiteral("device-in-use"),
           [this] {
               LoopDevice disk(m_dir.path(), 16 << 20);
               run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), disk.device()});
               const QString point = m_dir.filePath(QStringLiteral("mounted"));
               QDir().mkpath(point);
               ::mount(QFile::encodeName(disk.device()).constData(), QFile::encodeName(point).constData(), "ext4", 0,
                       nullptr);
               QJsonObject p = plan({disk.device()}, QJsonArray {});
               p.insert(QStringLiteral("baselines"), false);
               p.insert(QStringLiteral("surface"), 4);
               HelperSession helper(m_journals.path());
               const QJsonObject reply = campaign(helper, p, {disk.device()});
               ::umount(QFile::encodeName(point).constData());
               return reply;
           });
    addRow(QStringLiteral("path: one disk by two names in a mirror"), QStringLiteral("invalid-spec"), [this] {
        HelperSession helper(m_journals.path());
        return create(helper, mirror(alpha(), link(QStringLiteral("alpha"))), {alpha(), link(QStringLiteral("alpha"))});
    });
    addRow(QStringLiteral("path: one disk twice"), QStringLiteral("invalid-spec"), [this] {
        HelperSession helper(m_journals.path());
        return create(helper, mirror(alpha(), alpha()), {alpha()});
    });
    addRow(QStringLiteral("path: a campaign naming one disk by two names"), QStringLiteral("invalid-plan"), [this] {
        HelperSession helper(m_journals.path());
        return campaign(helper, plan({alpha(), link(QStringLiteral("alpha"))}, QStringLiteral("all")),
                        {alpha(), link(QStringLiteral("alpha"))});
    });
    addRow(QStringLiteral("path: a confirmation of another disk"), QStringLiteral("not-confirmed"), [this] {
        HelperSession helper(m_journals.path());
        return create(helper, leaf(alpha()), {m_bystander->device()});
    });
    addRow(QStringLiteral("path: a confirmation of fewer disks"), QStringLiteral("not-confirmed"), [this] {
        HelperSession helper(m_journals.path());
        return create(helper, mirror(alpha(), m_beta->device()), {alpha()});
    });
    addRow(QStringLiteral("path: a confirmation with one more disk"), QStringLiteral("not-confirmed"), [this] {
        HelperSession helper(m_journals.path());
        return create(helper, leaf(alpha()), {alpha(), m_bystander->device()});
    });
    addRow(QStringLiteral("path: a campaign confirming another disk"), QStringLiteral("not-confirmed"), [this] {
        HelperSession helper(m_journals.path());
        return campaign(helper, plan({alpha()}), {m_bystander->device()});
    });
    addRow(QStringLiteral("path: a campaign configuration on a disk not in the plan"), QStringLiteral("invalid-plan"),
           [this] {
               HelperSession helper(m_journals.path());
               const QJsonArray configs {QJsonObject {{QStringLiteral("name"), QStringLiteral("sneak")},
                                                      {QStringLiteral("spec"), leaf(m_bystander->device())}}};
               return campaign(helper, plan({alpha()}, configs), {alpha()});
           });
    // The failure drill: refused in the plan, before any disk is touched.
    addRow(QStringLiteral("drill: on a layout that survives no failed disk"), QStringLiteral("invalid-plan"), [this] {
        HelperSession helper(m_journals.path());
        const QJsonArray configs {QJsonObject {{QStringLiteral("name"), QStringLiteral("single")},
                                               {QStringLiteral("spec"), leaf(alpha())},
                                               {QStringLiteral("drill"), true}}};
        return campaign(helper, plan({alpha()}, configs), {alpha()});
    });
    addRow(QStringLiteral("drill: failing a disk that is not the plan's"), QStringLiteral("invalid-plan"), [this] {
        HelperSession helper(m_journals.path());
        QJsonObject p = plan({alpha()});
        p.insert(QStringLiteral("drill"), QJsonObject {{QStringLiteral("member"), m_bystander->device()}});
        return campaign(helper, p, {alpha()});
    });
    addRow(QStringLiteral("drill: a rebuild speed limit of 0"), QStringLiteral("invalid-plan"), [this] {
        HelperSession helper(m_journals.path());
        QJsonObject p = plan({alpha()});
        p.insert(QStringLiteral("drill"), QJsonObject {{QStringLiteral("sync_speed_max"), QStringLiteral("0")}});
        return campaign(helper, p, {alpha()});
    });
    addRow(QStringLiteral("drill: a rebuild speed limit beyond any disk"), QStringLiteral("invalid-plan"), [this] {
        HelperSession helper(m_journals.path());
        QJsonObject p = plan({alpha()});
        p.insert(QStringLiteral("drill"), QJsonObject {{QStringLiteral("sync_speed_max"), QStringLiteral("99999T")}});
        return campaign(helper, p, {alpha()});
    });
    addRow(QStringLiteral("path: control, a root link under /dev is followed"), QStringLiteral("ok"), [this] {
        HelperSession helper(m_journals.path());
        const QJsonObject planned = helper.request(
            QStringLiteral("plan-array"),
            {{QStringLiteral("spec"), leaf(link(QStringLiteral("alpha")))}, {QStringLiteral("allow_loop"), true}});
        if (!HelperSession::result(planned).value(QStringLiteral("destroys")).toArray().contains(alpha())) {
            return withError(QStringLiteral("test"), QStringLiteral("the plan does not name the canonical node"));
        }
        return planned;
    });
}

void TestHelperHostile::raceRows()
{
    // A link root resolved once is re-pointed before the array goes: only the pinned disk is touched.
    auto repointed = [this](const QString& name, const std::function<void(HelperSession&, const QString& tag)>& end) {
        return [this, name, end] {
            makeLink(alpha(), link(name));
            HelperSession helper(m_journals.path());
            const QJsonObject created = create(helper, leaf(link(name)), {link(name)});
            if (!created.value(QStringLiteral("ok")).toBool()) {
                return created;
            }
            makeLink(m_bystander->device(), link(name)); // now the name leads to someone else's disk
            end(helper, tagOf(created));
            QFile::remove(link(name));
            return created;
        };
    };
    addRow(QStringLiteral("race: teardown after the link was re-pointed"), QStringLiteral("ok"), [this] {
        makeLink(alpha(), link(QStringLiteral("race-teardown")));
        HelperSession helper(m_journals.path());
        const QJsonObject created =
            create(helper, leaf(link(QStringLiteral("race-teardown"))), {link(QStringLiteral("race-teardown"))});
        makeLink(m_bystander->device(), link(QStringLiteral("race-teardown")));
        const QJsonObject removed =
            helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
        QFile::remove(link(QStringLiteral("race-teardown")));
        return created.value(QStringLiteral("ok")).toBool() ? removed : created;
    });
    addRow(QStringLiteral("race: end of input after the link was re-pointed"), QStringLiteral("ok"),
           repointed(QStringLiteral("race-eof"), [](HelperSession& helper, const QString&) {
               helper.closeStdin();
               helper.waitForExit();
           }));
    for (const auto& [name, sig] :
         {std::pair {"SIGTERM", SIGTERM}, std::pair {"SIGHUP", SIGHUP}, std::pair {"SIGINT", SIGINT}}) {
        addRow(QStringLiteral("race: %1 after the link was re-pointed").arg(QLatin1String(name)), QStringLiteral("ok"),
               repointed(QStringLiteral("race-signal"), [sig = sig](HelperSession& helper, const QString&) {
                   helper.signal(sig);
                   helper.waitForExit();
               }));
    }
    addRow(QStringLiteral("race: helper killed, link re-pointed, recover"), QStringLiteral("ok"), [this, repointed] {
        QJsonObject recovered;
        const QJsonObject created = repointed(QStringLiteral("race-kill"), [&](HelperSession& helper, const QString&) {
            helper.signal(SIGKILL);
            helper.waitForExit();
            HelperSession second(m_journals.path());
            recovered = second.request(QStringLiteral("recover"), {});
        })();
        return created.value(QStringLiteral("ok")).toBool() ? recovered : created;
    });
    addRow(QStringLiteral("race: a dot-dot path through a user's link is refused before anything"),
           QStringLiteral("bad-path"), [this] {
               const QString home = m_dir.filePath(QStringLiteral("home-of-nobody"));
               QDir().mkpath(home);
               (void)!::chown(QFile::encodeName(home).constData(), 65534, 65534);
               makeLink(alpha(), home + QStringLiteral("/x"));
               HelperSession helper(m_journals.path());
               return create(helper, leaf(QStringLiteral("/dev/..") + home + QStringLiteral("/x")),
                             {QStringLiteral("/dev/..") + home + QStringLiteral("/x")});
           });
    // The same loop device, another file behind it (a disk swapped in its bay) or another size.
    auto swapped = [this](const QString& what, bool resize, bool killFirst) {
        return [this, what, resize, killFirst] {
            LoopDevice disk(m_dir.path(), 16 << 20);
            const QString swapImage = m_dir.filePath(QStringLiteral("swap-%1.img").arg(what));
            QFile::remove(swapImage);
            QFile::copy(m_bystander->file(), swapImage); // someone's data, in the bay of our disk
            const QByteArray swapBytes = contents(swapImage);
            auto restore = [&] {
                if (resize) {
                    QFile(disk.file()).resize(16 << 20);
                    run(QStringLiteral("losetup"), {QStringLiteral("-c"), disk.device()});
                } else {
                    run(QStringLiteral("losetup"), {QStringLiteral("-d"), disk.device()});
                    run(QStringLiteral("losetup"), {disk.device(), disk.file()});
                }
            };
            auto swap = [&] {
                if (resize) {
                    QFile(disk.file()).resize(32 << 20);
                    run(QStringLiteral("losetup"), {QStringLiteral("-c"), disk.device()});
                } else {
                    run(QStringLiteral("losetup"), {QStringLiteral("-d"), disk.device()});
                    run(QStringLiteral("losetup"), {disk.device(), swapImage});
                }
            };
            QJsonObject answer;
            {
                HelperSession helper(m_journals.path());
                const QJsonObject created = create(helper, leaf(disk.device()), {disk.device()});
                if (!created.value(QStringLiteral("ok")).toBool()) {
                    return created;
                }
                if (killFirst) {
                    helper.signal(SIGKILL);
                    helper.waitForExit();
                    swap();
                    HelperSession second(m_journals.path());
                    answer = second.request(QStringLiteral("recover"), {});
                    if (HelperSession::result(answer).value(QStringLiteral("skipped")).toArray().isEmpty()) {
                        answer = withError(QStringLiteral("test"), QStringLiteral("recover did not skip the disk"));
                    }
                } else {
                    swap();
                    answer = helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
                }
            }
            const bool journalKept = !QDir(m_journals.path()).entryList(QDir::Files).isEmpty();
            const bool untouched = resize || holds(swapImage, swapBytes);
            restore();
            HelperSession cleaner(m_journals.path());
            cleaner.request(QStringLiteral("recover"), {});
            if (!journalKept || !untouched) {
                return withError(QStringLiteral("test"), QStringLiteral("the swapped disk was written or forgotten"));
            }
            return answer;
        };
    };
    addRow(QStringLiteral("race: another disk behind the pinned node at teardown"),
           QStringLiteral("teardown-incomplete"), swapped(QStringLiteral("teardown"), false, false));
    addRow(QStringLiteral("race: the pinned disk resized at teardown"), QStringLiteral("teardown-incomplete"),
           swapped(QStringLiteral("resize"), true, false));
    addRow(QStringLiteral("race: another disk behind the pinned node when recover runs"), QStringLiteral("ok"),
           swapped(QStringLiteral("recover"), false, true));
    addRow(QStringLiteral("race: another disk behind the pinned node at exit"), QStringLiteral("ok"), [this] {
        LoopDevice disk(m_dir.path(), 16 << 20);
        const QString swapImage = m_dir.filePath(QStringLiteral("swap-exit.img"));
        QFile::remove(swapImage);
        QFile::copy(m_bystander->file(), swapImage);
        const QByteArray swapBytes = contents(swapImage);
        {
            HelperSession helper(m_journals.path());
            const QJsonObject created = create(helper, leaf(disk.device()), {disk.device()});
            if (!created.value(QStringLiteral("ok")).toBool()) {
                return created;
            }
            run(QStringLiteral("losetup"), {QStringLiteral("-d"), disk.device()});
            run(QStringLiteral("losetup"), {disk.device(), swapImage});
            helper.closeStdin();
            helper.waitForExit();
        }
        const bool kept = !QDir(m_journals.path()).entryList(QDir::Files).isEmpty();
        const bool untouched = holds(swapImage, swapBytes);
        run(QStringLiteral("losetup"), {QStringLiteral("-d"), disk.device()});
        run(QStringLiteral("losetup"), {disk.device(), disk.file()});
        HelperSession cleaner(m_journals.path());
        const QJsonObject recovered = cleaner.request(QStringLiteral("recover"), {});
        return kept && untouched
            ? recovered
            : withError(QStringLiteral("test"), QStringLiteral("the exit clean-up wrote the swap"));
    });
}

void TestHelperHostile::sessionRows()
{
    addRow(QStringLiteral("session: a client's own tag for create"), QStringLiteral("unknown-field"), [this] {
        HelperSession helper(m_journals.path());
        return helper.request(QStringLiteral("create-array"),
                              {{QStringLiteral("spec"), leaf(alpha())},
                               {QStringLiteral("tag"), QStringLiteral("mine")},
                               {QStringLiteral("allow_loop"), true},
                               {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}});
    });
    addRow(QStringLiteral("session: a client's own tag for plan"), QStringLiteral("unknown-field"), [this] {
        HelperSession helper(m_journals.path());
        return helper.request(QStringLiteral("plan-array"),
                              {{QStringLiteral("spec"), leaf(alpha())}, {QStringLiteral("tag"), QStringLiteral("x")}});
    });
    addRow(QStringLiteral("session: tearing down another running session's array"), QStringLiteral("not-owner"),
           [this] {
               HelperSession owner(m_journals.path());
               const QJsonObject created = create(owner, leaf(alpha()), {alpha()});
               HelperSession other(m_journals.path());
               const QJsonObject refused =
                   other.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
               owner.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
               return created.value(QStringLiteral("ok")).toBool() ? refused : created;
           });
    addRow(
        QStringLiteral("session: recover leaves another running session's array alone"), QStringLiteral("ok"), [this] {
            HelperSession owner(m_journals.path());
            const QJsonObject created = create(owner, leaf(alpha()), {alpha()});
            // The owner's array holds data now (a file system, say).
            run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), alpha()});
            HelperSession other(m_journals.path());
            const QJsonObject recovered = other.request(QStringLiteral("recover"), {});
            QString out;
            run(QStringLiteral("blkid"), {QStringLiteral("-p"), alpha()}, &out);
            const QJsonObject listed = other.request(QStringLiteral("list-arrays"), {});
            run(QStringLiteral("wipefs"), {QStringLiteral("-a"), QStringLiteral("-q"), alpha()}); // the test's own
            owner.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
            if (!out.contains(QStringLiteral("ext4"))) {
                return withError(QStringLiteral("test"), QStringLiteral("recover wiped a running session's array"));
            }
            if (HelperSession::result(listed).value(QStringLiteral("in_use_by_others")).toArray().size() != 1) {
                return withError(QStringLiteral("test"), QStringLiteral("list-arrays did not show the other session"));
            }
            return recovered;
        });
    addRow(QStringLiteral("session: a leftover of an ended session may be torn down"), QStringLiteral("ok"), [this] {
        QString tag;
        {
            HelperSession owner(m_journals.path());
            tag = tagOf(create(owner, leaf(alpha()), {alpha()}));
            owner.signal(SIGKILL);
            owner.waitForExit();
        }
        HelperSession other(m_journals.path());
        return other.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tag}});
    });
    for (const QString& tag :
         {QString(), QStringLiteral("../../etc"), QStringLiteral("*"), QStringLiteral("raidbench-x"),
          QString(64, QLatin1Char('a')), QStringLiteral("tag\nINJECTED log line"), QStringLiteral("\u202etag"),
          QStringLiteral("/dev/sda")}) {
        addRow(QStringLiteral("session: teardown of tag '%1'")
                   .arg(QString(tag).replace(QLatin1Char('\n'), QStringLiteral("\\n"))),
               QStringLiteral("unknown-tag"), [this, tag] {
                   HelperSession helper(m_journals.path());
                   const QJsonObject reply = helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tag}});
                   helper.closeStdin();
                   helper.waitForExit();
                   if (helper.stderrText().contains(QStringLiteral("\nINJECTED"))) {
                       return withError(QStringLiteral("test"), QStringLiteral("a client's newline reached the log"));
                   }
                   return reply;
               });
    }
    addRow(QStringLiteral("session: a file system on an array not ours"), QStringLiteral("unknown-tag"), [this] {
        HelperSession helper(m_journals.path());
        return helper.request(QStringLiteral("make-fs-and-mount"),
                              {{QStringLiteral("tag"), QStringLiteral("zz")},
                               {QStringLiteral("filesystem"), QStringLiteral("ext4")},
                               {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}});
    });
    addRow(QStringLiteral("session: unmount of nothing"), QStringLiteral("unknown-tag"), [this] {
        HelperSession helper(m_journals.path());
        return helper.request(QStringLiteral("unmount"), {{QStringLiteral("tag"), QStringLiteral("zz")}});
    });
    // Journals someone planted: their commands would run as root.
    auto planted = [this](const QString& how) {
        return [this, how] {
            const QString path = m_journals.filePath(QStringLiteral("journal-planted.json"));
            struct stat st
            { };
            ::stat(QFile::encodeName(m_bystander->device()).constData(), &st);
            // A pin that matches the bystander exactly: only the journal's owner and mode can stop it.
            const QJsonObject pin {{QStringLiteral("node"), m_bystander->device()},
                                   {QStringLiteral("name"), m_bystander->device().mid(5)},
                                   {QStringLiteral("major"), qint64(major(st.st_rdev))},
                                   {QStringLiteral("minor"), qint64(minor(st.st_rdev))},
                                   {QStringLiteral("requested"), m_bystander->device()},
                                   {QStringLiteral("backing_file"), m_bystander->file()},
                                   {QStringLiteral("kind"), QStringLiteral("loop")},
                                   {QStringLiteral("size_bytes"), double(16 << 20)}};
            const QJsonObject journal {
                {QStringLiteral("version"), 2},
                {QStringLiteral("tag"), QStringLiteral("planted")},
                {QStringLiteral("owner"), QJsonObject {{QStringLiteral("pid"), 999999}}},
                {QStringLiteral("pins"), QJsonArray {pin}},
                {QStringLiteral("objects"), QJsonArray {}},
                {QStringLiteral("final_wipes"),
                 QJsonArray {QJsonArray {QStringLiteral("wipefs"), QStringLiteral("--all"), m_bystander->device()}}}};
            QString target = path;
            if (how == QLatin1String("link")) {
                target = m_dir.filePath(QStringLiteral("journal-elsewhere.json"));
                QFile::link(target, path);
            }
            QFile file(target);
            file.open(QIODevice::WriteOnly);
            file.write(QJsonDocument(journal).toJson());
            file.close();
            if (how == QLatin1String("world-writable")) {
                ::chmod(QFile::encodeName(path).constData(), 0666);
            } else if (how == QLatin1String("a user's")) {
                (void)!::chown(QFile::encodeName(path).constData(), 65534, 65534);
                ::chmod(QFile::encodeName(path).constData(), 0600);
            }
            HelperSession helper(m_journals.path());
            const QJsonObject recovered = helper.request(QStringLiteral("recover"), {});
            QFile::remove(path);
            QFile::remove(target);
            return recovered;
        };
    };
    for (const QString& how : {QStringLiteral("world-writable"), QStringLiteral("a user's"), QStringLiteral("link")}) {
        addRow(QStringLiteral("session: recover ignores a planted %1 journal").arg(how), QStringLiteral("ok"),
               planted(how));
    }
    addRow(QStringLiteral("session: a journal directory a user owns refuses to build"),
           QStringLiteral("journal-failed"), [this] {
               QTemporaryDir open;
               (void)!::chown(QFile::encodeName(open.path()).constData(), 65534, 65534);
               HelperSession helper(open.path());
               return create(helper, leaf(alpha()), {alpha()});
           });
    addRow(QStringLiteral("session: a caller's umask 000 reaches nothing root makes"), QStringLiteral("ok"), [this] {
        HelperSession helper(m_journals.path(), true, -1, [] { ::umask(0); });
        const QJsonObject created = create(helper, leaf(alpha()), {alpha()});
        struct stat st
        { };
        const QStringList journals = QDir(m_journals.path()).entryList(QDir::Files);
        const bool privateJournal = journals.size() == 1 &&
            ::stat(QFile::encodeName(m_journals.filePath(journals.first())).constData(), &st) == 0 &&
            (st.st_mode & 077) == 0;
        const QJsonObject removed =
            helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
        if (!created.value(QStringLiteral("ok")).toBool()) {
            return created;
        }
        return privateJournal ? removed
                              : withError(QStringLiteral("test"), QStringLiteral("the journal is not root's alone"));
    });
    addRow(QStringLiteral("session: a caller's tiny file size limit is lifted, or the helper refuses to start"),
           QStringLiteral("ok"), [this] {
               HelperSession helper(m_journals.path(), true, -1, [] {
                   const struct rlimit tiny
                   {
                       512, 512
                   }; // a journal is larger than this
                   ::setrlimit(RLIMIT_FSIZE, &tiny);
               });
               if (!helper.hello().value(QStringLiteral("ok")).toBool()) {
                   // A root without CAP_SYS_RESOURCE (this sandbox) cannot lift it: refused, nothing done.
                   helper.waitForExit();
                   const QString said = helper.hello()
                                            .value(QStringLiteral("error"))
                                            .toObject()
                                            .value(QStringLiteral("message"))
                                            .toString() +
                       helper.stderrText();
                   return said.contains(QStringLiteral("refusing to start"))
                       ? QJsonObject {{QStringLiteral("ok"), true}}
                       : withError(QStringLiteral("test"), said);
               }
               const QJsonObject created = create(helper, leaf(alpha()), {alpha()});
               helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
               return created;
           });
    addRow(QStringLiteral("session: a user cannot take down an array root built to stay"), QStringLiteral("not-owner"),
           [this] {
               const CliRun built =
                   runCli({QStringLiteral("array"), QStringLiteral("create"), QStringLiteral("--level"),
                           QStringLiteral("disk"), QStringLiteral("--disks"), alpha(), QStringLiteral("--allow-loop"),
                           QStringLiteral("--yes"), QStringLiteral("--tag"), QStringLiteral("kept1")},
                          60000, QStringLiteral("raidbench-cli"), {},
                          {QStringLiteral("RAIDBENCH_JOURNAL_DIR=") + m_journals.path()});
               HelperSession user(m_journals.path(), true, 65534);
               const QJsonObject refused =
                   user.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), QStringLiteral("kept1")}});
               const QJsonObject recovered = user.request(QStringLiteral("recover"), {});
               const bool untouched = QFile::exists(m_journals.filePath(QStringLiteral("journal-kept1.json")));
               runCli({QStringLiteral("array"), QStringLiteral("teardown"), QStringLiteral("kept1")}, 60000,
                      QStringLiteral("raidbench-cli"), {},
                      {QStringLiteral("RAIDBENCH_JOURNAL_DIR=") + m_journals.path()});
               if (built.exitCode != 0 || !untouched ||
                   !HelperSession::result(recovered).value(QStringLiteral("removed")).toArray().isEmpty()) {
                   return withError(QStringLiteral("test"), built.err + QStringLiteral(" / recover touched it"));
               }
               return refused;
           });
    addRow(QStringLiteral("session: a user cannot recover or take down another user's leftover"),
           QStringLiteral("not-owner"), [this] {
               QString tag;
               {
                   HelperSession first(m_journals.path(), true, 65534);
                   tag = tagOf(create(first, leaf(alpha()), {alpha()}));
                   first.signal(SIGKILL);
                   first.waitForExit();
               }
               HelperSession other(m_journals.path(), true, 1000);
               const QJsonObject recovered = other.request(QStringLiteral("recover"), {});
               const QJsonObject listed = other.request(QStringLiteral("list-arrays"), {});
               const QJsonObject refused = other.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tag}});
               const bool kept = QFile::exists(m_journals.filePath(QStringLiteral("journal-%1.json").arg(tag)));
               HelperSession owner(m_journals.path(), true, 65534);
               const QJsonObject own = owner.request(QStringLiteral("recover"), {});
               if (!kept || !HelperSession::result(listed).value(QStringLiteral("leftovers")).toArray().isEmpty()) {
                   return withError(QStringLiteral("test"),
                                    QStringLiteral("another user's leftover was touched or shown"));
               }
               if (QFile::exists(m_journals.filePath(QStringLiteral("journal-%1.json").arg(tag)))) {
                   return withError(QStringLiteral("test"), QStringLiteral("its own user could not recover it"));
               }
               return refused;
           });
    addRow(QStringLiteral("session: a leftover whose pid now runs something else is still recovered"),
           QStringLiteral("ok"), [this] {
               QString tag;
               {
                   HelperSession owner(m_journals.path());
                   tag = tagOf(create(owner, leaf(alpha()), {alpha()}));
                   owner.signal(SIGKILL);
                   owner.waitForExit();
               }
               // The journal's pid is reused by a process that started later (here: pid 1's number, another start).
               const QString path = m_journals.filePath(QStringLiteral("journal-%1.json").arg(tag));
               QFile file(path);
               file.open(QIODevice::ReadOnly);
               QJsonObject journal = QJsonDocument::fromJson(file.readAll()).object();
               file.close();
               QJsonObject owner = journal.value(QStringLiteral("owner")).toObject();
               owner.insert(QStringLiteral("pid"), 1);
               journal.insert(QStringLiteral("owner"), owner);
               file.open(QIODevice::WriteOnly | QIODevice::Truncate);
               file.write(QJsonDocument(journal).toJson());
               file.close();
               HelperSession helper(m_journals.path());
               const QJsonObject recovered = helper.request(QStringLiteral("recover"), {});
               return QFile::exists(path) ? withError(QStringLiteral("test"), QStringLiteral("the leftover stayed"))
                                          : recovered;
           });
}

void TestHelperHostile::resumeRows()
{
    // Previous results of a one-disk plan on alpha, as the helper would have sent them.
    auto previous = [this] {
        static QJsonObject results;
        if (results.isEmpty()) {
            HelperSession helper(m_journals.path());
            QJsonObject p = plan({alpha()});
            p.insert(QStringLiteral("baselines"), false);
            results = HelperSession::result(campaign(helper, p, {alpha()})).value(QStringLiteral("results")).toObject();
        }
        return results;
    };
    auto resumed = [this, previous](const std::function<void(QJsonObject&)>& edit,
                                    const QStringList& disks = QStringList()) {
        return [this, previous, edit, disks] {
            QJsonObject results = previous();
            if (results.isEmpty()) {
                return withError(QStringLiteral("test"), QStringLiteral("no previous results to resume from"));
            }
            edit(results);
            const QStringList planDisks = disks.isEmpty() ? QStringList {alpha()} : disks;
            HelperSession helper(m_journals.path());
            return campaign(helper, plan(planDisks), planDisks, results);
        };
    };
    auto pendingConfigOn = [](QJsonObject& results, const QString& name, const QJsonObject& spec) {
        QJsonArray configs = results.value(QStringLiteral("configs")).toArray();
        QJsonObject config = configs.first().toObject();
        config.insert(QStringLiteral("name"), name);
        config.insert(QStringLiteral("spec"), spec);
        config.insert(QStringLiteral("status"), QStringLiteral("pending"));
        configs.append(config);
        results.insert(QStringLiteral("configs"), configs);
    };
    auto setDisk = [](QJsonObject& results, const QString& key, const QJsonValue& value) {
        QJsonArray disks = results.value(QStringLiteral("disks")).toArray();
        QJsonObject disk = disks.first().toObject();
        disk.insert(key, value);
        disks[0] = disk;
        results.insert(QStringLiteral("disks"), disks);
    };
    addRow(QStringLiteral("resume: results of another disk"), QStringLiteral("resume-mismatch"),
           resumed([setDisk, pendingConfigOn, this](QJsonObject& r) {
               setDisk(r, QStringLiteral("path"), m_bystander->device());
           }));
    addRow(QStringLiteral("resume: results with one more disk"), QStringLiteral("resume-mismatch"),
           resumed([this](QJsonObject& r) {
               QJsonArray disks = r.value(QStringLiteral("disks")).toArray();
               QJsonObject extra = disks.first().toObject();
               extra.insert(QStringLiteral("path"), m_bystander->device());
               disks.append(extra);
               r.insert(QStringLiteral("disks"), disks);
           }));
    addRow(QStringLiteral("resume: a pending configuration on a disk not confirmed"), QStringLiteral("resume-mismatch"),
           resumed([setDisk, pendingConfigOn, this](QJsonObject& r) {
               pendingConfigOn(r, QStringLiteral("one"), leaf(m_bystander->device()));
           }));
    addRow(QStringLiteral("resume: a configuration the plan does not have"), QStringLiteral("resume-mismatch"),
           resumed([setDisk, pendingConfigOn, this](QJsonObject& r) {
               pendingConfigOn(r, QStringLiteral("extra"), leaf(alpha()));
           }));
    addRow(QStringLiteral("resume: a completed configuration claimed on the bystander"),
           QStringLiteral("resume-mismatch"), resumed([this](QJsonObject& r) {
               QJsonArray configs = r.value(QStringLiteral("configs")).toArray();
               QJsonObject config = configs.first().toObject();
               config.insert(QStringLiteral("spec"), leaf(m_bystander->device()));
               configs[0] = config;
               r.insert(QStringLiteral("configs"), configs);
           }));
    addRow(QStringLiteral("resume: the disk has another size now"), QStringLiteral("resume-mismatch"),
           resumed([setDisk](QJsonObject& r) { setDisk(r, QStringLiteral("size_bytes"), double(32 << 20)); }));
    addRow(QStringLiteral("resume: the disk has another serial now"), QStringLiteral("resume-mismatch"),
           resumed([setDisk](QJsonObject& r) { setDisk(r, QStringLiteral("serial"), QStringLiteral("SWAPPED")); }));
    addRow(QStringLiteral("resume: two disks in the other order"), QStringLiteral("resume-mismatch"),
           resumed(
               [this](QJsonObject& r) {
                   QJsonArray disks = r.value(QStringLiteral("disks")).toArray();
                   QJsonObject second = disks.first().toObject();
                   second.insert(QStringLiteral("path"), m_beta->device());
                   disks.prepend(second);
                   r.insert(QStringLiteral("disks"), disks);
               },
               {alpha(), m_beta->device()}));
    addRow(
        QStringLiteral("resume: a configuration in it twice"), QStringLiteral("resume-mismatch"),
        resumed([pendingConfigOn, this](QJsonObject& r) { pendingConfigOn(r, QStringLiteral("one"), leaf(alpha())); }));
    addRow(QStringLiteral("resume: not results at all"), QStringLiteral("invalid-results"), resumed([](QJsonObject& r) {
               r = QJsonObject {{QStringLiteral("x"), 1}};
           }));
    addRow(QStringLiteral("resume: control, the same disk and plan resume"), QStringLiteral("ok"),
           resumed([](QJsonObject&) {}));
}

void TestHelperHostile::mountRows()
{
    auto mountWith = [this](const QString& options) {
        return [this, options] {
            HelperSession helper(m_journals.path());
            const QJsonObject created = create(helper, leaf(alpha()), {alpha()});
            const QJsonObject mounted = helper.request(QStringLiteral("make-fs-and-mount"),
                                                       {{QStringLiteral("tag"), tagOf(created)},
                                                        {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
                                                        {QStringLiteral("filesystem"),
                                                         QJsonObject {{QStringLiteral("type"), QStringLiteral("ext4")},
                                                                      {QStringLiteral("mount_options"), options}}}});
            helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
            return created.value(QStringLiteral("ok")).toBool() ? mounted : created;
        };
    };
    for (const char* options : {"suid",
                                "dev",
                                "exec",
                                "nosuid,suid",
                                "defaults,dev",
                                "user",
                                "users",
                                "owner",
                                "uid=0",
                                "gid=0",
                                "context=system_u:object_r:shadow_t:s0",
                                "loop",
                                "bind",
                                "remount",
                                "errors=panic",
                                "x-systemd.automount",
                                "data=journal;reboot",
                                "commit=abc",
                                "logbsize=1T",
                                "rw,suid,dev,exec",
                                "noatime,dev"}) {
        addRow(QStringLiteral("mount: option %1").arg(QLatin1String(options)), QStringLiteral("invalid-plan"),
               mountWith(QLatin1String(options)));
    }
    addRow(QStringLiteral("mount: a campaign with suid"), QStringLiteral("invalid-plan"), [this] {
        HelperSession helper(m_journals.path());
        QJsonObject p = plan({alpha()});
        p.insert(QStringLiteral("filesystem"),
                 QJsonObject {{QStringLiteral("type"), QStringLiteral("ext4")},
                              {QStringLiteral("mount_options"), QStringLiteral("suid")}});
        return campaign(helper, p, {alpha()});
    });
    addRow(QStringLiteral("mount: control, allowed options mount nosuid,nodev"), QStringLiteral("ok"), [this] {
        HelperSession helper(m_journals.path());
        const QJsonObject created = create(helper, leaf(alpha()), {alpha()});
        const QJsonObject mounted = helper.request(
            QStringLiteral("make-fs-and-mount"),
            {{QStringLiteral("tag"), tagOf(created)},
             {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
             {QStringLiteral("filesystem"),
              QJsonObject {{QStringLiteral("type"), QStringLiteral("ext4")},
                           {QStringLiteral("mount_options"), QStringLiteral("noatime,data=writeback,commit=30")}}}});
        const QString point = HelperSession::result(mounted).value(QStringLiteral("mount_point")).toString();
        QFile info(QStringLiteral("/proc/self/mountinfo"));
        info.open(QIODevice::ReadOnly);
        QString line;
        for (const QString& entry : QString::fromUtf8(info.readAll()).split(QLatin1Char('\n'))) {
            if (!point.isEmpty() && entry.contains(QLatin1Char(' ') + point + QLatin1Char(' '))) {
                line = entry;
            }
        }
        struct stat st
        { };
        ::stat(QFile::encodeName(point).constData(), &st);
        const QString user = HelperSession::result(mounted).value(QStringLiteral("user_directory")).toString();
        helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
        if (!line.contains(QStringLiteral("nosuid")) || !line.contains(QStringLiteral("nodev"))) {
            return withError(QStringLiteral("test"), QStringLiteral("mounted without nosuid,nodev: ") + line);
        }
        if (st.st_uid != 0 || (st.st_mode & 022)) {
            return withError(QStringLiteral("test"), QStringLiteral("the file system's root is not root's alone"));
        }
        if (!user.startsWith(point + QStringLiteral("/user-"))) {
            return withError(QStringLiteral("test"), QStringLiteral("no directory for the user: ") + user);
        }
        return mounted;
    });
}

void TestHelperHostile::numberRows()
{
    auto io = [this](const QJsonObject& fields) {
        return [this, fields] {
            QJsonObject job {{QStringLiteral("target"), alpha()}};
            for (auto it = fields.begin(); it != fields.end(); ++it) {
                job.insert(it.key(), it.value());
            }
            HelperSession helper(m_journals.path());
            return helper.request(QStringLiteral("run-io"),
                                  {{QStringLiteral("allow_loop"), true},
                                   {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
                                   {QStringLiteral("job"), job}});
        };
    };
    const QList<std::tuple<const char*, QJsonObject, const char*>> rows {
        {"block size 0", {{QStringLiteral("bs"), 0}, {QStringLiteral("size"), 4096}}, "bad-argument"},
        {"block size 1 GiB", {{QStringLiteral("bs"), 1 << 30}, {QStringLiteral("size"), 4096}}, "bad-argument"},
        {"a negative size", {{QStringLiteral("size"), -1}}, "bad-argument"},
        {"a size of 1e30", {{QStringLiteral("size"), 1e30}}, "bad-argument"},
        {"a fractional size", {{QStringLiteral("size"), 4096.5}}, "bad-argument"},
        {"queue depth 1000", {{QStringLiteral("qd"), 1000}, {QStringLiteral("size"), 4096}}, "bad-argument"},
        {"queue depth 0", {{QStringLiteral("qd"), 0}, {QStringLiteral("size"), 4096}}, "bad-argument"},
        {"no limit at all", {}, "bad-argument"},
        {"a size as a string", {{QStringLiteral("size"), QStringLiteral("1G; reboot")}}, "bad-argument"},
        {"a negative time", {{QStringLiteral("time_ms"), -5}}, "bad-argument"},
        {"a read mix of 101", {{QStringLiteral("rwmixread"), 101}, {QStringLiteral("size"), 4096}}, "bad-argument"},
        {"an unknown job field",
         {{QStringLiteral("exec"), QStringLiteral("sh")}, {QStringLiteral("size"), 4096}},
         "unknown-field"},
        {"an unknown pattern",
         {{QStringLiteral("rw"), QStringLiteral("write;reboot")}, {QStringLiteral("size"), 4096}},
         "invalid-pattern"},
        {"an unknown data pattern",
         {{QStringLiteral("data"), QStringLiteral("/etc/shadow")}, {QStringLiteral("size"), 4096}},
         "invalid-data"},
        // Reads that skip blocks are the disk phase's own, inside a campaign; run-io takes none.
        {"a stride of 1e300 blocks",
         {{QStringLiteral("stride_blocks"), 1}, {QStringLiteral("skip_blocks"), 1e300}, {QStringLiteral("size"), 4096}},
         "unknown-field"},
    };
    for (const auto& [name, fields, code] : rows) {
        addRow(QStringLiteral("numbers: %1").arg(QLatin1String(name)), QLatin1String(code), io(fields));
    }
    // Chunks and md's stripe cache: numbers that reach mdadm's argv and a sysfs file as root. Each is
    // refused when the tree or the plan is checked, before anything is written.
    const QString beta = m_beta->device();
    const auto tree = [this, beta](const QString& level, const QJsonObject& extra) {
        QJsonObject spec {{QStringLiteral("level"), level},
                          {QStringLiteral("children"), QJsonArray {leaf(alpha()), leaf(beta)}}};
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            spec.insert(it.key(), it.value());
        }
        return spec;
    };
    const QList<std::tuple<const char*, QJsonObject>> trees {
        {"a RAID0 chunk of 6k", tree(QStringLiteral("raid0"), {{QStringLiteral("chunk"), QStringLiteral("6k")}})},
        {"a RAID0 chunk of 2k", tree(QStringLiteral("raid0"), {{QStringLiteral("chunk"), QStringLiteral("2k")}})},
        {"a RAID5 chunk of 768k", tree(QStringLiteral("raid5"), {{QStringLiteral("chunk"), QStringLiteral("768k")}})},
        {"an LVM stripe of 1536k",
         tree(QStringLiteral("lvm-stripe"), {{QStringLiteral("stripe_size"), QStringLiteral("1536k")}})},
        {"a stripe cache of 16", tree(QStringLiteral("raid5"), {{QStringLiteral("stripe_cache"), 16}})},
        {"a stripe cache of 2^31", tree(QStringLiteral("raid5"), {{QStringLiteral("stripe_cache"), 2147483647}})},
        {"a stripe cache of -1", tree(QStringLiteral("raid5"), {{QStringLiteral("stripe_cache"), -1}})},
        {"a stripe cache on a mirror", tree(QStringLiteral("raid1"), {{QStringLiteral("stripe_cache"), 1024}})},
    };
    for (const auto& [name, spec] : trees) {
        addRow(QStringLiteral("numbers, create-array: %1").arg(QLatin1String(name)), QStringLiteral("invalid-spec"),
               [this, beta, spec = spec] {
                   HelperSession helper(m_journals.path());
                   return create(helper, spec, {alpha(), beta});
               });
    }
    const QList<std::tuple<const char*, QJsonValue>> caches {
        {"a stripe cache with a command in it", QStringLiteral("4096; echo 0 > /proc/sys/kernel/sysrq")},
        {"a stripe cache of 32769", 32769},
        {"a stripe cache sweep with a text in it", QJsonArray {256, QStringLiteral("4096")}},
        {"a stripe cache sweep of 40 values", QJsonArray::fromVariantList(QVariantList(40, 256))},
    };
    for (const auto& [name, value] : caches) {
        addRow(QStringLiteral("numbers, run-campaign: %1").arg(QLatin1String(name)), QStringLiteral("invalid-plan"),
               [this, beta, value = value] {
                   QJsonObject p = plan({alpha(), beta},
                                        QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("r1")},
                                                                 {QStringLiteral("spec"), mirror(alpha(), beta)}}});
                   p.insert(QStringLiteral("stripe_cache"), value);
                   HelperSession helper(m_journals.path());
                   return campaign(helper, p, {alpha(), beta});
               });
    }
    const QList<std::tuple<const char*, QJsonValue>> surfaces {
        {"a surface scan of 10^9 points", 1e9},
        {"a surface scan that asks to write",
         QJsonObject {{QStringLiteral("points"), 4}, {QStringLiteral("write"), true}}},
        {"a surface scan of 10^6 seconds a point",
         QJsonObject {{QStringLiteral("points"), 4}, {QStringLiteral("time"), QStringLiteral("1000000s")}}},
    };
    for (const auto& [name, value] : surfaces) {
        addRow(QStringLiteral("numbers, run-campaign: %1").arg(QLatin1String(name)), QStringLiteral("invalid-plan"),
               [this, value = value] {
                   QJsonObject p = plan({alpha()}, QJsonArray {});
                   p.insert(QStringLiteral("baselines"), false);
                   p.insert(QStringLiteral("surface"), value);
                   HelperSession helper(m_journals.path());
                   return campaign(helper, p, {alpha()});
               });
    }
    addRow(QStringLiteral("numbers, run-campaign: a stripe cache for a layout without parity"),
           QStringLiteral("invalid-plan"), [this, beta] {
               const QJsonObject p = plan({alpha(), beta},
                                          QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("r1")},
                                                                   {QStringLiteral("spec"), mirror(alpha(), beta)},
                                                                   {QStringLiteral("stripe_cache"), 4096}}});
               HelperSession helper(m_journals.path());
               return campaign(helper, p, {alpha(), beta});
           });
}

void TestHelperHostile::fileTestRows()
{
    // The user's command runs on the array's file system before root's own file tests do.
    auto withCommand = [this](const QString& script, const std::function<QString(const QJsonObject&)>& check) {
        return [this, script, check] {
            HelperSession helper(m_journals.path());
            QJsonObject p =
                plan({alpha()}, QJsonValue(),
                     QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("user's")},
                                              {QStringLiteral("kind"), QStringLiteral("command")},
                                              {QStringLiteral("argv"),
                                               QJsonArray {QStringLiteral("sh"), QStringLiteral("-c"), script}},
                                              {QStringLiteral("drop_caches"), false}},
                                 QJsonObject {{QStringLiteral("name"), QStringLiteral("seq")},
                                              {QStringLiteral("kind"), QStringLiteral("file-seq")},
                                              {QStringLiteral("size"), QStringLiteral("4M")}},
                                 QJsonObject {{QStringLiteral("name"), QStringLiteral("small")},
                                              {QStringLiteral("kind"), QStringLiteral("small-files")},
                                              {QStringLiteral("files"), 20}}});
            p.insert(QStringLiteral("baselines"), false);
            const QJsonObject reply = campaign(helper, p, {alpha()});
            const QJsonObject config = firstConfig(reply);
            if (config.value(QStringLiteral("status")).toString() != QLatin1String("completed")) {
                return withError(QStringLiteral("test"),
                                 QStringLiteral("the configuration did not complete: ") +
                                     config.value(QStringLiteral("error")).toString());
            }
            const QString output = commandOutput(config.value(QStringLiteral("tests")).toArray());
            const QString problem = check(QJsonObject {{QStringLiteral("output"), output}});
            return problem.isEmpty() ? reply
                                     : withError(QStringLiteral("test"), problem + QStringLiteral(": ") + output);
        };
    };
    const QString rootFile = m_rootFile;
    addRow(QStringLiteral("file tests: the command plants links for root"), QStringLiteral("ok"),
           withCommand(
               QStringLiteral("for n in fileseq seeks smallfiles; do for s in $PPID XXXXXX aaaaaa; do "
                              "ln -s %1 ../.raidbench-$n-$s 2>/dev/null && echo PLANTED-ROOT; "
                              "ln -s %1 .raidbench-$n-$s; done; done; touch ../x 2>/dev/null && echo WROTE-ROOT; true")
                   .arg(rootFile),
               [](const QJsonObject& o) {
                   const QString out = o.value(QStringLiteral("output")).toString();
                   return out.contains(QStringLiteral("PLANTED-ROOT")) || out.contains(QStringLiteral("WROTE-ROOT"))
                       ? QStringLiteral("the command could write the file system's root")
                       : QString();
               }));
    addRow(QStringLiteral("file tests: the command has only its user's groups"), QStringLiteral("ok"),
           withCommand(QStringLiteral("echo groups=$(id -G) uid=$(id -u)"), [](const QJsonObject& o) {
               const QString out = o.value(QStringLiteral("output")).toString();
               return out.contains(QStringLiteral("groups=65534 uid=65534")) ? QString()
                                                                             : QStringLiteral("wrong user or groups");
           }));
    addRow(QStringLiteral("file tests: the command's file system is nosuid,nodev"), QStringLiteral("ok"),
           withCommand(QStringLiteral("grep \" $(df --output=target . | tail -1) \" /proc/self/mountinfo"),
                       [](const QJsonObject& o) {
                           const QString out = o.value(QStringLiteral("output")).toString();
                           return out.contains(QStringLiteral("nosuid")) && out.contains(QStringLiteral("nodev"))
                               ? QString()
                               : QStringLiteral("the file system allows suid or devices");
                       }));
    addRow(QStringLiteral("file tests: the command's environment holds nothing of root's"), QStringLiteral("ok"),
           withCommand(QStringLiteral("env | sort | tr '\\n' ' '"), [](const QJsonObject& o) {
               const QString out = o.value(QStringLiteral("output")).toString();
               return out.contains(QStringLiteral("RAIDBENCH_JOURNAL_DIR")) || out.contains(QStringLiteral("SUDO"))
                   ? QStringLiteral("root's environment leaked")
                   : QString();
           }));
    addRow(QStringLiteral("file tests: what the command leaves running dies"), QStringLiteral("ok"),
           withCommand(QStringLiteral("sleep 3141 & echo started"), [](const QJsonObject&) {
               QTest::qWait(200);
               QProcess pgrep;
               pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 3141")});
               pgrep.waitForFinished();
               return pgrep.readAllStandardOutput().trimmed().isEmpty() ? QString()
                                                                        : QStringLiteral("a process outlived the test");
           }));
}

void TestHelperHostile::cliRows()
{
    // raidbench-cli as root on a block device goes through the same gate.
    auto cli = [](const QStringList& args, const QString& mustSay) {
        return [args, mustSay] {
            const CliRun result = runCli(args, 60000);
            if (!mustSay.isEmpty() && !result.err.contains(mustSay)) {
                return withError(QStringLiteral("message"), result.err.left(500));
            }
            return result.exitCode == 0 ? QJsonObject {{QStringLiteral("ok"), true}}
                                        : withError(QString::number(result.exitCode), result.err.left(500));
        };
    };
    auto bench = [&](const QString& target, const QString& mustSay, bool destroy = true) {
        QStringList args {QStringLiteral("bench"), QStringLiteral("--target"), target,
                          QStringLiteral("--rw"),  QStringLiteral("write"),    QStringLiteral("--size"),
                          QStringLiteral("1M")};
        if (destroy) {
            args << QStringLiteral("--destroy-data");
        }
        return cli(args, mustSay);
    };
    const QString home = m_dir.filePath(QStringLiteral("cli-home"));
    QDir().mkpath(home);
    (void)!::chown(QFile::encodeName(home).constData(), 65534, 65534);
    makeLink(alpha(), home + QStringLiteral("/disk"));
    makeLink(m_rootFile, home + QStringLiteral("/file"));
    addRow(QStringLiteral("cli: bench through .. to a user's link"), QStringLiteral("1"),
           bench(QStringLiteral("/dev/..") + home + QStringLiteral("/disk"), QStringLiteral("'..'")));
    addRow(QStringLiteral("cli: bench on a user's link to a disk"), QStringLiteral("1"),
           bench(home + QStringLiteral("/disk"), QStringLiteral("not a path under /dev/")));
    addRow(QStringLiteral("cli: bench on a link in /dev/shm"), QStringLiteral("1"),
           bench(m_shmLink, QStringLiteral("anyone can change")));
    addRow(QStringLiteral("cli: bench on a disk with a file system"), QStringLiteral("1"),
           bench(m_victim->device(), QStringLiteral("file system")));
    addRow(QStringLiteral("cli: bench on the system disk"), QStringLiteral("1"),
           bench(QStringLiteral("/dev/vda"), QStringLiteral("must not be written")));
    makeLink(m_rootFile, m_dir.filePath(QStringLiteral("link-to-root-file")));
    addRow(QStringLiteral("cli: bench on a link to root's file"), QStringLiteral("1"),
           bench(m_dir.filePath(QStringLiteral("link-to-root-file")), QStringLiteral("symbolic link")));
    addRow(QStringLiteral("cli: bench on a user's link to root's file"), QStringLiteral("1"),
           bench(home + QStringLiteral("/file"), QStringLiteral("others can write")));
    {
        QFile plain(home + QStringLiteral("/plain"));
        plain.open(QIODevice::WriteOnly);
        plain.write(QByteArray(1 << 20, 'u'));
    }
    addRow(QStringLiteral("cli: bench over an existing file in a user's directory"), QStringLiteral("1"),
           bench(home + QStringLiteral("/plain"), QStringLiteral("writes only new files there")));
    addRow(QStringLiteral("cli: bench writes a disk without --destroy-data"), QStringLiteral("2"),
           bench(alpha(), QStringLiteral("--destroy-data"), false));
    addRow(QStringLiteral("cli: control, bench on a free disk"), QStringLiteral("ok"), bench(alpha(), QString()));
    addRow(QStringLiteral("cli: array create through .. to a user's link"), QStringLiteral("1"),
           cli({QStringLiteral("array"), QStringLiteral("create"), QStringLiteral("--level"), QStringLiteral("disk"),
                QStringLiteral("--disks"), QStringLiteral("/dev/..") + home + QStringLiteral("/disk"),
                QStringLiteral("--allow-loop"), QStringLiteral("--yes")},
               QStringLiteral("'..'")));
    addRow(QStringLiteral("cli: array create on a disk with a file system"), QStringLiteral("1"),
           cli({QStringLiteral("array"), QStringLiteral("create"), QStringLiteral("--level"), QStringLiteral("disk"),
                QStringLiteral("--disks"), m_victim->device(), QStringLiteral("--allow-loop"), QStringLiteral("--yes")},
               QStringLiteral("file system")));
    addRow(QStringLiteral("cli: array teardown of a running helper's array"), QStringLiteral("1"), [this] {
        HelperSession owner(m_journals.path());
        const QString tag = tagOf(create(owner, leaf(alpha()), {alpha()}));
        const CliRun result =
            runCli({QStringLiteral("array"), QStringLiteral("teardown"), tag}, 60000, QStringLiteral("raidbench-cli"),
                   {}, {QStringLiteral("RAIDBENCH_JOURNAL_DIR=") + m_journals.path()});
        owner.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tag}});
        return result.err.contains(QStringLiteral("still running"))
            ? withError(QString::number(result.exitCode), result.err)
            : withError(QStringLiteral("message"), result.err);
    });
}

void TestHelperHostile::healthRows()
{
    auto request = [this](const QJsonObject& args) {
        return [this, args] {
            HelperSession helper(m_journals.path());
            return helper.request(QStringLiteral("read-health"), args);
        };
    };
    addRow(QStringLiteral("health: read-health with a command"), QStringLiteral("unknown-field"),
           request({{QStringLiteral("disks"), QJsonArray {QStringLiteral("sda")}}, {QStringLiteral("cmd"), "x"}}));
    addRow(QStringLiteral("health: read-health asking for a self-test"), QStringLiteral("unknown-field"),
           request({{QStringLiteral("self_test"), QStringLiteral("long")}}));
    addRow(QStringLiteral("health: disks as one string"), QStringLiteral("bad-type"),
           request({{QStringLiteral("disks"), QStringLiteral("sda")}}));
    addRow(QStringLiteral("health: disks of numbers"), QStringLiteral("bad-type"),
           request({{QStringLiteral("disks"), QJsonArray {1}}}));
    addRow(QStringLiteral("health: allow_loop as a string"), QStringLiteral("bad-type"),
           request({{QStringLiteral("allow_loop"), QStringLiteral("yes")}}));
    addRow(QStringLiteral("health: read-health before hello"), QStringLiteral("hello-required"), [this] {
        HelperSession helper(m_journals.path(), false);
        return helper.request(QStringLiteral("read-health"), {});
    });
    // Names only filter the helper's own scan: options, paths and the loop devices lead nowhere.
    addRow(QStringLiteral("health: names that are options, paths or loop devices"), QStringLiteral("ok"), [this] {
        HelperSession helper(m_journals.path());
        const QJsonObject read = helper.request(
            QStringLiteral("read-health"),
            {{QStringLiteral("allow_loop"), true},
             {QStringLiteral("disks"),
              QJsonArray {QStringLiteral("-a"), QStringLiteral("--set=WCE=0"), QStringLiteral("/dev/sda"),
                          QStringLiteral("../sda"), QStringLiteral("sda;reboot"), QStringLiteral("sda\n"),
                          alpha().section(QLatin1Char('/'), -1)}}});
        if (!HelperSession::result(read).value(QStringLiteral("disks")).toArray().isEmpty()) {
            return withError(QStringLiteral("test"), QStringLiteral("read-health listed a disk for a hostile name"));
        }
        return read;
    });
    QJsonObject sometimes = plan({alpha()});
    sometimes.insert(QStringLiteral("write_cache"), QStringLiteral("sometimes"));
    addRow(QStringLiteral("health: a campaign's write_cache \"sometimes\""), QStringLiteral("invalid-plan"),
           [this, sometimes] {
               HelperSession helper(m_journals.path());
               return campaign(helper, sometimes, {alpha()});
           });
    const QJsonObject maybe = plan({alpha()},
                                   QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("one")},
                                                            {QStringLiteral("spec"), leaf(alpha())},
                                                            {QStringLiteral("write_cache"), 1}}});
    addRow(QStringLiteral("health: a configuration's write_cache 1"), QStringLiteral("invalid-plan"), [this, maybe] {
        HelperSession helper(m_journals.path());
        return campaign(helper, maybe, {alpha()});
    });
    // A loop device has no write cache: the run goes on as the disk is, and says why.
    QJsonObject off = plan({alpha()});
    off.insert(QStringLiteral("write_cache"), QStringLiteral("off"));
    addRow(QStringLiteral("health: write_cache off on a disk without one"), QStringLiteral("ok"), [this, off] {
        HelperSession helper(m_journals.path());
        const QJsonObject ran = campaign(helper, off, {alpha()});
        const QJsonObject results = HelperSession::result(ran).value(QStringLiteral("results")).toObject();
        const QJsonObject cache = results.value(QStringLiteral("configs"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("write_cache"))
                                      .toObject();
        if (ran.value(QStringLiteral("ok")).toBool() &&
            !cache.value(QStringLiteral("note")).toString().contains(QStringLiteral("no write cache of its own"))) {
            return withError(
                QStringLiteral("test"),
                QStringLiteral("no note on the cache: %1").arg(QString::fromUtf8(QJsonDocument(cache).toJson())));
        }
        return ran;
    });
}

void TestHelperHostile::trustRows()
{
    // A configuration of one bare disk: the disk is written like any array's, so it is checked like one,
    // right before run-io or mkfs, after the node was pointed at another disk.
    auto singleSwapped =
        [this](const std::function<QJsonObject(HelperSession&, const QString& tag, const QString& device)>& act) {
            return [this, act] {
                LoopDevice disk(m_dir.path(), 16 << 20);
                const QString swapImage = m_dir.filePath(QStringLiteral("swap-single.img"));
                QFile::remove(swapImage);
                QFile::copy(m_bystander->file(), swapImage);
                const QByteArray swapBytes = contents(swapImage);
                QJsonObject answer;
                {
                    HelperSession helper(m_journals.path());
                    const QJsonObject created = create(helper, leaf(disk.device()), {disk.device()});
                    if (!created.value(QStringLiteral("ok")).toBool()) {
                        return created;
                    }
                    run(QStringLiteral("losetup"), {QStringLiteral("-d"), disk.device()});
                    run(QStringLiteral("losetup"), {disk.device(), swapImage});
                    answer = act(helper, tagOf(created), disk.device());
                }
                const bool untouched = holds(swapImage, swapBytes);
                run(QStringLiteral("losetup"), {QStringLiteral("-d"), disk.device()});
                run(QStringLiteral("losetup"), {disk.device(), disk.file()});
                HelperSession cleaner(m_journals.path());
                cleaner.request(QStringLiteral("recover"), {});
                return untouched ? answer
                                 : withError(QStringLiteral("test"), QStringLiteral("the swapped disk was written"));
            };
        };
    addRow(QStringLiteral("race: run-io on a one-disk configuration after another disk took its node"),
           QStringLiteral("device-changed"),
           singleSwapped(
               [this](HelperSession& helper, const QString&, const QString& device) { return runIo(helper, device); }));
    addRow(QStringLiteral("race: make-fs on a one-disk configuration after another disk took its node"),
           QStringLiteral("device-changed"),
           singleSwapped([](HelperSession& helper, const QString& tag, const QString& device) {
               return helper.request(
                   QStringLiteral("make-fs-and-mount"),
                   {{QStringLiteral("tag"), tag},
                    {QStringLiteral("confirm_destroy"), confirmedNow({device})},
                    {QStringLiteral("filesystem"), QJsonObject {{QStringLiteral("type"), QStringLiteral("ext4")}}}});
           }));

    // sudo's user is the client, as pkexec's is: the ssh transport's helper runs through sudo -n.
    addRow(
        QStringLiteral("session: a client started through sudo cannot take down an array root built to stay"),
        QStringLiteral("not-owner"), [this] {
            const QStringList journalEnv {QStringLiteral("RAIDBENCH_JOURNAL_DIR=") + m_journals.path()};
            const CliRun built =
                runCli({QStringLiteral("array"), QStringLiteral("create"), QStringLiteral("--level"),
                        QStringLiteral("disk"), QStringLiteral("--disks"), alpha(), QStringLiteral("--allow-loop"),
                        QStringLiteral("--yes"), QStringLiteral("--tag"), QStringLiteral("kept2")},
                       60000, QStringLiteral("raidbench-cli"), {}, journalEnv);
            QJsonObject refused;
            QJsonObject recovered;
            {
                HelperSession user(m_journals.path(), true, -1, {},
                                   {QStringLiteral("SUDO_UID=65534"), QStringLiteral("SUDO_GID=65534"),
                                    QStringLiteral("SUDO_USER=nobody")});
                refused = user.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), QStringLiteral("kept2")}});
                recovered = user.request(QStringLiteral("recover"), {});
            }
            const bool untouched = QFile::exists(m_journals.filePath(QStringLiteral("journal-kept2.json")));
            runCli({QStringLiteral("array"), QStringLiteral("teardown"), QStringLiteral("kept2")}, 60000,
                   QStringLiteral("raidbench-cli"), {}, journalEnv);
            if (built.exitCode != 0 || !untouched ||
                !HelperSession::result(recovered).value(QStringLiteral("removed")).toArray().isEmpty()) {
                return withError(QStringLiteral("test"), built.err + QStringLiteral(" / the array was touched"));
            }
            return refused;
        });

    // A running campaign's results: serials, the user's command line and its output.
    auto campaignWith = [this](const QJsonArray& tests, const std::function<void()>& childSetup = {}) {
        HelperSession helper(m_journals.path(), true, -1, childSetup);
        QJsonObject p = plan({alpha()}, QJsonValue(), tests);
        p.insert(QStringLiteral("baselines"), false);
        const QJsonObject reply = campaign(helper, p, {alpha()});
        const QJsonArray done = HelperSession::result(reply)
                                    .value(QStringLiteral("results"))
                                    .toObject()
                                    .value(QStringLiteral("configs"))
                                    .toArray()
                                    .first()
                                    .toObject()
                                    .value(QStringLiteral("tests"))
                                    .toArray();
        // Nothing ran: the reply itself says why.
        if (!done.isEmpty()) {
            return done;
        }
        const QString why =
            QString::fromUtf8(QJsonDocument(reply).toJson(QJsonDocument::Compact)) + helper.stderrText();
        return QJsonArray {QJsonObject {{QStringLiteral("error"), why}}};
    };
    auto command = [](const QJsonArray& argv) {
        return QJsonObject {{QStringLiteral("name"), QStringLiteral("user's")},
                            {QStringLiteral("kind"), QStringLiteral("command")},
                            {QStringLiteral("argv"), argv},
                            {QStringLiteral("drop_caches"), false}};
    };
    const QJsonObject seq {{QStringLiteral("name"), QStringLiteral("seq")},
                           {QStringLiteral("kind"), QStringLiteral("file-seq")},
                           {QStringLiteral("size"), QStringLiteral("4M")}};
    addRow(QStringLiteral("results: the user's command cannot read the running campaign's results"),
           QStringLiteral("ok"), [=, this] {
               const QString script = QStringLiteral(
                   "for d in /run/raidbench /run/raidbench/results; do for u in '' 0- 65534-; do for i in 1 2 3 4 5; "
                   "do cat $d/results-$u$PPID-$i.json 2>/dev/null; done; done; done | grep -q '\"configs\"' && "
                   "echo READ-RESULTS; ls /run/raidbench/results 2>/dev/null | grep -q . && echo LISTED; true");
               const QString output =
                   commandOutput(campaignWith({seq, command({QStringLiteral("sh"), QStringLiteral("-c"), script})}));
               if (output.contains(QStringLiteral("READ-RESULTS")) || output.contains(QStringLiteral("LISTED"))) {
                   return withError(QStringLiteral("test"), QStringLiteral("the results were readable: ") + output);
               }
               return QJsonObject {{QStringLiteral("ok"), true}};
           });
    addRow(QStringLiteral("results: a killed helper's results file is private and recover removes it"),
           QStringLiteral("ok"), [=, this] {
               const QString directory = QStringLiteral("/run/raidbench/results");
               auto files = [&] { return QDir(directory).entryList({QStringLiteral("results-*")}, QDir::Files); };
               const QStringList before = files();
               QString problem;
               {
                   HelperSession helper(m_journals.path());
                   QJsonObject p =
                       plan({alpha()}, QJsonValue(), {seq, command({QStringLiteral("sleep"), QStringLiteral("29.5")})});
                   p.insert(QStringLiteral("baselines"), false);
                   helper.send(
                       QStringLiteral("run-campaign"),
                       {{QStringLiteral("plan"), p}, {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}});
                   // Killed while the user's command runs: the array is built, its journal written.
                   (void)QTest::qWaitFor(
                       [] {
                           QProcess pgrep;
                           pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 29.5$")});
                           pgrep.waitForFinished();
                           return !pgrep.readAllStandardOutput().trimmed().isEmpty();
                       },
                       60000);
                   QString running;
                   (void)QTest::qWaitFor(
                       [&] {
                           for (const QString& name : files()) {
                               if (!before.contains(name) && name.endsWith(QLatin1String(".json"))) {
                                   running = name;
                               }
                           }
                           return !running.isEmpty();
                       },
                       60000);
                   struct stat file
                   { };
                   struct stat dir
                   { };
                   if (running.isEmpty()) {
                       problem = QStringLiteral("no results file appeared in %1").arg(directory);
                   } else if (::stat(QFile::encodeName(directory + QLatin1Char('/') + running).constData(), &file) !=
                                  0 ||
                              ::stat(QFile::encodeName(directory).constData(), &dir) != 0 ||
                              (file.st_mode & 07777) != 0600 || (dir.st_mode & 07777) != 0700) {
                       problem = QStringLiteral("the results file is %1 in a directory %2")
                                     .arg(file.st_mode & 07777, 0, 8)
                                     .arg(dir.st_mode & 07777, 0, 8);
                   }
                   helper.signal(SIGKILL);
                   helper.waitForExit();
               }
               const QStringList left = files();
               HelperSession cleaner(m_journals.path());
               const QJsonObject recovered = cleaner.request(QStringLiteral("recover"), {});
               QStringList after = files();
               for (const QString& name : before) {
                   after.removeAll(name);
               }
               if (problem.isEmpty() && left.size() <= before.size()) {
                   problem = QStringLiteral("the killed run left no results file to recover");
               }
               if (problem.isEmpty() && !after.isEmpty()) {
                   problem = QStringLiteral("recover left %1").arg(after.join(QLatin1Char(' ')));
               }
               return problem.isEmpty() ? recovered : withError(QStringLiteral("test"), problem);
           });
    addRow(QStringLiteral("results: a session that ends leaves no results file"), QStringLiteral("ok"), [=, this] {
        const QStringList before = QDir(QStringLiteral("/run/raidbench/results")).entryList(QDir::Files);
        const QStringList earlier =
            QDir(QStringLiteral("/run/raidbench")).entryList({QStringLiteral("results-*")}, QDir::Files);
        {
            HelperSession helper(m_journals.path());
            QJsonObject p =
                plan({alpha()}, QJsonValue(), {seq, command({QStringLiteral("sleep"), QStringLiteral("30")})});
            p.insert(QStringLiteral("baselines"), false);
            helper.send(QStringLiteral("run-campaign"),
                        {{QStringLiteral("plan"), p}, {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}});
            QTest::qWait(1500);
            helper.closeStdin(); // the client goes away mid-run
            helper.waitForExit();
        }
        const QStringList after = QDir(QStringLiteral("/run/raidbench/results")).entryList(QDir::Files);
        const QStringList later =
            QDir(QStringLiteral("/run/raidbench")).entryList({QStringLiteral("results-*")}, QDir::Files);
        return after == before && later == earlier
            ? QJsonObject {{QStringLiteral("ok"), true}}
            : withError(QStringLiteral("test"), QStringLiteral("left: %1 %2").arg(after.join(' '), later.join(' ')));
    });

    addRow(QStringLiteral("session: list-arrays tells a user nothing of another user's running session"),
           QStringLiteral("ok"), [this] {
               HelperSession first(m_journals.path(), true, 65534);
               const QJsonObject created = create(first, leaf(alpha()), {alpha()});
               HelperSession other(m_journals.path(), true, 1000);
               const QJsonObject listed = other.request(QStringLiteral("list-arrays"), {});
               HelperSession owner(m_journals.path(), true, 65534);
               const QJsonObject own = owner.request(QStringLiteral("list-arrays"), {});
               first.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
               if (!created.value(QStringLiteral("ok")).toBool()) {
                   return created;
               }
               const QString text = QString::fromUtf8(QJsonDocument(listed).toJson(QJsonDocument::Compact));
               if (text.contains(tagOf(created)) || text.contains(QString::number(first.pid()))) {
                   return withError(QStringLiteral("test"), QStringLiteral("another user's session shown: ") + text);
               }
               if (!QJsonDocument(own).toJson().contains(tagOf(created).toUtf8())) {
                   return withError(QStringLiteral("test"), QStringLiteral("its own user does not see it"));
               }
               return listed;
           });
    // A user owns the cgroups under their own systemd manager and can freeze or kill all in one, root's too.
    addRow(QStringLiteral("session: a helper started in a user's cgroup leaves it"), QStringLiteral("ok"), [this] {
        QFile mountInfo(QStringLiteral("/proc/self/mountinfo"));
        mountInfo.open(QIODevice::ReadOnly);
        const QString mount = HelperCgroup::unifiedMount(QString::fromUtf8(mountInfo.readAll()));
        if (mount.isEmpty()) {
            return withError(QStringLiteral("test"), QStringLiteral("no cgroup v2 hierarchy here to try it on"));
        }
        const QString users = mount + QStringLiteral("/rbtest-user-%1").arg(getpid());
        QDir().mkdir(users);
        for (const char* name : {"", "/cgroup.procs", "/cgroup.kill", "/cgroup.freeze", "/cgroup.subtree_control"}) {
            (void)!::chown(QFile::encodeName(users + QLatin1String(name)).constData(), 65534, 65534); // delegated
        }
        const QByteArray procs = QFile::encodeName(users + QStringLiteral("/cgroup.procs"));
        QString problem;
        {
            HelperSession helper(m_journals.path(), true, 65534, [procs] {
                const int fd = ::open(procs.constData(), O_WRONLY);
                [[maybe_unused]] const ssize_t n = ::write(fd, "0", 1);
                ::close(fd);
            });
            QFile cgroup(QStringLiteral("/proc/%1/cgroup").arg(helper.pid()));
            cgroup.open(QIODevice::ReadOnly);
            const QString path = HelperCgroup::unifiedPath(QString::fromUtf8(cgroup.readAll()));
            if (path.isEmpty() || path.startsWith(QStringLiteral("/rbtest-user-"))) {
                problem =
                    QStringLiteral("the helper stayed in the user's cgroup (%1): %2").arg(path, helper.stderrText());
            }
            // What the user can do to their own cgroup now reaches the helper no more.
            QFile kill(users + QStringLiteral("/cgroup.kill"));
            if (kill.open(QIODevice::WriteOnly)) {
                kill.write("1");
                kill.close();
            }
            QTest::qWait(200);
            if (problem.isEmpty() &&
                !helper.request(QStringLiteral("list-arrays"), {}).value(QStringLiteral("ok")).toBool()) {
                problem = QStringLiteral("the user's cgroup.kill reached the helper");
            }
        }
        QTest::qWait(100);
        QDir().rmdir(users);
        return problem.isEmpty() ? QJsonObject {{QStringLiteral("ok"), true}}
                                 : withError(QStringLiteral("test"), problem);
    });

    // ext4 takes its errors= default from the superblock, which whoever writes the disk's blocks chooses.
    addRow(QStringLiteral("mount: ext4 mounts errors=remount-ro, never the superblock's panic"), QStringLiteral("ok"),
           [this] {
               HelperSession helper(m_journals.path());
               const QJsonObject created = create(helper, leaf(alpha()), {alpha()});
               const QJsonObject mounted = helper.request(
                   QStringLiteral("make-fs-and-mount"),
                   {{QStringLiteral("tag"), tagOf(created)},
                    {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})},
                    {QStringLiteral("filesystem"), QJsonObject {{QStringLiteral("type"), QStringLiteral("ext4")}}}});
               const QString point = HelperSession::result(mounted).value(QStringLiteral("mount_point")).toString();
               QFile info(QStringLiteral("/proc/self/mountinfo"));
               info.open(QIODevice::ReadOnly);
               QString line;
               for (const QString& entry : QString::fromUtf8(info.readAll()).split(QLatin1Char('\n'))) {
                   if (!point.isEmpty() && entry.contains(QLatin1Char(' ') + point + QLatin1Char(' '))) {
                       line = entry;
                   }
               }
               helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
               if (!mounted.value(QStringLiteral("ok")).toBool()) {
                   return mounted;
               }
               return line.contains(QStringLiteral("errors=remount-ro"))
                   ? mounted
                   : withError(QStringLiteral("test"),
                               QStringLiteral("mounted with the superblock's errors=: ") + line);
           });

    // The user's command runs under the limits its user had, not the ones root lifted for itself.
    addRow(
        QStringLiteral("file tests: the command keeps its caller's resource limits"), QStringLiteral("ok"), [=, this] {
            const QString output = commandOutput(
                campaignWith({command({QStringLiteral("grep"), QStringLiteral("-E"),
                                       QStringLiteral("file size|cpu time"), QStringLiteral("/proc/self/limits")})},
                             [] {
                                 // Soft limits: the helper lifts them (a hard one, only a root with CAP_SYS_RESOURCE
                                 // could).
                                 const rlimit size {1u << 30, RLIM_INFINITY};
                                 setrlimit(RLIMIT_FSIZE, &size);
                                 const rlimit cpu {3600, RLIM_INFINITY};
                                 setrlimit(RLIMIT_CPU, &cpu);
                             }));
            const bool fileSize =
                output.contains(QRegularExpression(QStringLiteral("Max file size\\s+1073741824\\s+unlimited")));
            const bool cpuTime =
                output.contains(QRegularExpression(QStringLiteral("Max cpu time\\s+3600\\s+unlimited")));
            return fileSize && cpuTime ? QJsonObject {{QStringLiteral("ok"), true}}
                                       : withError(QStringLiteral("test"), QStringLiteral("limits lifted: ") + output);
        });
    // Whether a file exists where only root can look never shows in the answer.
    const QString secret = m_dir.filePath(QStringLiteral("root-only-dir"));
    QDir().mkpath(secret);
    ::chmod(QFile::encodeName(secret).constData(), 0700);
    QFile::copy(QStringLiteral("/bin/true"), secret + QStringLiteral("/tool"));
    ::chmod(QFile::encodeName(secret + QStringLiteral("/tool")).constData(), 0755);
    addRow(QStringLiteral("file tests: the command's program is looked up as its user"), QStringLiteral("ok"),
           [=, this] {
               const QString there = commandOutput(
                   campaignWith(QJsonArray {command(QJsonArray {QString(secret + QStringLiteral("/tool"))})}));
               const QString absent = commandOutput(
                   campaignWith(QJsonArray {command(QJsonArray {QString(secret + QStringLiteral("/absent"))})}));
               QString a = there;
               QString b = absent;
               a.replace(QStringLiteral("tool"), QStringLiteral("X"));
               b.replace(QStringLiteral("absent"), QStringLiteral("X"));
               if (a != b || there.isEmpty()) {
                   return withError(QStringLiteral("test"),
                                    QStringLiteral("the answers differ: '%1' and '%2'").arg(there, absent));
               }
               return QJsonObject {{QStringLiteral("ok"), true}};
           });
}

void TestHelperHostile::lvmRows()
{
    // LVM's word on a volume group's disks comes from the disks themselves: anyone who can attach one can
    // present a group named like ours that claims someone else's disk.
    if (QStandardPaths::findExecutable(QStringLiteral("lvm")).isEmpty()) {
        return;
    }
    addRow(
        QStringLiteral("lvm: recover leaves a planted raidbench_ volume group that claims another's disk"),
        QStringLiteral("ok"), [this] {
            qputenv("LVM_SUPPRESS_FD_WARNINGS", "1");
            const QString config = QStringLiteral("backup{backup=0 archive=0} devices{use_devicesfile=0}");
            auto lvm = [&](QStringList args, const QStringList& devices, QString* out = nullptr) {
                QStringList argv {args.takeFirst(), QStringLiteral("--config"), config};
                for (const QString& device : devices) {
                    argv << QStringLiteral("--devices") << device;
                }
                return run(QStringLiteral("lvm"), argv + args, out);
            };
            LoopDevice victim(m_dir.path(), 16 << 20);
            LoopDevice planted(m_dir.path(), 16 << 20);
            auto standIn = std::make_unique<LoopDevice>(m_dir.path(), 16 << 20);
            QString uuid;
            QString log;
            const bool made =
                lvm({QStringLiteral("pvcreate"), QStringLiteral("-y"), victim.device()}, {victim.device()}, &log) &&
                lvm({QStringLiteral("vgcreate"), QStringLiteral("victimvg"), victim.device()}, {victim.device()},
                    &log) &&
                lvm({QStringLiteral("pvs"), QStringLiteral("--noheadings"), QStringLiteral("-o"),
                     QStringLiteral("pv_uuid"), victim.device()},
                    {victim.device()}, &uuid) &&
                !(uuid = QRegularExpression(QStringLiteral("[A-Za-z0-9]{6}(-[A-Za-z0-9]{4}){5}-[A-Za-z0-9]{6}"))
                             .match(uuid)
                             .captured(0))
                     .isEmpty() &&
                lvm({QStringLiteral("pvcreate"), QStringLiteral("-y"), QStringLiteral("--norestorefile"),
                     QStringLiteral("--uuid"), uuid, standIn->device()},
                    {standIn->device()}, &log) &&
                lvm({QStringLiteral("pvcreate"), QStringLiteral("-y"), planted.device()}, {planted.device()}, &log) &&
                lvm({QStringLiteral("vgcreate"), QStringLiteral("raidbench_x"), planted.device(), standIn->device()},
                    {planted.device(), standIn->device()}, &log);
            standIn.reset(); // the stand-in goes: raidbench_x now names the victim's disk by its UUID
            const QByteArray victimBytes = contents(victim.file());
            const QByteArray plantedBytes = contents(planted.file());
            QJsonObject recovered;
            if (made) {
                HelperSession helper(m_journals.path());
                recovered = helper.request(QStringLiteral("recover"), {});
            }
            const bool victimKept = holds(victim.file(), victimBytes);
            const bool plantedKept = holds(planted.file(), plantedBytes);
            QString victimGroup;
            lvm({QStringLiteral("vgs"), QStringLiteral("--noheadings"), QStringLiteral("-o"),
                 QStringLiteral("vg_name")},
                {victim.device()}, &victimGroup);
            run(QStringLiteral("wipefs"), {QStringLiteral("-a"), QStringLiteral("-q"), victim.device()});
            run(QStringLiteral("wipefs"), {QStringLiteral("-a"), QStringLiteral("-q"), planted.device()});
            if (!made) {
                return withError(QStringLiteral("test"), QStringLiteral("could not plant the group: ") + log);
            }
            if (!victimKept || !victimGroup.contains(QStringLiteral("victimvg")) || !plantedKept) {
                return withError(QStringLiteral("test"),
                                 QStringLiteral("recover wrote a disk no journal named (victim's group now: %1)")
                                     .arg(victimGroup.trimmed()));
            }
            const QString skipped =
                HelperSession::result(recovered).value(QStringLiteral("skipped")).toVariant().toStringList().join(' ');
            if (!skipped.contains(QStringLiteral("raidbench_x"))) {
                return withError(QStringLiteral("test"),
                                 QStringLiteral("recover did not say what it left: ") + skipped);
            }
            return recovered;
        });
}

QTEST_GUILESS_MAIN(TestHelperHostile)

void TestHelperHostile::planFieldRows()
{
    // The plan's newer fields (where the tests run, the disks together, surface scans, sustained writes,
    // the disks a quick answer measured), each refused whole before any disk is touched.
    auto withField = [this](const QString& key, const QJsonValue& value, const QJsonValue& tests = QJsonValue()) {
        return [this, key, value, tests] {
            QJsonObject p = tests.isArray() ? plan({alpha()}, QJsonValue(), tests.toArray()) : plan({alpha()});
            p.insert(key, value);
            HelperSession helper(m_journals.path());
            return campaign(helper, p, {alpha()});
        };
    };
    const QList<std::tuple<const char*, QString, QJsonValue>> fields {
        {"region inside the disk's platters", QStringLiteral("region"), QStringLiteral("inner")},
        {"region as a number", QStringLiteral("region"), 7},
        {"region null", QStringLiteral("region"), QJsonValue::Null},
        {"together as a word", QStringLiteral("together"), QStringLiteral("yes")},
        {"a surface scan of 2.5 points", QStringLiteral("surface"), 2.5},
        {"a surface scan of one point", QStringLiteral("surface"), 1},
        {"a surface scan of 101 points", QStringLiteral("surface"), 101},
        {"a surface scan of -3 points", QStringLiteral("surface"), -3},
        {"a surface scan of 50 ms a point", QStringLiteral("surface"),
         QJsonObject {{QStringLiteral("points"), 4}, {QStringLiteral("time"), QStringLiteral("50ms")}}},
        {"a surface scan whose time is true", QStringLiteral("surface"),
         QJsonObject {{QStringLiteral("points"), 4}, {QStringLiteral("time"), true}}},
        {"the drill's load a sustained write", QStringLiteral("drill"),
         QJsonObject {{QStringLiteral("rebuild"), true},
                      {QStringLiteral("under_load"), QStringLiteral("seq1m-qd8-write-sustained")}}},
    };
    for (const auto& [name, key, value] : fields) {
        addRow(QStringLiteral("plan fields: %1").arg(QLatin1String(name)), QStringLiteral("invalid-plan"),
               withField(key, value));
    }
    const QList<std::tuple<const char*, QJsonValue>> sustained {
        {"a sustained read",
         QJsonObject {{QStringLiteral("rw"), QStringLiteral("read")}, {QStringLiteral("sustained"), true}}},
        {"a sustained flush-bound write",
         QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                      {QStringLiteral("sync"), QStringLiteral("dsync")},
                      {QStringLiteral("sustained"), true}}},
        {"a sustained write of 1M",
         QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                      {QStringLiteral("sustained"), QStringLiteral("1M")}}},
        {"a sustained write of -1G",
         QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                      {QStringLiteral("sustained"), QStringLiteral("-1G")}}},
        {"a sustained write of 16383P",
         QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                      {QStringLiteral("sustained"), QStringLiteral("16383P")}}},
        {"a sustained write of null",
         QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                      {QStringLiteral("sustained"), QJsonValue::Null}}},
    };
    for (const auto& [name, test] : sustained) {
        addRow(QStringLiteral("plan fields: %1").arg(QLatin1String(name)), QStringLiteral("invalid-plan"),
               withField(QStringLiteral("comment"), QStringLiteral("sustained"), QJsonArray {test}));
    }
    // The disks a quick answer measured: its builds start only on the very same disks.
    auto identity = [this] {
        static QJsonObject disk;
        if (disk.isEmpty()) {
            HelperSession helper(m_journals.path());
            QJsonObject p = plan({alpha()});
            p.insert(QStringLiteral("baselines"), false);
            const QJsonObject results =
                HelperSession::result(campaign(helper, p, {alpha()})).value(QStringLiteral("results")).toObject();
            const QJsonObject measured = results.value(QStringLiteral("disks")).toArray().first().toObject();
            disk = {{QStringLiteral("path"), alpha()},
                    {QStringLiteral("serial"), measured.value(QStringLiteral("serial")).toString()},
                    {QStringLiteral("model"), measured.value(QStringLiteral("model")).toString()},
                    {QStringLiteral("size_bytes"), measured.value(QStringLiteral("size_bytes"))}};
        }
        return disk;
    };
    auto expecting = [this, identity](const std::function<QJsonValue(QJsonObject)>& edit) {
        return [this, identity, edit] {
            QJsonObject p = plan({alpha()});
            p.insert(QStringLiteral("baselines"), false);
            p.insert(QStringLiteral("expect_disks"), edit(identity()));
            HelperSession helper(m_journals.path());
            return campaign(helper, p, {alpha()});
        };
    };
    addRow(QStringLiteral("expect_disks: the path names another disk now (another serial)"),
           QStringLiteral("device-changed"), expecting([](QJsonObject disk) {
               disk.insert(QStringLiteral("serial"), QStringLiteral("MEASURED-BEFORE"));
               return QJsonArray {disk};
           }));
    addRow(QStringLiteral("expect_disks: the path names a disk of another size now"), QStringLiteral("device-changed"),
           expecting([](QJsonObject disk) {
               disk.insert(QStringLiteral("size_bytes"), disk.value(QStringLiteral("size_bytes")).toDouble() * 2);
               return QJsonArray {disk};
           }));
    addRow(QStringLiteral("expect_disks: an entry for another path"), QStringLiteral("invalid-plan"),
           expecting([this](QJsonObject disk) {
               disk.insert(QStringLiteral("path"), m_bystander->device());
               return QJsonArray {disk};
           }));
    addRow(QStringLiteral("expect_disks: two entries for one disk"), QStringLiteral("invalid-plan"),
           expecting([](const QJsonObject& disk) {
               return QJsonArray {disk, disk};
           }));
    addRow(QStringLiteral("expect_disks: a size of -1"), QStringLiteral("invalid-plan"),
           expecting([](QJsonObject disk) {
               disk.insert(QStringLiteral("size_bytes"), -1);
               return QJsonArray {disk};
           }));
    addRow(QStringLiteral("expect_disks: not a list"), QStringLiteral("invalid-plan"),
           expecting([](const QJsonObject& disk) { return disk; }));
    addRow(QStringLiteral("expect_disks: control, the disk as measured runs"), QStringLiteral("ok"),
           expecting([](const QJsonObject& disk) { return QJsonArray {disk}; }));
}
