#include "helper/roottransport.h"

#include "util/errorcodes.h"

#include <QFileInfo>

namespace RaidBench {

RootTransport::RootTransport(QString helper, QObject* parent)
    : ProcessTransport(parent)
    , m_helper(std::move(helper))
{ }

Result<void> RootTransport::open()
{
    if (!QFileInfo(m_helper).isExecutable()) {
        return makeError(
            ErrorCode::noHelper,
            QStringLiteral("the helper %1 is not installed (install the raidbench-cli package, or build it)")
                .arg(m_helper));
    }
    return start({m_helper, {}, false, ErrorCode::noHelper});
}

} // namespace RaidBench
