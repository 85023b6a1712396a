#include "helpdialogs.h"

#include "client/session.h"
#include "version.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSysInfo>

#include <functional>

namespace RaidBench::Ui {

void HelpDialogs::guide(QWidget* parent)
{
    QMessageBox box(parent);
    box.setWindowTitle(tr("RaidBench user guide"));
    box.setTextFormat(Qt::RichText);
    box.setText(
        tr("<h3>Which RAID layout should these disks be?</h3>"
           "<p>Five pages, one step each (Ctrl+1 to Ctrl+5):</p>"
           "<ol>"
           "<li><b>Disks</b>: every disk of the machine, and why RaidBench may not use one (it never writes to a "
           "disk in use). <i>Measure disks</i> times each alone and together and marks a slow one; <i>Surface</i> "
           "reads a disk from its first byte to its last; <i>Quick answer</i> predicts every layout and builds only "
           "the best two.</li>"
           "<li><b>Build</b>: drag disks onto the new-array area or onto a card; right-click a card to add it to "
           "another (nested levels) or put it inside a new one. <i>Add the standard set</i> adds every layout the "
           "disks allow. Each card says its space, the failures it survives and the speed it should reach.</li>"
           "<li><b>Plan</b>: the tests, how long each runs and how often, the region of the disks, write caches, "
           "a failure drill. <i>Show commands</i> lists every command the run will give.</li>"
           "<li><b>Run</b>: each layout is built, measured and torn down in turn; cancel at any moment, and "
           "nothing is left on the disks.</li>"
           "<li><b>Results</b>: the <i>Answer</i> for your requirements first, then the charts side by side, each "
           "disk's own speed, the table and the details. Export a chart, the CSV or an HTML report.</li>"
           "</ol>"
           "<p>No spare disks? <i>Tools &gt; Virtual lab</i> runs all of it on virtual disks in a small VM.</p>"
           "<p>The same from a terminal or on a server: <tt>raidbench-cli --help</tt>.</p>"));
    box.exec();
}

void HelpDialogs::shortcuts(QWidget* parent, QMenuBar* menus)
{
    // The menus' own shortcuts, so the list is always the one the window has.
    QString rows;
    const std::function<void(QMenu*, const QString&)> collect = [&](QMenu* menu, const QString& where) {
        for (QAction* action : menu->actions()) {
            const QString name = action->text().remove(QLatin1Char('&')).remove(QChar(0x2026));
            if (action->menu()) {
                collect(action->menu(), where + QStringLiteral(" > ") + name);
            } else if (!action->shortcut().isEmpty()) {
                rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2 &gt; %3</td></tr>")
                            .arg(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                                 where.toHtmlEscaped(), name.toHtmlEscaped());
            }
        }
    };
    for (QAction* top : menus->actions()) {
        if (top->menu()) {
            collect(top->menu(), top->text().remove(QLatin1Char('&')));
        }
    }
    QMessageBox box(parent);
    box.setWindowTitle(tr("Keyboard shortcuts"));
    box.setTextFormat(Qt::RichText);
    box.setText(tr("<p>Alt and the underlined letter of a tab, button or menu reaches it too.</p>") +
                QStringLiteral("<table cellspacing=\"6\">%1</table>").arg(rows));
    box.exec();
}

void HelpDialogs::about(QWidget* parent, const Session& session)
{
    const QString mdadm = session.about().mdadm;
    const QString kernel = session.about().kernel.isEmpty() ? QSysInfo::kernelVersion() : session.about().kernel;
    QMessageBox::about(parent, tr("About RaidBench"),
                       tr("<h3>RaidBench %1</h3><p>Which RAID layout should these disks be? Build, measure and "
                          "compare Linux software-RAID layouts.</p>"
                          "<p>Qt %2 (built with %3)<br>mdadm: %4<br>Kernel: %5%6</p>")
                           .arg(QStringLiteral(RAIDBENCH_VERSION), QString::fromLatin1(qVersion()),
                                QStringLiteral(QT_VERSION_STR),
                                mdadm.isEmpty() ? tr("(connect to see the helper's)") : mdadm.toHtmlEscaped(),
                                kernel.toHtmlEscaped(), session.isLab() ? tr(" (lab VM)") : QString()));
}

} // namespace RaidBench::Ui
