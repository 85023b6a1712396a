#include "campaign/campaignprogress.h"
#include "disks/diskhealth.h"
#include "layout/arrayspec.h"
#include "results/resourceuse.h"
#include "util/errorcodes.h"
#include "util/runstate.h"
#include "util/testkind.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace RaidBench;

/// The error-code catalogue is complete and documented: every code the sources answer with comes from
/// it, every code in it is used, and docs/helper-protocol.md lists each one.
class TestErrorCodes : public QObject
{
    Q_OBJECT

private:
    static QString sourceDir() { return qEnvironmentVariable("RAIDBENCH_SOURCE_DIR"); }

    /// Every line of our sources that `pattern` matches, as "file:line: text".
    static QStringList linesMatching(const QRegularExpression& pattern)
    {
        QStringList found;
        const QHash<QString, QString> texts = sources();
        for (auto it = texts.cbegin(); it != texts.cend(); ++it) {
            const QStringList lines = it.value().split(QLatin1Char('\n'));
            for (qsizetype i = 0; i < lines.size(); ++i) {
                if (pattern.match(lines.at(i)).hasMatch()) {
                    found.append(QStringLiteral("%1:%2: %3").arg(it.key()).arg(i + 1).arg(lines.at(i).trimmed()));
                }
            }
        }
        return found;
    }

