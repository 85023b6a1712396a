// The hostile table's rows for what holds no claim on a disk, for the disk a user confirmed, and for
// what the user's command leaves behind: each failed on the code before its fix.

#include "system/helpercgroup.h"
#include "tst_helper_hostile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

/// A process a row starts as root (a user of the disk), killed when the row ends.
class Background
{
public:
    Background(const QString& program, const QStringList& args)
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(program, args);
        m_process.waitForStarted(10000);
    }
    ~Background()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(10000);
        }
    }
    Background(const Background&) = delete;
    Background& operator=(const Background&) = delete;

    qint64 pid() const { return m_process.processId(); }
    /// Waits until it printed `marker` (it holds what it holds from then on).
    bool ready(const QByteArray& marker = QByteArrayLiteral("ready"))
    {
        return QTest::qWaitFor(
            [&] {
                m_process.waitForReadyRead(50);
                m_output += m_process.readAll();
                return m_output.contains(marker);
            },
            10000);
    }

private:
    QProcess m_process;
    QByteArray m_output;
};

/// Whether a process whose command line is exactly `commandLine` runs.
bool processRuns(const QString& commandLine)
{
    const QByteArray wanted = commandLine.toLocal8Bit().replace(' ', '\0') + '\0';
    for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (pid.toLongLong() > 0 && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll() == wanted) {
            return true;
        }
    }
    return false;
}

/// The reply, unless it is the refusal expected but without `why` in its message.
QJsonObject refusedFor(const QJsonObject& reply, const QString& code, const QString& why)
{
    const QJsonObject error = reply.value(QStringLiteral("error")).toObject();
    if (error.value(QStringLiteral("code")).toString() != code ||
        error.value(QStringLiteral("message")).toString().contains(why)) {
        return reply;
    }
    return {
        {QStringLiteral("ok"), false},
        {QStringLiteral("error"),
         QJsonObject {
             {QStringLiteral("code"), QStringLiteral("wrong-reason")},
             {QStringLiteral("message"),
              QStringLiteral("expected \"%1\" in: %2").arg(why, error.value(QStringLiteral("message")).toString())}}}};
}

QJsonObject commandTest(const QJsonArray& argv)
{
    return {{QStringLiteral("name"), QStringLiteral("user's")},
            {QStringLiteral("kind"), QStringLiteral("command")},
            {QStringLiteral("argv"), argv},
            {QStringLiteral("drop_caches"), false}};
}

} // namespace

