#include "system/childprocess.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QFile>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace RaidBench {

namespace {

/// A message and _exit, for the child after fork(): write(2) only (no strerror: not async-signal-safe).
[[noreturn]] void childFail(const char* what, int err, int code)
{
    char number[16];
    int at = int(sizeof(number));
    number[--at] = '\0';
    do {
        number[--at] = char('0' + err % 10);
        err /= 10;
    } while (err > 0 && at > 0);
    const char* prefix = "raidbench: cannot run the command: ";
    [[maybe_unused]] ssize_t n = ::write(2, prefix, std::strlen(prefix));
    n = ::write(2, what, std::strlen(what));
    n = ::write(2, ": errno ", 8);
    n = ::write(2, number + at, std::strlen(number + at));
    n = ::write(2, "\n", 1);
    _exit(code);
}

std::vector<gid_t> groupsOf(int uid, int gid)
{
    std::vector<gid_t> groups {gid_t(gid)};
    struct passwd entry
    { };
    struct passwd* found = nullptr;
    std::vector<char> buffer(16384);
    if (getpwuid_r(uid_t(uid), &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
        return groups; // no such user in the password database: the primary group only
    }
    int count = 64;
    std::vector<gid_t> list(static_cast<size_t>(count));
    if (getgrouplist(found->pw_name, gid_t(gid), list.data(), &count) < 0) {
        list.resize(size_t(count));
        if (getgrouplist(found->pw_name, gid_t(gid), list.data(), &count) < 0) {
            return groups;
        }
    }
    list.resize(size_t(count));
    return list;
}

} // namespace

int primaryGroupOf(int uid)
{
    struct passwd entry
    { };
    struct passwd* found = nullptr;
    std::vector<char> buffer(16384);
    if (getpwuid_r(uid_t(uid), &entry, buffer.data(), buffer.size(), &found) == 0 && found) {
        return int(found->pw_gid);
    }
    return uid;
}

namespace {

/// The resources whose limits a root program may lift for itself and a user's command gets back.
constexpr int limitedResources[] = {RLIMIT_CPU,   RLIMIT_FSIZE,   RLIMIT_DATA,   RLIMIT_AS,
                                    RLIMIT_STACK, RLIMIT_MEMLOCK, RLIMIT_NOFILE, RLIMIT_NPROC};
constexpr size_t limitedCount = sizeof(limitedResources) / sizeof(limitedResources[0]);

struct StartLimits
{
    bool saved = false;
    rlimit limits[limitedCount] {};
};

StartLimits& startLimits()
{
    static StartLimits limits;
    return limits;
}

/// What the child tells the parent through the errno pipe when it cannot run the program.
struct ChildFailure
{
    int stage = 0; ///< 1 switching user, 2 entering the directory, 3 running the program, 4 its control group
    int err = 0;
};

void tellParent(int fd, int stage, int err)
{
    const ChildFailure failure {stage, err};
    [[maybe_unused]] const ssize_t n = ::write(fd, &failure, sizeof(failure));
}

/// Everything the child needs, made before fork(): after it the child may not allocate or look
/// anything up. Not copyable: `argv` and `envp` point into the stores.
struct ExecImage
{
    explicit ExecImage(const ChildSpec& spec)
    {
        QString path;
        for (const QString& variable : spec.environment) {
            if (variable.startsWith(QLatin1String("PATH="))) {
                path = variable.mid(5);
            }
        }
        searchPath = path;
        // The program is looked up by the child, as the user it runs as: root never looks into a place
        // the user cannot, so whether a file exists in a root-only directory never shows in the answer.
        const QString& argv0 = spec.argv.first();
        if (argv0.contains(QLatin1Char('/'))) {
            candidates.push_back(QFile::encodeName(argv0));
        } else {
            for (const QString& dir : path.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
                if (dir.startsWith(QLatin1Char('/'))) { // a relative PATH entry would depend on the directory
                    candidates.push_back(QFile::encodeName(dir + QLatin1Char('/') + argv0));
                }
            }
        }
        for (const QString& arg : spec.argv) {
            argStore.push_back(arg.toLocal8Bit());
        }
        for (QByteArray& arg : argStore) {
            argv.push_back(arg.data());
        }
        argv.push_back(nullptr);
        for (const QString& variable : spec.environment) {
            envStore.push_back(variable.toLocal8Bit());
        }
        for (QByteArray& variable : envStore) {
            envp.push_back(variable.data());
        }
        envp.push_back(nullptr);
        directory = QFile::encodeName(spec.workingDirectory);
        if (spec.uid >= 0) {
            groups = groupsOf(spec.uid, spec.gid >= 0 ? spec.gid : spec.uid);
            // A user's command runs under the limits its caller had before a root program lifted its own.
            limits = startLimits();
        }
    }
    Q_DISABLE_COPY_MOVE(ExecImage)

