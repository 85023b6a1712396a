#include "buildpage.h"

#include "arraycanvas.h"
#include "canvasmodel.h"
#include "client/session.h"
#include "diskpool.h"
#include "layout/presets.h"

#include <QHBoxLayout>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace RaidBench::Ui {

CanvasContext BuildPage::canvasContext(Session* session)
{
    // What the cards need to know of a disk, by its plan path, from the session's disks.
    CanvasContext context;
    context.sizeOf = [session](const QString& path) -> std::uint64_t {
        const Disk* disk = session->disk(path);
        return disk ? disk->sizeBytes : 0;
    };
    context.controllerOf = [session](const QString& path) {
        const Disk* disk = session->disk(path);
        return disk ? disk->controller : QString();
    };
    context.labelOf = [session](const QString& path) {
        const Disk* disk = session->disk(path);
        return disk ? disk->name : path.section(QLatin1Char('/'), -1);
    };
    context.baselineOf = [session](const QString& path) { return session->baseline(path); };
    context.whyNot = [session](const QString& path) -> QString {
        const Disk* disk = session->disk(path);
        if (!disk) {
            return BuildPage::tr("it is not among this machine's disks");
        }
        if (disk->eligible) {
            return {};
        }
        QStringList reasons;
        for (const DiskReason& reason : disk->reasons) {
            reasons.append(reason.text(Audience::Person));
        }
        return reasons.join(QStringLiteral("; "));
    };
    return context;
}

BuildPage::BuildPage(Session* session, CanvasModel* model, ArrayCanvas* canvas, DiskPoolWidget* pool, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_canvasModel(model)
    , m_canvas(canvas)
    , m_pool(pool)
{
    setObjectName(QStringLiteral("buildPage"));
    auto* layout = new QVBoxLayout(this);
    QWidget* page = this;
    auto* bar = new QHBoxLayout;
    auto* add = new QToolButton(page);
    add->setObjectName(QStringLiteral("addDisksButton"));
    add->setText(tr("&Add selected disks"));
    add->setToolTip(tr("The keyboard way of dragging: add the disks selected in the pool to a new array or a card."));
    add->setPopupMode(QToolButton::InstantPopup);
    add->setMenu(new QMenu(add));
    connect(add->menu(), &QMenu::aboutToShow, this, [this, add] {
        add->menu()->clear();
        const QStringList disks = m_pool->selectedDisks();
        QAction* fresh = add->menu()->addAction(
            tr("New array"), this, [this, disks] { m_canvas->showResult(m_canvasModel->addArray(disks)); });
        fresh->setEnabled(!disks.isEmpty());
        for (const CanvasModel::CardPath& path : m_canvasModel->cards()) {
            const ArraySpec* card = m_canvasModel->card(path);
            if (card && !card->isLeaf()) {
                QAction* action = add->menu()->addAction(
                    tr("Add to %1").arg(m_canvasModel->cardName(path)), this,
                    [this, disks, path] { m_canvas->showResult(m_canvasModel->addDisks(path, disks)); });
                action->setEnabled(!disks.isEmpty());
            }
        }
    });
    auto* presets = new QPushButton(tr("Add the &standard set"), page);
    presets->setObjectName(QStringLiteral("addPresetsButton"));
    presets->setToolTip(tr("Every layout the usable disks allow (or the disks you selected, when two or more), "
                           "members spread across controllers."));
    connect(presets, &QPushButton::clicked, this, [this] {
        // A single clicked disk is not a choice of disks: the set then uses every usable one.
        QStringList paths = m_pool->selectedDisks();
        if (paths.size() < 2) {
            paths.clear();
        }
        QList<PresetDisk> disks;
        for (const Disk& disk : m_session->disks()) {
            const QString path = DiskPoolModel::planPath(disk);
            if (disk.eligible && (paths.isEmpty() || paths.contains(path))) {
                disks.append({path, disk.sizeBytes, disk.controller, disk.name});
            }
        }
        const Result<QString> added = m_canvasModel->addPresets(disks);
        if (!added) {
            m_canvas->showResult(added.error());
        } else {
            m_canvas->showResult({});
            m_canvas->showNote(*added);
        }
    });
    auto* clear = new QPushButton(tr("C&lear"), page);
    connect(clear, &QPushButton::clicked, m_canvasModel, &CanvasModel::clear);
    bar->addWidget(add);
    bar->addWidget(presets);
    bar->addWidget(clear);
    bar->addStretch(1);
    auto* next = new QPushButton(tr("Next: &plan the run"), page);
    connect(next, &QPushButton::clicked, this, &BuildPage::nextRequested);
    bar->addWidget(next);
    layout->addLayout(bar);
    // A refused drop is said once on the canvas, where it was dropped (and in the status bar, the
    // window's line for every page), not again above it.
    layout->addWidget(m_canvas, 1);
}

} // namespace RaidBench::Ui
