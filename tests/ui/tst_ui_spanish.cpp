#include "../common/cli.h"
#include "../common/resultsfixture.h"
#include "answer/recommend.h"
#include "arrays/buildplan.h"
#include "campaign/campaignprogress.h"
#include "disks/diskhealth.h"
#include "disks/diskreason.h"
#include "disks/eligibility.h"
#include "disks/healthprobe.h"
#include "displaynumbers.h"
#include "engine/ioresult.h"
#include "helper/messages.h"
#include "model/analysis.h"
#include "plan/surfacescan.h"
#include "quickanswerdialog.h"
#include "results/answerpanel.h"
#include "results/excludedlayoutsmodel.h"
#include "results/rankedlayoutsmodel.h"
#include "results/resultcharts.h"
#include "results/resultspage.h"
#include "uitest.h"
#include "util/errorcodes.h"
#include "util/translation.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QProcess>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QUrl>

/// The window in the user's language: run under LANG=es_ES.UTF-8 (ctest sets it), the catalogue the
/// build compiled into the program is loaded from the locale alone, and the window, its charts and
/// its errors speak Spanish.
class TstUiSpanish : public QObject, public UiTestBase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        initCommon();
        QVERIFY2(QLocale::system().uiLanguages().value(0).startsWith(QLatin1String("es")),
                 qPrintable(QLocale::system().uiLanguages().join(QLatin1Char(','))));
        QCOMPARE(installTranslations(*qApp), QStringLiteral("es"));
    }

    void tabsAreSpanish()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        auto* steps = f->window->findChild<QTabWidget*>();
        QVERIFY(steps);
        QStringList names;
        for (int i = 0; i < steps->count(); ++i) {
            names.append(steps->tabText(i));
        }
        QCOMPARE(names,
                 (QStringList {QStringLiteral("&1 Discos"), QStringLiteral("&2 Crear"), QStringLiteral("&3 Plan"),
                               QStringLiteral("&4 Ejecución"), QStringLiteral("&5 Resultados")}));
        // The Plan page's tests, whose names come from a table of their own.
        auto* test = f->window->planPage()->findChild<QCheckBox*>(QStringLiteral("test-seq1m-qd8-write"));
        QVERIFY(test);
        QVERIFY2(test->text().startsWith(QStringLiteral("Escritura secuencial")), qPrintable(test->text()));
        QTabWidget* results = f->window->resultsPage()->tabs();
        QCOMPARE(results->tabText(int(ResultsPage::AnswerTab)), QStringLiteral("Respuesta"));
        QVERIFY2(results->tabText(int(ResultsPage::ComparisonTab)) == QStringLiteral("Comparación"),
                 qPrintable(results->tabText(int(ResultsPage::ComparisonTab))));
    }

    void anErrorIsSpanish()
    {
        // A file the window cannot open: the error catalogue's words for its code, in Spanish, then the
        // details as the machine gave them.
        auto f = makeWindow();
        const QString missing = m_config.filePath(QStringLiteral("nowhere.json"));
        QMimeData dropped;
        dropped.setUrls({QUrl::fromLocalFile(missing)});
        dropOn(f->window.get(), &dropped);
        const QString said = f->window->lastMessage();
        QVERIFY2(said.startsWith(QStringLiteral("Un error de E/S: No se puede abrir ")), qPrintable(said));
        QVERIFY2(said.contains(missing), qPrintable(said));
        // And straight from the catalogue.
        QCOMPARE(ErrorCode::userText(ErrorCode::noSsh, QStringLiteral("ssh: not found")),
                 QStringLiteral("El cliente ssh no está instalado: ssh: not found"));
        QCOMPARE(ErrorCode::userText(QStringLiteral("no-such-code"), QStringLiteral("as it was")),
                 QStringLiteral("as it was"));
        // A drop the canvas refuses (a disk dropped twice, say) is headed by what every refusal has in
        // common, not by one of them ("something that is not a disk or card" said of a disk).
        QCOMPARE(ErrorCode::userText(ErrorCode::refused, QStringLiteral("sda ya está en esta configuración")),
                 QStringLiteral("El lienzo no admite lo que se soltó: sda ya está en esta configuración"));
    }

    /// The Answer tab's sentence, reasons and chart in Spanish, built from the same ranking as the
    /// English files: the results' JSON and the Markdown report keep English in any locale.
    void theAnswerIsSpanishAndItsFilesEnglish()
    {
        ResultsPage page;
        page.resize(1280, 800);
        page.setResults(Test::labDemoResults());
        AnswerPanel* answer = page.answerPanel();
        QCOMPARE(answer->summaryLabel()->text(),
                 QStringLiteral("raid10: la mejor en velocidad secuencial y aleatoria de las disposiciones que pueden "
                                "sobrevivir a un fallo; conserva el 50 % del espacio."));
        const QString second =
            answer->rankedTable()->model()->index(1, RankedLayoutsModel::ColumnWhy).data().toString();
        QVERIFY2(second.startsWith(QStringLiteral("puntúa 87 frente al 91 de raid10: escrituras secuenciales 77,4 MB/s "
                                                  "(97 % de la mejor)")),
                 qPrintable(second));
        QCOMPARE(answer->excludedTable()->model()->index(0, ExcludedLayoutsModel::ColumnWhy).data().toString(),
                 QStringLiteral("no sobrevive a ningún fallo; el mínimo es 1"));
        QChart* chart = answer->chartView()->chart();
        QCOMPARE(chart->title(), QStringLiteral("Espacio útil frente a velocidad secuencial y aleatoria"));
        const QString yTitle = chart->axes(Qt::Vertical).value(0)->titleText();
        QVERIFY2(yTitle.startsWith(QStringLiteral("puntuación<br>(la mejor = 100)")), qPrintable(yTitle));

        // The same answer for a file: English words and numbers, whatever the locale.
        const Recommendation file = recommend(page.results(), Requirements::defaults());
        QVERIFY2(file.summary.startsWith(QStringLiteral("raid10: best sequential and random speed of the layouts that "
                                                        "survive one failure")),
                 qPrintable(file.summary));
        const QJsonObject json = file.toJson();
        const QString why =
            json.value(QStringLiteral("ranked")).toArray().at(1).toObject().value(QStringLiteral("why")).toString();
        QVERIFY2(why.contains(QStringLiteral("sequential writes 77.4 MB/s (97 % of the best)")) &&
                     why.contains(QStringLiteral("random writes 2,296 IOPS")),
                 qPrintable(why));
        QVERIFY2(file.toMarkdown().contains(QStringLiteral("| single | survives no failure; 1 needed |")),
                 qPrintable(file.toMarkdown()));
    }

    /// A slow disk's reason: Spanish in the window, English in the results file.
    void aSlowDiskIsSaidInSpanish()
    {
        const CampaignResults results = Test::labDemoResults();
        const DiskResult* slow = nullptr;
        for (const DiskResult& disk : results.disks) {
            slow = disk.slow && !slow ? &disk : slow;
        }
        QVERIFY(slow);
        const QString person = slowDiskReason(results, *slow, Audience::Person);
        QVERIFY2(person.contains(QStringLiteral(" MB/s de escritura, el ")) &&
                     person.contains(QStringLiteral(" % del disco mediano (")) && person.contains(QLatin1Char(',')),
                 qPrintable(person));
        QCOMPARE(slowDiskReason(results, *slow), slow->slowReason);
        QVERIFY2(slow->slowReason.contains(QStringLiteral(" MB/s write, ")), qPrintable(slow->slowReason));
    }

    /// The Run page's line: the helper sends each progress message's template and arguments beside its
    /// English text, and the window says it in Spanish, the stall of a disk too.
    void progressIsSaidInSpanish()
    {
        CampaignProgress progress;
        progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: %2"),
                     {QStringLiteral("sda%2"), QStringLiteral("SEQ1M QD8 write")});
        QCOMPARE(progress.message, QStringLiteral("measuring sda%2 alone: SEQ1M QD8 write"));
        QCOMPARE(progress.text(Audience::Person), QStringLiteral("midiendo sda%2 por separado: SEQ1M QD8 write"));
        IoProgress stalled;
        stalled.stalledNs = 41'000'000'000ull;
        progress.follow(stalled, QStringLiteral("/dev/sda"));
        QVERIFY2(progress.message.endsWith(QStringLiteral("no I/O on /dev/sda has completed for 40 s: a disk is not "
                                                          "answering (the run waits for it, or for the kernel to give "
                                                          "up on it)")),
                 qPrintable(progress.message));
        // Through the helper's protocol, as the window receives it.
        const CampaignProgress received = Messages::decodeCampaignProgress(Messages::encodeCampaignProgress(progress));
        QCOMPARE(received.message, progress.message);
        QCOMPARE(received.text(Audience::Person),
                 QStringLiteral("midiendo sda%2 por separado: SEQ1M QD8 write - ninguna E/S en /dev/sda ha terminado "
                                "desde hace 40 s: un disco no responde (la ejecución lo espera, o espera a que el "
                                "núcleo lo dé por perdido)"));
        // I/O completes again: the stall is gone from both.
        progress.follow(IoProgress {}, QStringLiteral("/dev/sda"));
        QCOMPARE(progress.text(Audience::Person), QStringLiteral("midiendo sda%2 por separado: SEQ1M QD8 write"));
        // An older helper sends the English text alone, and it is shown as it came; so is a template with
        // more arguments than one can have.
        QJsonObject older = Messages::encodeCampaignProgress(progress);
        older.remove(QStringLiteral("message_template"));
        QCOMPARE(Messages::decodeCampaignProgress(older).text(Audience::Person), progress.message);
        QJsonObject tooMany = Messages::encodeCampaignProgress(progress);
        tooMany.insert(QStringLiteral("message_args"),
                       QJsonArray::fromStringList(QStringList(10, QStringLiteral("x"))));
        QCOMPARE(Messages::decodeCampaignProgress(tooMany).text(Audience::Person), progress.message);
        // A helper's template longer than any of ours is not filled; one that repeats a long argument is
        // filled up to a bound, not without end.
        QJsonObject tooLong = Messages::encodeCampaignProgress(progress);
        tooLong.insert(QStringLiteral("message_template"), QString(1001, QLatin1Char('x')));
        QCOMPARE(Messages::decodeCampaignProgress(tooLong).text(Audience::Person), progress.message);
        QJsonObject repeated = Messages::encodeCampaignProgress(progress);
        repeated.insert(QStringLiteral("message_template"), QStringLiteral("%1").repeated(500));
        repeated.insert(QStringLiteral("message_args"), QJsonArray {QString(100'000, QLatin1Char('y'))});
        QCOMPARE(Messages::decodeCampaignProgress(repeated).text(Audience::Person).size(), 4096);
    }

    /// A build's steps as a campaign says them on the Run page (ConfigurationRun says each step's template
    /// and arguments): Spanish in the window, English in the commands' log and the results file.
    void aBuildIsSaidInSpanish()
    {
        const auto spec = ArraySpec::fromJson(QJsonDocument::fromJson(R"({"level":"raid5","children":[
            {"level":"disk","device":"/dev/sdb"},{"level":"disk","device":"/dev/sdc"},
            {"level":"disk","device":"/dev/sdd"}]})")
                                                  .object());
        QVERIFY(spec.ok());
        const auto plan = planBuild(*spec, QStringLiteral("t1"), PlanOptions {true});
        QVERIFY(plan.ok());
        const BuildMessage create = plan->steps.at(3).description;
        QCOMPARE(create.text(), QStringLiteral("create raid5 raidbench-t1-0 from /dev/sdb, /dev/sdc, /dev/sdd"));
        CampaignProgress progress;
        progress.say(create.english, create.args);
        QCOMPARE(progress.message, create.text());
        QCOMPARE(progress.text(Audience::Person),
                 QStringLiteral("crear raid5 raidbench-t1-0 con /dev/sdb, /dev/sdc, /dev/sdd"));
        // Every step of the plan has its Spanish words; so have the build's own messages.
        for (const BuildStep& step : plan->steps) {
            const QString spanish = fillPhrase(Audience::Person, "CampaignProgress",
                                               QString::fromUtf8(step.description.english), step.description.args);
            QVERIFY2(spanish != step.description.text(), step.description.english);
        }
        const BuildMessage built {QT_TRANSLATE_NOOP("CampaignProgress", "built %1"), {QStringLiteral("/dev/md/x")}};
        progress.say(built.english, built.args);
        QCOMPARE(progress.text(Audience::Person), QStringLiteral("/dev/md/x creado"));
        QCOMPARE(progress.text(Audience::File), QStringLiteral("built /dev/md/x"));
    }

    /// The quick answer's dialog in Spanish: its words, the requirements' fields and its buttons.
    void theQuickAnswerDialogIsSpanish()
    {
        QuickAnswerDialog dialog(Requirements::defaults(), 4);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Respuesta rápida"));
        QStringList texts;
        for (const QLabel* label : dialog.findChildren<QLabel*>()) {
            texts.append(label->text());
        }
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("mide los 4 discos")) && all.contains(QStringLiteral("Debe &sobrevivir")),
                 qPrintable(all));
    }

    /// `raidbench-cli report --recommend` answers a person at a terminal in Spanish, and keeps English
    /// where its output goes to a pipe or a file.
    void theCliAnswersInSpanishOnATerminalOnly()
    {
        const QString file = QStringLiteral(RAIDBENCH_TEST_DATA "/results/lab-demo.json");
        const Test::CliRun piped = Test::runCli(
            {QStringLiteral("report"), file, QStringLiteral("--recommend"), QStringLiteral("failures>=1")});
        QCOMPARE(piped.exitCode, 0);
        QVERIFY2(piped.out.startsWith(QStringLiteral("Layouts that survive one failure, ranked on sequential")),
                 qPrintable(piped.out));
        const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
        if (script.isEmpty()) {
            QSKIP("script (util-linux) is missing: no terminal to run the CLI on");
        }
        QProcess terminal;
        terminal.start(script,
                       {QStringLiteral("-qec"),
                        QStringLiteral("'%1' report '%2' --recommend 'failures>=1'")
                            .arg(Test::binary(QStringLiteral("raidbench-cli")), file),
                        QStringLiteral("/dev/null")});
        QVERIFY(terminal.waitForFinished(60000));
        QCOMPARE(terminal.exitCode(), 0);
        const QString said = QString::fromUtf8(terminal.readAllStandardOutput());
        QVERIFY2(said.contains(QStringLiteral("Disposiciones que pueden sobrevivir a un fallo, clasificadas por "
                                              "velocidad secuencial y aleatoria")),
                 qPrintable(said));
    }

    void aDiskReasonIsSpanish()
    {
        // Why a disk cannot be used, as the helper's scan words it (English, with its template) and as the
        // window and the CLI say it.
        Disk partition;
        partition.name = QStringLiteral("sdb1");
        partition.kind = QStringLiteral("partition");
        partition.sizeBytes = 1000000000;
        partition.mountPoints = {QStringLiteral("/srv")};
        Disk disk;
        disk.name = QStringLiteral("sdb");
        disk.kind = QStringLiteral("disk");
        disk.sizeBytes = 2000000000;
        disk.systemDisk = true;
        disk.partitions = {partition};
        applyEligibility(disk, EligibilityOptions {});
        QStringList files;
        QStringList people;
        for (const DiskReason& reason : Disk::fromJson(disk.toJson()).reasons) {
            files.append(reason.message);
            people.append(reason.text(Audience::Person));
        }
        QCOMPARE(files,
                 (QStringList {QStringLiteral("holds the running system (/ or /boot)"),
                               QStringLiteral("partition sdb1 mounted at /srv")}));
        QCOMPARE(people,
                 (QStringList {QStringLiteral("contiene el sistema en marcha (/ o /boot)"),
                               QStringLiteral("montado en /srv (partición sdb1)")}));
    }

    void aDiskHealthIsSaidInSpanish()
    {
        // What could make a disk slow, from the facts the helper sent: Spanish for the user, English for files.
        DiskFacts facts;
        facts.rotational = true;
        facts.health.status = SmartStatus::Passed;
        facts.health.crcErrors = 12;
        facts.health.pendingSectors = 1;
        facts.health.offlineUncorrectable = 3;
        facts.health.linkCurrentGbps = 1.5;
        facts.health.linkMaxGbps = 6;
        const auto texts = [&facts](Audience audience) {
            QStringList found;
            for (const DiskExplanation& explanation : explainDisk({facts}, 0, audience)) {
                found.append(explanation.message);
            }
            return found;
        };
        QCOMPARE(texts(Audience::Person),
                 (QStringList {QStringLiteral("su enlace funciona a 1,5 Gb/s de un máximo de 6,0 Gb/s"),
                               QStringLiteral("12 errores CRC de interfaz: un fallo de cable o de placa posterior"),
                               QStringLiteral("1 sector ilegible en espera de reasignación y 3 sectores con fallo en "
                                              "el análisis propio del disco: las lecturas que los tocan se atascan en "
                                              "reintentos")}));
        QCOMPARE(texts(Audience::File),
                 (QStringList {QStringLiteral("its link runs at 1.5 Gb/s of 6.0 Gb/s"),
                               QStringLiteral("12 interface CRC errors: a cable or backplane fault"),
                               QStringLiteral("1 unreadable sector waiting to be remapped and 3 sectors that failed "
                                              "the disk's own scan: reads that hit them stall on retries")}));

        // Against the rest of the pool: one disk spins slower than the others; one sector found bad.
        DiskFacts slow = facts;
        slow.health = DiskHealth();
        slow.health.status = SmartStatus::Passed;
        slow.health.rotationRateRpm = 5400;
        slow.health.grownDefects = 1;
        DiskFacts fast = slow;
        fast.health.rotationRateRpm = 7200;
        fast.health.grownDefects = 0;
        QStringList pool;
        for (const DiskExplanation& explanation : explainDisk({slow, fast, fast}, 0, Audience::Person)) {
            pool.append(explanation.message);
        }
        QCOMPARE(pool,
                 (QStringList {QStringLiteral("defectuosos desde fábrica: 1 sector; el disco los ha sustituido "
                                              "por otros de repuesto"),
                               QStringLiteral("gira a 5400 rpm, los demás a 7200 rpm")}));
        // The helper's English, worded again from the same facts; an explanation this version does not make
        // stays as it came, and none is added.
        QList<Disk> disks(3);
        for (Disk& one : disks) {
            one.kind = QStringLiteral("disk");
            one.healthRead = true;
            one.rotational = true;
            one.health = fast.health;
        }
        disks[0].health = slow.health;
        HealthProbe::explain(disks);
        disks[0].explanations.append({QStringLiteral("from-a-newer-helper"), QStringLiteral("as it came")});
        disks[1].explanations.clear();
        HealthProbe::reword(disks, Audience::Person);
        QCOMPARE(disks[0].explanations.size(), 3);
        QCOMPARE(disks[0].explanations.at(1).message, QStringLiteral("gira a 5400 rpm, los demás a 7200 rpm"));
        QCOMPARE(disks[0].explanations.at(2).message, QStringLiteral("as it came"));
        QVERIFY(disks[1].explanations.isEmpty());
    }

    void theCliSpeaksSpanish()
    {
        // Every command's help: its description, the usage line and every option's line in Spanish; the
        // same command in English under the C locale.
        const QStringList english {QStringLiteral("LC_ALL=C.UTF-8"), QStringLiteral("LANG=C.UTF-8"),
                                   QStringLiteral("LANGUAGE=")};
        const QList<QStringList> commands {
            {QStringLiteral("answer")},
            {QStringLiteral("array"), QStringLiteral("create")},
            {QStringLiteral("bench")},
            {QStringLiteral("bench-fs")},
            {QStringLiteral("disks")},
            {QStringLiteral("run")},
            {QStringLiteral("report")},
            {QStringLiteral("lab"), QStringLiteral("demo")},
            {QStringLiteral("lab"), QStringLiteral("run")},
            {QStringLiteral("lab"), QStringLiteral("ssh-host")},
        };
        for (const QStringList& command : commands) {
            const Test::CliRun spanish = Test::runCli(command + QStringList {QStringLiteral("--help")});
            QCOMPARE(spanish.exitCode, 0);
            const QString typed = command.join(QLatin1Char(' '));
            QVERIFY2(spanish.out.startsWith(QStringLiteral("Uso: raidbench-cli %1 [opciones]").arg(typed)),
                     qPrintable(spanish.out.left(200)));
            QVERIFY2(spanish.out.contains(QStringLiteral("Mostrar esta ayuda.")), qPrintable(typed));
            const Test::CliRun inEnglish = Test::runCli(command + QStringList {QStringLiteral("--help")}, 60000,
                                                        QStringLiteral("raidbench-cli"), {}, english);
            QVERIFY2(inEnglish.out.startsWith(QStringLiteral("Usage: raidbench-cli %1 [options]").arg(typed)),
                     qPrintable(inEnglish.out.left(200)));
            // Each option's help is its own line after the option's name; none is left as in English.
            const QStringList englishLines = inEnglish.out.split(QLatin1Char('\n'));
            for (const QString& line : spanish.out.split(QLatin1Char('\n'))) {
                // (md's layout names read alike in both languages)
                const bool optionLine = line.startsWith(QLatin1String("  -")) && line.size() > 40 &&
                    !line.contains(QLatin1String("left-symmetric"));
                QVERIFY2(!optionLine || !englishLines.contains(line) ||
                             line.section(QLatin1Char(' '), -1).startsWith(QLatin1Char('-')),
                         qPrintable(QStringLiteral("%1: %2").arg(typed, line)));
            }
        }
        // A usage error and the disks' table head in Spanish; their JSON stays as files read it.
        const Test::CliRun wrong = Test::runCli({QStringLiteral("bench"), QStringLiteral("--target"),
                                                 QStringLiteral("/nonexistent/x"), QStringLiteral("--rwmix-read"),
                                                 QStringLiteral("200"), QStringLiteral("--rw"), QStringLiteral("rw")});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(QStringLiteral("--rwmix-read '200' debe ser un número entero de 0 a 100")),
                 qPrintable(wrong.err));
        const Test::CliRun table = Test::runCli({QStringLiteral("disks"), QStringLiteral("--no-health")});
        QVERIFY2(table.out.startsWith(QStringLiteral("NOMBRE")) && table.out.contains(QStringLiteral("POR QUÉ NO")),
                 qPrintable(table.out.left(300)));
        const Test::CliRun json =
            Test::runCli({QStringLiteral("disks"), QStringLiteral("--no-health"), QStringLiteral("--json")});
        QVERIFY2(json.out.trimmed().startsWith(QLatin1Char('[')) && json.out.contains(QStringLiteral("\"eligible\"")),
                 qPrintable(json.out.left(300)));
        const Test::CliRun usage = Test::runCli({QStringLiteral("--help")});
        QVERIFY2(usage.out.startsWith(QStringLiteral("Uso: raidbench-cli ORDEN")), qPrintable(usage.out.left(200)));
    }

    void aChartCaptionIsSpanish()
    {
        const CampaignResults results = Test::labDemoResults();
        auto chart = Charts::comparison(results);
        QVERIFY(chart.ok());
        std::unique_ptr<QChart> owned(*chart);
        QCOMPARE(owned->title(), QStringLiteral("MB/s por configuración"));
        // Numbers in the window with the locale's decimal point, on the axes too; files keep their own.
        QVERIFY(owned->localizeNumbers());
        QCOMPARE(Display::formatMBps(105e6), QStringLiteral("105,0 MB/s"));
        QCOMPARE(Display::formatBytesDecimal(1.07e9), QStringLiteral("1,07 GB"));
        QCOMPARE(Units::formatMBps(105e6), QStringLiteral("105.0 MB/s"));
        QVERIFY2(Charts::caption(QStringLiteral("comparison")).startsWith(QStringLiteral("Barras")),
                 qPrintable(Charts::caption(QStringLiteral("comparison"))));
        // The disks' chart over two controllers, and a surface slowest at its end: no English left.
        CampaignResults scanned = results;
        for (int i = 0; i < scanned.disks.size(); ++i) {
            scanned.disks[i].controller = i % 2 ? QStringLiteral("0000:00:06.0") : QStringLiteral("0000:00:05.0");
        }
        Test::scannedLikeAHardDisk(scanned.disks.first());
        auto disksChart = Charts::disks(scanned);
        QVERIFY(disksChart.ok());
        std::unique_ptr<QChart> disksOwned(*disksChart);
        QVERIFY2(disksOwned->title().contains(QStringLiteral("discos lentos en naranja")),
                 qPrintable(disksOwned->title()));
        auto surfaceChart = Charts::surface(scanned);
        QVERIFY(surfaceChart.ok());
        std::unique_ptr<QChart> surfaceOwned(*surfaceChart);
        const QString name = surfaceOwned->series().first()->name();
        QVERIFY2(name.contains(QStringLiteral("zona más lenta: final")), qPrintable(name));
    }
};

QTEST_MAIN(TstUiSpanish)
#include "tst_ui_spanish.moc"
