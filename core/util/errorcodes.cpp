#include "util/errorcodes.h"

#include <QCoreApplication>

namespace RaidBench::ErrorCode {

namespace {

/// A code and what it means, in one chapter of the catalogue.
struct Meaning
{
    const QString& code;
    const char* meaning; ///< QT_TRANSLATE_NOOP("ErrorCode", ...)
};

void addChapter(QList<Entry>& entries, const QString& chapter, std::initializer_list<Meaning> meanings)
{
    for (const Meaning& meaning : meanings) {
        entries.append({meaning.code, chapter, QString::fromUtf8(meaning.meaning)});
    }
}

void protocolCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("Protocol and session (the helper)"),
        {
            {tooLong, QT_TRANSLATE_NOOP("ErrorCode", "a request line over 16 MiB")},
            {badUtf8, QT_TRANSLATE_NOOP("ErrorCode", "a request that is not UTF-8")},
            {badJson, QT_TRANSLATE_NOOP("ErrorCode", "not a JSON object, or a NUL character in it")},
            {tooDeep, QT_TRANSLATE_NOOP("ErrorCode", "nested deeper than 16 levels")},
            {missingId, QT_TRANSLATE_NOOP("ErrorCode", "no non-negative integer id")},
            {missingField, QT_TRANSLATE_NOOP("ErrorCode", "an operation's required argument is missing")},
            {unknownOp, QT_TRANSLATE_NOOP("ErrorCode", "no such operation")},
            {unknownField, QT_TRANSLATE_NOOP("ErrorCode", "an argument or field the operation does not take")},
            {badType, QT_TRANSLATE_NOOP("ErrorCode", "an argument of the wrong JSON type")},
            {badArgument, QT_TRANSLATE_NOOP("ErrorCode", "a number out of its range")},
            {helloRequired, QT_TRANSLATE_NOOP("ErrorCode", "a request before hello")},
            {protocolMismatch, QT_TRANSLATE_NOOP("ErrorCode", "client and helper speak different protocol versions")},
            {duplicateId, QT_TRANSLATE_NOOP("ErrorCode", "a request id that is still running")},
            {busy, QT_TRANSLATE_NOOP("ErrorCode", "another operation that changes disks is running")},
            {shuttingDown, QT_TRANSLATE_NOOP("ErrorCode", "the helper is ending its session")},
            {notConfirmed, QT_TRANSLATE_NOOP("ErrorCode", "confirm_destroy does not list exactly the disks destroyed")},
            {notOwner,
             QT_TRANSLATE_NOOP("ErrorCode", "the array is a running session's, another user's, or built to stay")},
            {unknownTag, QT_TRANSLATE_NOOP("ErrorCode", "no array with that tag in this session or its journals")},
            {notRunning, QT_TRANSLATE_NOOP("ErrorCode", "cancel names a request that is not running")},
            {teardownIncomplete,
             QT_TRANSLATE_NOOP("ErrorCode",
                               "a teardown left something; the array stays listed and is tried again at exit")},
        });
}

void clientCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("Starting the helper (the client)"),
        {
            {noHelper, QT_TRANSLATE_NOOP("ErrorCode", "the helper program is not installed or not executable")},
            {noPkexec, QT_TRANSLATE_NOOP("ErrorCode", "pkexec is missing, so a normal user cannot start the helper")},
            {badHost,
             QT_TRANSLATE_NOOP("ErrorCode",
                               "a host to reach over SSH that is not [USER@]HOST[:PORT], or starts with '-'")},
            {badInventory,
             QT_TRANSLATE_NOOP("ErrorCode",
                               "a host inventory (--hosts @FILE) that cannot be read, or a group it does not have")},
            {noSsh, QT_TRANSLATE_NOOP("ErrorCode", "the ssh client is not installed")},
            {sshHostKey,
             QT_TRANSLATE_NOOP("ErrorCode", "the host's key is unknown or changed: ssh refused to connect")},
            {sshAuth,
             QT_TRANSLATE_NOOP("ErrorCode", "ssh could not log in without a password (no key the host accepts)")},
            {sshSudo, QT_TRANSLATE_NOOP("ErrorCode", "sudo on the host asks for a password")},
            {sshFailed,
             QT_TRANSLATE_NOOP("ErrorCode", "the connection could not be made, or ended before the helper answered")},
        });
}

void gateCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("The device gate"),
        {
            {badPath, QT_TRANSLATE_NOOP("ErrorCode", "not a trusted path under /dev")},
            {notFound, QT_TRANSLATE_NOOP("ErrorCode", "no such device")},
            {notBlockDevice, QT_TRANSLATE_NOOP("ErrorCode", "not a block device")},
            {deviceInUse,
             QT_TRANSLATE_NOOP("ErrorCode", "mounted, held, the system disk, read-only or carrying a signature")},
            {deviceChanged, QT_TRANSLATE_NOOP("ErrorCode", "not the device that was pinned, or gone")},
        });
}

void planCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("Layouts, plans and results files"),
        {
            {invalidSpec, QT_TRANSLATE_NOOP("ErrorCode", "an array description that cannot be built")},
            {invalidLevel, QT_TRANSLATE_NOOP("ErrorCode", "an unknown RAID level")},
            {duplicateMember, QT_TRANSLATE_NOOP("ErrorCode", "one disk used twice in a layout")},
            {unknownPreset, QT_TRANSLATE_NOOP("ErrorCode", "no such preset layout")},
            {presetNotPossible, QT_TRANSLATE_NOOP("ErrorCode", "the preset needs other disk counts")},
            {invalidPlan, QT_TRANSLATE_NOOP("ErrorCode", "a campaign plan that cannot run")},
            {noDisksMatch,
             QT_TRANSLATE_NOOP("ErrorCode", "a plan's disk rule matches no usable disk (or too few) on a host")},
            {futureVersion, QT_TRANSLATE_NOOP("ErrorCode", "a plan or results file from a newer RaidBench")},
            {invalidResults, QT_TRANSLATE_NOOP("ErrorCode", "a results file that does not parse")},
            {invalidResult, QT_TRANSLATE_NOOP("ErrorCode", "an engine result that does not parse")},
            {resumeMismatch, QT_TRANSLATE_NOOP("ErrorCode", "resumed results are of other disks or another plan")},
            {invalidSize, QT_TRANSLATE_NOOP("ErrorCode", "not a size (512, 4k, 1M, 1G)")},
            {invalidDuration, QT_TRANSLATE_NOOP("ErrorCode", "not a duration (500ms, 3s, 2m)")},
        });
}

void arrayCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("Building and removing arrays"),
        {
            {badTag, QT_TRANSLATE_NOOP("ErrorCode", "a tag that is not RaidBench's")},
            {duplicateTag, QT_TRANSLATE_NOOP("ErrorCode", "a tag already journaled")},
            {journalFailed, QT_TRANSLATE_NOOP("ErrorCode", "the journal could not be written")},
            {stepFailed, QT_TRANSLATE_NOOP("ErrorCode", "a build command failed (its output is in the message)")},
            {noDeviceNode, QT_TRANSLATE_NOOP("ErrorCode", "the array's device node did not appear")},
            {badLvmReport, QT_TRANSLATE_NOOP("ErrorCode", "LVM's report could not be read")},
            {cancelled, QT_TRANSLATE_NOOP("ErrorCode", "stopped by the user")},
            {internal, QT_TRANSLATE_NOOP("ErrorCode", "a bug: please report it")},
        });
}

void engineCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("The I/O engine"),
        {
            {invalidPattern, QT_TRANSLATE_NOOP("ErrorCode", "an unknown --rw pattern")},
            {invalidBlockSize, QT_TRANSLATE_NOOP("ErrorCode", "a block size out of range")},
            {invalidQueueDepth, QT_TRANSLATE_NOOP("ErrorCode", "a queue depth out of range")},
            {invalidRwmix, QT_TRANSLATE_NOOP("ErrorCode", "a read share outside 0-100")},
            {invalidData, QT_TRANSLATE_NOOP("ErrorCode", "an unknown data pattern")},
            {invalidRange, QT_TRANSLATE_NOOP("ErrorCode", "offset or length outside the target")},
            {invalidTarget, QT_TRANSLATE_NOOP("ErrorCode", "a target the engine cannot use")},
            {sizeRequired, QT_TRANSLATE_NOOP("ErrorCode", "a new file needs --size")},
            {destroyDataRequired, QT_TRANSLATE_NOOP("ErrorCode", "writing to a device needs the destroy-data flag")},
            {isDirectory, QT_TRANSLATE_NOOP("ErrorCode", "the target is a directory")},
            {permissionDenied, QT_TRANSLATE_NOOP("ErrorCode", "no permission to open the target")},
            {openFailed, QT_TRANSLATE_NOOP("ErrorCode", "the target could not be opened")},
            {createFailed, QT_TRANSLATE_NOOP("ErrorCode", "the test file could not be created")},
            {readOnly, QT_TRANSLATE_NOOP("ErrorCode", "the target is read-only")},
            {misaligned, QT_TRANSLATE_NOOP("ErrorCode", "block size or offset not aligned for direct I/O")},
            {directIoUnsupported, QT_TRANSLATE_NOOP("ErrorCode", "the file system refuses O_DIRECT")},
            {ioError, QT_TRANSLATE_NOOP("ErrorCode", "an I/O error")},
            {eio, QT_TRANSLATE_NOOP("ErrorCode", "the device reported EIO")},
            {noSpace, QT_TRANSLATE_NOOP("ErrorCode", "the target is full")},
            {shortTransfer, QT_TRANSLATE_NOOP("ErrorCode", "the target ended early")},
            {outOfMemory, QT_TRANSLATE_NOOP("ErrorCode", "buffers could not be allocated")},
        });
}

void filesystemCodes(QList<Entry>& entries)
{
    addChapter(entries, QStringLiteral("File systems"),
               {
                   {mkfsFailed, QT_TRANSLATE_NOOP("ErrorCode", "mkfs failed")},
                   {mountFailed, QT_TRANSLATE_NOOP("ErrorCode", "mount failed")},
                   {umountFailed, QT_TRANSLATE_NOOP("ErrorCode", "umount failed")},
               });
}

void processCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("Processes and files"),
        {
            {forkFailed, QT_TRANSLATE_NOOP("ErrorCode", "a process could not be started")},
            {noCommand, QT_TRANSLATE_NOOP("ErrorCode", "an empty command")},
            {commandNotFound, QT_TRANSLATE_NOOP("ErrorCode", "a program is not installed")},
            {unsafeDirectory, QT_TRANSLATE_NOOP("ErrorCode", "a directory root writes into is not root's alone")},
            {writeFailed, QT_TRANSLATE_NOOP("ErrorCode", "a file could not be written")},
        });
}

void reportCodes(QList<Entry>& entries)
{
    addChapter(
        entries, QStringLiteral("Reports and exports"),
        {
            {badOutput, QT_TRANSLATE_NOOP("ErrorCode", "an output path that cannot be written")},
            {badFioJson, QT_TRANSLATE_NOOP("ErrorCode", "fio output that cannot be read")},
            {badSmartJson, QT_TRANSLATE_NOOP("ErrorCode", "smartctl output that cannot be read")},
            {writeCacheFailed,
             QT_TRANSLATE_NOOP("ErrorCode", "a disk's write cache could not be read, set or restored")},
            {resultsFolder, QT_TRANSLATE_NOOP("ErrorCode", "the results folder cannot be made")},
            {badRequirements, QT_TRANSLATE_NOOP("ErrorCode", "requirements for a recommendation that cannot be read")},
            {noData, QT_TRANSLATE_NOOP("ErrorCode", "nothing to chart")},
            {usage, QT_TRANSLATE_NOOP("ErrorCode", "a wrong command line")},
        });
}

