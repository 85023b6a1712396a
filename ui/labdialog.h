#pragma once

#include "lab/labmachine.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace RaidBench::Ui {

/// Tools > Virtual lab: how many virtual disks, how big, how fast (some slower, as mixed disks are),
/// one that fails, over how many controllers. The lab VM then runs the helper on them.
class LabDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabDialog)

public:
    explicit LabDialog(QWidget* parent = nullptr);

    /// What the disks behave like: hard disks and SSDs are models (nbdkit), flat disks qemu's throttles.
    enum class Kind { HardDisk, Ssd, Flat };
    void setKind(Kind kind);
    /// The lab disks as a spec ("2x1G:hdd,2x1G@60:hdd:inner=31", "2x1G@105:iops=150").
    QString spec() const;
    int controllers() const;
    /// The options for LabMachine, or why the choice is not possible.
    Result<LabOptions> options() const;

private:
    void update();

    Kind kind() const;

    QComboBox* m_kind;
    QSpinBox* m_count;
    QComboBox* m_size;
    QSpinBox* m_speed;
    QSpinBox* m_slowCount;
    QSpinBox* m_slowSpeed;
    QSpinBox* m_iops;
    QCheckBox* m_failing;
    QSpinBox* m_controllers;
    QLabel* m_preview;
    QPushButton* m_start;
};

} // namespace RaidBench::Ui
