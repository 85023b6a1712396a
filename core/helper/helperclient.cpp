#include "helper/helperclient.h"

#include "helper/helperprotocol.h"
#include "helper/messages.h"
#include "util/errorcodes.h"
#include "version.h"

namespace RaidBench {

HelperClient::HelperClient(QObject* parent)
    : HelperLink(parent)
{
    qRegisterMetaType<RaidBench::Error>();
}

HelperClient::~HelperClient()
{
    if (m_transport) {
        m_transport->disconnect(this);
    }
}

Result<void> HelperClient::start(std::unique_ptr<HelperTransport> transport)
{
    m_transport = std::move(transport);
    HelperTransport* far = m_transport.get();
    connect(far, &HelperTransport::received, this, &HelperClient::onData);
    connect(far, &HelperTransport::logLine, this, &HelperClient::logLine);
    connect(far, &HelperTransport::ended, this, [this, far](int code, bool crashed) {
        onClosed(far->explainEnding({code, crashed, m_connected, m_buffer}));
    });
    connect(far, &HelperTransport::failed, this, &HelperClient::refuse);
    if (auto opened = far->open(); !opened) {
        return opened;
    }
    sayHello();
    return {};
}

QString HelperClient::transportName() const
{
    return m_transport ? m_transport->name() : QStringLiteral("none");
}

void HelperClient::sayHello()
{
    m_helloId = request(
        Messages::Op::hello,
        Messages::Hello {HelperProtocol::version, QStringLiteral("raidbench %1").arg(QStringLiteral(RAIDBENCH_VERSION))}
            .toJson());
}

qint64 HelperClient::request(const QString& op, const QJsonObject& args)
{
    const qint64 id = m_nextId++;
    send(HelperProtocol::encodeRequest(id, op, args));
    return id;
}

void HelperClient::cancel(qint64 id)
{
    request(Messages::Op::cancel, Messages::cancelArgs(id));
}

void HelperClient::stop()
{
    if (m_closed || !m_transport) {
        return;
    }
    if (m_transport->remote() && !m_sessionBegun) {
        // Nothing of ours to tear down there yet, and a far side that never answered would keep the
        // connection (and whoever waits for it) open for as long as it hangs.
        m_transport->hangUp(false);
        return;
    }
    request(Messages::Op::bye);
    m_transport->closeInput();
}

void HelperClient::send(const QByteArray& line)
{
    if (m_transport) {
        m_transport->write(line);
    }
}

void HelperClient::onData(const QByteArray& data)
{
    if (m_closed) {
        return; // a closed connection's late lines are not answers
    }
    const qsizetype searchFrom = m_buffer.size();
    m_buffer += data;
    qsizetype newline = m_buffer.indexOf('\n', searchFrom);
    while (newline >= 0) {
        const QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        if (!line.trimmed().isEmpty()) {
            onLine(line);
        }
        if (m_closed) {
            m_buffer.clear();
            return;
        }
        newline = m_buffer.indexOf('\n');
    }
    if (m_buffer.size() > HelperProtocol::maxLineBytes) {
        // No helper writes a line this long: a far side that does would only fill our memory.
        m_buffer.clear();
        refuse(Error {ErrorCode::sshFailed,
                      QStringLiteral("%1the helper sent a line longer than %2 MiB")
                          .arg(m_transport->where(), QString::number(HelperProtocol::maxLineBytes >> 20))});
    }
}

void HelperClient::onLine(const QByteArray& line)
{
    const HelperProtocol::Incoming message = HelperProtocol::parseIncoming(line);
    switch (message.kind) {
    case HelperProtocol::Incoming::Kind::Invalid:
        if (m_transport->remote()) {
            // From another machine only the helper writes to stdout: anything else means the far side
            // is not (or no longer) a RaidBench helper, and this host fails; the others go on.
            refuse(Error {ErrorCode::sshFailed,
                          QStringLiteral("%1the far side sent something that is not the helper protocol: %2")
                              .arg(m_transport->where(), QString::fromUtf8(line.left(200)).trimmed())});
            return;
        }
        Q_EMIT logLine(QString::fromUtf8(line.left(500)));
        return;
    case HelperProtocol::Incoming::Kind::Event:
        Q_EMIT eventReceived(message.id, message.event, message.body);
        return;
    case HelperProtocol::Incoming::Kind::Reply:
        if (message.id == m_helloId) {
            onHelloReply(message.body);
            if (m_closed) {
                return;
            }
        }
        Q_EMIT replied(message.id, message.body);
        return;
    case HelperProtocol::Incoming::Kind::Failure:
        if (message.id == m_helloId) {
            refuse(Error {message.error.code,
                          QStringLiteral("%1the helper refused the handshake: %2 (this is "
                                         "RaidBench %3)")
                              .arg(m_transport->where(), message.error.message, QStringLiteral(RAIDBENCH_VERSION))});
        }
        Q_EMIT failed(message.id, message.error);
        return;
    }
}

void HelperClient::onHelloReply(const QJsonObject& body)
{
    const Messages::HelloReply hello = Messages::HelloReply::fromJson(body);
    if (hello.protocol != HelperProtocol::version) {
        // Both ends check: a helper that accepted our hello but speaks another version is refused
        // here, with both versions named.
        refuse(Error {ErrorCode::protocolMismatch,
                      QStringLiteral("%1the helper there is RaidBench %2 (protocol %3), this is RaidBench %4 "
                                     "(protocol %5); install the same version on both")
                          .arg(m_transport->where(),
                               hello.raidbenchVersion.isEmpty() ? QStringLiteral("?") : hello.raidbenchVersion,
                               QString::number(hello.protocol), QStringLiteral(RAIDBENCH_VERSION),
                               QString::number(HelperProtocol::version))});
        return;
    }
    m_connected = true;
    m_sessionBegun = true;
    m_transport->stopWaiting();
    Q_EMIT connected(hello);
}

void HelperClient::refuse(const Error& why)
{
    if (m_closed) {
        return;
    }
    onClosed(why);
    m_transport->hangUp(m_sessionBegun);
}

void HelperClient::onClosed(const Error& why)
{
    if (m_closed) {
        return;
    }
    m_lastError = why.code.isEmpty() ? Error {ErrorCode::noHelper, why.message} : why;
    m_closed = true;
    m_connected = false;
    if (m_transport) {
        m_transport->stopWaiting();
    }
    Q_EMIT closed(m_lastError.message);
}

} // namespace RaidBench
