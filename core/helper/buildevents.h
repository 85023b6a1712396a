#pragma once

#include "arrays/buildobserver.h"
#include "helper/helpercontext.h"

namespace RaidBench {

/// A build's, teardown's or recovery's commands (and, `withProgress`, its progress) as events of the
/// helper's request that runs it.
class BuildEvents final : public BuildObserver
{
public:
    BuildEvents(HelperContext& context, qint64 id, bool withProgress);

    void progressed(const BuildMessage& message, double fraction) override;
    void logged(const StepLog& log) override;

private:
    HelperContext& m_context;
    qint64 m_id = 0;
    bool m_withProgress = false;
};

} // namespace RaidBench
