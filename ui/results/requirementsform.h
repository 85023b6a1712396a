#pragma once

#include "answer/requirements.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace RaidBench::Ui {

/// What the user needs, as a row of fields: failures to survive, a controller's loss, space to keep and
/// what to rank on (a choice, or a mix of one's own). The Answer tab ranks by it; the quick answer's
/// dialog asks it before a run.
class RequirementsForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RequirementsForm)

public:
    explicit RequirementsForm(QWidget* parent = nullptr);

    /// The last requirements the fields made (a mix that does not parse keeps the ones before it).
    const Requirements& requirements() const { return m_requirements; }
    /// Fills the fields as `requirements` say, and emits nothing.
    void setRequirements(const Requirements& requirements);

    QSpinBox* failuresBox() const { return m_failures; }
    QCheckBox* controllerBox() const { return m_controller; }
    QSpinBox* spaceBox() const { return m_space; }
    QComboBox* measureBox() const { return m_measure; }
    QLineEdit* mixEdit() const { return m_mix; }

Q_SIGNALS:
    /// The fields make new requirements.
    void changed(const RaidBench::Requirements& requirements);
    /// The mix the user typed does not parse: why, in the user's words.
    void refused(const QString& why);

private:
    void readForm();
    void writeForm();

    Requirements m_requirements = Requirements::defaults();
    bool m_filling = false;
    QSpinBox* m_failures;
    QCheckBox* m_controller;
    QSpinBox* m_space;
    QComboBox* m_measure;
    QLineEdit* m_mix;
};

} // namespace RaidBench::Ui
