#pragma once

#include "answer/requirements.h"

#include <QDialog>

#include <optional>

namespace RaidBench::Ui {

class RequirementsForm;

/// Before a quick answer: what it will do, and what the user needs (the Answer tab's requirements to
/// start from), since it builds only the layouts the model ranks best for those.
class QuickAnswerDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QuickAnswerDialog)

public:
    QuickAnswerDialog(const Requirements& requirements, qsizetype disks, QWidget* parent = nullptr);
    /// Asks; the requirements to answer for, or none when the user cancelled.
    static std::optional<Requirements> ask(const Requirements& requirements, qsizetype disks, QWidget* parent);

    RequirementsForm* form() const { return m_form; }
    Requirements requirements() const;

private:
    RequirementsForm* m_form;
};

} // namespace RaidBench::Ui
