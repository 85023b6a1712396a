// raidbench-helper: the one process that does RaidBench's root work. Started by pkexec (polkit action
// io.github.raidbench.manage), directly by root, or inside the lab VM. Speaks JSON lines on
// stdin/stdout (core/helper/helperprotocol.h); one client; tears down its session when it goes.

#include "helper/helperprotocol.h"
#include "helper/helperservice.h"
#include "system/childprocess.h"
#include "system/commandcgroup.h"
#include "system/commandrunner.h"
#include "system/helpercgroup.h"
#include "system/invokinguser.h"
#include "version.h"

#include <QCoreApplication>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace RaidBench;

namespace {

std::atomic_bool g_signalled {false};

void onSignal(int)
{
    g_signalled.store(true);
}

bool writeAll(const QByteArray& data)
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, data.constData() + done, size_t(data.size() - done));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        done += n;
    }
    return true;
}

/// pkexec hands on the caller's umask, signal mask, resource limits, session and process group. None
/// of it may steer root: a umask of 000 would make the journals and directories it creates anyone's,
/// a small RLIMIT_FSIZE or CPU limit (or Ctrl-\ or Ctrl-Z on the caller's terminal) would stop the
/// helper before it tears down what it built.
void shedTheCallersState()
{
    ::umask(077);
    ::setsid(); // its own session: the caller's terminal signals reach it no more
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    for (const int sig : {SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGXCPU, SIGXFSZ, SIGUSR1, SIGUSR2, SIGALRM}) {
        signal(sig, SIG_IGN);
    }
    for (const int resource : {RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_DATA, RLIMIT_AS, RLIMIT_STACK, RLIMIT_MEMLOCK}) {
        struct rlimit unlimited
        {
            RLIM_INFINITY, RLIM_INFINITY
        };
        if (resource == RLIMIT_STACK) {
            unlimited.rlim_cur = 8 << 20; // threads take their size from it
        }
        setrlimit(resource, &unlimited);
    }
    struct rlimit files
    {
        4096, 4096
    };
    setrlimit(RLIMIT_NOFILE, &files);
}

/// What still limits the helper after shedTheCallersState() (a root without CAP_SYS_RESOURCE cannot
/// raise a hard limit the caller lowered), or empty.
QString limitsLeft()
{
    for (const auto& [resource, name] :
         {std::pair {RLIMIT_CPU, "CPU time"}, std::pair {RLIMIT_FSIZE, "file size"},
          std::pair {RLIMIT_AS, "address space"}, std::pair {RLIMIT_DATA, "data size"}}) {
        struct rlimit limit
        { };
        if (getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
            return QStringLiteral("%1 (%2)").arg(QLatin1String(name)).arg(qulonglong(limit.rlim_cur));
        }
    }
    return {};
}

/// Root's own process before any request: the caller's limits saved for the user's command, then
/// shed; out of the caller's control group; what an ended session's command left, ended. False (said
/// why on stderr) when a limit or the caller's control cannot be left.
bool takeOverTheProcess()
{
    // The caller's limits, kept for the user's command (which gets them back) before ours are lifted.
    ChildProcess::saveStartLimits();
    shedTheCallersState();
    if (const QString limit = limitsLeft(); !limit.isEmpty()) {
        // Under a limit it cannot lift, the helper could be stopped halfway through a build: refuse now,
        // before anything is touched.
        std::fprintf(stderr,
                     "raidbench-helper: refusing to start: the caller's resource limit on %s cannot be lifted; start "
                     "RaidBench without it (ulimit)\n",
                     qPrintable(limit));
        return false;
    }
    if (auto ok = HelperCgroup::leaveCallersControl(); !ok) {
        // A caller who can freeze or kill root's helper at will could stop it between a check and the
        // command it guards, or before it tears down.
        std::fprintf(stderr, "raidbench-helper: refusing to start: it %s\n", qPrintable(ok.error().message));
        return false;
    }
    // What the user's command of a helper that was killed left running (its control group outlived it):
    // it ends now, before it can hold a file system or a disk this session needs.
    for (const QString& group : CommandCgroup::removeOrphans()) {
        std::fprintf(stderr, "raidbench-helper: ended the processes an ended session's command left in %s\n",
                     qPrintable(group));
    }
    return true;
}

/// Reads request lines from stdin and hands each to `service`, until it asks to quit, a signal, the
/// client's end, or a client that can no longer be written to; why it stopped.
QString serve(HelperService& service, const std::atomic_bool& clientGone)
{
    QByteArray pending;
    bool discarding = false; // inside an over-long line
    char buffer[65536];
    QString why = QStringLiteral("client closed the connection");
    while (!service.quitRequested()) {
        if (g_signalled.load()) {
            why = QStringLiteral("signal");
            break;
        }
        if (clientGone.load()) {
            why = QStringLiteral("client gone");
            break;
        }
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof(buffer));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        pending.append(buffer, n);
        qsizetype newline;
        while ((newline = pending.indexOf('\n')) >= 0) {
            QByteArray line = pending.left(newline);
            pending.remove(0, newline + 1);
            if (discarding) {
                discarding = false; // the end of the over-long line
                continue;
            }
            if (line.endsWith('\r')) {
                line.chop(1);
            }
            if (!line.trimmed().isEmpty()) {
                service.handleLine(line);
            }
        }
        if (pending.size() > HelperProtocol::maxLineBytes) {
            // Refuse it now rather than hold megabytes waiting for its end.
            if (!discarding) {
                writeAll(HelperProtocol::encodeError(
                    -1, QStringLiteral("too-long"),
                    QStringLiteral("a request line may hold at most %1 bytes").arg(HelperProtocol::maxLineBytes)));
            }
            discarding = true;
            pending.clear();
        }
    }
    return why;
}

} // namespace

int main(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("raidbench-helper %s (protocol %d)\n", RAIDBENCH_VERSION, HelperProtocol::version);
            return 0;
        }
        if (std::strcmp(argv[i], "--help") == 0) {
            std::printf("raidbench-helper: RaidBench's privileged helper. It is started by RaidBench (through pkexec,\n"
                        "or directly when RaidBench runs as root) and speaks JSON lines on stdin/stdout; it is not\n"
                        "meant to be run by hand. See docs/helper-protocol.md.\n");
            return 0;
        }
    }
    if (geteuid() != 0) {
        std::fprintf(stderr, "raidbench-helper: must run as root (RaidBench starts it through pkexec)\n");
        return 1;
    }
    if (!takeOverTheProcess()) {
        return 1;
    }
    QCoreApplication app(argc, argv);
    signal(SIGPIPE, SIG_IGN);
    struct sigaction action
    { };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: a signal interrupts the read in serve()
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);

    SystemCommandRunner runner;
    HelperService::Options options;
    options.runner = &runner;
    // The caller: pkexec's user, sudo's user (the ssh transport's), or whoever runs it as root.
    options.clientUid = invokingUser().uid;
    std::atomic_bool clientGone {false};
    HelperService service(options, [&clientGone](const QByteArray& line) {
        if (!writeAll(line)) {
            clientGone.store(true);
        }
    });

    const QString why = serve(service, clientGone);
    service.shutdown(why);
    return 0;
}
