// The Results page's answer (offscreen): the requirements form ranks the layouts of a real lab demo
// campaign (tests/data/results/lab-demo.json: two 105 MB/s and two 38 MB/s disks, nine layouts) as
// core's recommend() does, the trade-off chart draws every layout with the best trade-offs named,
// a click shows a point's numbers, and the chart and the HTML report export with the form's
// requirements.

#include "../common/resultsfixture.h"
#include "answer/tradeoff.h"
#include "model/analysis.h"
#include "quickanswerdialog.h"
#include "results/answerpanel.h"
#include "results/excludedlayoutsmodel.h"
#include "results/rankedlayoutsmodel.h"
#include "results/requirementsform.h"
#include "results/resultcharts.h"
#include "results/resultsfiles.h"
#include "results/resultspage.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <QXmlStreamReader>

using namespace RaidBench;
using namespace RaidBench::Ui;

namespace {

CampaignResults load()
{
    return Test::labDemoResults();
}

QString firstRanked(const AnswerPanel* answer)
{
    return answer->rankedTable()->model()->index(0, RankedLayoutsModel::ColumnLayout).data().toString();
}

int rankedRows(const AnswerPanel* answer)
{
    return answer->rankedTable()->model()->rowCount();
}

void chooseMeasure(AnswerPanel* answer, const QString& weight)
{
    QComboBox* box = answer->measureBox();
    const int index = box->findData(weight);
    QVERIFY2(index >= 0, qPrintable(weight));
    box->setCurrentIndex(index);
}

QList<QScatterSeries*> pointSeries(QChart* chart)
{
    QList<QScatterSeries*> found;
    for (QAbstractSeries* series : chart->series()) {
        if (series->objectName() == QLatin1String("tradeoff-points")) {
            found.append(qobject_cast<QScatterSeries*>(series));
        }
    }
    return found;
}

} // namespace

