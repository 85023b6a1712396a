#include "helper/roottransport.h"

#include "util/errorcodes.h"

namespace RaidBench {

RootTransport::RootTransport(QString helper, QObject* parent)
    : ProcessTransport(parent)
    , m_helper(std::move(helper))
{ }

Result<void> RootTransport::open()
{
    if (auto installed = checkHelper(m_helper); !installed) {
        return installed;
    }
    return start({m_helper, {}, false, ErrorCode::noHelper});
}

} // namespace RaidBench
