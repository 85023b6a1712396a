#include "labcommand.h"

#include "clicommon.h"
#include "lab/labagent.h"
#include "lab/labcheck.h"
#include "labdemocommand.h"
#include "labruncommand.h"
#include "labsshhostcommand.h"
#include "planrun.h"
#include "util/errorcodes.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

const char* const labDescriptionText =
    QT_TRANSLATE_NOOP("raidbench_cli", R"(The virtual disk lab: a qemu VM with real kernel md, real mdadm and LVM, and
throttled virtual disks, running RaidBench's own binaries as root. No real disk is touched.

  raidbench-cli lab run --disks SPEC [options] -- COMMAND [ARGS...]
      Boot the VM with the disks of SPEC and run COMMAND inside it as root (no shell
      unless you write sh -c). Its stdin, stdout and stderr are this program's. Exits
      with the command's exit code, or 125 when the lab itself failed.
  raidbench-cli lab check
      Say whether the lab can run here, and which package is missing if not.
  raidbench-cli lab demo [--out DIR] [--disks SPEC] [--controllers N]
      The whole campaign on virtual disks (default: two hard disks at 105 MB/s
      falling to 55 and two older ones at 60 falling to 32, on two controllers:
      2x2G:hdd:cache=16M,2x2G@60:hdd:inner=32:rpm=5400:cache=16M); leaves
      results.json and report.md in DIR.

  raidbench-cli lab ssh-host --disks SPEC --port PORT --authorized-keys FILE [--name NAME]
      Boot the VM as a machine you reach over ssh: its sshd (this machine's own) listens
      on 127.0.0.1:PORT only, lets in the keys of FILE (as root, or as a --user that
      exists here), and the VM reaches no network. Prints "ready" and the line for
      known_hosts on stdout once sshd listens, then runs until Ctrl-C. raidbench-cli
      run --host root@127.0.0.1:PORT then drives real md on it as on a remote server.
      The VM sees this machine's files read-only: give only your own keys (they log in
      as root there, and as --user alike).

Inside the VM (in the command that lab run runs), to see what failures do:
  raidbench-cli lab unplug N      pull virtual disk N (1, 2, ...) out, as if its cable went
  raidbench-cli lab plug N        put it back (it comes back under a new sdX name; returns once the VM
                                  sees it, its /dev/disk/by-id links pointing at the new name)
  raidbench-cli lab power-cycle   cut the power; the VM boots again with the same disks and
                                  runs the same command, with RAIDBENCH_LAB_BOOT=2 (3, ...)

SPEC is a comma list of [Nx]SIZE[@MBPS[/MBPS]][:hdd|:ssd][:iops=N][:fail-write=OFFSET|:fail-read=OFFSET]:
  2x2G@105,2x2G@38    four 2 GiB disks, two at 105 MB/s and two at 38 MB/s (reads and
                      writes share that speed, as they share a real disk's time)
  3x1G                three unthrottled 1 GiB disks
  1G@100/200          write 100 MB/s and, at the same time, read 200 MB/s
  1G@150:iops=150     at most 150 requests a second, reads and writes together, as a
                      hard disk's seeks allow (every request counts, sequential too)
  1G:fail-write=100M  a write covering byte 100 MiB fails with an I/O error (EIO)
  2G:hdd              a hard disk: 105 MB/s on the outer zone falling to 55 on the inner
                      one, 7200 rpm, 8.5 ms average seek, a 64 MiB write cache (on; the
                      guest turns it off with sdparm --clear WCE); no seek between
                      sequential requests, a queue served shortest positioning first.
                      @OUTER, inner=MBPS, rpm=N, seek=MS and cache=SIZE change it
  1G:ssd              an SSD: writes at 500 MB/s until its cache (an eighth of the disk)
                      is full, then at 120 until it is idle again; reads at 540; 60 us
                      a request. @BURST/READ, steady=MBPS, cache=SIZE and latency=US
                      change it
A hard disk or SSD model is served by nbdkit (Debian's nbdkit package) through
RaidBench's own filter; flat disks are qemu's throttles.
MB/s is 10^6 bytes per second. Inside the VM the disks have serials RBLAB0001,
RBLAB0002, ... and models naming their speeds. Their sdX names follow the kernel's
probe order, which is not the order of SPEC: name them by serial, through the links
/dev/disk/by-id/scsi-RAIDBNCH_*_RBLAB0001, ... With --controllers N the disks take
turns over N SCSI controllers (disk 1 on the first, disk 2 on the second, ...), so
arrays that survive the loss of a controller can be tried; --controllers N@MBPS
also limits each controller to MBPS for all its disks together, as a host adapter
or an expander slower than its disks does. The disk files live in
memory (/dev/shm) when they fit, else in /var/tmp; RAIDBENCH_LAB_DIR chooses.

Examples:
  raidbench-cli lab check
  raidbench-cli lab run --disks 2x1G@100 -- cat /proc/mdstat
  raidbench-cli lab run --disks 4x1G --out /tmp/res -- sh -c 'mdadm --create /dev/md0 --level=5 --raid-devices=4 --assume-clean --run /dev/disk/by-id/scsi-*_RBLAB000[1-4]'
  raidbench-cli lab run --disks 12x1G --controllers 3 -- ls /sys/class/scsi_host
  raidbench-cli lab demo --disks 24x512M@100 --controllers 3@300)");

} // namespace

QString labDescription()
{
    return Text::tr(labDescriptionText);
}

QCommandLineOption controllersOption(int n)
{
    return QCommandLineOption(
        QStringLiteral("controllers"),
        Text::tr("Spread the disks over N SCSI controllers, taking turns (default %1); N@MBPS limits each "
                 "controller to MBPS for all its disks together.")
            .arg(n),
        QStringLiteral("N[@MBPS]"), QString::number(n));
}

std::optional<QList<LabDiskSpec>> labDisks(const QCommandLineParser& parser, const QString& spec,
                                           const QCommandLineOption& controllers)
{
    const auto shape = parseLabControllers(parser.value(controllers));
    if (!shape) {
        printError(QStringLiteral("--%1").arg(ErrorCode::userText(shape.error())));
        return std::nullopt;
    }
    auto disks = parseLabSpec(spec, shape->count, shape->mbps);
    if (!disks) {
        printError(ErrorCode::userText(disks.error()));
        return std::nullopt;
    }
    return *disks;
}

namespace {

int runCheck()
{
    bool allOk = true;
    for (const LabCheck& check : checkLabHost()) {
        const QString state = check.ok ? Text::tr("ok") : (check.required ? Text::tr("MISSING") : Text::tr("no"));
        QString line = QStringLiteral("%1  %2: %3").arg(state, -7).arg(check.what, check.detail);
        if (!check.ok && !check.package.isEmpty()) {
            line += Text::tr(" (apt-get install %1)").arg(check.package);
        }
        printOut(line + QLatin1Char('\n'));
        if (!check.ok && check.required) {
            allOk = false;
        }
    }
    printOut(allOk ? Text::tr("the lab can run here\n") : Text::tr("the lab cannot run here yet\n"));
    return allOk ? ExitOk : ExitFailed;
}

/// Inside the VM: asks the machine (through the shared control directory) and waits for its answer.
int askTheLab(const QString& what, const QString& disk)
{
    const QString control = QStringLiteral("/run/raidbench-lab");
    if (!qEnvironmentVariableIsSet("RAIDBENCH_LAB") || !QFileInfo(control).isDir()) {
        printError(Text::tr("lab %1 works only inside the lab VM (raidbench-cli lab run)").arg(what));
        return ExitUsage;
    }
    QString name = what;
    if (what != QLatin1String("power-cycle")) {
        bool ok = false;
        const int number = disk.toInt(&ok);
        if (!ok || number < 1) {
            printError(Text::tr("give the disk's number: raidbench-cli lab %1 N (1 for RBLAB0001)").arg(what));
            return ExitUsage;
        }
        name = QStringLiteral("%1-%2").arg(what).arg(number - 1);
    }
    QDir().mkpath(control + QStringLiteral("/requests"));
    const QString request = control + QStringLiteral("/requests/") + name;
    QFile::remove(request + QStringLiteral(".done"));
    QFile file(request);
    if (!file.open(QIODevice::WriteOnly)) {
        printError(Text::tr("cannot ask the lab: %1").arg(file.errorString()));
        return ExitFailed;
    }
    file.close();
    for (int i = 0; i < 600; ++i) {
        QFile done(request + QStringLiteral(".done"));
        if (done.open(QIODevice::ReadOnly)) {
            const QString answer = QString::fromUtf8(done.readAll()).trimmed();
            QFile::remove(request);
            if (answer != QLatin1String("ok")) {
                printError(answer.mid(6));
                return ExitFailed;
            }
            // Back once the kernel has probed it (which takes a while on a busy host), with the by-id
            // links udev would have made pointing at its new name.
            if (what == QLatin1String("plug") &&
                !waitForReturningDisk(QStringLiteral("RBLAB%1").arg(disk.toInt(), 4, 10, QLatin1Char('0')), 120000)) {
                printError(Text::tr("disk %1 was put back, but the VM did not see it within 120 s").arg(disk));
                return ExitFailed;
            }
            return ExitOk;
        }
        ::usleep(100'000);
    }
    printError(Text::tr("the lab did not answer within 60 s"));
    return ExitFailed;
}

} // namespace

LabCommand::LabCommand()
    : Command(
          QStringLiteral("lab"),
          QT_TRANSLATE_NOOP("raidbench_cli", "the virtual disk lab: run commands in a VM with throttled virtual disks"))
{ }

int LabCommand::execute(const QStringList& arguments)
{
    const QString sub = arguments.value(1);
    if (sub.isEmpty() || sub == QLatin1String("-h") || sub == QLatin1String("--help")) {
        printOut(labDescription() + QLatin1Char('\n'));
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    QStringList rest = arguments;
    rest.removeAt(1);
    rest[0] = QStringLiteral("raidbench-cli lab %1").arg(sub);
    if (sub == QLatin1String("run")) {
        return LabRunCommand().execute(rest);
    }
    if (sub == QLatin1String("check")) {
        return runCheck();
    }
    if (sub == QLatin1String("ssh-host")) {
        return LabSshHostCommand().execute(rest);
    }
    if (sub == QLatin1String("demo")) {
        return LabDemoCommand().execute(rest);
    }
    if (sub == QLatin1String("unplug") || sub == QLatin1String("plug") || sub == QLatin1String("power-cycle")) {
        return askTheLab(sub, rest.value(1));
    }
    if (sub == QLatin1String("agent")) {
        // Internal: runs inside the VM, started by its init.
        return runLabAgent(rest.value(1, QStringLiteral("/run/raidbench-lab")));
    }
    printError(Text::tr("unknown lab command '%1'; use run, check, demo, ssh-host (or, inside the VM, unplug, plug, "
                        "power-cycle)")
                   .arg(sub));
    return ExitUsage;
}

} // namespace RaidBench::Cli
