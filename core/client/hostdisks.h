#pragma once

#include "disks/disk.h"
#include "helper/helperlink.h"
#include "util/result.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

namespace RaidBench {

/// One machine's disks through its helper: hello, then scan-disks, or read-health (the disks with
/// SMART and their write caches), one answer, one ending. The CLI's `disks --host` drives it; a
/// campaign on that machine is HostCampaign's.
class HostDisks final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostDisks)

public:
    struct Options
    {
        QString machine; ///< how messages name it ("admin@storage1")
        bool health = true; ///< read-health; off: scan-disks
        bool allowLoop = false;
        bool all = false; ///< with scan-disks: loop, RAM, md and dm devices too
        /// From attach() to the answer (0: as long as the link waits).
        int answerTimeoutSeconds = 0;
    };

    explicit HostDisks(Options options, QObject* parent = nullptr);
    ~HostDisks() override;

    /// Takes the link to the machine's helper (started, or about to say hello) and waits for it.
    void attach(std::unique_ptr<HelperLink> link);
    /// Ends now, cancelled (the helper is told goodbye; it changed nothing).
    void cancel();

    bool ended() const { return m_outcome.has_value(); }
    /// The disks, or why there are none; only once ended.
    const Result<QList<Disk>>& outcome() const { return *m_outcome; }

Q_SIGNALS:
    void finished();

private:
    void finish(Result<QList<Disk>> outcome);

    Options m_options;
    std::unique_ptr<HelperLink> m_link;
    QTimer m_deadline;
    qint64 m_requestId = -1;
    std::optional<Result<QList<Disk>>> m_outcome;
};

} // namespace RaidBench
