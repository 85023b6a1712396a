#include "fs/filecommand.h"

#include "system/childprocess.h"
#include "system/commandcgroup.h"
#include "util/cancelflag.h"
#include "util/errnotext.h"
#include "util/monotonicclock.h"
#include "util/units.h"

#include <QFile>
#include <QJsonArray>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <numeric>
#include <optional>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace RaidBench {

// The command file test: the user's own command, run in a clean environment, timed over its repeats.

namespace {

struct CommandRun
{
    double seconds = 0;
    double userS = 0;
    double sysS = 0;
    int exitCode = -1;
    int signal = 0;
    bool timedOut = false;
    bool cancelled = false;
    QString output;
    QString error;
};

CommandRun runCommand(const QStringList& argv, const FileTestParams& params, const std::atomic_bool* cancel)
{
    CommandRun run;
    // Its output comes through a pipe of which only the last 2000 bytes are kept: however much it
    // prints, root stores none of it on disk.
    int output[2] = {-1, -1};
    if (::pipe2(output, O_CLOEXEC) != 0) {
        run.error = QStringLiteral("cannot make a pipe for the command's output: %1").arg(errnoText(errno));
        return run;
    }
    ::fcntl(output[0], F_SETFL, O_NONBLOCK);
    QByteArray tail;
    auto drain = [&] {
        char chunk[4096];
        for (ssize_t n; (n = ::read(output[0], chunk, sizeof(chunk))) > 0;) {
            tail.append(chunk, n);
            if (tail.size() > 4000) {
                tail = tail.right(2000);
            }
        }
    };
    const QString dir = params.commandDirectory.isEmpty() ? params.directory : params.commandDirectory;
    ChildSpec spec;
    spec.argv = argv;
    // A clean environment: nothing of ours (nor of root's) reaches the user's command.
    spec.environment = {QStringLiteral("RAIDBENCH_DIR=") + dir, QStringLiteral("HOME=") + dir,
                        QStringLiteral("PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"),
                        QStringLiteral("LANG=C.UTF-8")};
    spec.workingDirectory = dir;
    spec.stdoutFd = output[1];
    spec.stderrFd = output[1];
    spec.uid = params.uid;
    spec.gid = params.gid;
    // Run for someone by root: a control group of its own, so that what it starts in a session of its
    // own (setsid, a daemon) is in it too and goes when the run ends, never left holding the file
    // system or the disk. A user's own run of their own command needs none.
    std::optional<CommandCgroup> group;
    if (geteuid() == 0) {
        auto made = CommandCgroup::create();
        if (!made) {
            ::close(output[0]);
            ::close(output[1]);
            run.error = made.error().message;
            run.exitCode = 127;
            return run;
        }
        group.emplace(std::move(*made));
        spec.cgroupFd = group->joinFd();
    }
    const std::uint64_t start = monotonicNs();
    auto child = ChildProcess::start(spec);
    ::close(output[1]);
    if (!child) {
        ::close(output[0]);
        run.error = child.error().message;
        run.exitCode = 127;
        return run;
    }
    int status = 0;
    rusage usage {};
    for (;;) {
        drain();
        if (const auto done = child->poll(&usage)) { // what it left running in its group dies here
            status = *done;
            break;
        }
        const bool overTime = params.timeoutNs && monotonicNs() - start > params.timeoutNs;
        if (overTime || cancelled(cancel)) {
            run.timedOut = overTime;
            run.cancelled = !overTime;
            child->kill(SIGKILL); // the whole group: whatever it started goes too
            status = child->wait(&usage);
            break;
        }
        const timespec pause {0, 10'000'000};
        nanosleep(&pause, nullptr);
    }
    // Everything it left running, in any session or process group, ends with it.
    if (group) {
        if (auto ended = group->killAll(); !ended && run.error.isEmpty()) {
            run.error = ended.error().message;
        }
    }
    drain();
    ::close(output[0]);
    run.seconds = double(monotonicNs() - start) / 1e9;
    run.userS = double(usage.ru_utime.tv_sec) + double(usage.ru_utime.tv_usec) / 1e6;
    run.sysS = double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) / 1e6;
    if (WIFEXITED(status)) {
        run.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        run.signal = WTERMSIG(status);
    }
    run.output = QString::fromLocal8Bit(tail.right(2000)).trimmed();
    return run;
}

