#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace RaidBench {

/// The directory the lab VM and the host share for control (WORK/ctl): the request the guest's init
/// runs (argv, environment, working directory), files given to the command, the marker that the
/// command started, how it ended, and what the guest asks of the host (unplug-N, plug-N, power-cycle),
/// one file per request, answered in NAME.done.
class LabControlDir
{
public:
    explicit LabControlDir(QString directory);

    Result<void> create() const;
    /// Files for the command, each private to the host's user.
    Result<void> writeFiles(const QList<QPair<QString, QByteArray>>& files) const;
    Result<void> writeRequest(const QStringList& argv, const QStringList& env, const QString& cwd) const;
    /// Ready for the boot after a power cut: the request's RAIDBENCH_LAB_BOOT is `boot`, and nothing of
    /// the boot before is left (its start, its status, its requests).
    void nextBoot(int boot) const;
    bool commandStarted() const;

    /// How the command ended, as the guest's init wrote it.
    struct Ending
    {
        std::optional<int> exitCode; ///< 128 + N for a signal
        QString error; ///< the init could not run it
    };
    /// None when the guest wrote no ending (it stopped first).
    std::optional<Ending> ending() const;

    /// The guest's requests not answered yet, by name.
    QStringList pendingRequests() const;
    void answer(const QString& request, const QString& text) const;

private:
    QString m_directory;
};

} // namespace RaidBench
