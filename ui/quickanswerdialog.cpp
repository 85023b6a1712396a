#include "quickanswerdialog.h"

#include "results/requirementsform.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace RaidBench::Ui {

QuickAnswerDialog::QuickAnswerDialog(const Requirements& requirements, qsizetype disks, QWidget* parent)
    : QDialog(parent)
    , m_form(new RequirementsForm(this))
{
    setObjectName(QStringLiteral("quickAnswerDialog"));
    setWindowTitle(tr("Quick answer"));
    auto* layout = new QVBoxLayout(this);
    auto* what = new QLabel(tr("The quick answer measures the %1 disks alone and together, predicts every layout "
                               "they allow, then builds and measures only the two the model ranks best for what "
                               "you need. Minutes instead of hours; the Answer tab then shows the ranking, "
                               "measured and predicted.")
                                .arg(disks),
                            this);
    what->setWordWrap(true);
    layout->addWidget(what);
    m_form->setRequirements(requirements);
    layout->addWidget(m_form);
    auto* problem = new QLabel(this);
    problem->setObjectName(QStringLiteral("quickAnswerProblem"));
    problem->setWordWrap(true);
    problem->hide();
    layout->addWidget(problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Start"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // A mix that does not parse says why and keeps Start from taking it; a good one clears it.
    connect(m_form, &RequirementsForm::refused, this, [problem, buttons](const QString& why) {
        problem->setText(why);
        problem->show();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    });
    connect(m_form, &RequirementsForm::changed, this, [problem, buttons] {
        problem->hide();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    });
}

std::optional<Requirements> QuickAnswerDialog::ask(const Requirements& requirements, qsizetype disks, QWidget* parent)
{
    QuickAnswerDialog dialog(requirements, disks, parent);
    if (dialog.exec() != QDialog::Accepted) {
        return std::nullopt;
    }
    return dialog.requirements();
}

Requirements QuickAnswerDialog::requirements() const
{
    return m_form->requirements();
}

} // namespace RaidBench::Ui
