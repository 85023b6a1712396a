#include "../common/cli.h"
#include "../common/labfiles.h"
#include "../common/labshell.h"
#include "helper/helperprotocol.h"
#include "results/campaignresults.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The fault matrix: RaidBench's CLI, helper and desktop program killed, signalled and cut off at
/// several moments of a campaign, a disk that fails writes, a disk pulled out mid-run, mdadm missing,
/// a full disk under the results file, a build that fails half-way, and a power cut during a build.
/// After each: no md array, no volume group, no mount, no RaidBench signature and no journal is left
/// (after a recover where the scenario needs one), and the results file is whole and holds every
/// measurement that was saved before the fault. Three boots of the lab (the power cut needs its own),
/// which ctest runs as two tests side by side (tests/lab/CMakeLists.txt).
class TestFaultsLab final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_out; ///< each boot of the matrix has its own
    QTemporaryDir m_outReboot;

    static QString disk(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }

    static QJsonObject leaf(int i)
    {
        return {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), disk(i)}};
    }

    /// A plan on `disks` with one configuration of `level` (raid1+0 over four disks when "raid1+0").
    void writePlan(const QString& name, const QList<int>& disks, const QString& level, const QJsonArray& tests,
                   int configurations = 1) const
    {
        QJsonArray children;
        QStringList paths;
        for (int i : disks) {
            children.append(leaf(i));
            paths.append(disk(i));
        }
        QJsonObject spec {{QStringLiteral("level"), level}, {QStringLiteral("children"), children}};
        if (level == QLatin1String("raid1+0")) {
            spec = QJsonObject {
                {QStringLiteral("level"), QStringLiteral("raid0")},
                {QStringLiteral("children"),
                 QJsonArray {QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                          {QStringLiteral("children"), QJsonArray {children.at(0), children.at(1)}}},
                             QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                          {QStringLiteral("children"), QJsonArray {children.at(2), children.at(3)}}}}}};
        }
        QJsonArray configs {
            QJsonObject {{QStringLiteral("name"), QStringLiteral("first")}, {QStringLiteral("spec"), spec}}};
        if (configurations > 1) {
            configs.append(
                QJsonObject {{QStringLiteral("name"), QStringLiteral("second")}, {QStringLiteral("spec"), spec}});
        }
        const QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                                {QStringLiteral("disks"), QJsonArray::fromStringList(paths)},
                                {QStringLiteral("baselines"), false},
                                {QStringLiteral("configurations"), configs},
                                {QStringLiteral("tests"), tests},
                                {QStringLiteral("limits"),
                                 QJsonObject {{QStringLiteral("time"), QStringLiteral("1500ms")},
                                              {QStringLiteral("ramp"), QStringLiteral("0s")}}}};
        QVERIFY(writeJson(m_out->filePath(name), plan));
    }

    /// The shell functions every part of the matrix uses (after labShell()'s).
    static QString sharedScript();
    void writePlans();
    void runMatrix(const QString& part, qsizetype scenarios);

    QString read(const QTemporaryDir& dir, const QString& name) const { return readText(dir.filePath(name)); }

    /// Every completed run in a results file, as "config/test/run".
    static QSet<QString> measurements(const QString& path, bool* valid)
    {
        QSet<QString> runs;
        *valid = false;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return runs;
        }
        QJsonParseError error {};
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            return runs;
        }
        auto results = CampaignResults::fromJson(document.object());
        if (!results) {
            return runs;
        }
        *valid = true;
        for (const DiskResult& d : results->disks) {
            if (d.writeBw) {
                runs.insert(d.path + QStringLiteral("/baseline-write"));
            }
        }
        for (const ConfigResult& config : results->configs) {
            for (const TestResult& test : config.tests) {
                for (int i = 0; i < test.runs.size(); ++i) {
                    if (test.runs.at(i).status == IoStatus::Completed) {
                        runs.insert(QStringLiteral("%1/%2/%3").arg(config.name, test.spec.name).arg(i));
                    }
                }
                if (test.spec.isFileTest() && test.status == RunState::Completed) {
                    runs.insert(QStringLiteral("%1/%2").arg(config.name, test.spec.name));
                }
            }
        }
        return runs;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_outReboot.isValid()); }

    /// The CLI and the helper killed or signalled at each moment (one boot).
    void processesKilled();
    /// The helper's client and the desktop program killed, the helper's input closed, disks that fail,
    /// mdadm missing, a full disk under the results, a build failing half-way (one boot).
    void windowKilledAndDisksFailing();
    void powerCutDuringABuild();
};

