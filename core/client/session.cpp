#include "client/session.h"

#include "disks/healthprobe.h"
#include "helper/helperclient.h"
#include "helper/sshtransport.h"
#include "model/analysis.h"
#include "util/errorcodes.h"

#include <QSignalBlocker>
#include <QSysInfo>

namespace RaidBench {

Session::Session(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<RaidBench::CampaignResults>();
}

Session::~Session()
{
    // Nobody may hear from a session being destroyed: its owner (the main window) is half gone by now,
    // and a slot called on it would run on a destroyed object.
    const QSignalBlocker silent(this);
    detach();
}

void Session::attach(HelperLink* link, bool labMode)
{
    detach();
    m_link = link;
    m_lab = labMode;
    m_linkClosed = false;
    link->setParent(this);
    connect(link, &HelperLink::connected, this, [this](const Messages::HelloReply& hello) {
        m_connected = true;
        // A helper inside the lab VM works on virtual disks, however it was reached.
        m_lab = m_lab || (hello.lab && m_remote.isEmpty()); // a remote's word is no reason to skip the question
        m_host = !m_remote.isEmpty() ? tr("%1 (over ssh)").arg(m_remote)
            : hello.lab              ? tr("lab VM")
                                     : QSysInfo::machineHostName();
        Q_EMIT connectionChanged();
        refreshDisks();
        m_aboutId = m_link->request(Messages::Op::about);
    });
    connect(link, &HelperLink::replied, this, &Session::onReplied);
    connect(link, &HelperLink::failed, this, &Session::onFailed);
    connect(link, &HelperLink::eventReceived, this, &Session::onEvent);
    connect(link, &HelperLink::closed, this, [this](const QString& why) {
        const bool wasRunning = m_campaignId >= 0;
        const bool wasConnected = m_connected;
        m_connected = false;
        m_linkClosed = true;
        m_campaignId = -1;
        Q_EMIT connectionChanged();
        Q_EMIT helperClosed(why, wasConnected);
        if (wasRunning) {
            Q_EMIT campaignFinished(m_results, tr("the helper stopped during the run: %1").arg(why));
        }
    });
}

Result<void> Session::startRemote(const SshTarget& target, const QString& remoteHelper, int answerTimeoutSeconds)
{
    auto* client = new HelperClient;
    attach(client, false);
    m_remote = target.text();
    m_remoteTarget = target;
    auto started = client->start(std::make_unique<SshTransport>(target, remoteHelper, answerTimeoutSeconds));
    if (!started) {
        detach();
    }
    return started;
}

Result<void> Session::startHelper(const LabOptions* lab)
{
    auto* client = new HelperClient;
    attach(client, lab != nullptr);
    auto started = client->start(HelperTransport::forThisMachine(lab));
    if (!started) {
        detach();
    }
    return started;
}

void Session::recordConnection(CampaignResults& results) const
{
    if (m_remote.isEmpty()) {
        return;
    }
    // As raidbench-cli run --host records it: which machine these disks were, and how it was reached.
    results.host = m_remoteTarget.stampConnection(results.host);
}

void Session::detach()
{
    m_remote.clear();
    m_remoteTarget = {};
    if (m_link) {
        m_link->disconnect(this);
        m_link->stop();
        m_link->deleteLater();
        m_link = nullptr;
    }
    // The disks were the last machine's: none of them may be confirmed or aimed at on the next one. Nor
    // may its versions and udev stand for the next one's (Show commands builds with them).
    m_scanId = -1;
    m_healthId = -1;
    m_aboutId = -1;
    m_about = {};
    if (!m_disks.isEmpty() || !m_baselines.isEmpty()) {
        m_disks.clear();
        m_baselines.clear();
        m_together.clear();
        m_slow.clear();
        Q_EMIT disksChanged();
        Q_EMIT baselinesChanged();
    }
    if (m_connected) {
        m_connected = false;
        Q_EMIT connectionChanged();
    }
}

QString Session::transportName() const
{
    return m_link ? m_link->transportName() : QString(); // empty: no helper started
}

const Disk* Session::disk(const QString& path) const
{
    for (const Disk& disk : m_disks) {
        if (disk.path == path || disk.stablePath == path) {
            return &disk;
        }
    }
    return nullptr;
}

std::optional<std::pair<double, double>> Session::baseline(const QString& path) const
{
    if (m_baselines.contains(path)) {
        return m_baselines.value(path);
    }
    if (const Disk* d = disk(path)) {
        for (const QString& key : {d->path, d->stablePath}) {
            if (!key.isEmpty() && m_baselines.contains(key)) {
                return m_baselines.value(key);
            }
        }
    }
    return std::nullopt;
}

void Session::refreshDisks()
{
    if (!m_link || !m_connected) {
        return;
    }
    m_scanId = m_link->request(Messages::Op::scanDisks, Messages::ScanDisks {}.toJson());
}

Result<QList<ConfirmedDisk>> Session::confirmations(const QStringList& paths) const
{
    QList<ConfirmedDisk> confirmed;
    for (const QString& path : paths) {
        const Disk* shown = disk(path);
        if (!shown) {
            return makeError(ErrorCode::notFound,
                             tr("%1 is not among the disks the helper sees; rescan the disks.").arg(path));
        }
        confirmed.append(ConfirmedDisk::fromDisk(*shown, path));
    }
    return confirmed;
}

void Session::measureDisks(CampaignPlan plan, const QList<ConfirmedDisk>& confirmed)
{
    plan.baselines = true;
    plan.configurations.clear();
    plan.allConfigurations = false;
    if (plan.tests.isEmpty()) {
        plan.tests = TestSpec::defaults();
    }
    m_measuring = true;
    runCampaign(plan, confirmed);
}

void Session::runCampaign(const CampaignPlan& plan, const QList<ConfirmedDisk>& confirmed)
{
    if (!m_link || !m_connected) {
        Q_EMIT errorOccurred(tr("The helper is not running; RaidBench cannot reach the disks."));
        return;
    }
    if (m_campaignId >= 0) {
        Q_EMIT errorOccurred(tr("A run is in progress."));
        return;
    }
    m_results = CampaignResults {};
    m_campaignId = m_link->request(Messages::Op::runCampaign, Messages::RunCampaign::forPlan(plan, confirmed).toJson());
    Q_EMIT campaignStarted();
}

void Session::cancelCampaign()
{
    if (m_link && m_campaignId >= 0) {
        m_link->cancel(m_campaignId);
    }
}

void Session::takeBaselines(const CampaignResults& results)
{
    bool changed = false;
    for (const DiskResult& disk : results.disks) {
        if (disk.writeBw && disk.readBw) {
            m_baselines.insert(disk.path, {*disk.writeBw, *disk.readBw});
            // The results file keeps the reason in English; the window says it in the user's language.
            m_slow.insert(disk.path, disk.slow ? slowDiskReason(results, disk, Audience::Person) : QString());
            changed = true;
        }
    }
    if (changed) {
        // The disks just measured alone were measured together too (or not at all): nothing older stays.
        m_together = results.together;
    }
    if (changed) {
        Q_EMIT baselinesChanged();
    }
}

void Session::onReplied(qint64 id, const QJsonObject& result)
{
    if (id == m_aboutId) {
        m_about = Messages::About::fromJson(result);
        return;
    }
    if (id == m_scanId) {
        m_disks = Messages::decodeDisks(result);
        // Health and write caches take smartctl a moment per disk: asked now, shown when they come.
        readHealth();
        Q_EMIT disksChanged();
        return;
    }
    if (id == m_healthId) {
        m_healthId = -1;
        for (const Disk& read : Messages::decodeDisks(result)) {
            for (Disk& disk : m_disks) {
                if (disk.name == read.name && disk.devNumber == read.devNumber) {
                    disk.healthRead = read.healthRead;
                    disk.health = read.health;
                    disk.writeCache = read.writeCache;
                    disk.explanations = read.explanations;
                }
            }
        }
        // The helper words its explanations in English, for files; the user reads them from the same facts.
        HealthProbe::reword(m_disks, Audience::Person);
        Q_EMIT disksChanged();
        return;
    }
    if (id == m_campaignId) {
        m_campaignId = -1;
        m_measuring = false;
        auto results = Messages::decodeResults(result);
        if (results) {
            m_results = analysed(std::move(*results)); // the helper's figures, analysed once here
            recordConnection(m_results);
            takeBaselines(m_results);
        }
        Q_EMIT campaignFinished(m_results, results ? QString() : ErrorCode::userText(results.error()));
        readHealth(); // asked for none during the run
    }
}

void Session::readHealth()
{
    // Not during a run: a SMART query on a disk being measured would disturb it.
    if (m_link && m_connected && m_campaignId < 0 && m_healthId < 0) {
        m_healthId = m_link->request(Messages::Op::readHealth, Messages::ReadHealth {}.toJson());
    }
}

void Session::onFailed(qint64 id, const Error& error)
{
    if (id == m_aboutId) {
        return; // an older helper without "about": the dialog says what it knows
    }
    if (id == m_healthId) {
        m_healthId = -1; // an older helper without "read-health": the disks show no health
        return;
    }
    if (id == m_campaignId) {
        m_campaignId = -1;
        m_measuring = false;
        Q_EMIT campaignFinished(m_results, ErrorCode::userText(error));
        readHealth();
        return;
    }
    Q_EMIT errorOccurred(ErrorCode::userText(error));
}

void Session::onEvent(qint64 id, const QString& event, const QJsonObject& fields)
{
    if (id != m_campaignId) {
        return;
    }
    if (event == Messages::Event::progress) {
        Q_EMIT campaignProgress(Messages::decodeCampaignProgress(fields));
    } else if (event == Messages::Event::command) {
        Q_EMIT campaignCommand(Messages::CommandEvent::fromJson(fields));
    } else if (event == Messages::Event::results) {
        auto results = Messages::decodeResults(fields);
        if (results) {
            m_results = analysed(std::move(*results));
            recordConnection(m_results);
            takeBaselines(m_results);
            Q_EMIT campaignResults(m_results);
        }
    }
}

} // namespace RaidBench
