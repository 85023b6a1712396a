#pragma once

#include "disks/disk.h"
#include "helper/helperclient.h"
#include "helper/sshtarget.h"
#include "helper/sshtransport.h"
#include "plan/campaignplan.h"
#include "util/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>

#include <optional>

namespace RaidBench::Cli {

/// `--hosts H1,H2,...`: each parsed and checked (no option injection, no host named twice).
Result<QList<SshTarget>> parseHosts(const QString& list);

/// `--connect-timeout SECONDS`: how long a host may take to log in, start its helper and list its
/// disks (1 to 3600, default SshTransport::defaultAnswerTimeout).
QCommandLineOption connectTimeoutOption();
/// Its value, or nullopt after printing why it is refused.
std::optional<int> connectTimeout(const QCommandLineParser& parser, const QCommandLineOption& option);

/// The disks of `host` through its helper over ssh: scan-disks, or read-health (SMART and write
/// caches) unless `health` is false; given up after `timeoutSeconds` without them.
Result<QList<Disk>> remoteDisks(const SshTarget& host, const QString& remoteHelper, bool allowLoop, bool all,
                                bool health, int timeoutSeconds);

struct RemoteRunOptions
{
    QString remoteHelper;
    bool yes = false;
    bool quiet = false;
    int parallel = 4; ///< hosts running at once
    int connectTimeoutSeconds = SshTransport::defaultAnswerTimeout; ///< to log in, start the helper and scan the disks
};

/// Runs `plan` on every host over ssh: each host's disks scanned and the plan's disks (a rule, or
/// paths) resolved there, one confirmation for all, then at most `parallel` campaigns at once, one
/// results file per host (`outputs`, one per host), progress per host. A host that fails, loses its
/// connection or refuses leaves the others running; its file keeps what it measured.
int runCampaignOnHosts(const CampaignPlan& plan, const QList<SshTarget>& hosts, const QStringList& outputs,
                       const RemoteRunOptions& options);

/// The options of `run` that `--host`/`--hosts` read.
struct RemoteOptionSet
{
    QCommandLineOption host, hosts, parallel, remoteHelper, connectTimeout, out, yes, quiet, resume, helper;
};

/// `raidbench-cli run PLAN --host H` or `--hosts H1,H2 --out DIR`: checks the options, names each
/// host's results file, and runs runCampaignOnHosts().
int runPlanOnHosts(const CampaignPlan& plan, const QString& planPath, const QCommandLineParser& parser,
                   const RemoteOptionSet& o);

/// The results file name for `host` in a --hosts output folder: its target with ':' and brackets
/// made safe for a file name ("root@10.0.0.5-2222.json").
QString hostFileName(const SshTarget& host);

} // namespace RaidBench::Cli