void TestHelperHostile::holderRows()
{
    // A loop device over the disk (its file system mounted) registers no holder and takes no exclusive
    // open, and blkid sees nothing at the disk's start: only the loop device's backing says it is used.
    auto loopOver = [this](const std::function<QJsonObject(HelperSession&)>& act) {
        return [this, act] {
            QString loop;
            run(QStringLiteral("losetup"),
                {QStringLiteral("-f"), QStringLiteral("--show"), QStringLiteral("-o"), QStringLiteral("1048576"),
                 alpha()},
                &loop);
            loop = loop.trimmed();
            QTemporaryDir point;
            run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), loop});
            run(QStringLiteral("mount"), {loop, point.path()});
            QJsonObject reply;
            {
                HelperSession helper(m_journals.path());
                reply = act(helper);
            }
            run(QStringLiteral("umount"), {point.path()});
            run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
            return refusedFor(reply, QStringLiteral("device-in-use"), QStringLiteral("backs loop device %1").arg(loop));
        };
    };
    addRow(QStringLiteral("in use: run-io on a disk a mounted loop device sits on"), QStringLiteral("device-in-use"),
           loopOver([this](HelperSession& helper) { return runIo(helper, alpha()); }));
    addRow(QStringLiteral("in use: create-array on a disk a mounted loop device sits on"),
           QStringLiteral("device-in-use"),
           loopOver([this](HelperSession& helper) { return create(helper, leaf(alpha()), {alpha()}); }));
    addRow(QStringLiteral("in use: a campaign on a disk a mounted loop device sits on"),
           QStringLiteral("device-in-use"),
           loopOver([this](HelperSession& helper) { return campaign(helper, plan({alpha()}), {alpha()}); }));
    addRow(
        QStringLiteral("in use: a loop device over a partition of the disk"), QStringLiteral("device-in-use"), [this] {
            QString out;
            run(QStringLiteral("losetup"), {QStringLiteral("-j"), m_dir.filePath(QStringLiteral("partitioned.img"))},
                &out);
            const QString disk = out.section(QLatin1Char(':'), 0, 0);
            QString loop;
            run(QStringLiteral("losetup"),
                {QStringLiteral("-f"), QStringLiteral("--show"), disk + QStringLiteral("p1")}, &loop);
            loop = loop.trimmed();
            QJsonObject reply;
            {
                HelperSession helper(m_journals.path());
                reply = runIo(helper, disk);
            }
            run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
            return refusedFor(reply, QStringLiteral("device-in-use"), QStringLiteral("backs loop device %1").arg(loop));
        });
    // A process that opened the disk without O_EXCL: qemu with it as a drive, an nbd export, a dd.
    auto openBy = [this](const QString& program, const QStringList& args, const QString& name, const QString& target) {
        return [this, program, args, name, target] {
            Background holder(program, args);
            if (!holder.ready()) {
                return withError(QStringLiteral("test"), QStringLiteral("the holder did not start"));
            }
            QJsonObject reply;
            {
                HelperSession helper(m_journals.path());
                reply = runIo(helper, target);
            }
            return refusedFor(reply, QStringLiteral("device-in-use"),
                              QStringLiteral("open by %1 (pid %2)").arg(name).arg(holder.pid()));
        };
    };
    addRow(QStringLiteral("in use: run-io on a disk a process holds open"), QStringLiteral("device-in-use"),
           openBy(QStringLiteral("sh"),
                  {QStringLiteral("-c"), QStringLiteral("exec 3<>\"$0\"; echo ready; exec sleep 60"), alpha()},
                  QStringLiteral("sleep"), alpha()));
    addRow(QStringLiteral("in use: run-io on a disk a process has mapped, its descriptor closed"),
           QStringLiteral("device-in-use"),
           openBy(QStringLiteral("python3"),
                  {QStringLiteral("-c"),
                   QStringLiteral("import mmap, os, sys, time\n"
                                  "fd = os.open(sys.argv[1], os.O_RDONLY)\n"
                                  "m = mmap.mmap(fd, 4096, mmap.MAP_SHARED, mmap.PROT_READ)\n"
                                  "os.close(fd)\n"
                                  "print('ready', flush=True)\n"
                                  "time.sleep(60)\n"),
                   alpha()},
                  QStringLiteral("python3"), alpha()));
    addRow(QStringLiteral("in use: run-io on a disk whose partition a process holds open"),
           QStringLiteral("device-in-use"), [this] {
               QString out;
               run(QStringLiteral("losetup"), {QStringLiteral("-j"), m_dir.filePath(QStringLiteral("partitioned.img"))},
                   &out);
               const QString disk = out.section(QLatin1Char(':'), 0, 0);
               Background holder(QStringLiteral("sh"),
                                 {QStringLiteral("-c"), QStringLiteral("exec 3<\"$0\"; echo ready; exec sleep 60"),
                                  disk + QStringLiteral("p1")});
               holder.ready();
               HelperSession helper(m_journals.path());
               return refusedFor(runIo(helper, disk), QStringLiteral("device-in-use"),
                                 QStringLiteral("open by sleep (pid %1)").arg(holder.pid()));
           });
    // Holders only their threads show: one with a descriptor table of its own, and a process whose first
    // thread ended while another holds the disk.
    const QString threaded =
        QStringLiteral("import ctypes, os, sys, threading, time\n"
                       "libc = ctypes.CDLL(None, use_errno=True)\n"
                       "ready = threading.Event()\n"
                       "def hold():\n"
                       "    if sys.argv[2] == 'own-table':\n"
                       "        libc.unshare(0x400)  # CLONE_FILES: a descriptor table of its own\n"
                       "    fd = os.open(sys.argv[1], os.O_RDONLY)\n"
                       "    ready.set()\n"
                       "    time.sleep(60)\n"
                       "threading.Thread(target=hold, daemon=True).start()\n"
                       "ready.wait()\n"
                       "print('ready', flush=True)\n"
                       "if sys.argv[2] == 'own-table':\n"
                       "    time.sleep(60)\n"
                       "else:\n"
                       "    libc.pthread_exit(None)  # the first thread ends; the process lives on in the other\n");
    addRow(QStringLiteral("in use: a disk a thread with its own descriptor table holds open"),
           QStringLiteral("device-in-use"),
           openBy(QStringLiteral("python3"), {QStringLiteral("-c"), threaded, alpha(), QStringLiteral("own-table")},
                  QStringLiteral("python3"), alpha()));
    addRow(QStringLiteral("in use: a disk held by a thread whose process's first thread ended"),
           QStringLiteral("device-in-use"),
           openBy(QStringLiteral("python3"), {QStringLiteral("-c"), threaded, alpha(), QStringLiteral("leader-gone")},
                  QStringLiteral("python3"), alpha()));
    // The other way round: whatever uses the whole disk uses its partitions' sectors too.
    addRow(QStringLiteral("in use: run-io on a partition whose disk a process holds open"),
           QStringLiteral("device-in-use"), [this] {
               QString out;
               run(QStringLiteral("losetup"), {QStringLiteral("-j"), m_dir.filePath(QStringLiteral("partitioned.img"))},
                   &out);
               const QString disk = out.section(QLatin1Char(':'), 0, 0);
               Background holder(
                   QStringLiteral("sh"),
                   {QStringLiteral("-c"), QStringLiteral("exec 3<>\"$0\"; echo ready; exec sleep 60"), disk});
               holder.ready();
               HelperSession helper(m_journals.path());
               return refusedFor(runIo(helper, disk + QStringLiteral("p1")), QStringLiteral("device-in-use"),
                                 QStringLiteral("open by sleep (pid %1)").arg(holder.pid()));
           });
    // A partition on a disk another partition of which is at work (mounted here; a btrfs or ZFS root's,
    // whose own file system shows no device): the disk is busy, the system's perhaps.
    addRow(QStringLiteral("in use: a partition beside a mounted one"), QStringLiteral("device-in-use"), [this] {
        const QString image = m_dir.filePath(QStringLiteral("two-partitions.img"));
        {
            QFile file(image);
            file.open(QIODevice::WriteOnly);
            file.resize(32 << 20);
            QByteArray mbr(512, '\0');
            const quint32 entries[2][2] = {{2048, 28672}, {30720, 34816}}; // start, sectors
            for (int i = 0; i < 2; ++i) {
                mbr[446 + 16 * i + 4] = char(0x83);
                for (int b = 0; b < 4; ++b) {
                    mbr[446 + 16 * i + 8 + b] = char((entries[i][0] >> (8 * b)) & 0xff);
                    mbr[446 + 16 * i + 12 + b] = char((entries[i][1] >> (8 * b)) & 0xff);
                }
            }
            mbr[510] = char(0x55);
            mbr[511] = char(0xaa);
            file.seek(0);
            file.write(mbr);
        }
        QString loop;
        run(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("-P"), QStringLiteral("--show"), image},
            &loop);
        loop = loop.trimmed();
        run(QStringLiteral("partx"), {QStringLiteral("-a"), loop});
        QTemporaryDir point;
        run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), loop + QStringLiteral("p1")});
        run(QStringLiteral("mount"), {loop + QStringLiteral("p1"), point.path()});
        QJsonObject reply;
        {
            HelperSession helper(m_journals.path());
            reply = runIo(helper, loop + QStringLiteral("p2"));
        }
        run(QStringLiteral("umount"), {point.path()});
        run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
        QFile::remove(image);
        return refusedFor(reply, QStringLiteral("device-in-use"),
                          QStringLiteral("another partition of which is in use"));
    });
    addRow(QStringLiteral("in use: the disk list says which process holds a disk"), QStringLiteral("ok"), [this] {
        Background holder(QStringLiteral("sh"),
                          {QStringLiteral("-c"), QStringLiteral("exec 3<\"$0\"; echo ready; exec sleep 60"), alpha()});
        holder.ready();
        HelperSession helper(m_journals.path());
        const QJsonObject reply = helper.request(QStringLiteral("scan-disks"), {{QStringLiteral("allow_loop"), true}});
        const QString expected = QStringLiteral("open by sleep (pid %1)").arg(holder.pid());
        for (const auto& disk : HelperSession::result(reply).value(QStringLiteral("disks")).toArray()) {
            const QJsonObject entry = disk.toObject();
            if (entry.value(QStringLiteral("path")).toString() != alpha()) {
                continue;
            }
            for (const auto& reason : entry.value(QStringLiteral("reasons")).toArray()) {
                if (reason.toObject().value(QStringLiteral("message")).toString() == expected &&
                    !entry.value(QStringLiteral("eligible")).toBool()) {
                    return reply;
                }
            }
            return withError(QStringLiteral("test"),
                             QStringLiteral("%1 is listed without \"%2\"").arg(alpha(), expected));
        }
        return withError(QStringLiteral("test"), QStringLiteral("%1 is not listed").arg(alpha()));
    });
}

