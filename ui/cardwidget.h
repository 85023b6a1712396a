#pragma once

#include "canvasmodel.h"

#include <QFrame>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QVBoxLayout;

namespace RaidBench::Ui {

/// MIME type of a card dragged on the canvas: its path ("0/1").
inline constexpr auto cardMimeType = "application/x-raidbench-card";
/// A card's path as the MIME data of its drag ("0/1"), and back (empty when it is not one).
QByteArray encodeCardPath(const CanvasModel::CardPath& path);
CanvasModel::CardPath decodeCardPath(const QByteArray& text);

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
    /// The constructor's parts: the header (name, level and its parameters, remove), the member disks'
    /// chips, the nested cards and the nest area, the figures, and why it cannot be built.
    void addHeader(QVBoxLayout* layout, const ArraySpec& spec);
    /// The chunk (md) or stripe (LVM) size box, RaidBench's choice first.
    QComboBox* addSizeBox(QHBoxLayout* header, const ArraySpec& spec, const QString& name, const QString& accessible,
                          const QString& word, std::uint64_t fallback, std::uint64_t chosen);
    void addMdSwitches(QHBoxLayout* header, const ArraySpec& spec);
    void addMembers(QVBoxLayout* layout, const ArraySpec& spec);
    void addNested(QVBoxLayout* layout, const ArraySpec& spec);
    /// The card's figures in words, from `sized` (its members' sizes and controllers filled in).
    QString figuresText(const ArraySpec& sized) const;
    void addProblem(QVBoxLayout* layout, const ArraySpec& sized);

    ArrayCanvas* m_canvas;
    CanvasModel::CardPath m_path;
    QComboBox* m_level = nullptr;
    QLabel* m_problem = nullptr;
    QLabel* m_figures = nullptr;
    QPoint m_pressAt;
};

} // namespace RaidBench::Ui
