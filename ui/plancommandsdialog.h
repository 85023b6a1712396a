#pragma once

#include "plan/campaignplan.h"

#include <QDialog>
#include <QStringList>

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

/// "Show commands": every command a run of a plan gives, in order, before anything is run (the
/// arrays built as the helper's machine builds them, the tests, the teardown).
class PlanCommandsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanCommandsDialog)

public:
    /// Shows `lines`, from listing().
    explicit PlanCommandsDialog(const QStringList& lines, QWidget* parent = nullptr);

    /// The commands of `plan`, built for the machine `session`'s helper runs on (its udev).
    static QStringList listing(const CampaignPlan& plan, const Session& session);
};

} // namespace RaidBench::Ui
