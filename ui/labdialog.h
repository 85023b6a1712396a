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

    /// The lab disks as a spec ("2x1G@105,2x1G@38").
    QString spec() const;
    int controllers() const;
    /// The options for LabMachine, or why the choice is not possible.
    Result<LabOptions> options() const;

private:
    void update();

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