void TestHelperHostile::confirmationRows()
{
    // The user confirmed the disk a name led to; by the time the request arrives (after the password,
    // after "yes"), the name leads to another: the bystander, whose bytes the table compares.
    auto renamedAfterYes =
        [this](const std::function<QJsonObject(HelperSession&, const QString&, const QJsonArray&)>& act) {
            return [this, act] {
                const QString name = link(QStringLiteral("confirmed"));
                makeLink(alpha(), name);
                const QJsonArray confirmed = confirmedNow({name});
                makeLink(m_bystander->device(), name);
                QJsonObject reply;
                {
                    HelperSession helper(m_journals.path());
                    reply = act(helper, name, confirmed);
                }
                QFile::remove(name);
                return refusedFor(reply, QStringLiteral("device-changed"),
                                  QStringLiteral("is not the disk that was confirmed"));
            };
        };
    addRow(QStringLiteral("confirm: a campaign after its disk's name was given to another"),
           QStringLiteral("device-changed"),
           renamedAfterYes([this](HelperSession& helper, const QString& name, const QJsonArray& confirmed) {
               return helper.request(
                   QStringLiteral("run-campaign"),
                   {{QStringLiteral("plan"), plan({name})}, {QStringLiteral("confirm_destroy"), confirmed}}, 120000);
           }));
    addRow(QStringLiteral("confirm: create-array after its disk's name was given to another"),
           QStringLiteral("device-changed"),
           renamedAfterYes([this](HelperSession& helper, const QString& name, const QJsonArray& confirmed) {
               const QJsonObject reply = helper.request(QStringLiteral("create-array"),
                                                        {{QStringLiteral("spec"), leaf(name)},
                                                         {QStringLiteral("allow_loop"), true},
                                                         {QStringLiteral("confirm_destroy"), confirmed}});
               helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(reply)}});
               return reply;
           }));
    addRow(QStringLiteral("confirm: run-io after its disk's name was given to another"),
           QStringLiteral("device-changed"),
           renamedAfterYes([](HelperSession& helper, const QString& name, const QJsonArray& confirmed) {
               return writeMiB(helper, name, confirmed);
           }));
    // Two devices without serials, of one size: the device number and the backing file tell them apart.
    addRow(QStringLiteral("confirm: another serial-less disk of the same size confirmed under this one's name"),
           QStringLiteral("device-changed"), [this] {
               QJsonObject other = confirmedNow({m_beta->device()}).first().toObject();
               other.insert(QStringLiteral("path"), alpha());
               HelperSession helper(m_journals.path());
               return writeMiB(helper, alpha(), QJsonArray {other});
           });
    // The same loop device, the same backing path, but another file behind it since it was confirmed.
    addRow(QStringLiteral("confirm: a loop device whose backing file was replaced since"),
           QStringLiteral("device-changed"), [this] {
               const QString file = m_dir.filePath(QStringLiteral("replaced.img"));
               const QString fresh = m_dir.filePath(QStringLiteral("replacement.img"));
               for (const QString& path : {file, fresh}) {
                   QFile image(path);
                   image.open(QIODevice::WriteOnly);
                   image.resize(16 << 20);
               }
               QString loop;
               run(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("--show"), file}, &loop);
               loop = loop.trimmed();
               const QJsonArray confirmed = confirmedNow({loop});
               run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
               QFile::remove(file);
               QFile::rename(fresh, file);
               run(QStringLiteral("losetup"), {loop, file});
               QJsonObject reply;
               {
                   HelperSession helper(m_journals.path());
                   reply = writeMiB(helper, loop, confirmed);
               }
               run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
               QFile::remove(file);
               return refusedFor(reply, QStringLiteral("device-changed"), QStringLiteral("backing file is inode"));
           });
    // The same loop device and file, attached again at another offset (the same size): another region.
    addRow(QStringLiteral("confirm: a loop device attached again at another offset of its file"),
           QStringLiteral("device-changed"), [this] {
               const QString file = m_dir.filePath(QStringLiteral("offsets.img"));
               {
                   QFile image(file);
                   image.open(QIODevice::WriteOnly);
                   image.resize(17 << 20);
               }
               QString loop;
               run(QStringLiteral("losetup"),
                   {QStringLiteral("-f"), QStringLiteral("--show"), QStringLiteral("--sizelimit"),
                    QStringLiteral("16M"), file},
                   &loop);
               loop = loop.trimmed();
               const QJsonArray confirmed = confirmedNow({loop});
               run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
               run(QStringLiteral("losetup"),
                   {QStringLiteral("-o"), QStringLiteral("1M"), QStringLiteral("--sizelimit"), QStringLiteral("16M"),
                    loop, file});
               QJsonObject reply;
               {
                   HelperSession helper(m_journals.path());
                   reply = writeMiB(helper, loop, confirmed);
               }
               run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
               QFile::remove(file);
               return refusedFor(reply, QStringLiteral("device-changed"), QStringLiteral("starts at byte 1048576"));
           });
    // What the confirmation must be: every request that destroys names its disks as confirmed.
    auto with = [this](const QString& op, const QJsonObject& args) {
        return [this, op, args] {
            HelperSession helper(m_journals.path());
            return helper.request(op, args);
        };
    };
    const QJsonObject write {{QStringLiteral("target"), alpha()},
                             {QStringLiteral("rw"), QStringLiteral("write")},
                             {QStringLiteral("size"), 1 << 20}};
    addRow(QStringLiteral("confirm: run-io without a confirmation"), QStringLiteral("missing-field"),
           with(QStringLiteral("run-io"), {{QStringLiteral("allow_loop"), true}, {QStringLiteral("job"), write}}));
    addRow(
        QStringLiteral("confirm: make-fs without a confirmation"), QStringLiteral("missing-field"),
        with(QStringLiteral("make-fs-and-mount"),
             {{QStringLiteral("tag"), QStringLiteral("zz")}, {QStringLiteral("filesystem"), QStringLiteral("ext4")}}));
    addRow(
        QStringLiteral("confirm: bare paths, as protocol 2 sent them"), QStringLiteral("bad-type"),
        with(QStringLiteral("run-campaign"),
             {{QStringLiteral("plan"), plan({alpha()})}, {QStringLiteral("confirm_destroy"), QJsonArray {alpha()}}}));
    const QJsonObject good = confirmedNow({alpha()}).first().toObject();
    auto edited = [&](const std::function<void(QJsonObject&)>& edit) {
        QJsonObject entry = good;
        edit(entry);
        return QJsonObject {{QStringLiteral("allow_loop"), true},
                            {QStringLiteral("job"), write},
                            {QStringLiteral("confirm_destroy"), QJsonArray {entry}}};
    };
    const QList<std::tuple<const char*, const char*, std::function<void(QJsonObject&)>>> entries {
        {"without a device number", "missing-field", [](QJsonObject& e) { e.remove(QStringLiteral("device")); }},
        {"without a size", "missing-field", [](QJsonObject& e) { e.remove(QStringLiteral("size_bytes")); }},
        {"device 0:0", "bad-argument",
         [](QJsonObject& e) { e.insert(QStringLiteral("device"), QStringLiteral("0:0")); }},
        {"a device number of words", "bad-argument",
         [](QJsonObject& e) { e.insert(QStringLiteral("device"), QStringLiteral("sdb")); }},
        {"a size of -1", "bad-argument", [](QJsonObject& e) { e.insert(QStringLiteral("size_bytes"), -1); }},
        {"a size of 1e300", "bad-argument", [](QJsonObject& e) { e.insert(QStringLiteral("size_bytes"), 1e300); }},
        {"a size as a string", "bad-type",
         [](QJsonObject& e) { e.insert(QStringLiteral("size_bytes"), QStringLiteral("16M")); }},
        {"a serial as a number", "bad-type", [](QJsonObject& e) { e.insert(QStringLiteral("serial"), 7); }},
        {"an unknown field", "unknown-field", [](QJsonObject& e) { e.insert(QStringLiteral("force"), true); }},
        {"an inode of words", "bad-argument",
         [](QJsonObject& e) { e.insert(QStringLiteral("backing_inode"), QStringLiteral("1; reboot")); }},
        {"another size than the disk's", "device-changed",
         [](QJsonObject& e) { e.insert(QStringLiteral("size_bytes"), 1 << 20); }},
        {"another device number than the disk's", "device-changed",
         [](QJsonObject& e) { e.insert(QStringLiteral("device"), QStringLiteral("7:250")); }},
    };
    for (const auto& [name, code, edit] : entries) {
        addRow(QStringLiteral("confirm: an entry %1").arg(QLatin1String(name)), QLatin1String(code),
               with(QStringLiteral("run-io"), edited(edit)));
    }
    addRow(QStringLiteral("confirm: a disk beside the one destroyed"), QStringLiteral("not-confirmed"),
           with(QStringLiteral("run-io"),
                {{QStringLiteral("allow_loop"), true},
                 {QStringLiteral("job"), write},
                 {QStringLiteral("confirm_destroy"), confirmedNow({alpha(), m_beta->device()})}}));
    addRow(QStringLiteral("confirm: a campaign with one of its two disks confirmed"), QStringLiteral("not-confirmed"),
           with(QStringLiteral("run-campaign"),
                {{QStringLiteral("plan"), plan({alpha(), m_beta->device()})},
                 {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}}));
    addRow(QStringLiteral("confirm: run-io on this session's array, another disk confirmed"),
           QStringLiteral("not-confirmed"), [this] {
               HelperSession helper(m_journals.path());
               const QJsonObject created = create(helper, leaf(alpha()), {alpha()});
               const QJsonObject reply =
                   helper.request(QStringLiteral("run-io"),
                                  {{QStringLiteral("allow_loop"), true},
                                   {QStringLiteral("confirm_destroy"), confirmedNow({m_beta->device()})},
                                   {QStringLiteral("job"),
                                    QJsonObject {{QStringLiteral("target"),
                                                  HelperSession::result(created).value(QStringLiteral("device"))},
                                                 {QStringLiteral("rw"), QStringLiteral("write")},
                                                 {QStringLiteral("size"), 1 << 20}}}});
               helper.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tagOf(created)}});
               return created.value(QStringLiteral("ok")).toBool() ? reply : created;
           });
}

