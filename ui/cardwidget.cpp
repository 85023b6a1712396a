#include "cardwidget.h"

#include "arraycanvas.h"
#include "diskpool.h"
#include "displaynumbers.h"
#include "layout/arrayanalysis.h"
#include "layout/stripes.h"
#include "model/analysis.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDrag>
#include <QDragEnterEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QToolButton>
#include <QVBoxLayout>

namespace RaidBench::Ui {

namespace {

/// The disk a chip stands for, so a right-click on it can offer that disk alone.
constexpr const char* chipDeviceProperty = "raidbenchChipDevice";

const QList<std::pair<ArrayLevel, bool>>& levels()
{
    static const QList<std::pair<ArrayLevel, bool>> list {
        {ArrayLevel::Disk, true},    {ArrayLevel::Raid0, false},  {ArrayLevel::Raid1, false},
        {ArrayLevel::Raid4, false},  {ArrayLevel::Raid5, false},  {ArrayLevel::Raid6, false},
        {ArrayLevel::Raid10, false}, {ArrayLevel::Linear, false}, {ArrayLevel::LvmStripe, false}};
    return list;
}

} // namespace

QByteArray encodeCardPath(const CanvasModel::CardPath& path)
{
    QStringList parts;
    for (int i : path) {
        parts.append(QString::number(i));
    }
    return parts.join(QLatin1Char('/')).toLatin1();
}

CanvasModel::CardPath decodeCardPath(const QByteArray& text)
{
    CanvasModel::CardPath path;
    for (const QByteArray& part : text.split('/')) {
        bool ok = false;
        const int value = part.toInt(&ok);
        if (!ok) {
            return {};
        }
        path.append(value);
    }
    return path;
}

CardWidget::CardWidget(ArrayCanvas* canvas, CanvasModel::CardPath path, QWidget* parent)
    : QFrame(parent)
    , m_canvas(canvas)
    , m_path(std::move(path))
{
    CanvasModel* model = canvas->model();
    const ArraySpec* spec = model->card(m_path);
    setObjectName(QStringLiteral("card-%1").arg(QString::fromLatin1(encodeCardPath(m_path))));
    setFrameShape(QFrame::StyledPanel);
    setAcceptDrops(true);
    setAutoFillBackground(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(model->cardName(m_path));
    auto* layout = new QVBoxLayout(this);
    addHeader(layout, *spec);
    addMembers(layout, *spec);
    addNested(layout, *spec);

    // Figures, from the members' sizes and speeds.
    const CanvasContext& context = canvas->context();
    ArraySpec sized = *spec;
    std::function<void(ArraySpec&)> fill = [&](ArraySpec& node) {
        if (node.isLeaf()) {
            node.sizeBytes = context.sizeOf ? context.sizeOf(node.device) : 0;
            node.controller = context.controllerOf ? context.controllerOf(node.device) : QString();
            return;
        }
        for (ArraySpec& child : node.children) {
            fill(child);
        }
    };
    fill(sized);
    m_figures = new QLabel(figuresText(sized), this);
    m_figures->setObjectName(QStringLiteral("figuresLabel"));
    m_figures->setWordWrap(true);
    layout->addWidget(m_figures);
    addProblem(layout, sized);
}

void CardWidget::addHeader(QVBoxLayout* layout, const ArraySpec& card)
{
    const ArraySpec* spec = &card;
    CanvasModel* model = m_canvas->model();
    // The card's name (drag it by here), its level and parameters.
    auto* header = new QHBoxLayout;
    auto* title = new QLabel(QStringLiteral("<b>%1</b>").arg(model->cardName(m_path).toHtmlEscaped()), this);
    title->setObjectName(QStringLiteral("cardTitle"));
    title->setToolTip(
        tr("Drag this card into another card's nest area to nest it (RAID50 = RAID0 holding RAID5 cards)."));
    // The name is where a card is grabbed: it leaves the mouse to the card, which starts the drag, and its
    // cursor says it can be grabbed.
    title->setTextInteractionFlags(Qt::NoTextInteraction);
    title->setCursor(Qt::OpenHandCursor);
    header->addWidget(title);
    m_level = new QComboBox(this);
    m_level->setObjectName(QStringLiteral("levelComboBox"));
    m_level->setAccessibleName(tr("Level of %1").arg(model->cardName(m_path)));
    for (const auto& [level, single] : levels()) {
        if (single && m_path.size() > 1) {
            continue;
        }
        m_level->addItem(CanvasModel::levelTitle(level), int(level));
    }
    const ArrayLevel current = spec->isLeaf() ? ArrayLevel::Disk : spec->level;
    m_level->setCurrentIndex(m_level->findData(int(current)));
    connect(m_level, &QComboBox::activated, this, [this](int index) {
        m_canvas->showResult(m_canvas->model()->setLevel(m_path, ArrayLevel(m_level->itemData(index).toInt())));
    });
    header->addWidget(m_level);
    if (!spec->isLeaf() && current == ArrayLevel::Raid10) {
        auto* layoutBox = new QComboBox(this);
        layoutBox->setObjectName(QStringLiteral("layoutComboBox"));
        layoutBox->setAccessibleName(tr("RAID10 layout"));
        for (const char* name : {"n2", "f2", "o2", "n3", "f3"}) {
            layoutBox->addItem(QLatin1String(name));
        }
        layoutBox->setCurrentText(spec->layout.isEmpty() ? QStringLiteral("n2") : spec->layout);
        connect(layoutBox, &QComboBox::activated, this, [this, layoutBox](int) {
            m_canvas->showResult(m_canvas->model()->setLayout(m_path, layoutBox->currentText()));
        });
        header->addWidget(layoutBox);
    }
    // Chunk (md) and stripe size (LVM): RaidBench's choice first, which over parity legs fills their
    // stripes (elsewhere mdadm's 512 KiB or LVM's 64 KiB), then sizes to pick.
    if (!spec->isLeaf() && levelIsMd(current) && current != ArrayLevel::Raid1 && current != ArrayLevel::Linear) {
        QComboBox* chunk = addSizeBox(header, *spec, QStringLiteral("chunkComboBox"), tr("Chunk size"), tr("chunk"),
                                      512ull << 10, spec->chunkBytes);
        connect(chunk, &QComboBox::activated, this, [this, chunk](int index) {
            m_canvas->showResult(m_canvas->model()->setChunk(m_path, std::uint64_t(chunk->itemData(index).toDouble())));
        });
    }
    if (!spec->isLeaf() && current == ArrayLevel::LvmStripe) {
        QComboBox* stripe = addSizeBox(header, *spec, QStringLiteral("stripeComboBox"), tr("Stripe size"), tr("stripe"),
                                       64ull << 10, spec->stripeBytes);
        connect(stripe, &QComboBox::activated, this, [this, stripe](int index) {
            m_canvas->showResult(
                m_canvas->model()->setStripeSize(m_path, std::uint64_t(stripe->itemData(index).toDouble())));
        });
    }
    if (!spec->isLeaf() && levelIsMd(current) && current != ArrayLevel::Raid0 && current != ArrayLevel::Linear) {
        addMdSwitches(header, *spec);
    }
    header->addStretch(1);
    auto* remove = new QToolButton(this);
    remove->setText(QStringLiteral("✕"));
    remove->setToolTip(tr("Remove this card"));
    remove->setAccessibleName(tr("Remove %1").arg(model->cardName(m_path)));
    connect(remove, &QToolButton::clicked, this,
            [this] { m_canvas->showResult(m_canvas->model()->removeCard(m_path)); });
    header->addWidget(remove);
    layout->addLayout(header);
}

QComboBox* CardWidget::addSizeBox(QHBoxLayout* header, const ArraySpec& spec, const QString& name,
                                  const QString& accessible, const QString& word, std::uint64_t fallback,
                                  std::uint64_t chosen)
{
    auto* box = new QComboBox(this);
    box->setObjectName(name);
    box->setAccessibleName(accessible);
    const auto aligned = alignedTopChunk(spec);
    box->addItem(aligned ? tr("%1 %2 (fills the legs' stripes)").arg(word, Display::formatSizeCompact(*aligned))
                         : tr("%1 %2 (default)").arg(word, Display::formatSizeCompact(fallback)),
                 0);
    box->setToolTip(aligned ? tr("Each write to a leg is then whole stripes: no reads before writing.") : QString());
    for (const std::uint64_t size :
         {64ull << 10, 128ull << 10, 256ull << 10, 512ull << 10, 1ull << 20, 2ull << 20, 4ull << 20}) {
        if (aligned || size != fallback) {
            box->addItem(QStringLiteral("%1 %2").arg(word, Display::formatSizeCompact(size)), double(size));
        }
    }
    box->setCurrentIndex(std::max(0, box->findData(double(chosen))));
    header->addWidget(box);
    return box;
}

void CardWidget::addMdSwitches(QHBoxLayout* header, const ArraySpec& spec)
{
    auto* bitmap = new QCheckBox(tr("bitmap"), this);
    bitmap->setToolTip(tr("Internal write-intent bitmap: faster resync after a crash, slower writes."));
    bitmap->setChecked(spec.bitmap == Bitmap::Internal);
    connect(bitmap, &QCheckBox::toggled, this,
            [this](bool on) { m_canvas->showResult(m_canvas->model()->setBitmap(m_path, on)); });
    header->addWidget(bitmap);
    auto* clean = new QCheckBox(tr("assume clean"), this);
    clean->setToolTip(tr("Skip md's initial resync (hours on big disks); fine for a benchmark of blank disks."));
    clean->setChecked(spec.assumeClean);
    connect(clean, &QCheckBox::toggled, this,
            [this](bool on) { m_canvas->showResult(m_canvas->model()->setAssumeClean(m_path, on)); });
    header->addWidget(clean);
}

void CardWidget::addMembers(QVBoxLayout* layout, const ArraySpec& card)
{
    const ArraySpec* spec = &card;
    CanvasModel* model = m_canvas->model();
    const CanvasContext& context = m_canvas->context();
    auto* members = new QHBoxLayout;
    members->setSpacing(4);
    const QList<ArraySpec> children = spec->isLeaf() ? QList<ArraySpec> {*spec} : spec->children;
    for (const ArraySpec& child : children) {
        if (!child.isLeaf()) {
            continue;
        }
        auto* chip = new QToolButton(this);
        chip->setIcon(QIcon(QStringLiteral(":/raidbench/disk.svg")));
        chip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        const QString label = context.labelOf ? context.labelOf(child.device) : child.device;
        chip->setText(label);
        chip->setToolTip(tr("%1 — click to remove it from this card").arg(child.device));
        chip->setAccessibleName(tr("Disk %1 in %2").arg(label, model->cardName(m_path)));
        chip->setProperty(chipDeviceProperty, child.device);
        connect(chip, &QToolButton::clicked, this,
                [this, device = child.device] { m_canvas->showResult(m_canvas->model()->removeDisk(m_path, device)); });
        members->addWidget(chip);
    }
    members->addStretch(1);
    layout->addLayout(members);
}

void CardWidget::addNested(QVBoxLayout* layout, const ArraySpec& spec)
{
    if (spec.isLeaf()) {
        return;
    }
    for (int i = 0; i < spec.children.size(); ++i) {
        if (!spec.children[i].isLeaf()) {
            layout->addWidget(new CardWidget(m_canvas, m_path + CanvasModel::CardPath {i}, this));
        }
    }
    auto* nest =
        new QLabel(tr("⤵ drop disks or cards here to add them to %1").arg(m_canvas->model()->cardName(m_path)), this);
    nest->setEnabled(false);
    layout->addWidget(nest);
}

QString CardWidget::figuresText(const ArraySpec& sized) const
{
    const CanvasContext& context = m_canvas->context();
    const ArrayFigures figures = analyzeSpec(sized);
    QString text;
    if (figures.usableBytes) {
        text = tr("%1 usable · %2 % of raw")
                   .arg(Display::formatBytesDecimal(double(*figures.usableBytes)))
                   .arg(figures.spacePct, 0, 'f', 0);
    }
    text += tr(" · survives %1 failure(s)").arg(figures.failuresGuaranteed);
    if (figures.failuresBestCase > figures.failuresGuaranteed) {
        text += tr(" (up to %1)").arg(figures.failuresBestCase);
    }
    if (figures.controllersKnown) {
        text += figures.controllerCount < 2 ? tr(" · one controller")
                                            : (figures.survivesControllerLoss ? tr(" · survives a controller loss")
                                                                              : tr(" · a controller loss kills it"));
    }
    if (context.baselineOf) {
        const ThroughputPrediction prediction = predictThroughput(sized, context.baselineOf);
        if (prediction.write && prediction.read) {
            QString partial;
            if (prediction.writeIsRange()) {
                partial =
                    tr(" (partial stripes: %1 to %2)")
                        .arg(Display::formatMBps(*prediction.writeLow), Display::formatMBps(*prediction.writeHigh));
            } else if (prediction.writeBound == QLatin1String("partial-stripes")) {
                partial = tr(" (partial stripes)");
            }
            text += tr(" · predicted %1 write%2, %3 read")
                        .arg(Display::formatMBps(*prediction.write), partial, Display::formatMBps(*prediction.read));
        }
    }
    return text;
}

void CardWidget::addProblem(QVBoxLayout* layout, const ArraySpec& sized)
{
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    QString problem;
    for (const SpecIssue& issue : validateSpec(sized)) {
        if (!issue.warning && problem.isEmpty()) {
            problem = issue.message;
        }
    }
    if (problem.isEmpty()) {
        for (const SpecIssue& issue : validateSpec(sized)) {
            if (issue.warning && problem.isEmpty()) {
                problem = tr("Note: %1").arg(issue.message);
            }
        }
        m_problem->setStyleSheet(QStringLiteral("color: #b9770e;"));
    } else {
        m_problem->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: bold;"));
    }
    problem = m_canvas->readable(problem);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    layout->addWidget(m_problem);
}

void CardWidget::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(QLatin1String(disksMimeType)) ||
        event->mimeData()->hasFormat(QLatin1String(cardMimeType))) {
        event->acceptProposedAction();
    }
}

