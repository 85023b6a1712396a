#pragma once

#include "canvasmodel.h"
#include "cardwidget.h"

#include <QFrame>
#include <QScrollArea>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QMimeData;
class QVBoxLayout;

namespace RaidBench::Ui {

/// What the canvas needs to know about disks, from the session.
struct CanvasContext
{
    std::function<std::uint64_t(const QString&)> sizeOf;
    std::function<QString(const QString&)> controllerOf;
    std::function<QString(const QString&)> labelOf;
    std::function<std::optional<std::pair<double, double>>(const QString&)> baselineOf;
    /// Why a disk must not be used; empty when it may.
    std::function<QString(const QString&)> whyNot;
};

/// The canvas: every configuration as a card tree, and a "new array" area to drop disks on.
/// Every drag has a menu or keyboard alternative (context menus; Ctrl+Z/Ctrl+Y undo and redo).
class ArrayCanvas final : public QScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ArrayCanvas)

public:
    ArrayCanvas(CanvasModel* model, CanvasContext context, QWidget* parent = nullptr);

    CanvasModel* model() const { return m_model; }
    const CanvasContext& context() const { return m_context; }
    /// `message` with each disk's by-id path replaced by the name the pool shows (sdc).
    QString readable(QString message) const;
    /// The message shown for the last refused action.
    QString lastMessage() const { return m_lastMessage; }
    QWidget* newArrayArea() const { return m_newArea; }
    CardWidget* cardWidget(const CanvasModel::CardPath& path) const;

    /// Accepts dropped data onto a card (empty path = the new-array area); returns the reason for a refusal.
    QString dropData(const QMimeData* mime, const CanvasModel::CardPath& target);
    /// Shows the outcome of an edit: the reason when refused.
    void showResult(const Result<void>& result);
    /// A note after a step that worked (not a refusal): shown under the canvas (in view however far
    /// it is scrolled, until the next step) and told; empty clears it.
    void showNote(const QString& note);
    void refresh();

Q_SIGNALS:
    void message(const QString& text);
    /// A note on a step that worked (showNote()).
    void noted(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    /// The viewport narrows when a scroll bar appears: the hint follows.
    bool viewportEvent(QEvent* event) override;

private:
    /// The hint's words (empty: none), pinned below the scrolled cards.
    void setHint(const QString& html);
    void placeHint();

    CanvasModel* m_model;
    CanvasContext m_context;
    QWidget* m_container;
    QVBoxLayout* m_layout;
    QLabel* m_hint;
    QFrame* m_newArea = nullptr;
    QList<CardWidget*> m_cards;
    QString m_lastMessage;
};

} // namespace RaidBench::Ui
