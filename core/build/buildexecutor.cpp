#include "build/buildexecutor.h"

#include "build/lvmreport.h"
#include "build/mdstat.h"
#include "disks/diskscanner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QThread>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

namespace {
constexpr int createTimeoutMs = 180'000;
constexpr int removeTimeoutMs = 120'000;

bool cancelled(const std::atomic_bool* cancel)
{
    return cancel && cancel->load();
}
} // namespace

QString TeardownReport::summary() const
{
    if (problems.isEmpty()) {
        return removed.isEmpty() ? QStringLiteral("nothing to remove")
                                 : QStringLiteral("removed %1").arg(removed.join(QStringLiteral(", ")));
    }
    return QStringLiteral("removed %1; problems: %2")
        .arg(removed.isEmpty() ? QStringLiteral("nothing") : removed.join(QStringLiteral(", ")),
             problems.join(QStringLiteral("; ")));
}

BuildExecutor::BuildExecutor(CommandRunner& runner, Options options, Callbacks callbacks)
    : m_runner(runner)
    , m_options(std::move(options))
    , m_callbacks(std::move(callbacks))
{
    if (!m_options.deviceExists) {
        m_options.deviceExists = blockDeviceExists;
    }
}

bool BuildExecutor::blockDeviceExists(const QString& device)
{
    struct stat st
    { };
    return ::stat(QFile::encodeName(device).constData(), &st) == 0 && S_ISBLK(st.st_mode);
}

std::function<Result<void>(const QString&)> BuildExecutor::diskCheck(bool allowLoop)
{
    return [allowLoop](const QString& device) -> Result<void> {
        EligibilityOptions options;
        options.allowLoop = allowLoop;
        auto disk = DiskScanner().inspect(device, options);
        if (!disk) {
            return disk.error();
        }
        if (!disk->eligible) {
            QStringList why;
            for (const auto& reason : disk->reasons) {
                why.append(reason.message);
            }
            return makeError(QStringLiteral("disk-not-eligible"),
                             QStringLiteral("%1 is not safe to write: %2").arg(device, why.join(QStringLiteral("; "))));
        }
        // The kernel's own word: an exclusive open fails on a mounted or held device.
        const int fd = ::open(QFile::encodeName(device).constData(), O_RDONLY | O_EXCL | O_CLOEXEC);
        if (fd < 0) {
            const int err = errno;
            return makeError(QStringLiteral("disk-busy"),
                             QStringLiteral("%1 is in use: the kernel refused exclusive "
                                            "access (%2)")
                                 .arg(device, QString::fromLocal8Bit(strerror(err))));
        }
        ::close(fd);
        return {};
    };
}

void BuildExecutor::report(const QString& message, double fraction)
{
    if (m_callbacks.progress) {
        m_callbacks.progress(message, fraction);
    }
}

CommandResult BuildExecutor::runLogged(const QString& description, const QStringList& argv, int timeoutMs,
                                       const std::atomic_bool* cancel)
{
    const CommandResult result = m_runner.run(argv, timeoutMs, cancel);
    if (m_callbacks.logged) {
        m_callbacks.logged(StepLog {description, argv, result});
    }
    return result;
}

