#pragma once

#include "util/result.h"

#include <QList>
#include <QString>

namespace RaidBench {

/// Every error code RaidBench answers with, in one place: the helper's replies, `--json` output and
/// exit paths carry these strings. docs/helper-protocol.md lists them all (tst_errorcodes checks it,
/// and that no source makes an error from a literal code). Validation issues of a layout
/// (`SpecIssue`) and reasons a disk is not eligible have codes of their own.
namespace ErrorCode {

// Protocol and session (the helper)
inline const QString tooLong = QStringLiteral("too-long"); ///< a request line over 16 MiB
inline const QString badUtf8 = QStringLiteral("bad-utf8"); ///< a request that is not UTF-8
inline const QString badJson = QStringLiteral("bad-json"); ///< not a JSON object, or a NUL character in it
inline const QString tooDeep = QStringLiteral("too-deep"); ///< nested deeper than 16 levels
inline const QString missingId = QStringLiteral("missing-id"); ///< no non-negative integer id
inline const QString missingField = QStringLiteral("missing-field"); ///< an operation's required argument is missing
inline const QString unknownOp = QStringLiteral("unknown-op"); ///< no such operation
inline const QString unknownField =
    QStringLiteral("unknown-field"); ///< an argument or field the operation does not take
inline const QString badType = QStringLiteral("bad-type"); ///< an argument of the wrong JSON type
inline const QString badArgument = QStringLiteral("bad-argument"); ///< a number out of its range
inline const QString helloRequired = QStringLiteral("hello-required"); ///< a request before hello
inline const QString protocolMismatch =
    QStringLiteral("protocol-mismatch"); ///< client and helper speak different protocol versions
inline const QString duplicateId = QStringLiteral("duplicate-id"); ///< a request id that is still running
inline const QString busy = QStringLiteral("busy"); ///< another operation that changes disks is running
inline const QString shuttingDown = QStringLiteral("shutting-down"); ///< the helper is ending its session
inline const QString notConfirmed =
    QStringLiteral("not-confirmed"); ///< confirm_destroy does not list exactly the disks destroyed
inline const QString notOwner =
    QStringLiteral("not-owner"); ///< the array is a running session's, another user's, or built to stay
inline const QString unknownTag =
    QStringLiteral("unknown-tag"); ///< no array with that tag in this session or its journals
inline const QString notRunning = QStringLiteral("not-running"); ///< cancel names a request that is not running
inline const QString teardownIncomplete = QStringLiteral(
    "teardown-incomplete"); ///< a teardown left something; the array stays listed and is tried again at exit

// Starting the helper (the client)
inline const QString noHelper = QStringLiteral("no-helper"); ///< the helper program is not installed or not executable
inline const QString noPkexec =
    QStringLiteral("no-pkexec"); ///< pkexec is missing, so a normal user cannot start the helper
inline const QString badHost =
    QStringLiteral("bad-host"); ///< a host to reach over SSH that is not [USER@]HOST[:PORT], or starts with '-'
inline const QString badInventory = QStringLiteral(
    "bad-inventory"); ///< a host inventory (--hosts @FILE) that cannot be read, or a group it does not have
inline const QString noSsh = QStringLiteral("no-ssh"); ///< the ssh client is not installed
inline const QString sshHostKey =
    QStringLiteral("ssh-host-key"); ///< the host's key is unknown or changed: ssh refused to connect
inline const QString sshAuth =
    QStringLiteral("ssh-auth"); ///< ssh could not log in without a password (no key the host accepts)
inline const QString sshSudo = QStringLiteral("ssh-sudo"); ///< sudo on the host asks for a password
inline const QString sshFailed =
    QStringLiteral("ssh-failed"); ///< the connection could not be made, or ended before the helper answered

// The device gate
inline const QString badPath = QStringLiteral("bad-path"); ///< not a trusted path under /dev
inline const QString notFound = QStringLiteral("not-found"); ///< no such device
inline const QString notBlockDevice = QStringLiteral("not-block-device"); ///< not a block device
inline const QString deviceInUse =
    QStringLiteral("device-in-use"); ///< mounted, held, the system disk, read-only or carrying a signature
inline const QString deviceChanged = QStringLiteral("device-changed"); ///< not the device that was pinned, or gone

// Layouts, plans and results files
inline const QString invalidSpec = QStringLiteral("invalid-spec"); ///< an array description that cannot be built
inline const QString invalidLevel = QStringLiteral("invalid-level"); ///< an unknown RAID level
inline const QString duplicateMember = QStringLiteral("duplicate-member"); ///< one disk used twice in a layout
inline const QString unknownPreset = QStringLiteral("unknown-preset"); ///< no such preset layout
inline const QString presetNotPossible = QStringLiteral("preset-not-possible"); ///< the preset needs other disk counts
inline const QString invalidPlan = QStringLiteral("invalid-plan"); ///< a campaign plan that cannot run
inline const QString noDisksMatch =
    QStringLiteral("no-disks-match"); ///< a plan's disk rule matches no usable disk (or too few) on a host
inline const QString futureVersion =
    QStringLiteral("future-version"); ///< a plan or results file from a newer RaidBench
inline const QString invalidResults = QStringLiteral("invalid-results"); ///< a results file that does not parse
inline const QString invalidResult = QStringLiteral("invalid-result"); ///< an engine result that does not parse
inline const QString resumeMismatch =
    QStringLiteral("resume-mismatch"); ///< resumed results are of other disks or another plan
inline const QString invalidSize = QStringLiteral("invalid-size"); ///< not a size (512, 4k, 1M, 1G)
inline const QString invalidDuration = QStringLiteral("invalid-duration"); ///< not a duration (500ms, 3s, 2m)

// Building and removing arrays
inline const QString badTag = QStringLiteral("bad-tag"); ///< a tag that is not RaidBench's
inline const QString duplicateTag = QStringLiteral("duplicate-tag"); ///< a tag already journaled
inline const QString journalFailed = QStringLiteral("journal-failed"); ///< the journal could not be written
inline const QString stepFailed =
    QStringLiteral("step-failed"); ///< a build command failed (its output is in the message)
inline const QString noDeviceNode = QStringLiteral("no-device-node"); ///< the array's device node did not appear
inline const QString badLvmReport = QStringLiteral("bad-lvm-report"); ///< LVM's report could not be read
inline const QString cancelled = QStringLiteral("cancelled"); ///< stopped by the user
inline const QString internal = QStringLiteral("internal"); ///< a bug: please report it

// The I/O engine
inline const QString invalidPattern = QStringLiteral("invalid-pattern"); ///< an unknown --rw pattern
inline const QString invalidBlockSize = QStringLiteral("invalid-block-size"); ///< a block size out of range
inline const QString invalidQueueDepth = QStringLiteral("invalid-queue-depth"); ///< a queue depth out of range
inline const QString invalidRwmix = QStringLiteral("invalid-rwmix"); ///< a read share outside 0-100
inline const QString invalidData = QStringLiteral("invalid-data"); ///< an unknown data pattern
inline const QString invalidRange = QStringLiteral("invalid-range"); ///< offset or length outside the target
inline const QString invalidTarget = QStringLiteral("invalid-target"); ///< a target the engine cannot use
inline const QString sizeRequired = QStringLiteral("size-required"); ///< a new file needs --size
inline const QString destroyDataRequired =
    QStringLiteral("destroy-data-required"); ///< writing to a device needs the destroy-data flag
inline const QString isDirectory = QStringLiteral("is-directory"); ///< the target is a directory
inline const QString permissionDenied = QStringLiteral("permission-denied"); ///< no permission to open the target
inline const QString openFailed = QStringLiteral("open-failed"); ///< the target could not be opened
inline const QString createFailed = QStringLiteral("create-failed"); ///< the test file could not be created
inline const QString readOnly = QStringLiteral("read-only"); ///< the target is read-only
inline const QString misaligned = QStringLiteral("misaligned"); ///< block size or offset not aligned for direct I/O
inline const QString directIoUnsupported =
    QStringLiteral("direct-io-unsupported"); ///< the file system refuses O_DIRECT
inline const QString ioError = QStringLiteral("io-error"); ///< an I/O error
inline const QString eio = QStringLiteral("eio"); ///< the device reported EIO
inline const QString noSpace = QStringLiteral("no-space"); ///< the target is full
inline const QString shortTransfer = QStringLiteral("short-transfer"); ///< the target ended early
inline const QString outOfMemory = QStringLiteral("out-of-memory"); ///< buffers could not be allocated

// File systems
inline const QString mkfsFailed = QStringLiteral("mkfs-failed"); ///< mkfs failed
inline const QString mountFailed = QStringLiteral("mount-failed"); ///< mount failed
inline const QString umountFailed = QStringLiteral("umount-failed"); ///< umount failed

// Processes and files
inline const QString forkFailed = QStringLiteral("fork-failed"); ///< a process could not be started
inline const QString noCommand = QStringLiteral("no-command"); ///< an empty command
inline const QString commandNotFound = QStringLiteral("command-not-found"); ///< a program is not installed
inline const QString unsafeDirectory =
    QStringLiteral("unsafe-directory"); ///< a directory root writes into is not root's alone
inline const QString writeFailed = QStringLiteral("write-failed"); ///< a file could not be written

// Reports and exports
inline const QString badOutput = QStringLiteral("bad-output"); ///< an output path that cannot be written
inline const QString badFioJson = QStringLiteral("bad-fio-json"); ///< fio output that cannot be read
inline const QString badSmartJson = QStringLiteral("bad-smart-json"); ///< smartctl output that cannot be read
inline const QString writeCacheFailed =
    QStringLiteral("write-cache-failed"); ///< a disk's write cache could not be read, set or restored
inline const QString resultsFolder = QStringLiteral("results-folder"); ///< the results folder cannot be made
inline const QString badRequirements =
    QStringLiteral("bad-requirements"); ///< requirements for a recommendation that cannot be read
inline const QString noData = QStringLiteral("no-data"); ///< nothing to chart
inline const QString usage = QStringLiteral("usage"); ///< a wrong command line

// The virtual lab (client side)
inline const QString invalidLabSpec =
    QStringLiteral("invalid-lab-spec"); ///< a lab disk description that cannot be made
inline const QString labBadAccel = QStringLiteral("lab-bad-accel"); ///< an unknown --accel
inline const QString labBadOut = QStringLiteral("lab-bad-out"); ///< an output directory that cannot be used
inline const QString labBusy = QStringLiteral("lab-busy"); ///< the lab is already running
inline const QString labCacheUnwritable =
    QStringLiteral("lab-cache-unwritable"); ///< the lab's cache folder cannot be written
inline const QString labCommandFailed = QStringLiteral("lab-command-failed"); ///< a command in the VM failed
inline const QString labNoAgent = QStringLiteral("lab-no-agent"); ///< the VM's agent did not answer
inline const QString labNoBusybox = QStringLiteral("lab-no-busybox"); ///< busybox-static is not installed
inline const QString labNoCommand = QStringLiteral("lab-no-command"); ///< no command given to lab run
inline const QString labNoDiskModel =
    QStringLiteral("lab-no-disk-model"); ///< nbdkit or the lab's disk-model filter is missing or failed
inline const QString labNoKernel = QStringLiteral("lab-no-kernel"); ///< no kernel image in /boot
inline const QString labNoModules =
    QStringLiteral("lab-no-modules"); ///< the kernel's md, dm or raid modules are missing
inline const QString labNoQemu = QStringLiteral("lab-no-qemu"); ///< qemu-system-x86_64 is not installed
inline const QString labNoSpace = QStringLiteral("lab-no-space"); ///< no room for the lab's disk files
inline const QString labNoWorkdir = QStringLiteral("lab-no-workdir"); ///< the lab's work folder cannot be made
inline const QString labQemuFailed = QStringLiteral("lab-qemu-failed"); ///< qemu exited
inline const QString labQmp = QStringLiteral("lab-qmp"); ///< qemu's control socket failed
inline const QString labStopped = QStringLiteral("lab-stopped"); ///< the lab was stopped
inline const QString labVmFailed = QStringLiteral("lab-vm-failed"); ///< the VM did not boot

// The desktop program
inline const QString ineligible = QStringLiteral("ineligible"); ///< a disk that cannot be used was dropped on a card
inline const QString refused = QStringLiteral("refused"); ///< the canvas cannot take what was dropped

struct Entry
{
    QString code;
    QString area;
    QString meaning;
};

/// The catalogue, in the order above. `meaning` is English; translated with the context "ErrorCode".
const QList<Entry>& all();

/// An error as the user reads it: in English the message itself; in a language RaidBench has a
/// catalogue for, the meaning of its code in that language, then the message (whose details, a path or
/// a program's own words, come from the machine that failed, often a helper started elsewhere).
QString userText(const QString& code, const QString& message);
inline QString userText(const Error& error)
{
    return userText(error.code, error.message);
}

} // namespace ErrorCode

} // namespace RaidBench
