#include "arraycanvas.h"

#include "diskpool.h"
#include "displaynumbers.h"
#include "layout/arrayanalysis.h"
#include "layout/stripes.h"
#include "model/analysis.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDrag>
#include <QDragEnterEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace RaidBench::Ui {

ArrayCanvas::ArrayCanvas(CanvasModel* model, CanvasContext context, QWidget* parent)
    : QScrollArea(parent)
    , m_model(model)
    , m_context(std::move(context))
    , m_container(new QWidget(this))
    , m_layout(new QVBoxLayout(m_container))
    , m_hint(new QLabel(this))
{
    setObjectName(QStringLiteral("arrayCanvas"));
    setWidgetResizable(true);
    setWidget(m_container);
    setAccessibleName(tr("Array canvas"));
    m_hint->setWordWrap(true);
    m_hint->setObjectName(QStringLiteral("canvasHint"));
    m_hint->hide();
    connect(model, &CanvasModel::changed, this, &ArrayCanvas::refresh);
    refresh();
}

CardWidget* ArrayCanvas::cardWidget(const CanvasModel::CardPath& path) const
{
    for (CardWidget* card : m_cards) {
        if (card->path() == path) {
            return card;
        }
    }
    return nullptr;
}

void ArrayCanvas::refresh()
{
    // Rebuilt from the model each time: the canvas holds a handful of cards.
    // Everything in the scrolled area goes (the hint is pinned outside it). A card may be inside its
    // own drop handler here, hence deleteLater.
    for (QWidget* child : m_container->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        m_layout->removeWidget(child);
        child->hide();
        child->deleteLater();
    }
    while (m_layout->count() > 0) {
        delete m_layout->takeAt(0); // the stretch
    }
    m_cards.clear();
    auto* intro = new QLabel(tr("Each card is one configuration, built and measured one after another; the same disks "
                                "may be used in several. Drop disks on a card to add them, drop a card into another to "
                                "nest it."),
                             m_container);
    intro->setWordWrap(true);
    m_layout->addWidget(intro);
    for (int i = 0; i < m_model->configs().size(); ++i) {
        auto* card = new CardWidget(this, {i}, m_container);
        m_layout->addWidget(card);
        m_cards.append(card);
        m_cards.append(card->findChildren<CardWidget*>());
    }
    m_newArea = new QFrame(m_container);
    m_newArea->setObjectName(QStringLiteral("newArrayArea"));
    m_newArea->setFrameShape(QFrame::StyledPanel);
    m_newArea->setFrameShadow(QFrame::Sunken);
    m_newArea->setMinimumHeight(70);
    m_newArea->setAcceptDrops(true);
    m_newArea->installEventFilter(this);
    m_newArea->setAccessibleName(tr("New array area"));
    auto* label =
        new QLabel(tr("＋ Drop disks here for a new array, or a card to put it inside a new RAID0"), m_newArea);
    auto* areaLayout = new QVBoxLayout(m_newArea);
    label->setAlignment(Qt::AlignCenter);
    areaLayout->addWidget(label);
    m_layout->addWidget(m_newArea);
    m_layout->addStretch(1);
}

bool ArrayCanvas::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_newArea) {
        if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
            auto* drag = static_cast<QDragMoveEvent*>(event);
            if (drag->mimeData()->hasFormat(QLatin1String(disksMimeType)) ||
                drag->mimeData()->hasFormat(QLatin1String(cardMimeType))) {
                drag->acceptProposedAction();
                return true;
            }
        } else if (event->type() == QEvent::Drop) {
            auto* drop = static_cast<QDropEvent*>(event);
            if (dropData(drop->mimeData(), {}).isEmpty()) {
                drop->acceptProposedAction();
            } else {
                drop->ignore();
            }
            return true;
        }
    }
    return QScrollArea::eventFilter(watched, event);
}

