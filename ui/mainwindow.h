#pragma once

#include <QMainWindow>

namespace RaidBench::Ui {

/// The desktop program's main window. For now an empty frame: the disk pool, the array canvas and the
/// results pages arrive with the GUI issues.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace RaidBench::Ui
