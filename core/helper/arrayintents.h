#pragma once

#include "arrays/buildplan.h"
#include "disks/devicegate.h"
#include "helper/helpercontext.h"
#include "helper/helperprotocol.h"
#include "helper/messages.h"

#include <QStringList>

#include <optional>

namespace RaidBench {

/// The helper's intents that plan, build, list, mount and remove arrays. Every device a request
/// names is pinned by the gate here, once, and verified again right before each command that
/// writes; only arrays of this session, or what an ended run of this client journaled, are removed.
class ArrayIntents
{
public:
    explicit ArrayIntents(HelperContext& context);

    void planArray(const HelperProtocol::Request& request);
    void createArray(const HelperProtocol::Request& request);
    void teardown(const HelperProtocol::Request& request);
    void listArrays(const HelperProtocol::Request& request);
    void makeFs(const HelperProtocol::Request& request);
    void unmount(const HelperProtocol::Request& request);

private:
    /// A create-array or plan-array request, checked and pinned: what would run, and the answer. On a
    /// worker: pinning looks at the devices and at every process that may hold them open.
    struct PreparedArray
    {
        PinnedSpec pinned;
        BuildPlan plan;
        Messages::ArrayPlan answer;
    };
    /// The request's spec, parsed and valid; an error answered otherwise (at once, before any disk).
    std::optional<ArraySpec> checkedSpec(qint64 id, const Messages::ArrayRequest& args);
    std::optional<PreparedArray> prepareArray(qint64 id, const ArraySpec& spec, bool allowLoop);

    HelperContext& m_context;
};

} // namespace RaidBench
