#include "planpage.h"

#include "arrays/buildplan.h"
#include "canvasmodel.h"
#include "client/session.h"
#include "displaynumbers.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "layout/stripes.h"
#include "plancommandsdialog.h"
#include "plantestchoices.h"
#include "recentfolder.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace RaidBench::Ui {

PlanPage::PlanPage(CanvasModel* canvas, Session* session, QWidget* parent)
    : QWidget(parent)
    , m_canvas(canvas)
    , m_session(session)
    , m_command(new QCheckBox(tr("Your own command on the file system:"), this))
    , m_commandLine(new QLineEdit(this))
    , m_commandRepeats(new QSpinBox(this))
    , m_repeats(new QSpinBox(this))
    , m_seconds(new QSpinBox(this))
    , m_size(new QComboBox(this))
    , m_ramp(new QDoubleSpinBox(this))
    , m_filesystem(new QComboBox(this))
    , m_writeCache(new QComboBox(this))
    , m_region(new QComboBox(this))
    , m_stripeCache(new QComboBox(this))
    , m_baselines(new QCheckBox(tr("Measure each disk on its own first"), this))
    , m_drill(new QCheckBox(tr("Failure drill: fail a disk in each layout that survives one, test it degraded, "
                               "and time the rebuild"),
                            this))
    , m_stable(new QCheckBox(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("planPage"));
    // The tests and options scroll on a small screen; the summary and the buttons stay in view below.
    auto* outer = new QVBoxLayout(this);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("planScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(content);
    outer->addWidget(scroll, 1);

    makeTests(layout);
    makeLimits(layout);
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    outer->addWidget(m_summary);

    makeButtons(outer);
    layout->addStretch(1);

    connect(canvas, &CanvasModel::changed, this, &PlanPage::updateSummary);
    updateSummary();
}

void PlanPage::makeTests(QVBoxLayout* layout)
{
    auto* tests = new QGroupBox(tr("Tests on each configuration"), this);
    auto* testsLayout = new QVBoxLayout(tests);
    for (const TestChoice& choice : testChoices()) {
        auto* box = new QCheckBox(QCoreApplication::translate("PlanPage", choice.title), tests);
        box->setObjectName(QStringLiteral("test-%1").arg(QLatin1String(choice.id)));
        box->setChecked(choice.byDefault);
        testsLayout->addWidget(box);
        m_tests.append({QLatin1String(choice.id), box});
        connect(box, &QCheckBox::toggled, this, &PlanPage::updateSummary);
    }
    auto* commandRow = new QHBoxLayout;
    m_command->setObjectName(QStringLiteral("test-command"));
    m_commandLine->setPlaceholderText(tr("e.g. tar xf /var/tmp/linux.tar  (runs as you, in the mounted directory)"));
    m_commandLine->setAccessibleName(tr("Command to time"));
    m_commandLine->setEnabled(false);
    m_commandRepeats->setRange(1, 100);
    m_commandRepeats->setValue(3);
    m_commandRepeats->setPrefix(tr("× "));
    m_commandRepeats->setAccessibleName(tr("Command runs"));
    m_commandRepeats->setEnabled(false);
    connect(m_command, &QCheckBox::toggled, m_commandLine, &QWidget::setEnabled);
    connect(m_command, &QCheckBox::toggled, m_commandRepeats, &QWidget::setEnabled);
    connect(m_command, &QCheckBox::toggled, this, &PlanPage::updateSummary);
    commandRow->addWidget(m_command);
    commandRow->addWidget(m_commandLine, 1);
    commandRow->addWidget(m_commandRepeats);
    testsLayout->addLayout(commandRow);
    layout->addWidget(tests);
}

void PlanPage::makeLimits(QVBoxLayout* layout)
{
    auto* limits = new QGroupBox(tr("How long and how often"), this);
    auto* form = new QFormLayout(limits);
    // Short values: the fields keep their natural width instead of spanning the window.
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_repeats->setRange(1, 100);
    m_repeats->setValue(1);
    m_repeats->setToolTip(tr("Runs per test; the results keep every run and their min, median and max. With "
                             "\"Repeat until the runs agree\", the fewest runs (at least 2)."));
    form->addRow(tr("&Repeats:"), m_repeats);
    m_stable->setObjectName(QStringLiteral("stableBox"));
    updateStableText();
    m_stable->setToolTip(tr("Runs a test again until the coefficient of variation of its runs' MB/s (standard "
                            "deviation over mean) is at most the bound shown, at least twice; a test still varying "
                            "after the most runs is marked unstable in the results and in the Answer."));
    m_stable->setChecked(true); // the figures a decision rests on: a test runs again until its runs agree
    form->addRow(QString(), m_stable);
    connect(m_stable, &QCheckBox::toggled, this, &PlanPage::updateSummary);
    m_seconds->setRange(1, 3600);
    m_seconds->setValue(10);
    m_seconds->setSuffix(tr(" s"));
    form->addRow(tr("&Time per run:"), m_seconds);
    for (const auto& [title, bytes] : sizeChoices()) {
        m_size->addItem(bytes == 0 ? tr(title) : QLatin1String(title), double(bytes));
    }
    form->addRow(tr("&Size limit per run:"), m_size);
    m_ramp->setRange(0, 60);
    m_ramp->setDecimals(1);
    m_ramp->setSingleStep(0.5);
    m_ramp->setValue(1);
    m_ramp->setSuffix(tr(" s"));
    m_ramp->setToolTip(tr("I/O before measuring starts, not counted."));
    form->addRow(tr("&Ramp:"), m_ramp);
    m_filesystem->addItem(QStringLiteral("ext4"));
    m_filesystem->addItem(QStringLiteral("XFS"), QStringLiteral("xfs"));
    m_filesystem->setItemData(0, QStringLiteral("ext4"));
    form->addRow(tr("&File system for file tests:"), m_filesystem);
    makeArrayOptions(form);
    connect(m_ramp, &QDoubleSpinBox::valueChanged, this, &PlanPage::updateSummary);
    for (QSpinBox* spin : {m_repeats, m_seconds}) {
        connect(spin, &QSpinBox::valueChanged, this, &PlanPage::updateSummary);
    }
    connect(m_size, &QComboBox::currentIndexChanged, this, &PlanPage::updateSummary);
    layout->addWidget(limits);
}

void PlanPage::makeArrayOptions(QFormLayout* form)
{
    m_writeCache->setObjectName(QStringLiteral("writeCacheBox"));
    m_writeCache->addItem(tr("as the disks have them"), int(WriteCacheMode::AsIs));
    m_writeCache->addItem(tr("all on"), int(WriteCacheMode::On));
    m_writeCache->addItem(tr("all off"), int(WriteCacheMode::Off));
    m_writeCache->addItem(tr("both: each layout with the caches on, then off"), int(WriteCacheMode::Both));
    m_writeCache->setToolTip(tr("The member disks' own write caches during the tests. RaidBench sets them before a "
                                "layout's tests and always sets each disk back as it found it, also after a cancel "
                                "or a crash. The flush-bound tests show what the cache is worth."));
    form->addRow(tr("Disks' &write caches:"), m_writeCache);
    connect(m_writeCache, &QComboBox::currentIndexChanged, this, &PlanPage::updateSummary);
    m_region->setObjectName(QStringLiteral("regionBox"));
    m_region->addItem(tr("the start (as the array is when new)"), int(TestRegion::Start));
    m_region->addItem(tr("the middle"), int(TestRegion::Middle));
    m_region->addItem(tr("the end (as it is when nearly full)"), int(TestRegion::End));
    m_region->addItem(tr("spread across it (its average, start to end)"), int(TestRegion::Spread));
    m_region->setToolTip(tr("Where on each array and disk the sequential tests and the disks' own speeds run. A "
                            "hard disk is fastest at its start and about half as fast at its end; random tests "
                            "always spread over the whole array."));
    form->addRow(tr("Sequential tests &at:"), m_region);
    m_stripeCache->setObjectName(QStringLiteral("stripeCacheBox"));
    m_stripeCache->addItem(tr("md's own (256 stripes)"), QString());
    for (const char* stripes : {"1024", "4096", "16384"}) {
        m_stripeCache->addItem(tr("%1 stripes").arg(QLatin1String(stripes)), QLatin1String(stripes));
    }
    m_stripeCache->addItem(tr("sweep: 256, 1024 and 4096, each layout measured with each"),
                           QStringLiteral("256,1024,4096"));
    m_stripeCache->setToolTip(tr("md's stripe cache of each RAID4/5/6 array: how many stripes it can hold to gather "
                                 "writes into whole stripes before it must read. More costs memory (a page per "
                                 "member per stripe). A sweep measures each layout once per size on one array."));
    form->addRow(tr("RAID5/6 stripe &cache:"), m_stripeCache);
    connect(m_stripeCache, &QComboBox::currentIndexChanged, this, &PlanPage::updateSummary);
    m_baselines->setChecked(true);
    form->addRow(QString(), m_baselines);
    m_drill->setToolTip(tr("After its healthy tests, each layout that survives a failed disk loses one on purpose: "
                           "the tests run again on the degraded array, then the disk is wiped, added back and the "
                           "rebuild is timed, with an estimate for a full-size disk. Adds about a rebuild's time "
                           "per layout."));
    m_drill->setObjectName(QStringLiteral("drillBox"));
    form->addRow(QString(), m_drill);
    connect(m_drill, &QCheckBox::toggled, this, &PlanPage::updateSummary);
}

void PlanPage::makeButtons(QVBoxLayout* outer)
{
    auto* buttons = new QHBoxLayout;
    auto* load = new QPushButton(tr("&Open plan…"), this);
    auto* save = new QPushButton(tr("&Save plan…"), this);
    auto* commands = new QPushButton(tr("Show &commands…"), this);
    commands->setObjectName(QStringLiteral("showCommandsButton"));
    auto* start = new QPushButton(tr("Start the &run"), this);
    start->setObjectName(QStringLiteral("startButton"));
    start->setDefault(true);
    buttons->addWidget(load);
    buttons->addWidget(save);
    buttons->addWidget(commands);
    buttons->addStretch(1);
    buttons->addWidget(start);
    outer->addLayout(buttons);

    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a plan"), RecentFolder::startPath(QStringLiteral("plans")), tr("Plans (*.json)"));
        RecentFolder::remember(QStringLiteral("plans"), path);
        if (path.isEmpty()) {
            return;
        }
        const auto loaded = loadPlanFile(path);
        Q_EMIT message(loaded ? tr("Plan %1 opened.").arg(path) : ErrorCode::userText(loaded.error()));
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the plan"), RecentFolder::startPath(QStringLiteral("plans"), QStringLiteral("plan.json")),
            tr("Plans (*.json)"));
        RecentFolder::remember(QStringLiteral("plans"), path);
        if (path.isEmpty()) {
            return;
        }
        const auto saved = savePlanFile(path);
        Q_EMIT message(saved ? tr("Plan saved to %1.").arg(path) : ErrorCode::userText(saved.error()));
    });
    connect(commands, &QPushButton::clicked, this, &PlanPage::showCommands);
    connect(start, &QPushButton::clicked, this, &PlanPage::startRequested);
}