void TestHelperHostile::commandRows()
{
    auto commandCampaign = [this](HelperSession& helper, const QJsonArray& argv) {
        QJsonObject p = plan({alpha()}, QJsonValue(), QJsonArray {commandTest(argv)});
        p.insert(QStringLiteral("baselines"), false);
        return campaign(helper, p, {alpha()});
    };
    // A daemon the command starts in a session of its own, in the file system (its directory is there):
    // it held the file system, which was then detached lazily while it went on writing.
    addRow(QStringLiteral("command: a daemon it starts in a session of its own ends with its test"),
           QStringLiteral("ok"), [this, commandCampaign] {
               QJsonObject reply;
               {
                   HelperSession helper(m_journals.path());
                   reply = commandCampaign(helper,
                                           {QStringLiteral("setsid"), QStringLiteral("-f"), QStringLiteral("sleep"),
                                            QStringLiteral("3141")});
               }
               const QJsonObject config = firstConfig(reply);
               if (processRuns(QStringLiteral("sleep 3141"))) {
                   QProcess::execute(QStringLiteral("pkill"),
                                     {QStringLiteral("-x"), QStringLiteral("-f"), QStringLiteral("sleep 3141")});
                   return withError(QStringLiteral("test"), QStringLiteral("the daemon outlived its test"));
               }
               if (!config.value(QStringLiteral("error")).toString().isEmpty()) {
                   return withError(QStringLiteral("test"), config.value(QStringLiteral("error")).toString());
               }
               return reply;
           });
    // The helper killed while the command's daemon runs: the next helper ends what it left.
    addRow(QStringLiteral("command: a killed helper's command's daemon ends when the next helper starts"),
           QStringLiteral("ok"), [this] {
               {
                   HelperSession helper(m_journals.path());
                   QJsonObject p = plan({alpha()}, QJsonValue(),
                                        QJsonArray {commandTest({QStringLiteral("sh"), QStringLiteral("-c"),
                                                                 QStringLiteral("setsid -f sleep 2718; sleep 60")})});
                   p.insert(QStringLiteral("baselines"), false);
                   helper.send(
                       QStringLiteral("run-campaign"),
                       {{QStringLiteral("plan"), p}, {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}});
                   (void)QTest::qWaitFor([] { return processRuns(QStringLiteral("sleep 2718")); }, 60000);
                   helper.signal(SIGKILL);
                   helper.waitForExit();
               }
               const bool survived = processRuns(QStringLiteral("sleep 2718"));
               HelperSession next(m_journals.path());
               const bool ended = QTest::qWaitFor([] { return !processRuns(QStringLiteral("sleep 2718")); }, 5000);
               next.request(QStringLiteral("recover"), {});
               if (!ended) {
                   QProcess::execute(QStringLiteral("pkill"),
                                     {QStringLiteral("-x"), QStringLiteral("-f"), QStringLiteral("sleep 2718")});
                   return withError(QStringLiteral("test"),
                                    QStringLiteral("the daemon outlived the next helper's start"));
               }
               return survived ? QJsonObject {{QStringLiteral("ok"), true}}
                               : withError(QStringLiteral("test"), QStringLiteral("the daemon never ran"));
           });
    // The caller's control group is theirs (delegated, as systemd gives a user their own manager's): the
    // helper leaves it, and the command goes back under the caller's slice, not into root's group.
    addRow(QStringLiteral("command: runs under the caller's slice, not in the helper's own group"),
           QStringLiteral("ok"), [this, commandCampaign] {
               QFile info(QStringLiteral("/proc/self/mountinfo"));
               info.open(QIODevice::ReadOnly);
               const QString mount = HelperCgroup::unifiedMount(QString::fromUtf8(info.readAll()));
               if (mount.isEmpty()) {
                   return withError(QStringLiteral("test"), QStringLiteral("no cgroup v2 hierarchy here"));
               }
               const QString slice = QStringLiteral("/rbtest-hostile-%1.slice").arg(getpid());
               const QString user = mount + slice + QStringLiteral("/user");
               QDir().mkpath(user);
               for (const QString& path : QStringList {user, user + QStringLiteral("/cgroup.procs")}) {
                   (void)!::chown(QFile::encodeName(path).constData(), 65534, 65534);
               }
               const QByteArray procs = QFile::encodeName(user + QStringLiteral("/cgroup.procs"));
               QJsonObject reply;
               {
                   HelperSession helper(m_journals.path(), true, -1, [procs] {
                       const int fd = ::open(procs.constData(), O_WRONLY);
                       [[maybe_unused]] const ssize_t n = ::write(fd, "0", 1);
                       ::close(fd);
                   });
                   reply = commandCampaign(helper, {QStringLiteral("cat"), QStringLiteral("/proc/self/cgroup")});
               }
               QDir().rmdir(user);
               QDir().rmdir(mount + slice);
               const QString output = commandOutput(firstConfig(reply).value(QStringLiteral("tests")).toArray());
               if (!output.contains(QStringLiteral("0::%1/raidbench-command-").arg(slice))) {
                   return withError(QStringLiteral("test"), QStringLiteral("the command ran in: ") + output);
               }
               return reply;
           });
    // Text the user wrote (a configuration's name) is never a format: "%2" in it stays "%2".
    addRow(QStringLiteral("format: a configuration named %2 %3 in root's summary"), QStringLiteral("ok"), [this] {
        QJsonObject p = plan({alpha()},
                             QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("cfg%2%3%4")},
                                                      {QStringLiteral("spec"), leaf(alpha())}}});
        p.insert(QStringLiteral("baselines"), false);
        const QString file = m_dir.filePath(QStringLiteral("format-plan.json"));
        QFile out(file);
        out.open(QIODevice::WriteOnly);
        out.write(QJsonDocument(p).toJson());
        out.close();
        const CliRun run = runCli({QStringLiteral("run"), file, QStringLiteral("--out"),
                                   m_dir.filePath(QStringLiteral("format-results.json")), QStringLiteral("--yes")},
                                  120000, QStringLiteral("raidbench-cli"), {},
                                  {QStringLiteral("RAIDBENCH_JOURNAL_DIR=") + m_journals.path()});
        if (run.exitCode != 0) {
            return withError(QString::number(run.exitCode), run.err.left(500));
        }
        return run.out.contains(QStringLiteral("cfg%2%3%4"))
            ? QJsonObject {{QStringLiteral("ok"), true}}
            : withError(QStringLiteral("test"), QStringLiteral("the summary rewrote the name: ") + run.out.left(500));
    });
    // A helper started in its user's login (a session's scope, root's): logind lets that user stop or kill
    // everything there without a password. It leaves for a group of root's own.
    addRow(QStringLiteral("cgroup: a helper started in a login's session scope leaves it"), QStringLiteral("ok"),
           [this] {
               QFile info(QStringLiteral("/proc/self/mountinfo"));
               info.open(QIODevice::ReadOnly);
               const QString mount = HelperCgroup::unifiedMount(QString::fromUtf8(info.readAll()));
               if (mount.isEmpty()) {
                   return withError(QStringLiteral("test"), QStringLiteral("no cgroup v2 hierarchy here"));
               }
               const QString slice = mount + QStringLiteral("/user.slice/user-4242.slice");
               const QString scope = slice + QStringLiteral("/session-rbtest%1.scope").arg(getpid());
               QDir().mkpath(scope);
               const QByteArray procs = QFile::encodeName(scope + QStringLiteral("/cgroup.procs"));
               QString where;
               {
                   HelperSession helper(m_journals.path(), true, -1, [procs] {
                       const int fd = ::open(procs.constData(), O_WRONLY);
                       [[maybe_unused]] const ssize_t n = ::write(fd, "0", 1);
                       ::close(fd);
                   });
                   QFile cgroup(QStringLiteral("/proc/%1/cgroup").arg(helper.pid()));
                   cgroup.open(QIODevice::ReadOnly);
                   where = QString::fromUtf8(cgroup.readAll()).trimmed();
               }
               QDir().rmdir(scope);
               QDir().rmdir(slice);
               QDir().rmdir(mount + QStringLiteral("/user.slice"));
               return where.endsWith(QStringLiteral("0::/raidbench-helper"))
                   ? QJsonObject {{QStringLiteral("ok"), true}}
                   : withError(QStringLiteral("test"), QStringLiteral("the helper runs in ") + where);
           });
    // Something of root's own holds the file system when the run unmounts it: it stays mounted (never
    // detached lazily), the array stays built and held, and the error says who holds it.
    addRow(QStringLiteral("command: a file system still in use is never detached lazily"), QStringLiteral("ok"),
           [this] {
               QJsonObject reply;
               qint64 holderPid = 0;
               {
                   HelperSession helper(m_journals.path());
                   QJsonObject p = plan({alpha()}, QJsonValue(),
                                        QJsonArray {commandTest({QStringLiteral("sleep"), QStringLiteral("3")})});
                   p.insert(QStringLiteral("baselines"), false);
                   const qint64 id = helper.send(
                       QStringLiteral("run-campaign"),
                       {{QStringLiteral("plan"), p}, {QStringLiteral("confirm_destroy"), confirmedNow({alpha()})}});
                   QString point;
                   (void)QTest::qWaitFor(
                       [&] {
                           QFile info(QStringLiteral("/proc/self/mountinfo"));
                           info.open(QIODevice::ReadOnly);
                           for (const QString& line : QString::fromUtf8(info.readAll()).split(QLatin1Char('\n'))) {
                               const QString at = line.section(QLatin1Char(' '), 4, 4);
                               if (at.startsWith(QLatin1String("/run/raidbench/mnt-"))) {
                                   point = at;
                               }
                           }
                           return !point.isEmpty();
                       },
                       60000);
                   Background holder(
                       QStringLiteral("sh"),
                       {QStringLiteral("-c"), QStringLiteral("cd \"$0\" && echo ready && exec sleep 60"), point});
                   holder.ready();
                   holderPid = holder.pid();
                   reply = helper.await(id, 120000);
               }
               // The holder is gone: what stayed is recovered, so that the table finds nothing left.
               {
                   HelperSession cleaner(m_journals.path());
                   cleaner.request(QStringLiteral("recover"), {});
               }
               const QString error = firstConfig(reply).value(QStringLiteral("error")).toString();
               if (!error.contains(QStringLiteral("stays mounted")) ||
                   !error.contains(QStringLiteral("open by sleep (pid %1)").arg(holderPid))) {
                   return withError(QStringLiteral("test"), QStringLiteral("the configuration's error: ") + error);
               }
               return reply;
           });
}