    QString searchPath; ///< the PATH the program is looked up in
    std::vector<QByteArray> candidates;
    std::vector<QByteArray> argStore;
    std::vector<char*> argv;
    std::vector<QByteArray> envStore;
    std::vector<char*> envp;
    QByteArray directory;
    std::vector<gid_t> groups;
    StartLimits limits;
};

/// The child after fork(): signals and descriptors as a new program expects them, the user and
/// limits switched, the directory entered, the program run. Tells the parent through `reportFd`
/// what failed, if anything did.
[[noreturn]] void runChild(const ChildSpec& spec, const ExecImage& image, int devNull, int reportFd, pid_t parent)
{
    if (spec.ownProcessGroup) {
        setpgid(0, 0);
    }
    // Into its own control group first, while still root (the group is root's): from here on, whatever
    // it starts is in there with it.
    if (spec.cgroupFd >= 0 && ::write(spec.cgroupFd, "0", 1) != 1) {
        tellParent(reportFd, 4, errno);
        childFail("joining its control group", errno, 126);
    }
    struct sigaction dflt
    { };
    dflt.sa_handler = SIG_DFL;
    for (int sig : {SIGPIPE, SIGTERM, SIGHUP, SIGINT, SIGCHLD, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGXCPU, SIGXFSZ,
                    SIGUSR1, SIGUSR2, SIGALRM}) {
        sigaction(sig, &dflt, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    const int in = spec.stdinFd >= 0 ? spec.stdinFd : devNull;
    const int out = spec.stdoutFd >= 0 ? spec.stdoutFd : devNull;
    const int err = spec.stderrFd >= 0 ? spec.stderrFd : devNull;
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
        _exit(126);
    }
    // Nothing of ours stays open in it (close_range; without it, CLOEXEC still covers Qt's files),
    // except the report pipe, which closes itself on exec.
    auto closeFrom = [](int first, int last) {
        if (first <= last && syscall(SYS_close_range, unsigned(first), unsigned(last), 0u) != 0) {
            for (int fd = first; fd <= last && fd < 4096; ++fd) { // kernels before 5.9
                ::close(fd);
            }
        }
    };
    closeFrom(3, reportFd - 1);
    closeFrom(reportFd + 1, INT_MAX);
    if (spec.uid >= 0) {
        for (size_t i = 0; image.limits.saved && i < limitedCount; ++i) {
            setrlimit(limitedResources[i], &image.limits.limits[i]); // lowering needs no privilege
        }
        const gid_t gid = gid_t(spec.gid >= 0 ? spec.gid : spec.uid);
        if (setgroups(image.groups.size(), image.groups.data()) != 0 || setgid(gid) != 0 ||
            setuid(uid_t(spec.uid)) != 0) {
            tellParent(reportFd, 1, errno);
            childFail("switching user", errno, 126);
        }
    }
    if (spec.dieWithParent) {
        // Set after the user switch, which clears it; and the parent may already be gone.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) {
            _exit(137);
        }
    }
    if (!image.directory.isEmpty() && ::chdir(image.directory.constData()) != 0) {
        tellParent(reportFd, 2, errno);
        childFail(image.directory.constData(), errno, 126);
    }
    // As execvp does: the first candidate that runs; a refusal (EACCES) is kept over "not there".
    int failure = ENOENT;
    for (const QByteArray& candidate : image.candidates) {
        execve(candidate.constData(), image.argv.data(), image.envp.data());
        if (errno != ENOENT && errno != ENOTDIR) {
            failure = errno;
        }
    }
    tellParent(reportFd, 3, failure);
    childFail(image.argStore.front().constData(), failure, failure == ENOENT ? 127 : 126);
}

/// Why a child that reported a failure through the pipe did not run.
Error childStartError(const ChildSpec& spec, const ChildFailure& failure, const QString& path)
{
    const QString& argv0 = spec.argv.first();
    const QString program = argv0.left(200);
    const QString why = errnoText(failure.err);
    switch (failure.stage) {
    case 1:
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("cannot run %1 as user %2: %3").arg(program, QString::number(spec.uid), why));
    case 4:
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("cannot put %1 in a control group of its own: %2").arg(program, why));
    case 2:
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("cannot run %1 in %2: %3").arg(program, spec.workingDirectory, why));
    default:
        if (failure.err == ENOENT) {
            return makeError(
                ErrorCode::commandNotFound,
                QStringLiteral("%1: no such program%2")
                    .arg(program, argv0.contains(QLatin1Char('/')) ? QString() : QStringLiteral(" in %1").arg(path)));
        }
        return makeError(ErrorCode::commandNotFound, QStringLiteral("cannot run %1: %2").arg(program, why));
    }
}

} // namespace

