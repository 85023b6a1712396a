#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace RaidBench::Ui {
class MainWindow;
}

/// For the documentation (tests/ui/screenshots): drives the window through every page on the lab's
/// disks (measure, a few layouts, a short run) and saves a PNG of each page into a directory, then
/// prints the longest event-loop stall of the run and quits. Exit code 0 when every page was saved.
class ScreenshotDriver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScreenshotDriver)

public:
    ScreenshotDriver(RaidBench::Ui::MainWindow* window, QString directory, QString suffix, QObject* parent = nullptr);

    void start();
    /// Without the lab: opens a results file and saves the results pages only.
    void startResults(const QString& path);

private:
    void onDisks();
    void onRunFinished(const QString& error);
    bool save(const QString& name);
    bool saveWidget(QWidget* widget, const QString& name);
    void fail(const QString& why);
    void saveResultsPages(const std::function<void()>& then);

    RaidBench::Ui::MainWindow* m_window;
    QString m_directory;
    QString m_suffix;
    bool m_saidConnected = false;
    int m_stage = 0;
    bool m_failed = false;
};