    /// Every C++ source of the programs (core, ui, app), by path relative to the source tree.
    static QHash<QString, QString> sources()
    {
        QHash<QString, QString> texts;
        for (const char* folder : {"core", "ui", "app"}) {
            QDirIterator it(sourceDir() + QLatin1Char('/') + QLatin1String(folder),
                            {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                if (file.open(QIODevice::ReadOnly)) {
                    texts.insert(QDir(sourceDir()).relativeFilePath(file.fileName()),
                                 QString::fromUtf8(file.readAll()));
                }
            }
        }
        return texts;
    }

    static QString camel(const QString& code)
    {
        const QStringList parts = code.split(QLatin1Char('-'));
        QString name = parts.first();
        for (qsizetype i = 1; i < parts.size(); ++i) {
            name += parts.at(i).left(1).toUpper() + parts.at(i).mid(1);
        }
        return name;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(!sourceDir().isEmpty(), "RAIDBENCH_SOURCE_DIR is not set"); }

    void catalogueIsWellFormed()
    {
        QSet<QString> seen;
        static const QRegularExpression shape(QStringLiteral("^[a-z][a-z0-9]*(-[a-z0-9]+)*$"));
        for (const ErrorCode::Entry& entry : ErrorCode::all()) {
            QVERIFY2(shape.match(entry.code).hasMatch(), qPrintable(entry.code));
            QVERIFY2(!seen.contains(entry.code), qPrintable(QStringLiteral("%1 twice").arg(entry.code)));
            QVERIFY(!entry.area.isEmpty() && !entry.meaning.isEmpty());
            seen.insert(entry.code);
        }
        QVERIFY(seen.size() > 90);
    }

    void everyCodeIsDocumented()
    {
        QFile doc(sourceDir() + QStringLiteral("/docs/helper-protocol.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        const qsizetype section = text.indexOf(QStringLiteral("## Error codes"));
        QVERIFY2(section >= 0, "docs/helper-protocol.md has no 'Error codes' section");
        QStringList missing;
        for (const ErrorCode::Entry& entry : ErrorCode::all()) {
            if (!text.mid(section).contains(QStringLiteral("`%1`").arg(entry.code))) {
                missing.append(entry.code);
            }
        }
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("not documented: ") + missing.join(QStringLiteral(", "))));
    }

    void everyCodeIsInTheCatalogue()
    {
        // A code declared in errorcodes.h but left out of all() escapes the documented and used checks.
        const QString header = sources().value(QStringLiteral("core/util/errorcodes.h"));
        QVERIFY(!header.isEmpty());
        static const QRegularExpression declared(
            QStringLiteral(R"re(inline const QString \w+\s*=\s*QStringLiteral\(\s*"([a-z0-9-]+)"\))re"));
        QStringList codes;
        for (const ErrorCode::Entry& entry : ErrorCode::all()) {
            codes.append(entry.code);
        }
        QStringList missing;
        int count = 0;
        auto matches = declared.globalMatch(header);
        while (matches.hasNext()) {
            const QString code = matches.next().captured(1);
            ++count;
            if (!codes.contains(code)) {
                missing.append(code);
            }
        }
        QVERIFY2(count > 100, qPrintable(QString::number(count)));
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in all(): ") + missing.join(QStringLiteral(", "))));
        QCOMPARE(count, int(codes.size()));
    }

    void everyCodeIsUsed()
    {
        const QHash<QString, QString> texts = sources();
        QStringList unused;
        for (const ErrorCode::Entry& entry : ErrorCode::all()) {
            const QString name = QStringLiteral("ErrorCode::%1").arg(camel(entry.code));
            bool used = false;
            for (auto it = texts.cbegin(); it != texts.cend() && !used; ++it) {
                used = !it.key().startsWith(QLatin1String("core/util/errorcodes")) && it.value().contains(name);
            }
            if (!used) {
                unused.append(entry.code);
            }
        }
        QVERIFY2(unused.isEmpty(), qPrintable(QStringLiteral("never used: ") + unused.join(QStringLiteral(", "))));
    }

    void noErrorFromALiteralCode()
    {
        // Where an error is made or its code compared, the code comes from the catalogue.
        static const QRegularExpression literal(QStringLiteral(
            R"((makeError\(\s*|protocolError\(\s*|\bfail\(\s*[\w\->.]+,\s*|\bError\s*\{\s*|IoError\s*\{\s*|\bcode\s*[!=]?=\s*))"
            R"((QStringLiteral|QLatin1String)\("[a-z0-9-]+"\))"));
        QStringList found;
        const QHash<QString, QString> texts = sources();
        for (auto it = texts.cbegin(); it != texts.cend(); ++it) {
            auto matches = literal.globalMatch(it.value());
            while (matches.hasNext()) {
                const auto match = matches.next();
                // A disk's eligibility reasons have codes of their own (mounted, holders, ...).
                if (it.value().mid(match.capturedStart() - 7, 7) == QLatin1String("reason.")) {
                    continue;
                }
                found.append(QStringLiteral("%1:%2: %3")
                                 .arg(it.key())
                                 .arg(it.value().left(match.capturedStart()).count(QLatin1Char('\n')) + 1)
                                 .arg(match.captured().simplified()));
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void oneErrnoText()
    {
        // The system's text for an errno comes from util/errnotext.h (thread-safe, one place): no
        // strerror call and no second errnoText anywhere else.
        static const QRegularExpression call(QStringLiteral(R"(\bstrerror(_r)?\s*\(|QString\s+errnoText\s*\()"));
        QStringList found;
        const QHash<QString, QString> texts = sources();
        for (auto it = texts.cbegin(); it != texts.cend(); ++it) {
            if (it.key().startsWith(QLatin1String("core/util/errnotext."))) {
                continue;
            }
            auto matches = call.globalMatch(it.value());
            while (matches.hasNext()) {
                const auto match = matches.next();
                found.append(QStringLiteral("%1:%2").arg(it.key()).arg(
                    it.value().left(match.capturedStart()).count(QLatin1Char('\n')) + 1));
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        QVERIFY(texts.value(QStringLiteral("core/util/errnotext.cpp")).contains(QLatin1String("strerror_r")));
    }

    void runStatesAreTyped()
    {
        // Where a run, a configuration, a test or a drill stands is a RunState (util/runstate.h): its words
        // are written and read there alone. A status set to, or compared with, one of those words anywhere
        // else would be a state that drifted from the type (a disk's SMART health has words of its own).
        static const QRegularExpression word(QStringLiteral(
            R"re(\.?status\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\("(completed|failed|cancelled|running|pending|skipped)"\))re"));
        QStringList found;
        const QHash<QString, QString> texts = sources();
        for (auto it = texts.cbegin(); it != texts.cend(); ++it) {
            // An I/O run's IoStatus has its serializer in engine/ioresult.cpp, a disk's health its own words.
            if (it.key() == QLatin1String("core/engine/ioresult.cpp") ||
                it.key().startsWith(QLatin1String("core/disks/"))) {
                continue;
            }
            const QStringList lines = it.value().split(QLatin1Char('\n'));
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const QString& line = lines.at(i);
                if (word.match(line).hasMatch() && !line.contains(QLatin1String("health"))) {
                    found.append(QStringLiteral("%1:%2: %3").arg(it.key()).arg(i + 1).arg(line.trimmed()));
                }
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        for (const RunState state : {RunState::Pending, RunState::Running, RunState::Completed, RunState::Failed,
                                     RunState::Cancelled, RunState::Skipped}) {
            QCOMPARE(parseRunState(runStateName(state)), std::optional<RunState>(state));
        }
        QVERIFY(!parseRunState(QStringLiteral("done")).has_value());
    }

    void boundsAndCacheStatesAreTyped()
    {
        // What set a measurement's pace is a Bound (results/resourceuse.h), a write cache's state a
        // CacheState (disks/diskhealth.h): their words are written and read there alone.
        static const QRegularExpression bound(
            QStringLiteral(R"re(boundBy\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\()re"));
        static const QRegularExpression cache(
            QStringLiteral(R"re(\.state\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\("(on|off|unknown)"\))re"));
        static const QRegularExpression mode(
            QStringLiteral(R"re(writeCacheMode\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\()re"));
        QStringList found = linesMatching(bound);
        found += linesMatching(cache);
        found += linesMatching(mode); // a configuration's asked cache is a WriteCacheMode
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        for (const Bound value : {Bound::None, Bound::Disks, Bound::MdThread, Bound::Cpu, Bound::SyncSpeedMax}) {
            QCOMPARE(parseBound(boundName(value)), value);
        }
        QCOMPARE(parseBound(QStringLiteral("gpu")), Bound::Unknown);
        for (const CacheState value : {CacheState::On, CacheState::Off, CacheState::Unknown}) {
            QCOMPARE(parseCacheState(cacheStateName(value)), value);
        }
    }

    void testKindsAreTyped()
    {
        // What a test does is a TestKind (util/testkind.h): its words are written and read there.
        static const QRegularExpression word(QStringLiteral(
            R"re(kind\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\("(io|sweep|qd-sweep|file-seq|file-seeks|small-files|command)"\))re"));
        const QStringList found = linesMatching(word);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        for (const TestKind kind : {TestKind::Io, TestKind::Sweep, TestKind::QdSweep, TestKind::FileSeq,
                                    TestKind::FileSeeks, TestKind::SmallFiles, TestKind::Command}) {
            QCOMPARE(parseTestKind(testKindName(kind)), std::optional<TestKind>(kind));
        }
        QVERIFY(!parseTestKind(QStringLiteral("fio")).has_value());
    }

    void bitmapsAreTyped()
    {
        // An array's write-intent bitmap is a Bitmap (layout/arrayspec.h): its words are written and
        // read there alone (a bad word in a plan is refused where it is read, naming the word).
        static const QRegularExpression word(
            QStringLiteral(R"re(bitmap\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\("(none|internal)"\))re"));
        const QStringList found = linesMatching(word);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        for (const Bitmap bitmap : {Bitmap::None, Bitmap::Internal}) {
            QCOMPARE(parseBitmap(bitmapName(bitmap)), std::optional<Bitmap>(bitmap));
        }
        QVERIFY(!parseBitmap(QStringLiteral("external")).has_value());
    }

    void campaignPhasesAreTyped()
    {
        // What a campaign is doing is a CampaignPhase (campaign/campaignprogress.h); a phase set to or
        // compared with a word anywhere else drifts from it (a save shown as the raw word "save", once).
        static const QRegularExpression word(QStringLiteral(
            R"re(phase\s*(==|!=|=)\s*Q(Latin1String|StringLiteral)\("(baseline|build|test|teardown|drill|save|done)"\))re"));
        const QStringList found = linesMatching(word);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        for (const CampaignPhase phase :
             {CampaignPhase::Baseline, CampaignPhase::Build, CampaignPhase::Test, CampaignPhase::Teardown,
              CampaignPhase::Drill, CampaignPhase::Save, CampaignPhase::Done}) {
            QCOMPARE(parseCampaignPhase(campaignPhaseName(phase)), std::optional<CampaignPhase>(phase));
        }
        QVERIFY(!parseCampaignPhase(QStringLiteral("completed")).has_value());
    }
};

QTEST_GUILESS_MAIN(TestErrorCodes)
#include "tst_errorcodes.moc"