void TestHelperHostile::reuseRows()
{
    // A disk a killed helper's build journaled, reused since as a physical volume whose group's metadata
    // is on another disk: LVM reads no group from it alone, and the label is not RaidBench's to wipe.
    if (QStandardPaths::findExecutable(QStringLiteral("lvm")).isEmpty()) {
        return;
    }
    addRow(QStringLiteral("reuse: recover leaves a disk reused as a physical volume without metadata"),
           QStringLiteral("ok"), [this] {
               qputenv("LVM_SUPPRESS_FD_WARNINGS", "1");
               LoopDevice disk(m_dir.path(), 16 << 20);
               LoopDevice group(m_dir.path(), 16 << 20);
               const QStringList before = QDir(m_journals.path()).entryList(QDir::Files);
               {
                   HelperSession helper(m_journals.path());
                   create(helper, leaf(disk.device()), {disk.device()});
                   helper.signal(SIGKILL); // its journal stays, its owner gone
                   helper.waitForExit();
               }
               auto lvm = [](const QString& command, const QStringList& args, const QStringList& devices) {
                   QStringList argv {command, QStringLiteral("--config"),
                                     QStringLiteral("backup{backup=0 archive=0} devices{use_devicesfile=0}")};
                   for (const QString& device : devices) {
                       argv << QStringLiteral("--devices") << device;
                   }
                   return run(QStringLiteral("lvm"), argv + args);
               };
               const QStringList both {disk.device(), group.device()};
               const bool reused =
                   lvm(QStringLiteral("pvcreate"),
                       {QStringLiteral("-y"), QStringLiteral("--metadatacopies"), QStringLiteral("0"), disk.device()},
                       both) &&
                   lvm(QStringLiteral("pvcreate"), {QStringLiteral("-y"), group.device()}, both) &&
                   lvm(QStringLiteral("vgcreate"), {QStringLiteral("vgreused"), group.device(), disk.device()}, both);
               const QByteArray diskBytes = contents(disk.file());
               QJsonObject recovered;
               {
                   HelperSession helper(m_journals.path());
                   recovered = helper.request(QStringLiteral("recover"), {});
               }
               const bool kept = holds(disk.file(), diskBytes);
               // What the row left: the journal it kept (as it should) and the disks.
               for (const QString& name : QDir(m_journals.path()).entryList(QDir::Files)) {
                   if (!before.contains(name)) {
                       QFile::remove(m_journals.filePath(name));
                   }
               }
               for (const QString& device : both) {
                   run(QStringLiteral("wipefs"), {QStringLiteral("-a"), QStringLiteral("-q"), device});
               }
               if (!reused) {
                   return withError(QStringLiteral("test"), QStringLiteral("could not reuse the disk for LVM"));
               }
               return kept ? recovered
                           : withError(QStringLiteral("test"),
                                       QStringLiteral("recover wiped a label it did not write: ") +
                                           QString::fromUtf8(QJsonDocument(recovered).toJson(QJsonDocument::Compact)));
           });
}