Result<CampaignPlan> PlanPage::plan() const
{
    CampaignPlan plan;
    plan.baselines = m_baselines->isChecked();
    plan.drill.enabled = m_drill->isChecked();
    if (m_stable->isChecked()) {
        plan.stable = m_stableSpec;
    }
    plan.resync = m_resync;
    plan.writeCache = WriteCacheMode(m_writeCache->currentData().toInt());
    plan.region = TestRegion(m_region->currentData().toInt());
    for (const QString& stripes : m_stripeCache->currentData().toString().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        plan.stripeCaches.append(stripes.toInt());
    }
    QStringList names;
    for (const CanvasConfig& config : m_canvas->configs()) {
        if (const auto issues = validateSpec(config.spec); hasErrors(issues)) {
            return makeError(ErrorCode::invalidPlan,
                             tr("%1 cannot be built: %2")
                                 .arg(config.name.isEmpty() ? CanvasModel::derivedName(config.spec) : config.name,
                                      firstError(issues)));
        }
        ConfigSpec spec;
        const QString base = config.name.isEmpty() ? CanvasModel::derivedName(config.spec) : config.name;
        spec.name = base;
        for (int n = 2; names.contains(spec.name); ++n) {
            spec.name = QStringLiteral("%1 #%2").arg(base, QString::number(n));
        }
        names.append(spec.name);
        spec.spec = config.spec;
        plan.configurations.append(spec);
        for (const QString& disk : config.spec.leafDevices()) {
            if (!plan.disks.contains(disk)) {
                plan.disks.append(disk);
            }
        }
    }
    if (plan.configurations.isEmpty()) {
        return makeError(ErrorCode::invalidPlan,
                         tr("The canvas is empty: drag disks onto it (Build) to make configurations to compare."));
    }
    for (const auto& [id, box] : m_tests) {
        if (box->isChecked()) {
            plan.tests.append(*TestSpec::standard(id));
        }
    }
    if (m_command->isChecked()) {
        const QStringList argv = QProcess::splitCommand(m_commandLine->text());
        if (argv.isEmpty()) {
            return makeError(ErrorCode::invalidPlan, tr("Type the command to time, or untick it."));
        }
        TestSpec command;
        command.kind = TestKind::Command;
        command.name = QStringLiteral("command: %1").arg(argv.first().section(QLatin1Char('/'), -1));
        command.file.kind = TestKind::Command;
        command.file.argv = argv;
        command.file.repeats = m_commandRepeats->value();
        plan.tests.append(command);
    }
    if (plan.tests.isEmpty()) {
        return makeError(ErrorCode::invalidPlan, tr("Choose at least one test."));
    }
    plan.repeats = m_repeats->value();
    plan.timeLimitNs = std::uint64_t(m_seconds->value()) * 1'000'000'000ull;
    plan.sizeLimit = std::uint64_t(m_size->currentData().toDouble());
    plan.rampNs = std::uint64_t(std::llround(m_ramp->value() * 10)) * 100'000'000ull;
    plan.filesystem.type = m_filesystem->currentData().toString();
    plan.allowLoop = qEnvironmentVariableIsSet("RAIDBENCH_ALLOW_LOOP");
    // The same checks the helper makes on arrival, so a bad plan is refused here.
    return CampaignPlan::fromJson(plan.toJson());
}

