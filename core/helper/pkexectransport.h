#pragma once

#include "helper/processtransport.h"

namespace RaidBench {

/// The installed helper through pkexec, for a user who is not root: one polkit prompt for the whole
/// session (auth_admin_keep). pkexec runs exactly the installed path the shipped policy names.
class PkexecTransport final : public ProcessTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PkexecTransport)

public:
    explicit PkexecTransport(QString helper, QObject* parent = nullptr);

    QString name() const override { return QStringLiteral("pkexec"); }
    Result<void> open() override;
    /// pkexec's own refusals (126, 127 before the helper answered) in words; else the helper's.
    Error explainEnding(const Ending& ending) const override;

private:
    QString m_helper;
};

} // namespace RaidBench