QString TestFaultsLab::sharedScript()
{
    return QStringLiteral(R"SH(
set -u
export QT_QPA_PLATFORM=offscreen
export RAIDBENCH_RESULTS_DIR=/tmp/results # the host's root, and so HOME, is read-only in the VM
J=/run/raidbench/journal
uptime_now; last=$NOW
count() { COUNT=0; local f; for f in "$@"; do [ -e "$f" ] && [ "${f##*/}" != control ] && COUNT=$((COUNT + 1)); done; true; }
# leftovers: md arrays, device-mapper devices, RaidBench mounts, signatures on the lab disks, journals
check() {
  local md dm mnt sig jn
  md_active; md=$COUNT
  count /dev/mapper/*; dm=$COUNT; count $J/*; jn=$COUNT
  count_lines /proc/self/mountinfo ' /run/raidbench/mnt-'; mnt=$COUNT
  lab_disks; sig=$(wipefs --noheadings $DISKS 2>/dev/null | wc -l)
  uptime_now; echo "$1 $md $dm $mnt $sig $jn $(( NOW - last ))s ${2:-}" >> leftovers; last=$NOW
  [ "$md$dm$mnt$sig$jn" = 00000 ] || { echo "--- $1"; cat /proc/mdstat; ls /dev/mapper $J; grep raidbench /proc/self/mountinfo; wipefs $DISKS; } >> leftovers.detail
}
mounted() { log_has /proc/self/mountinfo ' /run/raidbench/mnt-'; }
# A copy of the results file as it was before the fault, by the shell alone, so the kill follows at once.
snapshot() { local content; [ -f "$1" ] || return 0; IFS= read -r -d '' content < "$1"; printf '%s' "$content" > "$2"; }
recover() { raidbench-cli array recover > $1.recover 2>&1; echo $? >> $1.recover; }
# The nested plan's three arrays all running, then fewer: its teardown has begun. Read from mdstat:
# the commands of a teardown on disks in memory last less than a program takes to start here, and
# the /dev/md links stay after a stop.
all_three() { md_active; [ "$COUNT" -eq 3 ]; }
fewer() { md_active; [ "$COUNT" -lt 3 ]; }
midway() { md_active; [ "$COUNT" -gt 0 ] && [ "$COUNT" -lt 3 ]; }
newest_kept() { local f; KEPT=; for f in /run/raidbench/results-*.json; do [ -e "$f" ] && { [ -z "$KEPT" ] || [ "$f" -nt "$KEPT" ]; } && KEPT=$f; done; true; }

)SH");
}

void TestFaultsLab::writePlans()
{
    const QJsonArray ioTests {QStringLiteral("seq1m-qd8-write"), QStringLiteral("seq1m-qd8-read")};
    const QJsonArray fileTests {QStringLiteral("seq1m-qd8-write"),
                                QJsonObject {{QStringLiteral("name"), QStringLiteral("files")},
                                             {QStringLiteral("kind"), QStringLiteral("file-seq")},
                                             {QStringLiteral("size"), QStringLiteral("96M")}}};
    writePlan(QStringLiteral("nested.json"), {1, 2, 3, 4}, QStringLiteral("raid1+0"), ioTests);
    writePlan(QStringLiteral("mirror.json"), {5, 6}, QStringLiteral("raid1"), ioTests);
    writePlan(QStringLiteral("files.json"), {5, 6}, QStringLiteral("raid0"), fileTests);
    writePlan(QStringLiteral("plan-eio-raid0.json"), {9, 7}, QStringLiteral("raid0"),
              {QStringLiteral("seq1m-qd8-write")});
    writePlan(QStringLiteral("plan-eio-raid1.json"), {9, 8}, QStringLiteral("raid1"),
              {QStringLiteral("seq1m-qd8-write")});
    writePlan(QStringLiteral("unplug.json"), {7, 8}, QStringLiteral("raid1"), {QStringLiteral("seq1m-qd8-write")});
    writePlan(QStringLiteral("halfway.json"), {10, 7}, QStringLiteral("raid1"), {QStringLiteral("seq1m-qd8-write")});
    writePlan(QStringLiteral("small.json"), {5, 6}, QStringLiteral("raid0"), {QStringLiteral("seq1m-qd8-write")}, 2);
    // The requests a client sends the helper, for the scenario that closes its input mid-create.
    {
        const QJsonObject spec {
            {QStringLiteral("level"), QStringLiteral("raid0")},
            {QStringLiteral("children"),
             QJsonArray {QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                      {QStringLiteral("children"), QJsonArray {leaf(1), leaf(2)}}},
                         QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                      {QStringLiteral("children"), QJsonArray {leaf(3), leaf(4)}}}}}};
        QFile file(m_out->filePath(QStringLiteral("create.requests")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HelperProtocol::encodeRequest(1, QStringLiteral("hello"),
                                                 {{QStringLiteral("protocol"), HelperProtocol::version}}));
        // The disks as a user confirms them are the VM's: confirm.py fills them in there, from the list of
        // disks RaidBench gives (raidbench-cli disks --json), before the requests are sent.
        file.write(HelperProtocol::encodeRequest(
            2, QStringLiteral("create-array"),
            {{QStringLiteral("spec"), spec},
             {QStringLiteral("confirm_destroy"), QJsonArray {disk(1), disk(2), disk(3), disk(4)}}}));
        QFile script(m_out->filePath(QStringLiteral("confirm.py")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(R"(import json, os, sys
disks = {}
for d in json.load(open(sys.argv[1])):
    disks[d["path"]] = d
    for p in d.get("partitions", []):
        disks[p["path"]] = p
out = []
for line in open(sys.argv[2]):
    request = json.loads(line)
    args = request.get("args", {})
    if "confirm_destroy" in args:
        confirmed = []
        for path in args["confirm_destroy"]:
            d = disks[os.path.realpath(path)]
            entry = {"path": path, "device": d["dev"], "serial": d.get("serial") or "",
                     "model": d.get("model") or "", "size_bytes": d["size_bytes"]}
            if d.get("backing_file"):
                entry["backing_file"] = d["backing_file"]
                entry["backing_inode"] = str(int(d.get("backing_inode", 0)))
            confirmed.append(entry)
        args["confirm_destroy"] = confirmed
    out.append(json.dumps(request, separators=(",", ":")))
open(sys.argv[3], "w").write("\n".join(out) + "\n")
)");
    }
}

void TestFaultsLab::runMatrix(const QString& part, qsizetype scenarios)
{
    // Disk 9 fails writes 8 MiB in, which a 1.5 s write test on a two-disk RAID0 reaches at any speed
    // (at 100 MiB, a busy host's RAID0 once wrote for 1.5 s without reaching it); disk 10 fails the
    // write of md's superblock 4 KiB in, so a build on it fails half-way.
    const CliRun run =
        runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                            QStringLiteral("--disks"), QStringLiteral("8x256M,256M:fail-write=8M,256M:fail-write=4k"),
                            QStringLiteral("--out"), m_out->path(), QStringLiteral("--")} +
                   labShell(sharedScript() + part),
               1500000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err.right(3000)));

    // The table.
    const QStringList lines = read(*m_out, QStringLiteral("leftovers")).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    int leftovers = 0;
    int lost = 0;
    qInfo("%-24s %3s %3s %4s %4s %4s  %-10s %5s %s", "scenario", "md", "dm", "mnt", "sig", "jnl", "results", "took",
          "kill hit");
    QStringList problems;
    for (const QString& line : lines) {
        const QStringList f = line.split(QLatin1Char(' '));
        const QString name = f.value(0);
        const int left =
            f.value(1).toInt() + f.value(2).toInt() + f.value(3).toInt() + f.value(4).toInt() + f.value(5).toInt();
        leftovers += left;
        // The results file: whole, and holding everything saved before the fault.
        QString resultsFile = m_out->filePath(name + QStringLiteral(".json"));
        if (!QFile::exists(resultsFile)) {
            resultsFile = m_out->filePath(name + QStringLiteral(".results.json"));
        }
        QString state = QStringLiteral("-");
        if (QFile::exists(resultsFile)) {
            bool valid = false;
            const QSet<QString> after = measurements(resultsFile, &valid);
            bool beforeValid = true;
            const QSet<QString> before = QFile::exists(m_out->filePath(name + QStringLiteral(".before.json")))
                ? measurements(m_out->filePath(name + QStringLiteral(".before.json")), &beforeValid)
                : QSet<QString>();
            const int missing = int((before - after).size());
            lost += missing;
            state = valid ? QStringLiteral("ok %1").arg(after.size()) : QStringLiteral("CORRUPT");
            if (!valid) {
                problems.append(name + QStringLiteral(": the results file is not whole"));
            }
            if (missing) {
                problems.append(QStringLiteral("%1: %2 measurements lost").arg(name).arg(missing));
            }
        }
        if (left) {
            const QString recovered = read(*m_out, name + QStringLiteral(".recover")).trimmed();
            problems.append(name + QStringLiteral(" left something behind") +
                            (recovered.isEmpty() ? QString() : QStringLiteral(" (recover said: %1)").arg(recovered)));
        }
        qInfo("%-24s %3s %3s %4s %4s %4s  %-10s %5s %s", qPrintable(name), qPrintable(f.value(1)),
              qPrintable(f.value(2)), qPrintable(f.value(3)), qPrintable(f.value(4)), qPrintable(f.value(5)),
              qPrintable(state), qPrintable(f.value(6)), qPrintable(f.mid(7).join(QLatin1Char(' '))));
    }
    qInfo("scenarios: %lld, leftovers: %d, measurements lost: %d", qlonglong(lines.size()), leftovers, lost);
    QVERIFY2(problems.isEmpty(),
             qPrintable(problems.join(QLatin1Char('\n')) + QStringLiteral("\n") +
                        read(*m_out, QStringLiteral("leftovers.detail"))));
    QVERIFY2(lines.size() == scenarios, qPrintable(QString::number(lines.size())));
}

void TestFaultsLab::processesKilled()
{
    m_out = std::make_unique<QTemporaryDir>();
    writePlans();
    runMatrix(QStringLiteral(R"SH(
# --- the CLI, root work in-process, killed at each moment -----------------------------------
for moment in create run teardown; do
  n=cli-kill9-$moment; plan=nested.json
  raidbench-cli run $plan --out $n.json --yes 2> $n.log > /dev/null & pid=$!
  case $moment in
    create) wait_for 120 has_md ;;
    run) wait_for 120 log_has $n.log 'read (1/1)' ;;
    teardown) wait_for 120 log_has $n.log 'tearing down first' ;;
  esac
  hit=none; has_md && hit=md
  snapshot $n.json $n.before.json; kill -9 $pid; wait $pid 2>/dev/null
  recover $n; check $n "$hit"
done
n=cli-kill9-filetest
raidbench-cli run files.json --out $n.json --yes 2> $n.log > /dev/null & pid=$!
wait_for 180 mounted; snapshot $n.json $n.before.json; kill -9 $pid; wait $pid 2>/dev/null
recover $n; check $n
n=cli-sigterm-run
raidbench-cli run mirror.json --out $n.json --yes 2> $n.log > /dev/null & pid=$!
wait_for 120 log_has $n.log 'write (1/1)'; nap 0.5; snapshot $n.json $n.before.json
kill -TERM $pid; wait $pid; echo $? > $n.rc
check $n

# --- the helper (the desktop program's way), killed or signalled -----------------------------
for moment in create run teardown filetest; do
  n=helper-kill9-$moment; plan=nested.json; [ $moment = filetest ] && plan=files.json
  raidbench-cli run $plan --helper --out $n.json --yes 2> $n.log > /dev/null & pid=$!
  case $moment in
    create) wait_for 120 has_md ;;
    run) wait_for 120 log_has $n.log 'read (1/1)' ;;
    teardown) wait_for 120 log_has $n.log 'tearing down first' ;;
    filetest) wait_for 180 mounted ;;
  esac
  snapshot $n.json $n.before.json; kill -9 $(helper_pid); wait $pid; echo $? > $n.rc
  recover $n; check $n
done
for sig in TERM HUP; do
  n=helper-sig$sig-run
  raidbench-cli run mirror.json --helper --out $n.json --yes 2> $n.log > /dev/null & pid=$!
  wait_for 120 log_has $n.log 'write (1/1)'; nap 0.5; snapshot $n.json $n.before.json
  kill -$sig $(helper_pid); wait $pid; echo $? > $n.rc
  wait_for 60 helper_gone; check $n
done
)SH"),
              11);
    if (QTest::currentTestFailed()) {
        return;
    }
    // What each kind of fault must have said or done, beyond leaving nothing behind.
    for (const char* name :
         {"cli-kill9-create", "cli-kill9-run", "cli-kill9-teardown", "cli-kill9-filetest", "helper-kill9-create",
          "helper-kill9-run", "helper-kill9-teardown", "helper-kill9-filetest"}) {
        QVERIFY2(read(*m_out, QLatin1String(name) + QStringLiteral(".recover")).trimmed().endsWith(QLatin1Char('0')),
                 qPrintable(read(*m_out, QLatin1String(name) + QStringLiteral(".recover"))));
    }
    QVERIFY2(read(*m_out, QStringLiteral("cli-kill9-filetest.recover"))
                 .contains(QStringLiteral("mount /run/raidbench/mnt-")),
             qPrintable(read(*m_out, QStringLiteral("cli-kill9-filetest.recover"))));
    QCOMPARE(read(*m_out, QStringLiteral("cli-sigterm-run.rc")).trimmed(), QStringLiteral("130"));
}

void TestFaultsLab::windowKilledAndDisksFailing()
{
    m_out = std::make_unique<QTemporaryDir>();
    writePlans();
    runMatrix(QStringLiteral(R"SH(
# --- the helper's client killed: the helper tears its session down by itself ----------------
for moment in create run; do
  n=client-kill9-$moment
  raidbench-cli run nested.json --helper --out $n.json --yes 2> $n.log > /dev/null & pid=$!
  case $moment in
    create) wait_for 120 has_md ;;
    run) wait_for 120 log_has $n.log 'read (1/1)' ;;
  esac
  snapshot $n.json $n.before.json; kill -9 $pid; wait $pid 2>/dev/null
  wait_for 120 helper_gone
  # What the helper measured stays in its state directory for the client that went away.
  newest_kept; [ -n "$KEPT" ] && mv "$KEPT" $n.kept.json
  check $n
done
rm -f /run/raidbench/results-*.json
# --- the desktop program killed (it runs the helper as its child, as root) -------------------
for moment in create run teardown; do
  n=gui-kill9-$moment
  raidbench nested.json --run > $n.log 2>&1 & pid=$!
  case $moment in
    create) wait_for 180 has_md ;;
    run) wait_for 180 has_md && nap 1.5 ;;
    teardown) wait_for 180 all_three && wait_for 60 fewer ;;
  esac
  hit=none; if [ $moment = teardown ] && midway; then hit=teardown; elif has_md; then hit=md; fi
  newest_kept; snapshot "$KEPT" $n.before.json
  kill -9 $pid; wait $pid 2>/dev/null
  wait_for 120 helper_gone
  newest_kept; [ -n "$KEPT" ] && mv "$KEPT" $n.json
  rm -f /run/raidbench/results-*.json
  check $n "$hit"
done
# --- the helper's input closed in the middle of a create -------------------------------------
n=stdin-closed-create
# The pipe lives in the VM's own /run: the shared output folder (9p) refuses mkfifo on some hosts.
fifo=/run/raidbench-hin; rm -f $fifo; mkfifo $fifo
raidbench-helper < $fifo > $n.out 2> $n.log & hpid=$!
exec 3> $fifo
raidbench-cli disks --json > disks.json && python3 confirm.py disks.json create.requests create.confirmed
cat create.confirmed >&3
wait_for 120 has_md; exec 3>&-
wait $hpid; echo $? > $n.rc; rm -f $fifo
check $n
# --- disks that fail ---------------------------------------------------------------------------
for n in eio-raid0 eio-raid1; do
  raidbench-cli run plan-$n.json --out $n.json --yes > $n.out 2> $n.log; echo $? > $n.rc
  check $n
done
n=unplug-raid1
raidbench-cli run unplug.json --out $n.json --yes > $n.out 2> $n.log & pid=$!
wait_for 120 log_has $n.log 'write (1/1)'; nap 0.5
raidbench-cli lab unplug 8 > $n.unplug 2>&1; echo $? >> $n.unplug
wait $pid; echo $? > $n.rc
cat /proc/mdstat > $n.mdstat
# plug returns once the VM has probed the disk again and pointed its by-id links at its new name
raidbench-cli lab plug 8 > $n.plug 2>&1; echo $? >> $n.plug
recover $n; check $n
n=mdadm-missing
mount --bind /dev/null /usr/sbin/mdadm
raidbench-cli run mirror.json --out $n.json --yes > $n.out 2> $n.log; echo $? > $n.rc
umount /usr/sbin/mdadm; check $n
n=results-disk-full
mkdir -p /tmp/full; mount -t tmpfs -o size=8k tmpfs /tmp/full
raidbench-cli run small.json --out /tmp/full/results.json --yes > $n.out 2> $n.log; echo $? > $n.rc
cp /tmp/raidbench-results-*.json $n.json 2>/dev/null; umount /tmp/full; check $n
n=create-fails-halfway
raidbench-cli run halfway.json --out $n.json --yes > $n.out 2> $n.log; echo $? > $n.rc
check $n
)SH"),
              12);
    if (QTest::currentTestFailed()) {
        return;
    }
    QCOMPARE(read(*m_out, QStringLiteral("stdin-closed-create.rc")).trimmed(), QStringLiteral("0"));
    // A disk that fails writes: the raid0 test fails with the offset, the raid1 loses the member and goes on.
    const auto raid0 = CampaignResults::load(m_out->filePath(QStringLiteral("eio-raid0.json")));
    QVERIFY(raid0.ok());
    QCOMPARE(raid0->configs.first().status, RunState::Failed);
    QVERIFY2(raid0->configs.first().error.contains(QStringLiteral("offset")), qPrintable(raid0->configs.first().error));
    const auto raid1 = CampaignResults::load(m_out->filePath(QStringLiteral("eio-raid1.json")));
    QVERIFY(raid1.ok());
    QCOMPARE(raid1->configs.first().status, RunState::Completed);
    // A disk pulled out mid-run: the array went on degraded, its teardown could not touch the missing disk,
    // and once it was back (under another name) recover finished the job.
    QVERIFY2(read(*m_out, QStringLiteral("unplug-raid1.unplug")).trimmed().endsWith(QLatin1Char('0')),
             qPrintable(read(*m_out, QStringLiteral("unplug-raid1.unplug"))));
    QVERIFY2(read(*m_out, QStringLiteral("unplug-raid1.plug")).trimmed().endsWith(QLatin1Char('0')),
             qPrintable(read(*m_out, QStringLiteral("unplug-raid1.plug"))));
    const QString afterUnplug = read(*m_out, QStringLiteral("unplug-raid1.recover"));
    QVERIFY2(afterUnplug.contains(QStringLiteral("is /dev/sd")) || afterUnplug.contains(QStringLiteral("removed")),
             qPrintable(afterUnplug));
    // mdadm missing: a clear error, nothing created.
    QVERIFY2(read(*m_out, QStringLiteral("mdadm-missing.json")).contains(QStringLiteral("mdadm is not installed")),
             qPrintable(read(*m_out, QStringLiteral("mdadm-missing.log")).right(2000)));
    // A full disk under the results file: the command says where the results went, and exits 1.
    QCOMPARE(read(*m_out, QStringLiteral("results-disk-full.rc")).trimmed(), QStringLiteral("1"));
    QVERIFY2(read(*m_out, QStringLiteral("results-disk-full.log")).contains(QStringLiteral("the results")),
             qPrintable(read(*m_out, QStringLiteral("results-disk-full.log"))));
    const auto full = CampaignResults::load(m_out->filePath(QStringLiteral("results-disk-full.json")));
    QVERIFY2(full.ok() && full->configs.size() == 2 && full->configs.at(1).status == RunState::Completed,
             "the results of a run whose results file could not be written were lost");
    // A build that fails half-way: a clear error, nothing left.
    const auto halfway = CampaignResults::load(m_out->filePath(QStringLiteral("create-fails-halfway.json")));
    QVERIFY(halfway.ok());
    QVERIFY2(halfway->configs.first().error.contains(QStringLiteral("clean-up")),
             qPrintable(halfway->configs.first().error));
}

void TestFaultsLab::powerCutDuringABuild()
{
    // The journal must outlive the power cut: here it lives on the lab's persistent control share.
    const QString script = QStringLiteral(R"SH(
set -u
export RAIDBENCH_JOURNAL_DIR=/run/raidbench-lab/journal
members() { lab_disks; printf '%s\n' $DISKS; }
if [ "$RAIDBENCH_LAB_BOOT" = 1 ]; then
  # The cut must land inside the build: a build that ended first is an array built to stay, which
  # recover rightly leaves alone (once in a CI run the build won the race against the cut). So LVM's
  # first command waits: both mirrors are built and journaled, the striping over them is not.
  lvm=$(command -v lvm); cp "$lvm" /tmp/lvm.real
  printf '#!/bin/sh
if [ "$1" = pvcreate ]; then : > /tmp/pvcreate-started; exec sleep 600; fi
exec /tmp/lvm.real "$@"
' > /tmp/lvm
  chmod 755 /tmp/lvm; mount --bind /tmp/lvm "$lvm"
  raidbench-cli array create --preset lvm-stripe-over-raid1 --disks %1,%2,%3,%4 --yes > create.out 2>&1 &
  wait_for 120 test -e /tmp/pvcreate-started
  ls $RAIDBENCH_JOURNAL_DIR > journal.before; cat /proc/mdstat > mdstat.before; members > names.before
  raidbench-cli lab power-cycle
  sleep 600
fi
members > names.after
ls $RAIDBENCH_JOURNAL_DIR > journal.after-boot
wipefs --noheadings $(members) > signatures.after-boot
raidbench-cli array recover > recover.out 2>&1; echo $? > recover.rc
{ grep -c ' : active' /proc/mdstat; ls /dev/mapper | grep -vc '^control$'; wipefs --noheadings $(members) | wc -l;
  ls $RAIDBENCH_JOURNAL_DIR | wc -l; } > after
ls -l $RAIDBENCH_JOURNAL_DIR > journal.after
)SH")
                               .arg(disk(1), disk(2), disk(3), disk(4));
    const CliRun run = runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                           QStringLiteral("--disks"), QStringLiteral("4x256M"), QStringLiteral("--out"),
                                           m_outReboot.path(), QStringLiteral("--")} +
                                  labShell(script),
                              600000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err.right(3000)));
    QVERIFY2(read(m_outReboot, QStringLiteral("journal.before")).contains(QStringLiteral("journal-")),
             qPrintable(read(m_outReboot, QStringLiteral("journal.before"))));
    QVERIFY2(read(m_outReboot, QStringLiteral("mdstat.before")).contains(QStringLiteral("active raid1")),
             qPrintable(read(m_outReboot, QStringLiteral("mdstat.before"))));
    // After the reboot: the journal is still there and the disks still carry what the build wrote.
    QVERIFY(read(m_outReboot, QStringLiteral("journal.after-boot")).contains(QStringLiteral("journal-")));
    QVERIFY(read(m_outReboot, QStringLiteral("signatures.after-boot")).contains(QStringLiteral("linux_raid_member")));
    qInfo("disk names before the power cut: %s; after: %s",
          qPrintable(read(m_outReboot, QStringLiteral("names.before")).simplified()),
          qPrintable(read(m_outReboot, QStringLiteral("names.after")).simplified()));
    QVERIFY2(read(m_outReboot, QStringLiteral("recover.rc")).trimmed() == QLatin1String("0"),
             qPrintable(read(m_outReboot, QStringLiteral("recover.out"))));
    // Nothing left: no array, no mapping, no signature, and no journal, nor what a write of one cut
    // short by the power left beside it (journal-TAG.json.NXtsue, QSaveFile's name for it, once in
    // five runs here, before the journal was written as other files are, to journal-TAG.json.tmp-XXXXXX).
    QVERIFY2(read(m_outReboot, QStringLiteral("after")).simplified() == QLatin1String("0 0 0 0"),
             qPrintable(read(m_outReboot, QStringLiteral("after")).simplified() + QLatin1Char('\n') +
                        read(m_outReboot, QStringLiteral("journal.after"))));
    QVERIFY2(read(m_outReboot, QStringLiteral("recover.out")).contains(QStringLiteral("what run ")),
             qPrintable(read(m_outReboot, QStringLiteral("recover.out"))));
    qInfo("power cut during a build, then recover from the journal: %s",
          qPrintable(read(m_outReboot, QStringLiteral("recover.out")).simplified().left(400)));
}

QTEST_GUILESS_MAIN(TestFaultsLab)
#include "tst_faults_lab.moc"
