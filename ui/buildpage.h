#pragma once

#include "arraycanvas.h"

#include <QWidget>

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

class CanvasModel;
class DiskPoolWidget;

/// Step 2: the canvas of configurations, with Add selected disks (the keyboard way of dragging),
/// Add the standard set, Clear, and the canvas's last refusal above it.
class BuildPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BuildPage)

public:
    BuildPage(Session* session, CanvasModel* model, ArrayCanvas* canvas, DiskPoolWidget* pool,
              QWidget* parent = nullptr);

    /// What the canvas's cards need to know about disks (size, controller, name, speed, why not
    /// usable), from the session.
    static CanvasContext canvasContext(Session* session);

Q_SIGNALS:
    void nextRequested();

private:
    Session* m_session;
    CanvasModel* m_canvasModel;
    ArrayCanvas* m_canvas;
    DiskPoolWidget* m_pool;
};

} // namespace RaidBench::Ui