Result<BuiltArray> BuildExecutor::build(const BuildPlan& plan, const std::atomic_bool* cancel)
{
    // The safety gate, right before the first destructive step.
    if (m_options.checkDevice) {
        for (const QString& device : plan.destroys) {
            if (auto ok = m_options.checkDevice(device); !ok) {
                return Error {ok.error().code, QStringLiteral("refusing to build: %1").arg(ok.error().message)};
            }
        }
    }
    BuildJournal journal(m_options.journalDirectory, plan.tag);
    if (auto ok = journal.begin(plan.finalWipes); !ok) {
        return ok.error();
    }
    BuiltArray built;
    built.plan = plan;
    QString failure;
    QString failureCode;
    bool halfCreated = false;
    const int total = int(plan.steps.size());
    for (int i = 0; i < total && failure.isEmpty(); ++i) {
        const BuildStep& step = plan.steps.at(i);
        if (cancelled(cancel)) {
            failure = QStringLiteral("cancelled");
            failureCode = QStringLiteral("cancelled");
            break;
        }
        report(step.description, double(i) / total);
        if (step.creates) {
            // Journal first: if we die during the command, recovery still knows to undo it.
            if (auto ok = journal.add(*step.creates); !ok) {
                failure = ok.error().message;
                failureCode = ok.error().code;
                break;
            }
            built.objects.append(*step.creates);
        }
        CommandResult result;
        if (!step.mdAttribute.isEmpty()) {
            result = m_runner.writeMdAttribute(step.mdAttribute.value(0), step.mdAttribute.value(1),
                                               step.mdAttribute.value(2));
            if (m_callbacks.logged) {
                m_callbacks.logged(
                    StepLog {step.description, QStringList {QStringLiteral("sysfs")} + step.mdAttribute, result});
            }
        } else {
            result = runLogged(step.description, step.argv, createTimeoutMs, cancel);
        }
        if (!result.ok()) {
            halfCreated = step.creates.has_value();
            failure = QStringLiteral("%1 failed: %2").arg(step.description, result.summary());
            failureCode = result.cancelled ? QStringLiteral("cancelled") : QStringLiteral("step-failed");
            break;
        }
        if (!step.waitForDevice.isEmpty()) {
            QElapsedTimer timer;
            timer.start();
            while (!m_options.deviceExists(step.waitForDevice) && timer.elapsed() < m_options.deviceTimeoutMs &&
                   !cancelled(cancel)) {
                QThread::msleep(50);
            }
            if (!m_options.deviceExists(step.waitForDevice)) {
                failure = cancelled(cancel) ? QStringLiteral("cancelled")
                                            : QStringLiteral("the device node %1 never appeared (waited %2 s)")
                                                  .arg(step.waitForDevice)
                                                  .arg(m_options.deviceTimeoutMs / 1000);
                failureCode = cancelled(cancel) ? QStringLiteral("cancelled") : QStringLiteral("no-device-node");
                break;
            }
        }
        if (!step.resyncDevice.isEmpty()) {
            if (auto ok = followResync(step.resyncDevice, cancel); !ok) {
                failure = ok.error().message;
                failureCode = ok.error().code;
            }
        }
    }
    if (failure.isEmpty()) {
        built.device = plan.topDevice;
        report(QStringLiteral("built %1").arg(plan.topDevice), 1.0);
        return built;
    }
    report(QStringLiteral("removing what was created"), 1.0);
    if (halfCreated && !built.objects.isEmpty()) {
        // The failed command may have created part of its object, or nothing: undo it quietly first.
        removeObjects({built.objects.takeLast()}, {});
    }
    const TeardownReport cleanup = removeObjects(built.objects, plan.finalWipes);
    if (cleanup.clean()) {
        journal.finish();
    }
    return makeError(failureCode, QStringLiteral("%1; clean-up: %2").arg(failure, cleanup.summary()));
}

Result<void> BuildExecutor::followResync(const QString& device, const std::atomic_bool* cancel)
{
    const QString kernelName = QFileInfo(QFileInfo(device).canonicalFilePath()).fileName();
    for (;;) {
        QFile file(m_options.procRoot + QStringLiteral("/mdstat"));
        if (!file.open(QIODevice::ReadOnly)) {
            return {};
        }
        const MdStat stat = MdStat::parse(QString::fromUtf8(file.readAll()));
        const MdStatArray* array = stat.find(kernelName);
        if (!array || !array->sync) {
            report(QStringLiteral("%1 is in sync").arg(device), 1.0);
            return {};
        }
        const MdSync& sync = *array->sync;
        report(sync.delayed ? QStringLiteral("%1: %2 waiting").arg(device, sync.action)
                            : QStringLiteral("%1: %2 %3 % at %4 MB/s, %5 min left")
                                  .arg(device, sync.action)
                                  .arg(sync.percent, 0, 'f', 1)
                                  .arg(double(sync.speedKiBs) * 1024 / 1e6, 0, 'f', 1)
                                  .arg(sync.finishMinutes, 0, 'f', 1),
               sync.percent / 100.0);
        if (!m_options.waitForResync) {
            return {};
        }
        if (cancelled(cancel)) {
            return makeError(QStringLiteral("cancelled"),
                             QStringLiteral("cancelled during the resync of %1").arg(device));
        }
        QThread::msleep(500);
    }
}

TeardownReport BuildExecutor::removeObjects(const QList<BuildObject>& objects, const QList<QStringList>& finalWipes)
{
    TeardownReport report;
    for (auto it = objects.crbegin(); it != objects.crend(); ++it) {
        bool ok = true;
        for (const QStringList& argv : it->undo) {
            const CommandResult result =
                runLogged(QStringLiteral("remove %1 %2").arg(it->kind, it->name), argv, removeTimeoutMs, nullptr);
            if (!result.ok()) {
                ok = false;
                report.problems.append(
                    QStringLiteral("%1: %2").arg(argv.mid(0, 2).join(QLatin1Char(' ')), result.summary()));
            }
        }
        if (ok) {
            report.removed.append(it->name);
        }
    }
    for (const QStringList& argv : finalWipes) {
        const CommandResult result =
            runLogged(QStringLiteral("wipe %1").arg(argv.last()), argv, removeTimeoutMs, nullptr);
        if (!result.ok()) {
            report.problems.append(QStringLiteral("wipefs %1: %2").arg(argv.last(), result.summary()));
        }
    }
    return report;
}

