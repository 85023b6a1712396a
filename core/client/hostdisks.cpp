#include "client/hostdisks.h"

#include "helper/messages.h"
#include "util/errorcodes.h"

namespace RaidBench {

HostDisks::HostDisks(Options options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        finish(Error {ErrorCode::sshFailed,
                      tr("%1: no answer within %2 s of connecting")
                          .arg(m_options.machine, QString::number(m_options.answerTimeoutSeconds))});
    });
}

HostDisks::~HostDisks()
{
    // The link's own destructor waits for its helper to exit.
    if (m_link) {
        m_link->disconnect(this);
    }
}

void HostDisks::attach(std::unique_ptr<HelperLink> link)
{
    m_link = std::move(link);
    connect(m_link.get(), &HelperLink::connected, this, [this](const Messages::HelloReply&) {
        m_requestId = m_options.health
            ? m_link->request(Messages::Op::readHealth, Messages::ReadHealth {m_options.allowLoop, {}}.toJson())
            : m_link->request(Messages::Op::scanDisks,
                              Messages::ScanDisks {m_options.allowLoop, m_options.all}.toJson());
    });
    connect(m_link.get(), &HelperLink::replied, this, [this](qint64 id, const QJsonObject& result) {
        if (id == m_requestId) {
            finish(Messages::decodeDisks(result));
        }
    });
    connect(m_link.get(), &HelperLink::failed, this, [this](qint64 id, const Error& error) {
        if (id == m_requestId) {
            finish(Error {error.code, QStringLiteral("%1: %2").arg(m_options.machine, error.message)});
        }
    });
    connect(m_link.get(), &HelperLink::closed, this, [this](const QString& why) {
        Error error = m_link->lastError();
        if (error.message.isEmpty()) {
            error = Error {ErrorCode::noHelper, why};
        }
        finish(error);
    });
    if (m_options.answerTimeoutSeconds > 0) {
        m_deadline.start(m_options.answerTimeoutSeconds * 1000);
    }
}

void HostDisks::cancel()
{
    finish(Error {ErrorCode::cancelled, tr("%1: cancelled; nothing was changed").arg(m_options.machine)});
}

void HostDisks::finish(Result<QList<Disk>> outcome)
{
    if (m_outcome) {
        return;
    }
    m_outcome = std::move(outcome);
    m_deadline.stop();
    if (m_link) {
        m_link->stop();
    }
    Q_EMIT finished();
}

} // namespace RaidBench
