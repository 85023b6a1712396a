#include "system/childprocess.h"

#include "util/errorcodes.h"

#include <QFile>

#include <cerrno>
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

QString ChildProcess::findProgram(const QString& argv0, const QString& path)
{
    auto executable = [](const QString& candidate) {
        struct stat st
        { };
        return ::stat(QFile::encodeName(candidate).constData(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111);
    };
    if (argv0.contains(QLatin1Char('/'))) {
        return executable(argv0) ? argv0 : QString();
    }
    if (argv0.isEmpty()) {
        return {};
    }
    for (const QString& dir : path.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
        const QString candidate = dir + QLatin1Char('/') + argv0;
        if (executable(candidate)) {
            return candidate;
        }
    }
    return {};
}

Result<ChildProcess> ChildProcess::start(const ChildSpec& spec)
{
    if (spec.argv.isEmpty()) {
        return makeError(ErrorCode::noCommand, QStringLiteral("no command given"));
    }
    QString path;
    for (const QString& variable : spec.environment) {
        if (variable.startsWith(QLatin1String("PATH="))) {
            path = variable.mid(5);
        }
    }
    const QString program = findProgram(spec.argv.first(), path);
    if (program.isEmpty()) {
        return makeError(
            ErrorCode::commandNotFound,
            QStringLiteral("%1: no such program%2")
                .arg(spec.argv.first().left(200),
                     spec.argv.first().contains(QLatin1Char('/')) ? QString() : QStringLiteral(" in %1").arg(path)));
    }
    // Everything the child needs, made now: after fork() it may not allocate or look anything up.
    const QByteArray programBytes = QFile::encodeName(program);
    std::vector<QByteArray> argStore;
    for (const QString& arg : spec.argv) {
        argStore.push_back(arg.toLocal8Bit());
    }
    std::vector<char*> argv;
    for (QByteArray& arg : argStore) {
        argv.push_back(arg.data());
    }
    argv.push_back(nullptr);
    std::vector<QByteArray> envStore;
    for (const QString& variable : spec.environment) {
        envStore.push_back(variable.toLocal8Bit());
    }
    std::vector<char*> envp;
    for (QByteArray& variable : envStore) {
        envp.push_back(variable.data());
    }
    envp.push_back(nullptr);
    const QByteArray directory = QFile::encodeName(spec.workingDirectory);
    const std::vector<gid_t> groups =
        spec.uid >= 0 ? groupsOf(spec.uid, spec.gid >= 0 ? spec.gid : spec.uid) : std::vector<gid_t>();
    const int devNull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devNull < 0) {
        return makeError(ErrorCode::forkFailed, QStringLiteral("cannot open /dev/null"));
    }
    const pid_t parent = getpid();

    const pid_t pid = fork();
    if (pid < 0) {
        const int err = errno;
        ::close(devNull);
        return makeError(ErrorCode::forkFailed,
                         QStringLiteral("cannot fork: %1").arg(QString::fromLocal8Bit(strerror(err))));
    }
    if (pid == 0) {
        if (spec.ownProcessGroup) {
            setpgid(0, 0);
        }
        struct sigaction dflt
        { };
        dflt.sa_handler = SIG_DFL;
        for (int sig : {SIGPIPE, SIGTERM, SIGHUP, SIGINT, SIGCHLD}) {
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
        // Nothing of ours stays open in it (close_range; without it, CLOEXEC still covers Qt's files).
        if (syscall(SYS_close_range, 3u, ~0u, 0u) != 0) {
            for (int fd = 3; fd < 4096; ++fd) { // kernels before 5.9
                ::close(fd);
            }
        }
        if (spec.uid >= 0) {
            const gid_t gid = gid_t(spec.gid >= 0 ? spec.gid : spec.uid);
            if (setgroups(groups.size(), groups.data()) != 0) {
                childFail("setgroups", errno, 126);
            }
            if (setgid(gid) != 0) {
                childFail("setgid", errno, 126);
            }
            if (setuid(uid_t(spec.uid)) != 0) {
                childFail("setuid", errno, 126);
            }
        }
        if (spec.dieWithParent) {
            // Set after the user switch, which clears it; and the parent may already be gone.
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent) {
                _exit(137);
            }
        }
        if (!directory.isEmpty() && ::chdir(directory.constData()) != 0) {
            childFail(directory.constData(), errno, 126);
        }
        execve(programBytes.constData(), argv.data(), envp.data());
        childFail(programBytes.constData(), errno, errno == ENOENT ? 127 : 126);
    }
    ::close(devNull);
    ChildProcess child;
    child.m_pid = pid;
    child.m_group = spec.ownProcessGroup;
    if (spec.ownProcessGroup) {
        setpgid(pid, pid); // also here: no window in which kill() of the group misses it
    }
    return child;
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