void ChildProcess::saveStartLimits()
{
    StartLimits& saved = startLimits();
    for (size_t i = 0; i < limitedCount; ++i) {
        if (getrlimit(limitedResources[i], &saved.limits[i]) != 0) {
            saved.limits[i] = rlimit {RLIM_INFINITY, RLIM_INFINITY};
        }
    }
    saved.saved = true;
}

Result<ChildProcess> ChildProcess::start(const ChildSpec& spec)
{
    if (spec.argv.isEmpty() || spec.argv.first().isEmpty()) {
        return makeError(ErrorCode::noCommand, QStringLiteral("no command given"));
    }
    const ExecImage image(spec);
    const int devNull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devNull < 0) {
        return makeError(ErrorCode::forkFailed, QStringLiteral("cannot open /dev/null"));
    }
    int report[2] = {-1, -1}; // closed by a successful exec; a failure's stage and errno otherwise
    if (::pipe2(report, O_CLOEXEC) != 0) {
        const int err = errno;
        ::close(devNull);
        return makeError(ErrorCode::forkFailed, QStringLiteral("cannot make a pipe: %1").arg(errnoText(err)));
    }
    const pid_t parent = getpid();

    const pid_t pid = fork();
    if (pid < 0) {
        const int err = errno;
        ::close(devNull);
        ::close(report[0]);
        ::close(report[1]);
        return makeError(ErrorCode::forkFailed, QStringLiteral("cannot fork: %1").arg(errnoText(err)));
    }
    if (pid == 0) {
        runChild(spec, image, devNull, report[1], parent);
    }
    ::close(devNull);
    ::close(report[1]);
    ChildProcess child;
    child.m_pid = pid;
    child.m_group = spec.ownProcessGroup;
    if (spec.ownProcessGroup) {
        setpgid(pid, pid); // also here: no window in which kill() of the group misses it
    }
    ChildFailure failure;
    ssize_t n;
    do {
        n = ::read(report[0], &failure, sizeof(failure));
    } while (n < 0 && errno == EINTR);
    ::close(report[0]);
    if (n != ssize_t(sizeof(failure))) {
        return child; // the pipe closed on exec: it runs
    }
    child.wait(); // it has failed and exits: nothing is left behind
    return childStartError(spec, failure, image.searchPath);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
{
    *this = std::move(other);
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept
{
    if (this != &other) {
        m_pid = std::exchange(other.m_pid, -1);
        m_group = other.m_group;
        m_status = std::exchange(other.m_status, std::nullopt);
    }
    return *this;
}

ChildProcess::~ChildProcess()
{
    if (running()) {
        kill(SIGKILL);
        wait();
    }
}

std::optional<int> ChildProcess::reap(bool block, rusage* usage)
{
    if (m_status || m_pid <= 0) {
        return m_status;
    }
    // Seen ended but not reaped yet: its process group still has its number, so killing the group
    // reaches exactly what it started, never a stranger that got the number later.
    siginfo_t info {};
    for (;;) {
        const int flags = WEXITED | WNOWAIT | (block ? 0 : WNOHANG);
        if (::waitid(P_PID, id_t(m_pid), &info, flags) == 0) {
            break;
        }
        if (errno != EINTR) {
            m_status = -1;
            return m_status;
        }
    }
    if (info.si_pid != m_pid) {
        return std::nullopt; // still running
    }
    if (m_group) {
        ::kill(-m_pid, SIGKILL); // what it left running dies with it
    }
    int status = 0;
    rusage local {};
    while (wait4(m_pid, &status, 0, &local) < 0 && errno == EINTR) {
    }
    m_status = status;
    if (usage) {
        *usage = local;
    }
    return m_status;
}

std::optional<int> ChildProcess::poll(rusage* usage)
{
    return reap(false, usage);
}

int ChildProcess::wait(rusage* usage)
{
    return reap(true, usage).value_or(-1);
}

void ChildProcess::kill(int signal)
{
    if (m_pid <= 0) {
        return;
    }
    if (m_group) {
        ::kill(-m_pid, signal);
    }
    if (!m_status) {
        ::kill(m_pid, signal);
    }
}

} // namespace RaidBench