CampaignPlan PlanPage::baselinePlan(const QStringList& disks) const
{
    CampaignPlan plan;
    plan.disks = disks;
    plan.baselines = true;
    plan.tests = TestSpec::defaults();
    plan.timeLimitNs = std::uint64_t(m_seconds->value()) * 1'000'000'000ull;
    plan.sizeLimit = std::uint64_t(m_size->currentData().toDouble());
    plan.rampNs = std::uint64_t(std::llround(m_ramp->value() * 10)) * 100'000'000ull;
    plan.allowLoop = qEnvironmentVariableIsSet("RAIDBENCH_ALLOW_LOOP");
    plan.region = TestRegion(m_region->currentData().toInt());
    return plan;
}

Result<void> PlanPage::applyPlan(const CampaignPlan& plan)
{
    QList<PresetDisk> presetDisks;
    for (const QString& path : plan.disks) {
        PresetDisk disk;
        disk.path = path;
        if (const Disk* known = m_session->disk(path)) {
            disk.sizeBytes = known->sizeBytes;
            disk.controller = known->controller;
            disk.label = known->name;
        }
        presetDisks.append(disk);
    }
    QList<CanvasConfig> configs;
    const QStringList presets = plan.allConfigurations ? presetsFor(presetDisks) : QStringList();
    for (const QString& preset : presets) {
        auto spec = makePreset(preset, presetDisks);
        if (!spec) {
            return spec.error();
        }
        configs.append({QString(), *spec});
    }
    for (const ConfigSpec& config : plan.configurations) {
        if (config.preset.isEmpty()) {
            configs.append({config.name, config.spec});
            continue;
        }
        auto spec = makePreset(config.preset, presetDisks);
        if (!spec) {
            return makeError(spec.error().code, tr("%1: %2").arg(config.name, spec.error().message));
        }
        configs.append({config.name, *spec});
    }
    QSet<QString> chosen;
    for (const TestSpec& test : plan.tests) {
        chosen.insert(test.id());
        if (test.kind == TestKind::Command) {
            m_command->setChecked(true);
            QStringList quoted;
            for (const QString& arg : test.file.argv) {
                quoted.append(shellQuote(arg));
            }
            m_commandLine->setText(quoted.join(QLatin1Char(' ')));
            m_commandRepeats->setValue(test.file.repeats);
        }
    }
    for (const auto& [id, box] : m_tests) {
        // A test of the plan names itself by what it does ("seq1m-qd1-write"), a choice here by its
        // purpose ("dd-seq1m-qd1-write"): the same test either way.
        const auto standard = TestSpec::standard(id);
        box->setChecked(chosen.contains(id) || (standard && chosen.contains(standard->id())));
    }
    m_repeats->setValue(plan.repeats);
    m_seconds->setValue(int(std::max<std::uint64_t>(1, plan.timeLimitNs / 1'000'000'000ull)));
    const int sizeIndex = m_size->findData(double(plan.sizeLimit));
    if (sizeIndex >= 0) {
        m_size->setCurrentIndex(sizeIndex);
    } else {
        m_size->addItem(Display::formatSizeCompact(plan.sizeLimit), double(plan.sizeLimit));
        m_size->setCurrentIndex(m_size->count() - 1);
    }
    m_ramp->setValue(double(plan.rampNs) / 1e9);
    m_filesystem->setCurrentIndex(std::max(0, m_filesystem->findData(plan.filesystem.type)));
    m_baselines->setChecked(plan.baselines);
    m_drill->setChecked(plan.drill.enabled);
    if (plan.stable.enabled()) {
        m_stableSpec = plan.stable;
    }
    m_resync = plan.resync;
    m_writeCache->setCurrentIndex(std::max(0, m_writeCache->findData(int(plan.writeCache))));
    m_region->setCurrentIndex(std::max(0, m_region->findData(int(plan.region))));
    QStringList stripes;
    for (int value : plan.stripeCaches) {
        stripes.append(QString::number(value));
    }
    if (m_stripeCache->findData(stripes.join(QLatin1Char(','))) < 0) {
        m_stripeCache->addItem(tr("%1 stripes (from the plan)").arg(stripes.join(QStringLiteral(", "))),
                               stripes.join(QLatin1Char(',')));
    }
    m_stripeCache->setCurrentIndex(m_stripeCache->findData(stripes.join(QLatin1Char(','))));
    updateStableText();
    m_stable->setChecked(plan.stable.enabled());
    m_canvas->setConfigs(configs, tr("Open a plan"));
    updateSummary();
    return {};
}

Result<void> PlanPage::loadPlanFile(const QString& path)
{
    auto plan = CampaignPlan::load(path);
    if (!plan) {
        return makeError(plan.error().code, tr("Cannot open the plan %1: %2").arg(path, plan.error().message));
    }
    return applyPlan(*plan);
}

Result<void> PlanPage::savePlanFile(const QString& path) const
{
    auto current = plan();
    if (!current) {
        return current.error();
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    file.write(QJsonDocument(current->toJson()).toJson());
    if (!file.commit()) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    return {};
}

Result<QStringList> PlanPage::commandListing() const
{
    const auto current = plan();
    if (!current) {
        return current.error();
    }
    return PlanCommandsDialog::listing(*current, *m_session);
}

void PlanPage::showCommands()
{
    const auto lines = commandListing();
    if (!lines) {
        Q_EMIT message(ErrorCode::userText(lines.error()));
        return;
    }
    PlanCommandsDialog dialog(*lines, this);
    dialog.exec();
}

void PlanPage::updateStableText()
{
    m_stable->setText(
        tr("Repeat each test until its runs agree within %1 % (at most %2 runs)")
            .arg(QString::number(m_stableSpec.cvMax * 100, 'g', 3), QString::number(m_stableSpec.maxRepeats)));
}

void PlanPage::updateSummary()
{
    const auto current = plan();
    if (!current) {
        m_summary->setText(ErrorCode::userText(current.error()));
        return;
    }
    // Each block size or queue depth of a sweep is a run; stable mode counts its fewest runs.
    // "both" measures every configuration twice.
    // A stripe cache sweep measures each layout with a parity array once per size.
    const std::function<bool(const ArraySpec&)> parity = [&](const ArraySpec& node) {
        return (!node.isLeaf() && isParityLevel(node.level)) ||
            std::any_of(node.children.begin(), node.children.end(), parity);
    };
    qsizetype measured = 0;
    for (const ConfigSpec& config : current->configurations) {
        measured += parity(config.spec) ? std::max<qsizetype>(1, current->stripeCaches.size()) : 1;
    }
    const qsizetype runs =
        qsizetype(current->unitsPerConfiguration()) * measured * (current->writeCache == WriteCacheMode::Both ? 2 : 1);
    const double seconds = double(runs) * double(current->timeLimitNs + current->rampNs) / 1e9 +
        (current->baselines ? double(current->disks.size()) * 2 * double(current->timeLimitNs + current->rampNs) / 1e9
                            : 0.0);
    m_summary->setText(tr("%n configuration(s) on %1 disk(s), %2 test run(s): at least %3 of measuring, plus building, "
                          "resyncs and teardowns. Every disk used is destroyed.",
                          nullptr, int(current->configurations.size()))
                           .arg(current->disks.size())
                           .arg(runs)
                           .arg(Display::formatRoughDuration(seconds)) +
                       (current->stable.enabled()
                            ? tr(" Repeating until the runs agree can take up to %1 runs of each test.")
                                  .arg(current->stable.maxRepeats)
                            : QString()) +
                       (current->drill.enabled ? tr(" The failure drill runs each redundant layout's tests again on "
                                                    "the degraded array and adds its rebuild, minutes on large disks.")
                                               : QString()));
}

QJsonObject PlanPage::settingsJson() const
{
    QJsonArray tests;
    for (const auto& [id, box] : m_tests) {
        if (box->isChecked()) {
            tests.append(id);
        }
    }
    return {{QStringLiteral("tests"), tests},
            {QStringLiteral("command"), m_command->isChecked()},
            {QStringLiteral("command_line"), m_commandLine->text()},
            {QStringLiteral("command_repeats"), m_commandRepeats->value()},
            {QStringLiteral("repeats"), m_repeats->value()},
            {QStringLiteral("seconds"), m_seconds->value()},
            {QStringLiteral("size_index"), m_size->currentIndex()},
            {QStringLiteral("ramp"), m_ramp->value()},
            {QStringLiteral("filesystem"), m_filesystem->currentData().toString()},
            {QStringLiteral("baselines"), m_baselines->isChecked()},
            {QStringLiteral("drill"), m_drill->isChecked()},
            {QStringLiteral("stable"), m_stable->isChecked()},
            {QStringLiteral("write_cache"), m_writeCache->currentData().toInt()},
            {QStringLiteral("region"), m_region->currentData().toInt()},
            {QStringLiteral("stripe_cache"), m_stripeCache->currentData().toString()}};
}

void PlanPage::restoreSettings(const QJsonObject& json)
{
    if (json.isEmpty()) {
        return;
    }
    const QJsonArray tests = json.value(QStringLiteral("tests")).toArray();
    for (const auto& [id, box] : m_tests) {
        box->setChecked(tests.contains(id));
    }
    m_command->setChecked(json.value(QStringLiteral("command")).toBool());
    m_commandLine->setText(json.value(QStringLiteral("command_line")).toString());
    m_commandRepeats->setValue(json.value(QStringLiteral("command_repeats")).toInt(3));
    m_repeats->setValue(json.value(QStringLiteral("repeats")).toInt(1));
    m_seconds->setValue(json.value(QStringLiteral("seconds")).toInt(10));
    m_size->setCurrentIndex(std::clamp(json.value(QStringLiteral("size_index")).toInt(0), 0, m_size->count() - 1));
    m_ramp->setValue(json.value(QStringLiteral("ramp")).toDouble(1));
    m_filesystem->setCurrentIndex(
        std::max(0, m_filesystem->findData(json.value(QStringLiteral("filesystem")).toString())));
    m_baselines->setChecked(json.value(QStringLiteral("baselines")).toBool(true));
    m_drill->setChecked(json.value(QStringLiteral("drill")).toBool(false));
    m_stable->setChecked(json.value(QStringLiteral("stable")).toBool(true));
    m_writeCache->setCurrentIndex(
        std::max(0, m_writeCache->findData(json.value(QStringLiteral("write_cache")).toInt(0))));
    m_region->setCurrentIndex(std::max(0, m_region->findData(json.value(QStringLiteral("region")).toInt(0))));
    m_stripeCache->setCurrentIndex(
        std::max(0, m_stripeCache->findData(json.value(QStringLiteral("stripe_cache")).toString())));
}

} // namespace RaidBench::Ui