void labCodes(QList<Entry>& entries)
{
    addChapter(entries, QStringLiteral("The virtual lab (client side)"),
               {
                   {invalidLabSpec, QT_TRANSLATE_NOOP("ErrorCode", "a lab disk description that cannot be made")},
                   {labBadAccel, QT_TRANSLATE_NOOP("ErrorCode", "an unknown --accel")},
                   {labBadOut, QT_TRANSLATE_NOOP("ErrorCode", "an output directory that cannot be used")},
                   {labBusy, QT_TRANSLATE_NOOP("ErrorCode", "the lab is already running")},
                   {labCacheUnwritable, QT_TRANSLATE_NOOP("ErrorCode", "the lab's cache folder cannot be written")},
                   {labCommandFailed, QT_TRANSLATE_NOOP("ErrorCode", "a command in the VM failed")},
                   {labNoAgent, QT_TRANSLATE_NOOP("ErrorCode", "the VM's agent did not answer")},
                   {labNoBusybox, QT_TRANSLATE_NOOP("ErrorCode", "busybox-static is not installed")},
                   {labNoCommand, QT_TRANSLATE_NOOP("ErrorCode", "no command given to lab run")},
                   {labNoDiskModel,
                    QT_TRANSLATE_NOOP("ErrorCode", "nbdkit or the lab's disk-model filter is missing or failed")},
                   {labNoKernel, QT_TRANSLATE_NOOP("ErrorCode", "no kernel image in /boot")},
                   {labNoModules, QT_TRANSLATE_NOOP("ErrorCode", "the kernel's md, dm or raid modules are missing")},
                   {labNoQemu, QT_TRANSLATE_NOOP("ErrorCode", "qemu-system-x86_64 is not installed")},
                   {labNoSpace, QT_TRANSLATE_NOOP("ErrorCode", "no room for the lab's disk files")},
                   {labNoWorkdir, QT_TRANSLATE_NOOP("ErrorCode", "the lab's work folder cannot be made")},
                   {labQemuFailed, QT_TRANSLATE_NOOP("ErrorCode", "qemu exited")},
                   {labQmp, QT_TRANSLATE_NOOP("ErrorCode", "qemu's control socket failed")},
                   {labStopped, QT_TRANSLATE_NOOP("ErrorCode", "the lab was stopped")},
                   {labVmFailed, QT_TRANSLATE_NOOP("ErrorCode", "the VM did not boot")},
               });
}

void windowCodes(QList<Entry>& entries)
{
    addChapter(entries, QStringLiteral("The desktop program"),
               {
                   {ineligible, QT_TRANSLATE_NOOP("ErrorCode", "a disk that cannot be used was dropped on a card")},
                   {refused, QT_TRANSLATE_NOOP("ErrorCode", "the canvas cannot take what was dropped")},
               });
}

} // namespace

const QList<Entry>& all()
{
    static const QList<Entry> entries = [] {
        QList<Entry> list;
        protocolCodes(list);
        clientCodes(list);
        gateCodes(list);
        planCodes(list);
        arrayCodes(list);
        engineCodes(list);
        filesystemCodes(list);
        processCodes(list);
        reportCodes(list);
        labCodes(list);
        windowCodes(list);
        return list;
    }();
    return entries;
}

QString userText(const QString& code, const QString& message)
{
    for (const Entry& entry : all()) {
        if (entry.code != code) {
            continue;
        }
        const QByteArray english = entry.meaning.toUtf8();
        const QString translated = QCoreApplication::translate("ErrorCode", english.constData());
        if (translated == entry.meaning) {
            return message;
        }
        const QString headline = translated.left(1).toUpper() + translated.mid(1);
        return message.isEmpty() ? headline : QStringLiteral("%1: %2").arg(headline, message);
    }
    return message;
}

} // namespace RaidBench::ErrorCode
