#include "lab/qmpcommand.h"

#include "util/errorcodes.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>

#include <cstring>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace RaidBench {

Result<QJsonObject> qmpCommand(const QString& socketPath, const QByteArray& command, int timeoutMs)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return makeError(ErrorCode::labQmp, QStringLiteral("no socket"));
    }
    struct sockaddr_un address
    { };
    address.sun_family = AF_UNIX;
    const QByteArray path = QFile::encodeName(socketPath);
    std::strncpy(address.sun_path, path.constData(), sizeof(address.sun_path) - 1);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
        ::close(fd);
        return makeError(ErrorCode::labQmp, QStringLiteral("cannot reach qemu's monitor at %1").arg(socketPath));
    }
    QElapsedTimer clock;
    clock.start();
    QByteArray buffer;
    auto readObject = [&]() -> std::optional<QJsonObject> {
        for (;;) {
            const qsizetype newline = buffer.indexOf('\n');
            if (newline >= 0) {
                const QJsonObject object = QJsonDocument::fromJson(buffer.left(newline)).object();
                buffer.remove(0, newline + 1);
                if (object.contains(QStringLiteral("event"))) {
                    continue;
                }
                return object;
            }
            const qint64 left = timeoutMs - clock.elapsed();
            struct pollfd watch
            {
                fd, POLLIN, 0
            };
            if (left <= 0 || ::poll(&watch, 1, int(left)) <= 0) {
                return std::nullopt;
            }
            char chunk[4096];
            const ssize_t n = ::read(fd, chunk, sizeof(chunk));
            if (n <= 0) {
                return std::nullopt;
            }
            buffer.append(chunk, n);
        }
    };
    auto send = [&](const QByteArray& text) {
        return ::write(fd, text.constData(), size_t(text.size())) == text.size();
    };
    std::optional<QJsonObject> answer;
    if (readObject() && send("{\"execute\":\"qmp_capabilities\"}\n") && readObject() && send(command + '\n')) {
        answer = readObject();
    }
    ::close(fd);
    if (!answer) {
        return makeError(ErrorCode::labQmp, QStringLiteral("qemu's monitor did not answer"));
    }
    if (answer->contains(QStringLiteral("error"))) {
        return makeError(ErrorCode::labQmp,
                         answer->value(QStringLiteral("error")).toObject().value(QStringLiteral("desc")).toString());
    }
    return *answer;
}

} // namespace RaidBench
