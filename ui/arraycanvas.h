#pragma once

#include "canvasmodel.h"

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

/// MIME type of a card dragged on the canvas: its path ("0/1").
inline constexpr auto cardMimeType = "application/x-raidbench-card";

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

class ArrayCanvas;

/// One card: a level with its parameters, its member disks, the cards nested in it, its figures
/// (usable capacity, % of raw space, failures survived, controller tolerance, predicted MB/s), and
/// why it cannot be built when it cannot.
class CardWidget final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CardWidget)

public:
    CardWidget(ArrayCanvas* canvas, CanvasModel::CardPath path, QWidget* parent = nullptr);

    const CanvasModel::CardPath& path() const { return m_path; }
    QLabel* problemLabel() const { return m_problem; }
    QLabel* figuresLabel() const { return m_figures; }
    QComboBox* levelComboBox() const { return m_level; }

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    ArrayCanvas* m_canvas;
    CanvasModel::CardPath m_path;
    QComboBox* m_level = nullptr;
    QLabel* m_problem = nullptr;
    QLabel* m_figures = nullptr;
    QPoint m_pressAt;
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
    void refresh();

Q_SIGNALS:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
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
