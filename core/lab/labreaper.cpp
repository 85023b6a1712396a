#include "lab/labreaper.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace RaidBench {

namespace {

// Everything below runs in the forked child: no malloc, no locks, no Qt.

void removeTreeAt(int parentFd, const char* name, int depth)
{
    if (depth > 8) {
        return;
    }
    // A directory read while its entries are removed may skip some: read to the end, try to remove the
    // directory, and read again while it is not empty.
    for (int attempt = 0; attempt < 4; ++attempt) {
        const int fd = openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            unlinkat(parentFd, name, 0); // not a directory (or gone)
            return;
        }
        char buffer[4096];
        long n = 0;
        while ((n = syscall(SYS_getdents64, fd, buffer, sizeof(buffer))) > 0) {
            for (long at = 0; at < n;) {
                auto* entry = reinterpret_cast<struct dirent64*>(buffer + at);
                at += entry->d_reclen;
                if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0) {
                    continue;
                }
                if (entry->d_type == DT_DIR) {
                    removeTreeAt(fd, entry->d_name, depth + 1);
                } else {
                    unlinkat(fd, entry->d_name, 0);
                }
            }
        }
        close(fd);
        if (unlinkat(parentFd, name, AT_REMOVEDIR) == 0 || errno != ENOTEMPTY) {
            return;
        }
    }
}

bool cmdlineMentions(pid_t pid, const char* needle)
{
    char path[64];
    char number[24];
    int len = 0;
    for (pid_t p = pid; p > 0 && len < 20; p /= 10) {
        number[len++] = char('0' + p % 10);
    }
    std::memcpy(path, "/proc/", 6);
    int at = 6;
    while (len > 0) {
        path[at++] = number[--len];
    }
    std::memcpy(path + at, "/cmdline", 9);
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    static char content[65536];
    const ssize_t n = read(fd, content, sizeof(content) - 1);
    close(fd);
    if (n <= 0) {
        return false;
    }
    for (ssize_t i = 0; i < n; ++i) {
        if (content[i] == '\0') {
            content[i] = ' ';
        }
    }
    content[n] = '\0';
    return std::strstr(content, needle) != nullptr;
}

[[noreturn]] void reaperMain(int readFd, const char* directory)
{
    setsid();
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    pid_t qemu = 0;
    pid_t current = 0;
    char buffer[64];
    for (;;) {
        const ssize_t n = read(readFd, buffer, sizeof(buffer));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        for (ssize_t i = 0; i < n; ++i) {
            if (buffer[i] >= '0' && buffer[i] <= '9') {
                current = current * 10 + (buffer[i] - '0');
            } else {
                if (current > 0) {
                    qemu = current; // the latest qemu started (a restart replaces the first)
                }
                current = 0;
            }
        }
    }
    if (qemu > 0 && cmdlineMentions(qemu, directory)) {
        kill(qemu, SIGKILL);
        for (int i = 0; i < 100 && kill(qemu, 0) == 0; ++i) {
            const timespec pause {0, 50'000'000};
            nanosleep(&pause, nullptr);
        }
    }
    removeTreeAt(AT_FDCWD, directory, 0);
    _exit(0);
}

} // namespace

LabReaper::~LabReaper()
{
    release();
}

bool LabReaper::start(const QByteArray& directory)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        return false;
    }
    const QByteArray path = directory;
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        close(fds[1]);
        // Hold nothing of the parent's: no sockets, no devices, no other pipes.
        for (int fd = 3; fd < 1024; ++fd) {
            if (fd != fds[0]) {
                close(fd);
            }
        }
        reaperMain(fds[0], path.constData());
    }
    close(fds[0]);
    m_pid = pid;
    m_fd = fds[1];
    return true;
}

void LabReaper::watch(pid_t qemuPid)
{
    if (m_fd < 0) {
        return;
    }
    char text[32];
    int len = 0;
    char digits[24];
    int n = 0;
    for (pid_t p = qemuPid; p > 0 && n < 20; p /= 10) {
        digits[n++] = char('0' + p % 10);
    }
    text[len++] = '\n';
    while (n > 0) {
        text[len++] = digits[--n];
    }
    text[len++] = '\n';
    [[maybe_unused]] const ssize_t written = write(m_fd, text, size_t(len));
}

void LabReaper::release()
{
    if (m_fd >= 0) {
        close(m_fd);
        m_fd = -1;
    }
    if (m_pid > 0) {
        int status = 0;
        while (waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
        m_pid = -1;
    }
}

} // namespace RaidBench
