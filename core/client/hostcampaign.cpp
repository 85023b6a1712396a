#include "hostcampaign.h"

#include "util/errorcodes.h"

#include <QDateTime>
#include <QJsonDocument>

#include <algorithm>

namespace RaidBench {

namespace {

const Disk* findDisk(const QList<Disk>& disks, const QString& path)
{
    const auto found = std::find_if(disks.cbegin(), disks.cend(),
                                    [&](const Disk& disk) { return disk.path == path || disk.stablePath == path; });
    return found == disks.cend() ? nullptr : &*found;
}

} // namespace

HostCampaign::HostCampaign(CampaignPlan plan, const QString& resultsPath, Options options, QObject* parent)
    : QObject(parent)
    , m_plan(std::move(plan))
    , m_options(std::move(options))
    , m_sink(resultsPath, m_options.fallbackDirectory)
    , m_confirmed(m_options.confirmed)
{
    m_sink.setMovedHandler([this](const Error& why, const QString& fallback) { Q_EMIT resultsMoved(why, fallback); });
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        const QString machine = m_options.target ? m_options.target->text() : QStringLiteral("the helper");
        end(State::Failed,
            Error {ErrorCode::sshFailed,
                   QStringLiteral("%1: no answer within %2 s of connecting; skipped")
                       .arg(machine, QString::number(m_options.answerTimeoutSeconds))});
    });
}

HostCampaign::~HostCampaign()
{
    // The link's own destructor waits for its helper to tear down and exit.
    if (m_link) {
        m_link->disconnect(this);
    }
}

void HostCampaign::attach(std::unique_ptr<HelperLink> link)
{
    m_link = std::move(link);
    connect(m_link.get(), &HelperLink::connected, this, &HostCampaign::onConnected);
    connect(m_link.get(), &HelperLink::replied, this, &HostCampaign::onReplied);
    connect(m_link.get(), &HelperLink::eventReceived, this, &HostCampaign::onEvent);
    connect(m_link.get(), &HelperLink::failed, this, &HostCampaign::onFailed);
    connect(m_link.get(), &HelperLink::closed, this, &HostCampaign::onClosed);
    if (m_options.answerTimeoutSeconds > 0) {
        m_deadline.start(m_options.answerTimeoutSeconds * 1000);
    }
}

void HostCampaign::failToStart(const Error& error)
{
    end(State::Failed, error);
}

void HostCampaign::run()
{
    if (m_state != State::Ready || !m_link) {
        return;
    }
    m_state = State::Running;
    // The disks go with their identity as the user confirmed it: the helper refuses one that is not it.
    m_runId = m_link->request(Messages::Op::runCampaign,
                              Messages::RunCampaign::forPlan(m_plan, m_confirmed, m_options.previous).toJson());
    Q_EMIT started();
}

void HostCampaign::cancel()
{
    m_cancelRequested = true;
    if (m_state == State::Running) {
        m_link->cancel(m_runId);
    } else if (!ended()) {
        end(State::Cancelled);
    }
}

void HostCampaign::onConnected(const Messages::HelloReply& hello)
{
    if (m_state != State::Connecting) {
        return;
    }
    Q_EMIT connected(hello);
    if (!m_options.resolveDisks) {
        m_deadline.stop();
        m_state = State::Ready;
        Q_EMIT ready();
        return;
    }
    m_scanId = m_link->request(Messages::Op::scanDisks, Messages::ScanDisks {m_plan.allowLoop, false}.toJson());
}

void HostCampaign::onReplied(qint64 id, const QJsonObject& result)
{
    if (id == m_scanId && m_state == State::Connecting) {
        takeDisks(result);
        return;
    }
    if (id != m_runId || m_state != State::Running) {
        return;
    }
    QJsonObject results = Messages::resultsJson(result);
    save(results);
    m_finalStatus = parseRunState(results.value(QStringLiteral("status")).toString());
    end(m_finalStatus == RunState::Cancelled ? State::Cancelled : State::Completed, {}, true);
}

void HostCampaign::takeDisks(const QJsonObject& result)
{
    m_deadline.stop();
    const QList<Disk> disks = Messages::decodeDisks(result);
    if (auto resolved = m_plan.resolveDisks(disks); !resolved) {
        end(State::Failed, resolved.error());
        return;
    }
    // What the user confirms is what runs, even hours later behind other machines: each disk by its
    // stable name (sdX names can change between now and then).
    for (QString& path : m_plan.disks) {
        const Disk* disk = findDisk(disks, path);
        if (!disk) {
            const QString machine = m_options.target ? m_options.target->text() : QStringLiteral("this machine");
            end(State::Failed, Error {ErrorCode::notFound, QStringLiteral("disk %1 is not on %2").arg(path, machine)});
            return;
        }
        m_chosen.append(*disk);
        m_chosenAs.append(path);
        if (!disk->stablePath.isEmpty()) {
            path = disk->stablePath;
        }
        m_confirmed.append(ConfirmedDisk::fromDisk(*disk, path));
    }
    m_state = State::Ready;
    Q_EMIT ready();
}

void HostCampaign::onEvent(qint64 id, const QString& event, const QJsonObject& fields)
{
    if (id != m_runId || m_state != State::Running) {
        return;
    }
    if (event == Messages::Event::results) {
        save(Messages::resultsJson(fields));
    } else if (event == Messages::Event::progress) {
        Q_EMIT progressed(Messages::decodeCampaignProgress(fields));
    }
}

void HostCampaign::onFailed(qint64 id, const Error& error)
{
    if (id == m_scanId || id == m_runId) {
        end(State::Failed, error);
    }
}

void HostCampaign::onClosed(const QString& why)
{
    if (ended()) {
        return;
    }
    m_connectionLost = m_state == State::Running;
    // The link's own account, with its code (ssh-failed, no-ssh, ...), where it keeps one.
    Error error = m_link ? m_link->lastError() : Error {};
    if (error.code.isEmpty()) {
        error.code = ErrorCode::noHelper;
    }
    if (error.message.isEmpty()) {
        error.message = why;
    }
    end(m_cancelRequested ? State::Cancelled : State::Failed, error);
}

void HostCampaign::save(QJsonObject results)
{
    // Nothing measured is lost: when the results file cannot be written, a file elsewhere is.
    if (m_options.target) {
        results.insert(QStringLiteral("host"),
                       m_options.target->stampConnection(results.value(QStringLiteral("host")).toObject(),
                                                         m_connectionLost ? m_error.message : QString()));
    }
    m_lastResults = results;
    if (auto ok = m_sink.write(QJsonDocument(results).toJson()); !ok) {
        Q_EMIT saveFailed(ok.error());
    }
}

void HostCampaign::end(State state, const Error& error, bool finalSaved)
{
    if (ended()) {
        return;
    }
    const bool wasRunning = m_state == State::Running;
    m_state = state;
    m_error = error;
    m_deadline.stop();
    const bool partial = wasRunning && !finalSaved && !m_lastResults.isEmpty();
    if (partial) {
        // The run ended without its final answer: the file keeps every measurement it sent, with the
        // status it ended in and, when the connection went, why.
        QJsonObject results = m_lastResults;
        results.insert(QStringLiteral("status"),
                       runStateName(state == State::Cancelled ? RunState::Cancelled : RunState::Failed));
        results.insert(QStringLiteral("updated"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        save(results);
    }
    if (m_link) {
        m_link->stop();
    }
    Q_EMIT finished(partial);
}

} // namespace RaidBench