class TestAnswer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("results/requirements"));
    }

    void theAnswerComesFirst()
    {
        ResultsPage page;
        page.resize(1280, 800);
        page.show();
        page.setResults(load());
        QCOMPARE(page.tabs()->currentIndex(), int(ResultsPage::AnswerTab));
        QCOMPARE(page.tabs()->tabText(ResultsPage::AnswerTab), QStringLiteral("Answer"));
        AnswerPanel* answer = page.answerPanel();
        // The defaults: survive one failure, rank on sequential and random speed; as core says.
        const Recommendation expected = recommend(page.results(), Requirements::defaults());
        QCOMPARE(answer->summaryLabel()->text(), expected.summary);
        QCOMPARE(firstRanked(answer), QStringLiteral("raid10"));
        QCOMPARE(rankedRows(answer), int(expected.ranked.size()));
        QCOMPARE(answer->excludedTable()->model()->rowCount(), int(expected.excluded.size()));
        QCOMPARE(answer->excludedTable()->model()->index(0, ExcludedLayoutsModel::ColumnWhy).data().toString(),
                 QStringLiteral("survives no failure; 1 needed"));
        if (!qEnvironmentVariableIsEmpty("RAIDBENCH_ANSWER_SHOT")) {
            QApplication::processEvents();
            page.grab().save(qEnvironmentVariable("RAIDBENCH_ANSWER_SHOT"));
        }
    }

    /// During a run the answer covers what is measured so far and says how much is still to go.
    void aRunningRunSaysWhatIsStillToGo()
    {
        ResultsPage page;
        CampaignResults running = load();
        running.status = RunState::Running;
        running.configs[running.configs.size() - 1].status = RunState::Pending;
        running.configs[running.configs.size() - 2].status = RunState::Pending;
        page.setResults(running);
        const QString text = page.answerPanel()->summaryLabel()->text();
        QVERIFY2(text.startsWith(QStringLiteral("Still measuring: 2 of %1 layouts to go").arg(running.configs.size())),
                 qPrintable(text));
        CampaignResults done = load();
        page.setResults(done);
        QVERIFY(!page.answerPanel()->summaryLabel()->text().startsWith(QLatin1String("Still measuring")));
    }

    void theFormChangesTheRanking()
    {
        ResultsPage page;
        page.show();
        page.setResults(load());
        AnswerPanel* answer = page.answerPanel();
        QSignalSpy changed(answer, &AnswerPanel::requirementsChanged);

        chooseMeasure(answer, QStringLiteral("random-write"));
        QCOMPARE(firstRanked(answer), QStringLiteral("raid0+1"));
        QCOMPARE(
            answer->rankedTable()->model()->index(0, RankedLayoutsModel::ColumnWhy).data().toString(),
            QStringLiteral("fastest random writes of the layouts that survive one failure; keeps 50 % of the space"));
        QCOMPARE(page.chartOptions().requirements.text(), QStringLiteral("failures>=1,weight=random-write"));
        QCOMPARE(QSettings().value(QStringLiteral("results/requirements")).toString(),
                 QStringLiteral("failures>=1,weight=random-write"));

        answer->failuresBox()->setValue(0);
        chooseMeasure(answer, QStringLiteral("seq-write"));
        QCOMPARE(firstRanked(answer), QStringLiteral("raid0"));
        QCOMPARE(rankedRows(answer), 9);

        answer->failuresBox()->setValue(1);
        answer->spaceBox()->setValue(70);
        QCOMPARE(rankedRows(answer), 1);
        QCOMPARE(firstRanked(answer), QStringLiteral("raid5"));

        // Contradictory: nothing can meet it, and the nearest are named.
        answer->failuresBox()->setValue(3);
        answer->spaceBox()->setValue(80);
        QCOMPARE(rankedRows(answer), 0);
        QVERIFY2(answer->summaryLabel()->text().startsWith(QLatin1String("Nothing can meet this: with 4 disks")),
                 qPrintable(answer->summaryLabel()->text()));

        // On one controller, losing it cannot be survived.
        answer->failuresBox()->setValue(1);
        answer->spaceBox()->setValue(0);
        answer->controllerBox()->setChecked(true);
        QVERIFY(answer->summaryLabel()->text().contains(QLatin1String("one controller")));
        answer->controllerBox()->setChecked(false);

        // A mix of one's own; a wrong one is refused with the reason and changes nothing.
        answer->measureBox()->setCurrentIndex(answer->measureBox()->count() - 1);
        QVERIFY(answer->mixEdit()->isVisibleTo(answer));
        answer->mixEdit()->setText(QStringLiteral("random-read:3+seq-write"));
        Q_EMIT answer->mixEdit()->editingFinished();
        QCOMPARE(answer->requirements().text(), QStringLiteral("failures>=1,weight=random-read:3+seq-write"));
        const QString before = answer->requirements().text();
        const int spied = int(changed.count());
        answer->mixEdit()->setText(QStringLiteral("speed:2"));
        Q_EMIT answer->mixEdit()->editingFinished();
        QCOMPARE(answer->requirements().text(), before);
        QCOMPARE(int(changed.count()), spied);
        QVERIFY(changed.count() >= 6);

        // The form follows requirements set from outside, and a new page starts from the saved ones.
        answer->setRequirements(*Requirements::parse(QStringLiteral("failures>=2,weight=seq")));
        QCOMPARE(answer->failuresBox()->value(), 2);
        QCOMPARE(answer->measureBox()->currentData().toString(), QStringLiteral("seq"));
        QSettings().setValue(QStringLiteral("results/requirements"), QStringLiteral("weight=random"));
        ResultsPage again;
        QCOMPARE(again.answerPanel()->measureBox()->currentData().toString(), QStringLiteral("random"));
        QCOMPARE(again.answerPanel()->failuresBox()->value(), 0);
        QSettings().remove(QStringLiteral("results/requirements"));
    }

    void theTradeoffChartDrawsAndAnswersClicks()
    {
        ResultsPage page;
        page.resize(1280, 800);
        page.show();
        page.setResults(load());
        AnswerPanel* answer = page.answerPanel();
        chooseMeasure(answer, QStringLiteral("seq-write"));
        QChart* chart = page.chart(QStringLiteral("tradeoff"));
        QVERIFY(chart);
        QCOMPARE(chart->title(), QStringLiteral("Space kept against sequential writes"));
        // Every layout is a point, filled (qualifies) or hollow (left out), in groups by failures.
        int points = 0;
        QStringList groups;
        for (QScatterSeries* series : pointSeries(chart)) {
            points += series->count();
            groups.append(series->name());
        }
        QCOMPARE(points, 9);
        QVERIFY2(groups.contains(QStringLiteral("survives no failure (left out)")), qPrintable(groups.join(", ")));
        QVERIFY(groups.contains(QStringLiteral("survives 1 failure")));
        QVERIFY(groups.contains(QStringLiteral("survives 2 failures")));
        QVERIFY(groups.contains(QStringLiteral("survives 3 or more")));
        // A layout that keeps all the space (raid0) sits at 100 %: its marker is drawn whole, not cut at the
        // plot's edge, and the space axis still reads 0 to 100.
        const auto* space = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
        QVERIFY(space);
        QVERIFY2(space->min() < 0 && space->max() > 100,
                 qPrintable(QStringLiteral("%1..%2").arg(space->min()).arg(space->max())));
        QCOMPARE(space->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(space->tickAnchor(), 0.0);
        // The front of the layouts that survive a failure: raid5 keeps the most space and writes fastest.
        QLineSeries* front = nullptr;
        QStringList labels;
        for (QAbstractSeries* series : chart->series()) {
            if (series->name() == QLatin1String("best trade-offs")) {
                front = qobject_cast<QLineSeries*>(series);
            }
            if (series->objectName() == QLatin1String("tradeoff-label")) {
                labels.append(qobject_cast<QScatterSeries*>(series)->pointLabelsFormat());
            }
        }
        QVERIFY(front);
        QCOMPARE(front->count(), 1);
        QCOMPARE(labels, QStringList {QStringLiteral("raid5")});
        // Without a failure to survive: the fastest writer (it keeps as much space as one disk, in whole per cent).
        answer->failuresBox()->setValue(0);
        chart = page.chart(QStringLiteral("tradeoff"));
        labels.clear();
        for (QAbstractSeries* series : chart->series()) {
            if (series->objectName() == QLatin1String("tradeoff-label")) {
                labels.append(qobject_cast<QScatterSeries*>(series)->pointLabelsFormat());
            }
        }
        QCOMPARE(labels, QStringList {QStringLiteral("raid0")});
        answer->failuresBox()->setValue(1);
        chart = page.chart(QStringLiteral("tradeoff"));
        // A click on raid0's point shows its numbers.
        const Tradeoff data = tradeoff(page.results(), answer->requirements());
        for (const TradeoffPoint& point : data.points) {
            if (point.name != QLatin1String("raid0")) {
                continue;
            }
            for (QScatterSeries* series : pointSeries(chart)) {
                if (series->points().contains(QPointF(point.spacePct, point.speed))) {
                    Q_EMIT series->clicked(QPointF(point.spacePct + 0.3, point.speed - 1));
                }
            }
        }
        QVERIFY2(answer->pointLabel()->text().startsWith(QLatin1String("raid0\nkeeps 100 % of the space")),
                 qPrintable(answer->pointLabel()->text()));
        QVERIFY(answer->pointLabel()->text().contains(QLatin1String("sequential writes: 149.1 MB/s")));
        QVERIFY(answer->pointLabel()->text().contains(QLatin1String("left out: survives no failure")));
    }

    void theTradeoffChartAndTheReportExport()
    {
        ResultsPage page;
        page.show();
        page.setResults(load());
        chooseMeasure(page.answerPanel(), QStringLiteral("random-write"));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        QVERIFY(page.files()->exportChart(QStringLiteral("tradeoff"), png, QSize(1000, 600), 96).ok());
        QImage image(png);
        QCOMPARE(image.size(), QSize(1000, 600));
        const QString svg = dir.filePath(QStringLiteral("t.svg"));
        QVERIFY(page.files()->exportChart(QStringLiteral("tradeoff"), svg).ok());
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgData = svgFile.readAll();
        QXmlStreamReader xml(svgData);
        while (!xml.atEnd()) {
            xml.readNext();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(svgData.contains("space kept (%)"));
        QVERIFY(svgData.contains("random writes (IOPS)"));
        QVERIFY(page.files()->exportChart(QStringLiteral("tradeoff"), dir.filePath(QStringLiteral("t.pdf"))).ok());
        QVERIFY(QFile(dir.filePath(QStringLiteral("t.pdf"))).size() > 1000);
        // The HTML report answers as the form does, with the trade-off chart in it.
        const QString html = dir.filePath(QStringLiteral("r.html"));
        QVERIFY(page.files()->exportReport(html).ok());
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(htmlFile.readAll());
        QVERIFY(report.contains(QLatin1String("<h3>Recommendation</h3>")));
        QVERIFY(
            report.contains(QLatin1String("raid0+1: fastest random writes of the layouts that survive one failure")));
        QVERIFY(report.contains(Charts::caption(QStringLiteral("tradeoff")).toHtmlEscaped()));
    }

    /// The quick answer's dialog starts from the requirements it is given, gives back what the user
    /// set, and will not start on a mix that does not parse.
    void theQuickAnswerDialogAsksTheRequirements()
    {
        const Requirements given = *Requirements::parse(QStringLiteral("failures>=1,space>=30,weight=seq"));
        QuickAnswerDialog dialog(given, 4);
        RequirementsForm* form = dialog.form();
        QCOMPARE(form->failuresBox()->value(), 1);
        QCOMPARE(form->spaceBox()->value(), 30);
        QCOMPARE(dialog.requirements().text(), given.text());
        form->spaceBox()->setValue(50);
        form->controllerBox()->setChecked(true);
        QCOMPARE(dialog.requirements().minSpacePct, 50.0);
        QVERIFY(dialog.requirements().controllerLoss);
        auto* start = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(start->isEnabled());
        form->measureBox()->setCurrentIndex(form->measureBox()->count() - 1); // a mix of my own
        form->mixEdit()->setText(QStringLiteral("speed:fast"));
        Q_EMIT form->mixEdit()->editingFinished();
        QVERIFY(!start->isEnabled());
        auto* problem = dialog.findChild<QLabel*>(QStringLiteral("quickAnswerProblem"));
        QVERIFY(problem && !problem->isHidden() && !problem->text().isEmpty());
        QCOMPARE(dialog.requirements().minSpacePct, 50.0); // the last good ones stand
        form->mixEdit()->setText(QStringLiteral("seq:2+random"));
        Q_EMIT form->mixEdit()->editingFinished();
        QVERIFY(start->isEnabled());
        QVERIFY(problem->isHidden());
        QVERIFY2(dialog.requirements().text().contains(QLatin1String("seq:2")),
                 qPrintable(dialog.requirements().text()));
    }
};

QTEST_MAIN(TestAnswer)
#include "tst_answer.moc"
