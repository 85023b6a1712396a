#include "fleetrun.h"

#include <QTimer>

#include <algorithm>

namespace RaidBench {

FleetRun::FleetRun(const CampaignPlan& plan, const QList<SshTarget>& targets, const QStringList& outputs,
                   LinkFactory linkFactory, Confirm confirm, Options options, QObject* parent)
    : QObject(parent)
    , m_linkFactory(std::move(linkFactory))
    , m_confirm(std::move(confirm))
    , m_options(std::move(options))
{
    for (int i = 0; i < targets.size(); ++i) {
        HostCampaign::Options hostOptions;
        hostOptions.target = targets.at(i);
        hostOptions.answerTimeoutSeconds = m_options.answerTimeoutSeconds;
        hostOptions.fallbackDirectory = m_options.fallbackDirectory;
        auto host = std::make_unique<HostCampaign>(plan, outputs.value(i), hostOptions);
        connect(host.get(), &HostCampaign::ready, this, &FleetRun::scheduleLater);
        connect(host.get(), &HostCampaign::finished, this, &FleetRun::scheduleLater);
        m_hosts.push_back(std::move(host));
    }
}

FleetRun::~FleetRun() = default;

QList<HostCampaign*> FleetRun::hosts() const
{
    QList<HostCampaign*> hosts;
    for (const auto& host : m_hosts) {
        hosts.append(host.get());
    }
    return hosts;
}

void FleetRun::start()
{
    for (const auto& host : m_hosts) {
        auto link = m_linkFactory(*host->options().target);
        if (!link) {
            host->failToStart(link.error());
            continue;
        }
        host->attach(std::move(*link));
    }
    scheduleLater();
}

void FleetRun::cancel()
{
    if (m_cancelling) {
        return;
    }
    m_cancelling = true;
    for (const auto& host : m_hosts) {
        host->cancel();
    }
    scheduleLater();
}

void FleetRun::scheduleLater()
{
    // Hosts end inside their own signals: decide once the event loop is back.
    if (m_scheduled) {
        return;
    }
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        schedule();
    });
}

bool FleetRun::confirmOnce()
{
    if (m_confirmed || m_cancelling) {
        return true;
    }
    m_confirmed = true;
    QList<const HostCampaign*> ready;
    for (const auto& host : m_hosts) {
        if (host->state() == HostCampaign::State::Ready) {
            ready.append(host.get());
        }
    }
    if (ready.isEmpty() || m_confirm(ready)) {
        return true;
    }
    m_declined = true;
    for (const auto& host : m_hosts) {
        if (host->state() == HostCampaign::State::Ready) {
            host->cancel();
        }
    }
    return false;
}

void FleetRun::schedule()
{
    if (m_finished) {
        return;
    }
    const auto connecting = [](const auto& host) { return host->state() == HostCampaign::State::Connecting; };
    if (std::any_of(m_hosts.cbegin(), m_hosts.cend(), connecting)) {
        return;
    }
    if (!confirmOnce()) {
        return; // the declined hosts' endings schedule again
    }
    int running = int(std::count_if(m_hosts.cbegin(), m_hosts.cend(),
                                    [](const auto& host) { return host->state() == HostCampaign::State::Running; }));
    for (const auto& host : m_hosts) {
        if (host->state() != HostCampaign::State::Ready) {
            continue;
        }
        if (m_cancelling) {
            host->cancel();
        } else if (running < std::max(1, m_options.parallel)) {
            host->run();
            ++running;
        }
    }
    if (std::all_of(m_hosts.cbegin(), m_hosts.cend(), [](const auto& host) { return host->ended(); })) {
        m_finished = true;
        Q_EMIT finished();
    }
}

} // namespace RaidBench
