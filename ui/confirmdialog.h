#pragma once

#include "disks/disk.h"

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;

namespace RaidBench::Ui {

/// Before a run on real disks: every disk whose data will be destroyed, by model, serial and size;
/// the run starts only after the user types how many disks that is.
class DestroyConfirmDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DestroyConfirmDialog)

public:
    /// `disks`: what the session knows of each (path, model, serial, size); `paths`: the plan's paths.
    DestroyConfirmDialog(const QList<Disk>& disks, QWidget* parent = nullptr);
    /// Asks, and whether the user confirmed; `remoteHost` (empty for this machine's disks) is named in
    /// the question.
    static bool ask(const QList<Disk>& disks, const QString& remoteHost, QWidget* parent);

    QLineEdit* countEdit() const { return m_count; }
    /// True when the typed number is the number of disks.
    bool countMatches() const;

    void accept() override;

private:
    qsizetype m_disks;
    QLineEdit* m_count;
    QDialogButtonBox* m_buttons;
};

} // namespace RaidBench::Ui
