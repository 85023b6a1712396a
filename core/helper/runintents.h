#pragma once

#include "campaign/campaignrunner.h"
#include "helper/helpercontext.h"
#include "helper/helperprotocol.h"
#include "helper/messages.h"
#include "util/result.h"

#include <QStringList>

namespace RaidBench {

/// The helper's intents that measure: one engine run on a device (an array of this session, or a disk
/// the gate pins), and a whole campaign, whose results file is private to the client and gone when the
/// run ends.
class RunIntents
{
public:
    explicit RunIntents(HelperContext& context);

    void runIo(const HelperProtocol::Request& request);
    void runCampaign(const HelperProtocol::Request& request);
    /// Removes the results files of runs whose helper has ended (killed before it could), within the
    /// client's scope; the names removed.
    QStringList removeEndedRunsResults() const;

private:
    /// run-io's target, verified right before the write: an array of this session, or a disk pinned
    /// now; either way, its disks must be the ones `confirmed` names, as confirmed.
    Result<VerifiedDevice> verifiedArray(const BuiltArray& array, const QList<ConfirmedDisk>& confirmed) const;
    Result<VerifiedDevice> verifiedDisk(const QString& target, bool allowLoop,
                                        const QList<ConfirmedDisk>& confirmed) const;
    /// The private file a campaign's results are kept in while it runs (with the client's earlier
    /// results in it for a resume): its path.
    Result<QString> prepareResultsFile(qint64 id, const Messages::RunCampaign& args);

    HelperContext& m_context;
};

} // namespace RaidBench