QString ArrayCanvas::dropData(const QMimeData* mime, const CanvasModel::CardPath& target)
{
    Result<void> result;
    if (mime->hasFormat(QLatin1String(disksMimeType))) {
        const QStringList disks =
            QString::fromUtf8(mime->data(QLatin1String(disksMimeType))).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString& disk : disks) {
            const QString why = m_context.whyNot ? m_context.whyNot(disk) : QString();
            if (!why.isEmpty()) {
                showResult(makeError(ErrorCode::ineligible, tr("%1 cannot be used: %2").arg(disk, why)));
                return m_lastMessage;
            }
        }
        result = target.isEmpty() ? m_model->addArray(disks) : m_model->addDisks(target, disks);
    } else if (mime->hasFormat(QLatin1String(cardMimeType))) {
        const CanvasModel::CardPath source = decodeCardPath(mime->data(QLatin1String(cardMimeType)));
        if (target.isEmpty()) {
            // Onto the new-array area: a nested card moves out; a configuration gets a new RAID0 around
            // it, ready for more cards (RAID50 = RAID0 holding RAID5 cards).
            result = source.size() > 1 ? m_model->unnest(source) : m_model->wrap(source, ArrayLevel::Raid0);
        } else {
            result = m_model->nest(source, target);
        }
    } else {
        result = makeError(ErrorCode::refused, tr("Only disks and cards can be dropped here."));
    }
    showResult(result);
    return result ? QString() : m_lastMessage;
}

QString ArrayCanvas::readable(QString message) const
{
    // Plans name disks by their stable by-id paths; the user knows them by the names the pool shows.
    if (!m_context.labelOf) {
        return message;
    }
    static const QRegularExpression path(QStringLiteral("/dev/disk/by-[a-z]+/[^\\s,;:()'\"]+[^\\s,;:()'\".]"));
    QRegularExpressionMatchIterator it = path.globalMatch(message);
    QList<QRegularExpressionMatch> matches;
    while (it.hasNext()) {
        matches.prepend(it.next()); // replaced from the end, so earlier offsets stay right
    }
    for (const QRegularExpressionMatch& match : std::as_const(matches)) {
        message.replace(match.capturedStart(), match.capturedLength(), m_context.labelOf(match.captured()));
    }
    return message;
}

void ArrayCanvas::showResult(const Result<void>& result)
{
    m_lastMessage = result ? QString() : readable(ErrorCode::userText(result.error()));
    setHint(m_lastMessage.isEmpty()
                ? QString()
                : QStringLiteral("<span style='color:#c0392b'>%1</span>").arg(m_lastMessage.toHtmlEscaped()));
    Q_EMIT message(m_lastMessage); // empty after a success: the last refusal is no longer true
}

void ArrayCanvas::showNote(const QString& note)
{
    if (note.isEmpty()) {
        if (m_lastMessage.isEmpty()) {
            setHint({}); // a refusal shown stays until the next step clears it
        }
        return;
    }
    const QString text = readable(note);
    setHint(text.toHtmlEscaped());
    Q_EMIT noted(text);
}

void ArrayCanvas::setHint(const QString& html)
{
    m_hint->setText(html);
    placeHint();
}

void ArrayCanvas::placeHint()
{
    // Below the viewport, in a margin of its own: with the standard set's dozen cards, a hint at the
    // end of the cards would be out of sight. Only as wide as the viewport, so the scroll bars beside
    // and below it stay clear.
    if (m_hint->text().isEmpty()) {
        m_hint->hide();
        setViewportMargins(0, 0, 0, 0);
        return;
    }
    const int width = std::max(40, viewport()->width() - 12);
    const int height = m_hint->heightForWidth(width) + 8;
    setViewportMargins(0, 0, 0, height);
    const QRect view = viewport()->geometry();
    m_hint->setGeometry(view.left() + 6, view.bottom() + 1 + 4, width, height - 8);
    m_hint->show();
    m_hint->raise();
}

void ArrayCanvas::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    placeHint();
}

bool ArrayCanvas::viewportEvent(QEvent* event)
{
    const bool handled = QScrollArea::viewportEvent(event);
    if (event->type() == QEvent::Resize && !m_hint->text().isEmpty()) {
        placeHint(); // the same width gives the same margins, so this settles at once
    }
    return handled;
}

} // namespace RaidBench::Ui
