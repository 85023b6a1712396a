#pragma once

#include <QCoreApplication>

class QMenuBar;
class QWidget;

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

/// The Help menu's dialogs: the user guide, the keyboard shortcuts (read from the menus themselves, so
/// the list is always the window's), and About (the versions where the work happens: the helper's).
class HelpDialogs
{
    Q_DECLARE_TR_FUNCTIONS(RaidBench::Ui::HelpDialogs)

public:
    static void guide(QWidget* parent);
    static void shortcuts(QWidget* parent, QMenuBar* menus);
    static void about(QWidget* parent, const Session& session);
};

} // namespace RaidBench::Ui