TeardownReport BuildExecutor::teardown(const BuiltArray& array)
{
    report(QStringLiteral("tearing down %1").arg(array.device), 0);
    const TeardownReport result = removeObjects(array.objects, array.plan.finalWipes);
    if (result.clean()) {
        BuildJournal(m_options.journalDirectory, array.plan.tag).finish();
    }
    return result;
}

TeardownReport BuildExecutor::recoverLeftovers()
{
    TeardownReport total;
    auto merge = [&total](const TeardownReport& part) {
        total.removed += part.removed;
        total.problems += part.problems;
    };
    // 1. What the journals say, in reverse creation order. Commands for objects that are already gone
    //    fail harmlessly; they are not counted as problems.
    for (const JournalRecord& record : BuildJournal::readAll(m_options.journalDirectory)) {
        TeardownReport part = removeObjects(record.objects, record.finalWipes);
        part.problems.clear();
        merge(part);
        QFile::remove(record.path);
    }
    // 2. Volume groups named raidbench_* (a journal may have been lost with /run).
    const QString config = lvmConfig(udevIsRunning());
    const CommandResult vgs = runLogged(QStringLiteral("list volume groups"),
                                        {QStringLiteral("lvm"), QStringLiteral("vgs"), QStringLiteral("--config"),
                                         config, QStringLiteral("--reportformat"), QStringLiteral("json"),
                                         QStringLiteral("-o"), QStringLiteral("vg_name")},
                                        removeTimeoutMs, nullptr);
    if (vgs.ok()) {
        auto report = LvmReport::parse(vgs.out.toUtf8(), QStringLiteral("vg"));
        const QStringList groups = report ? report->column(QStringLiteral("vg_name")) : QStringList();
        const CommandResult pvs = runLogged(QStringLiteral("list physical volumes"),
                                            {QStringLiteral("lvm"), QStringLiteral("pvs"), QStringLiteral("--config"),
                                             config, QStringLiteral("--reportformat"), QStringLiteral("json"),
                                             QStringLiteral("-o"), QStringLiteral("pv_name,vg_name")},
                                            removeTimeoutMs, nullptr);
        const auto pvReport = LvmReport::parse(pvs.out.toUtf8(), QStringLiteral("pv"));
        for (const QString& vg : groups) {
            if (!vg.startsWith(QLatin1String("raidbench_"))) {
                continue;
            }
            BuildObject group {QStringLiteral("vg"), vg, QString(), {}, {}};
            group.undo.append({QStringLiteral("lvm"), QStringLiteral("vgremove"), QStringLiteral("--config"), config,
                               QStringLiteral("-f"), vg});
            if (pvReport) {
                for (const auto& row : pvReport->rows) {
                    if (row.value(QStringLiteral("vg_name")).toString() == vg) {
                        group.undo.append({QStringLiteral("lvm"), QStringLiteral("pvremove"),
                                           QStringLiteral("--config"), config, QStringLiteral("-y"),
                                           QStringLiteral("-ff"), row.value(QStringLiteral("pv_name")).toString()});
                    }
                }
            }
            merge(removeObjects({group}, {}));
        }
    }
    // 3. md arrays named raidbench-*: stop the top ones first (those no other array holds).
    for (int pass = 0; pass < 6; ++pass) {
        QFile mdstatFile(m_options.procRoot + QStringLiteral("/mdstat"));
        if (!mdstatFile.open(QIODevice::ReadOnly)) {
            break;
        }
        const MdStat stat = MdStat::parse(QString::fromUtf8(mdstatFile.readAll()));
        QSet<QString> heldByArray;
        for (const MdStatArray& array : stat.arrays) {
            for (const MdStatMember& member : array.members) {
                heldByArray.insert(member.name);
            }
        }
        bool stoppedAny = false;
        for (const MdStatArray& array : stat.arrays) {
            if (heldByArray.contains(array.name)) {
                continue;
            }
            const QString device = QStringLiteral("/dev/") + array.name;
            const CommandResult detail =
                runLogged(QStringLiteral("inspect %1").arg(device),
                          {QStringLiteral("mdadm"), QStringLiteral("--detail"), QStringLiteral("--export"), device},
                          removeTimeoutMs, nullptr);
            const MdDetail info = MdDetail::parse(detail.out);
            const QString name = info.name().section(QLatin1Char(':'), -1);
            if (!name.startsWith(QLatin1String("raidbench-"))) {
                continue; // never touch an array we did not make
            }
            BuildObject object {QStringLiteral("md"), name, device, {}, {}};
            object.undo.append({QStringLiteral("mdadm"), QStringLiteral("--stop"), device});
            QList<QStringList> wipes;
            for (const MdStatMember& member : array.members) {
                object.undo.append({QStringLiteral("mdadm"), QStringLiteral("--zero-superblock"),
                                    QStringLiteral("/dev/") + member.name});
            }
            merge(removeObjects({object}, wipes));
            stoppedAny = true;
        }
        if (!stoppedAny) {
            break;
        }
    }
    return total;
}

} // namespace RaidBench
