#include "../common/resultsfixture.h"
#include "displaynumbers.h"
#include "results/resultcharts.h"
#include "uitest.h"
#include "util/errorcodes.h"
#include "util/translation.h"

#include <QChart>
#include <QLocale>
#include <QTabWidget>
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
    }
};

QTEST_MAIN(TstUiSpanish)
#include "tst_ui_spanish.moc"
