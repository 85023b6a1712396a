#pragma once

#include "engine/iojob.h"
#include "engine/ioresult.h"

#include <QObject>
#include <QRunnable>

#include <atomic>

namespace RaidBench {

/// Runs one IoJob on QThreadPool and reports through signals (queued to the receiver's thread).
/// Start it with QThreadPool::globalInstance()->start(runner); it deletes itself when done.
class IoRunner final : public QObject, public QRunnable
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IoRunner)

public:
    explicit IoRunner(IoJob job, QObject* parent = nullptr);

    void run() override;
    /// Safe from any thread; the run stops within 100 ms and failed()/succeeded() still arrive.
    void cancel();

Q_SIGNALS:
    void started();
    void progressUpdated(const RaidBench::IoProgress& progress);
    void succeeded(const RaidBench::IoResult& result);
    void failed(const RaidBench::IoResult& result);

private:
    IoJob m_job;
    std::atomic_bool m_cancel {false};
};

} // namespace RaidBench