bool dropCaches()
{
    ::sync();
    QFile file(QStringLiteral("/proc/sys/vm/drop_caches"));
    return file.open(QIODevice::WriteOnly) && file.write("3\n") == 2;
}

} // namespace

void commandTest(const FileTestParams& params, const std::atomic_bool* cancel, FileTestResult& result)
{
    if (params.argv.isEmpty()) {
        result.status = RunState::Failed;
        result.error = QStringLiteral("no command given");
        return;
    }
    QJsonArray runs;
    QList<double> seconds;
    bool dropped = false;
    for (int repeat = 1; repeat <= std::max(1, params.repeats); ++repeat) {
        if (cancelled(cancel)) {
            result.status = RunState::Cancelled;
            break;
        }
        if (!params.prepare.isEmpty()) {
            const CommandRun prep = runCommand(params.prepare, params, cancel);
            if (prep.exitCode != 0) {
                result.status = RunState::Failed;
                result.error = QStringLiteral("the preparation command failed (exit %1): %2")
                                   .arg(prep.exitCode)
                                   .arg(prep.output.right(300));
                break;
            }
        }
        if (params.dropCaches) {
            dropped = dropCaches();
        }
        const CommandRun run = runCommand(params.argv, params, cancel);
        FilePhase phase;
        phase.name = QStringLiteral("run %1").arg(repeat);
        phase.ops = 1;
        phase.seconds = run.seconds;
        phase.cpuPct = run.seconds > 0 ? 100.0 * (run.userS + run.sysS) / run.seconds : 0;
        result.phases.append(phase);
        runs.append(QJsonObject {{QStringLiteral("seconds"), run.seconds},
                                 {QStringLiteral("user_s"), run.userS},
                                 {QStringLiteral("sys_s"), run.sysS},
                                 {QStringLiteral("exit_code"), run.exitCode},
                                 {QStringLiteral("signal"), run.signal},
                                 {QStringLiteral("timed_out"), run.timedOut},
                                 {QStringLiteral("output_tail"), run.output.right(500)}});
        if (run.cancelled) {
            result.status = RunState::Cancelled;
            break;
        }
        if (run.timedOut) {
            result.status = RunState::Failed;
            result.error = QStringLiteral("the command ran longer than %1 and was killed")
                               .arg(Units::formatDuration(params.timeoutNs));
            break;
        }
        if (!run.error.isEmpty() || run.exitCode != 0) {
            result.status = RunState::Failed;
            result.error = run.error.isEmpty()
                ? QStringLiteral("the command %1: %2")
                      .arg(run.signal ? QStringLiteral("was killed by signal %1").arg(run.signal)
                                      : QStringLiteral("exited with %1").arg(run.exitCode),
                           run.output.section(QLatin1Char('\n'), -1).right(300))
                : run.error;
            break;
        }
        seconds.append(run.seconds);
    }
    result.details.insert(QStringLiteral("runs"), runs);
    result.details.insert(QStringLiteral("caches_dropped"), dropped);
    result.details.insert(QStringLiteral("uid"), params.uid >= 0 ? params.uid : int(geteuid()));
    result.details.insert(QStringLiteral("argv"), QJsonArray::fromStringList(params.argv));
    if (!seconds.isEmpty()) {
        std::sort(seconds.begin(), seconds.end());
        const qsizetype n = seconds.size();
        result.details.insert(
            QStringLiteral("summary"),
            QJsonObject {
                {QStringLiteral("min_s"), seconds.first()},
                {QStringLiteral("median_s"), n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2},
                {QStringLiteral("mean_s"), std::accumulate(seconds.begin(), seconds.end(), 0.0) / double(n)},
                {QStringLiteral("max_s"), seconds.last()}});
    }
}

} // namespace RaidBench
