#include "results/requirementsform.h"

#include "util/errorcodes.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace RaidBench::Ui {

namespace {

/// What the "Rank on" box offers: a label and the weight text it stands for ("" is the mix).
struct MeasureChoice
{
    const char* label;
    const char* weight;
};

const MeasureChoice measureChoices[] = {
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "sequential and random speed"), ""},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "sequential speed"), "seq"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "sequential writes"), "seq-write"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "sequential reads"), "seq-read"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "random speed"), "random"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "random writes"), "random-write"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "random reads"), "random-read"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "file-system tests"), "files"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::RequirementsForm", "your command's time"), "command"},
};
constexpr int customChoice = int(std::size(measureChoices));

} // namespace

RequirementsForm::RequirementsForm(QWidget* parent)
    : QWidget(parent)
    , m_failures(new QSpinBox(this))
    , m_controller(new QCheckBox(tr("and the loss of a &controller"), this))
    , m_space(new QSpinBox(this))
    , m_measure(new QComboBox(this))
    , m_mix(new QLineEdit(this))
{
    setObjectName(QStringLiteral("requirementsForm"));
    auto* form = new QHBoxLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    auto* surviveLabel = new QLabel(tr("Must &survive"), this);
    surviveLabel->setBuddy(m_failures);
    m_failures->setRange(0, 8);
    m_failures->setSuffix(tr(" failed disk(s)"));
    m_failures->setToolTip(tr("Any this many disks may fail at once and the data stays."));
    m_controller->setToolTip(tr("Survive losing one controller (host adapter) with all its disks."));
    auto* spaceLabel = new QLabel(tr("keep at &least"), this);
    spaceLabel->setBuddy(m_space);
    m_space->setRange(0, 100);
    m_space->setSuffix(tr(" % of the space"));
    auto* measureLabel = new QLabel(tr("&rank on"), this);
    measureLabel->setBuddy(m_measure);
    for (const MeasureChoice& choice : measureChoices) {
        m_measure->addItem(tr(choice.label), QString::fromLatin1(choice.weight));
    }
    m_measure->addItem(tr("a mix of my own…"), QStringLiteral("custom"));
    m_mix->setPlaceholderText(QStringLiteral("seq:2+random"));
    m_mix->setToolTip(tr("Terms joined by +, each with an optional weight after a colon: %1.")
                          .arg(Requirements::termNames().join(QStringLiteral(", "))));
    m_mix->setVisible(false);
    for (QWidget* widget : std::initializer_list<QWidget*> {surviveLabel, m_failures, m_controller, spaceLabel, m_space,
                                                            measureLabel, m_measure, m_mix}) {
        form->addWidget(widget);
    }
    form->addStretch(1);

    connect(m_failures, &QSpinBox::valueChanged, this, &RequirementsForm::readForm);
    connect(m_space, &QSpinBox::valueChanged, this, &RequirementsForm::readForm);
    connect(m_controller, &QCheckBox::toggled, this, &RequirementsForm::readForm);
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this] {
        m_mix->setVisible(m_measure->currentIndex() == customChoice);
        readForm();
    });
    connect(m_mix, &QLineEdit::editingFinished, this, &RequirementsForm::readForm);
    writeForm();
}

void RequirementsForm::setRequirements(const Requirements& requirements)
{
    m_requirements = requirements;
    writeForm();
}

void RequirementsForm::writeForm()
{
    m_filling = true;
    m_failures->setValue(m_requirements.failures);
    m_controller->setChecked(m_requirements.controllerLoss);
    m_space->setValue(qRound(m_requirements.minSpacePct));
    Requirements weightsOnly;
    weightsOnly.weights = m_requirements.weights;
    const QString weight = weightsOnly.text().mid(int(qstrlen("weight=")));
    int index = customChoice;
    for (int i = 0; i < customChoice; ++i) {
        if (weight == QLatin1String(measureChoices[i].weight)) {
            index = i;
        }
    }
    m_measure->setCurrentIndex(index);
    m_mix->setVisible(index == customChoice);
    m_mix->setText(index == customChoice ? weight : QString());
    m_filling = false;
}

void RequirementsForm::readForm()
{
    if (m_filling) {
        return;
    }
    QStringList clauses {QStringLiteral("failures>=%1").arg(m_failures->value()),
                         QStringLiteral("space>=%1").arg(m_space->value())};
    if (m_controller->isChecked()) {
        clauses.append(QStringLiteral("controller"));
    }
    const QString weight =
        m_measure->currentIndex() == customChoice ? m_mix->text().trimmed() : m_measure->currentData().toString();
    if (!weight.isEmpty()) {
        clauses.append(QStringLiteral("weight=") + weight);
    }
    const auto parsed = Requirements::parse(clauses.join(QLatin1Char(',')));
    if (!parsed) {
        m_mix->setStyleSheet(QStringLiteral("color: #c0392b"));
        Q_EMIT refused(ErrorCode::userText(parsed.error()));
        return;
    }
    m_mix->setStyleSheet(QString());
    m_requirements = *parsed;
    Q_EMIT changed(m_requirements);
}

} // namespace RaidBench::Ui
