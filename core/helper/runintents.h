#pragma once

#include "helper/helpercontext.h"
#include "helper/helperprotocol.h"

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
    HelperContext& m_context;
};

} // namespace RaidBench
