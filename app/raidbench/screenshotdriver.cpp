#include "screenshotdriver.h"

#include "canvasmodel.h"
#include "client/session.h"
#include "confirmdialog.h"
#include "diskpool.h"
#include "labdialog.h"
#include "mainwindow.h"
#include "plan/campaignplan.h"
#include "planpage.h"
#include "results/resultspage.h"
#include "runpage.h"
#include "stallwatchdog.h"

#include <QCoreApplication>
#include <QDir>
#include <QListView>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

using namespace RaidBench;
using namespace RaidBench::Ui;

ScreenshotDriver::ScreenshotDriver(MainWindow* window, QString directory, QString suffix, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_directory(std::move(directory))
    , m_suffix(std::move(suffix))
{ }

void ScreenshotDriver::start()
{
    QDir().mkpath(m_directory);
    connect(m_window->session(), &Session::disksChanged, this, &ScreenshotDriver::onDisks);
    connect(m_window->session(), &Session::connectionChanged, this, [this] {
        if (m_window->session()->isConnected() && !m_saidConnected) {
            m_saidConnected = true;
            std::fprintf(stderr, "screenshots: on connecting the window said: %s\n",
                         qPrintable(m_window->lastMessage()));
        }
    });
    connect(m_window->session(), &Session::helperClosed, this,
            [this](const QString& why) { fail(QStringLiteral("the helper stopped: %1").arg(why)); });
    connect(m_window->runPage(), &RunPage::finished, this,
            [this](const CampaignResults&, const QString& error) { onRunFinished(error); });
    QTimer::singleShot(20 * 60 * 1000, this, [this] { fail(QStringLiteral("timed out after 20 minutes")); });
}

bool ScreenshotDriver::saveWidget(QWidget* widget, const QString& name)
{
    const QString path = QStringLiteral("%1/%2-%3.png").arg(m_directory, name, m_suffix);
    const bool ok = widget->grab().save(path);
    std::fprintf(stderr, "screenshots: %s %s\n", ok ? "saved" : "could not save", qPrintable(path));
    m_failed = m_failed || !ok;
    return ok;
}

bool ScreenshotDriver::save(const QString& name)
{
    // Grabbing the window blocks the loop for a moment: that is this tool's, not the window's.
    m_window->runPage()->watchdog()->skipNext();
    return saveWidget(m_window, name);
}

void ScreenshotDriver::fail(const QString& why)
{
    std::fprintf(stderr, "screenshots: %s\n", qPrintable(why));
    QCoreApplication::exit(1);
}

void ScreenshotDriver::onDisks()
{
    if (m_stage != 0 || m_window->session()->disks().isEmpty()) {
        return;
    }
    m_stage = 1;
    QStringList disks;
    for (const Disk& disk : m_window->session()->disks()) {
        if (disk.eligible) {
            disks.append(DiskPoolModel::planPath(disk));
        }
    }
    if (disks.size() < 4) {
        fail(QStringLiteral("the lab shows %1 usable disks; the screenshots need 4").arg(disks.size()));
        return;
    }
    // The plan: a few layouts, two short tests; measuring the disks first fills the pool's speed bars.
    CampaignPlan plan;
    plan.disks = disks.mid(0, 4);
    for (const char* preset : {"raid0", "raid5", "raid10", "raid1+0"}) {
        ConfigSpec config;
        config.name = QLatin1String(preset);
        config.preset = QLatin1String(preset);
        plan.configurations.append(config);
    }
    plan.tests = {*TestSpec::standard(QStringLiteral("seq1m-qd8-write")),
                  *TestSpec::standard(QStringLiteral("seq1m-qd8-read"))};
    plan.timeLimitNs = 3'000'000'000ull;
    plan.rampNs = 500'000'000ull;
    if (auto applied = m_window->planPage()->applyPlan(plan); !applied) {
        fail(applied.error().message);
        return;
    }
    m_window->showStep(MainWindow::DisksStep);
    m_window->pool()->view()->setCurrentIndex(m_window->pool()->model()->index(0));
    m_window->measureDisks(plan.disks);
}

void ScreenshotDriver::startResults(const QString& path)
{
    QDir().mkpath(m_directory);
    QTimer::singleShot(300, this, [this, path] {
        if (auto opened = m_window->openFile(path); !opened) {
            fail(opened.error().message);
            return;
        }
        saveResultsPages([this] { QCoreApplication::exit(m_failed ? 1 : 0); });
    });
}

void ScreenshotDriver::saveResultsPages(const std::function<void()>& then)
{
    m_window->showStep(MainWindow::ResultsStep);
    QTimer::singleShot(500, this, [this, then] {
        ResultsPage* results = m_window->resultsPage();
        results->tabs()->setCurrentIndex(ResultsPage::AnswerTab);
        save(QStringLiteral("5-results"));
        const QStringList tabs {QStringLiteral("5a-results-comparison"), QStringLiteral("5b-results-disks"),
                                QStringLiteral("5c-results-table"), QStringLiteral("5d-results-details")};
        results->showDetail(QStringLiteral("timeline"));
        for (int i = 0; i < tabs.size(); ++i) {
            results->tabs()->setCurrentIndex(ResultsPage::ComparisonTab + i);
            QCoreApplication::processEvents();
            save(tabs.at(i));
        }
        results->tabs()->setCurrentIndex(ResultsPage::AnswerTab);
        then();
    });
}

void ScreenshotDriver::onRunFinished(const QString& error)
{
    if (!error.isEmpty()) {
        fail(QStringLiteral("the run failed: %1").arg(error));
        return;
    }
    if (m_stage == 1) {
        // Baselines measured: the pool shows them, the slow disks marked.
        m_stage = 2;
        m_window->showStep(MainWindow::DisksStep);
        QTimer::singleShot(300, this, [this] {
            save(QStringLiteral("1-disks"));
            m_window->showStep(MainWindow::BuildStep);
            QTimer::singleShot(300, this, [this] {
                save(QStringLiteral("2-build"));
                m_window->showStep(MainWindow::PlanStep);
                QTimer::singleShot(300, this, [this] {
                    save(QStringLiteral("3-plan"));
                    m_window->startRun();
                    // Mid-run: the queue, the live chart and the command log.
                    QTimer::singleShot(45000, this, [this] {
                        if (m_stage == 2) {
                            m_window->showStep(MainWindow::RunStep);
                            QTimer::singleShot(300, this, [this] { save(QStringLiteral("4-run")); });
                        }
                    });
                });
            });
        });
        return;
    }
    m_stage = 3;
    std::fprintf(stderr, "screenshots: longest event-loop stall during the run: %lld ms\n",
                 static_cast<long long>(m_window->runPage()->longestStallMs()));
    saveResultsPages([this] {
        // The dialogs, to look at in both palettes: the lab, and the confirmation real disks get.
        auto* lab = new LabDialog(m_window);
        lab->setAttribute(Qt::WA_DeleteOnClose);
        lab->show();
        auto* confirm = new DestroyConfirmDialog(m_window->session()->disks(), m_window);
        confirm->setAttribute(Qt::WA_DeleteOnClose);
        confirm->show();
        QTimer::singleShot(300, this, [this, lab, confirm] {
            saveWidget(lab, QStringLiteral("6-lab-dialog"));
            saveWidget(confirm, QStringLiteral("7-confirm-dialog"));
            lab->close();
            confirm->close();
            // Quit as the user does: the window says it cleans up the lab until the VM is gone.
            m_window->close();
            std::fprintf(stderr, "screenshots: on quitting the window said: %s\n", qPrintable(m_window->lastMessage()));
            QCoreApplication::exit(m_failed ? 1 : 0);
        });
    });
}
