#include "lab/labchannel.h"

#include "util/errnotext.h"

#include <QFile>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/sockios.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace RaidBench {

LabChannel::LabChannel(QObject* parent)
    : QObject(parent)
{ }

LabChannel::~LabChannel()
{
    close();
}

QString LabChannel::listen(const QString& path)
{
    const QByteArray name = QFile::encodeName(path);
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    if (size_t(name.size()) >= sizeof(address.sun_path)) {
        return QStringLiteral("socket path %1 is too long").arg(path);
    }
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    m_listenFd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (m_listenFd < 0 || ::bind(m_listenFd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
        ::listen(m_listenFd, 1) != 0) {
        const QString error = errnoText(errno);
        close();
        return QStringLiteral("cannot listen on %1: %2").arg(path, error);
    }
    m_path = path;
    m_acceptNotifier = new QSocketNotifier(m_listenFd, QSocketNotifier::Read, this);
    connect(m_acceptNotifier, &QSocketNotifier::activated, this, &LabChannel::accept);
    return {};
}

void LabChannel::accept()
{
    const int fd = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) {
        return;
    }
    if (m_fd >= 0) {
        ::close(fd); // one peer only
        return;
    }
    m_fd = fd;
    m_acceptNotifier->setEnabled(false);
    m_readNotifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &LabChannel::readAvailable);
    m_writeNotifier = new QSocketNotifier(m_fd, QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &LabChannel::flush);
    flush();
}

void LabChannel::readAvailable()
{
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(m_fd, buffer, sizeof(buffer));
        if (n > 0) {
            Q_EMIT received(QByteArray(buffer, n));
            continue;
        }
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n == 0 || (n < 0 && errno != EAGAIN)) {
            m_readNotifier->setEnabled(false);
        }
        return;
    }
}

void LabChannel::write(const QByteArray& data)
{
    m_pending += data;
    flush();
}

void LabChannel::closeAfterWriting()
{
    m_closeWhenFlushed = true;
    flush();
}

void LabChannel::flush()
{
    if (m_fd < 0) {
        return;
    }
    while (!m_pending.isEmpty()) {
        const ssize_t n = ::send(m_fd, m_pending.constData(), size_t(m_pending.size()), MSG_NOSIGNAL);
        if (n > 0) {
            m_pending.remove(0, n);
            continue;
        }
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0 && errno == EAGAIN) {
            m_writeNotifier->setEnabled(true);
            return;
        }
        m_pending.clear(); // the peer is gone
        break;
    }
    m_writeNotifier->setEnabled(false);
    if (m_closeWhenFlushed) {
        // Close only once the peer has read everything: qemu drops what is still queued on hang-up.
        int unread = 0;
        if (ioctl(m_fd, SIOCOUTQ, &unread) == 0 && unread > 0) {
            QTimer::singleShot(20, this, &LabChannel::flush);
            return;
        }
        ::shutdown(m_fd, SHUT_RDWR);
        m_readNotifier->setEnabled(false);
        ::close(m_fd);
        m_fd = -1;
    }
}

QByteArray LabChannel::drain(int timeoutMs)
{
    QByteArray data;
    if (m_fd < 0) {
        return data;
    }
    pollfd pfd {m_fd, POLLIN, 0};
    while (::poll(&pfd, 1, timeoutMs) > 0) {
        char buffer[65536];
        const ssize_t n = ::read(m_fd, buffer, sizeof(buffer));
        if (n <= 0) {
            break;
        }
        data.append(buffer, n);
        timeoutMs = 0;
    }
    return data;
}

void LabChannel::close()
{
    delete m_acceptNotifier;
    m_acceptNotifier = nullptr;
    delete m_readNotifier;
    m_readNotifier = nullptr;
    delete m_writeNotifier;
    m_writeNotifier = nullptr;
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    if (m_listenFd >= 0) {
        ::close(m_listenFd);
        m_listenFd = -1;
    }
    if (!m_path.isEmpty()) {
        ::unlink(QFile::encodeName(m_path).constData());
        m_path.clear();
    }
}

} // namespace RaidBench
