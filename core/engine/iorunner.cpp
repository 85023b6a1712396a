#include "engine/iorunner.h"

#include "engine/ioengine.h"

namespace RaidBench {

IoRunner::IoRunner(IoJob job, QObject* parent)
    : QObject(parent)
    , m_job(std::move(job))
{
    qRegisterMetaType<RaidBench::IoResult>();
    qRegisterMetaType<RaidBench::IoProgress>();
    setAutoDelete(false);
}

void IoRunner::run()
{
    Q_EMIT started();
    const IoResult result =
        IoEngine::run(m_job, &m_cancel, [this](const IoProgress& progress) { Q_EMIT progressUpdated(progress); });
    if (result.status == IoStatus::Completed) {
        Q_EMIT succeeded(result);
    } else {
        Q_EMIT failed(result);
    }
    deleteLater();
}

void IoRunner::cancel()
{
    m_cancel.store(true);
}

} // namespace RaidBench