void CardWidget::dragMoveEvent(QDragMoveEvent* event)
{
    event->acceptProposedAction();
}

void CardWidget::dropEvent(QDropEvent* event)
{
    const QString refusal = m_canvas->dropData(event->mimeData(), m_path);
    if (refusal.isEmpty()) {
        event->acceptProposedAction();
    } else {
        event->ignore();
    }
}

void CardWidget::mousePressEvent(QMouseEvent* event)
{
    m_pressAt = event->pos();
    QFrame::mousePressEvent(event);
}

void CardWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (!(event->buttons() & Qt::LeftButton) ||
        (event->pos() - m_pressAt).manhattanLength() < QApplication::startDragDistance()) {
        return;
    }
    auto* drag = new QDrag(this);
    auto* mime = new QMimeData;
    mime->setData(QLatin1String(cardMimeType), encodeCardPath(m_path));
    drag->setMimeData(mime);
    drag->setPixmap(grab().scaledToWidth(std::min(width(), 240)));
    drag->exec(Qt::MoveAction);
}

void CardWidget::contextMenuEvent(QContextMenuEvent* event)
{
    CanvasModel* model = m_canvas->model();
    QMenu menu(this);
    // On a disk chip, the first choice is that disk alone.
    QString chipDevice;
    for (QWidget* under = childAt(event->pos()); under && under != this; under = under->parentWidget()) {
        if (const QVariant device = under->property(chipDeviceProperty); device.isValid()) {
            chipDevice = device.toString();
            break;
        }
    }
    if (!chipDevice.isEmpty()) {
        menu.addAction(tr("Remove this disk from %1").arg(model->cardName(m_path)), this,
                       [this, chipDevice] { m_canvas->showResult(m_canvas->model()->removeDisk(m_path, chipDevice)); });
        menu.addSeparator();
    }
    QMenu* nestMenu = menu.addMenu(tr("Add to"));
    for (const CanvasModel::CardPath& other : model->cards()) {
        const bool inside = other.size() >= m_path.size() && other.mid(0, m_path.size()) == m_path;
        const ArraySpec* target = model->card(other);
        if (!inside && target && !target->isLeaf()) {
            nestMenu->addAction(model->cardName(other), this,
                                [this, other] { m_canvas->showResult(m_canvas->model()->nest(m_path, other)); });
        }
    }
    nestMenu->setEnabled(!nestMenu->isEmpty());
    if (m_path.size() > 1) {
        menu.addAction(tr("Move out to a configuration of its own"), this,
                       [this] { m_canvas->showResult(m_canvas->model()->unnest(m_path)); });
    }
    QMenu* wrapMenu = menu.addMenu(tr("Put inside a new"));
    for (const ArrayLevel level : {ArrayLevel::Raid0, ArrayLevel::Raid1, ArrayLevel::Raid5, ArrayLevel::Raid6,
                                   ArrayLevel::Linear, ArrayLevel::LvmStripe}) {
        wrapMenu->addAction(CanvasModel::levelTitle(level), this,
                            [this, level] { m_canvas->showResult(m_canvas->model()->wrap(m_path, level)); });
    }
    menu.addAction(tr("Remove the whole %1").arg(model->cardName(m_path)), this,
                   [this] { m_canvas->showResult(m_canvas->model()->removeCard(m_path)); });
    menu.exec(event->globalPos());
}

} // namespace RaidBench::Ui
