#include "answercommand.h"

#include "answer/quickanswer.h"
#include "answer/recommend.h"
#include "clicommon.h"
#include "model/analysis.h"
#include "plan/campaignplan.h"
#include "planrun.h"
#include "results/campaignresults.h"
#include "results/resultsfolder.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSysInfo>

namespace RaidBench::Cli {

namespace {

const char* const answerDescription =
    QT_TRANSLATE_NOOP("raidbench_cli", R"(The answer in minutes: measure the disks, each alone and then together (per
controller and all at once, so a shared ceiling shows; each run ends once its rate
has settled, a second or two, where a full campaign runs it for --time), predict
every layout the disks allow from those speeds (docs/analysis.md says how), rank
them for your requirements, then build and measure only the best N and say how the
measurement compared with the prediction. A full campaign (raidbench-cli run)
builds every layout; this builds N.

All the disks named are destroyed, as by a campaign: the command lists them and asks
first (--yes does not ask). As a user it goes through raidbench-helper (pkexec).
The results file holds the disks, the layouts built, and the comparison
("quick_answer"); reports and the window show the layouts not built as predicted.

--recommend takes the requirements of raidbench-cli report --recommend, e.g.
"failures>=1,space>=50" (default: survive one failure).

Exit code: 0 answered, 1 a layout failed or nothing qualifies, 2 bad arguments,
130 cancelled (the results so far are kept).

Examples:
  raidbench-cli answer /dev/sdb /dev/sdc /dev/sdd /dev/sde --recommend "failures>=1,space>=50"
  raidbench-cli answer --disks /dev/sd[b-m] --verify 3 --out answer.json)");

struct AnswerOptions
{
    QStringList disks;
    QString out;
    int verify = QuickAnswer::defaultVerify;
    Requirements requirements = Requirements::defaults();
    QJsonObject plan; ///< the measuring plan, as JSON
    PlanRunFlags flags;
    bool json = false;
};

std::optional<AnswerOptions> parseOptions(const QStringList& arguments, int& code)
{
    CommandParser command(QStringLiteral("answer"), Text::tr(answerDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption disksOption(QStringLiteral("disks"), Text::tr("The disks, comma-separated."),
                                         QStringLiteral("D1,D2,..."));
    const QCommandLineOption recommendOption(QStringLiteral("recommend"),
                                             Text::tr("What the layout must give (default: survive one failure)."),
                                             QStringLiteral("REQUIREMENTS"));
    const QCommandLineOption verifyOption(
        QStringLiteral("verify"),
        Text::tr("Build and measure the best N layouts (0 to %1, default %2; 0 predicts only).")
            .arg(QuickAnswer::maxVerify)
            .arg(QuickAnswer::defaultVerify),
        QStringLiteral("N"), QString::number(QuickAnswer::defaultVerify));
    const QCommandLineOption timeOption(QStringLiteral("time"), Text::tr("Each test run's time (default 10s)."),
                                        QStringLiteral("DURATION"), QStringLiteral("10s"));
    const QCommandLineOption testsOption(
        QStringLiteral("tests"),
        Text::tr("The tests of the layouts built (default: seq1m-qd8-write,seq1m-qd8-read,rnd4k-qd32-write,"
                 "rnd4k-qd32-read, what the models predict)."),
        QStringLiteral("LIST"), QStringLiteral("seq1m-qd8-write,seq1m-qd8-read,rnd4k-qd32-write,rnd4k-qd32-read"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       Text::tr("Results file (default: a new file in the results folder)."),
                                       QStringLiteral("RESULTS.json"));
    const QCommandLineOption loopOption(QStringLiteral("allow-loop"), Text::tr("Loop devices may be used."));
    const QCommandLineOption yesOption(QStringLiteral("yes"),
                                       Text::tr("Do not ask before destroying the disks' data."));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), Text::tr("No progress on stderr."));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        Text::tr("Print the recommendation and the comparison as JSON."));
    const QCommandLineOption helperOption(
        QStringLiteral("helper"),
        Text::tr("As root too, do the root work in raidbench-helper, as the desktop program does."));
    parser.addOptions({disksOption, recommendOption, verifyOption, timeOption, testsOption, outOption, loopOption,
                       yesOption, quietOption, jsonOption, helperOption});
    parser.addPositionalArgument(QStringLiteral("disks"), Text::tr("The disks (or --disks)."),
                                 QStringLiteral("[DISK...]"));
    if (const std::optional<int> done = command.parse(arguments)) {
        code = *done;
        return std::nullopt;
    }
    code = ExitUsage;
    AnswerOptions options;
    options.disks = parser.positionalArguments();
    if (parser.isSet(disksOption)) {
        options.disks += parser.value(disksOption).split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    if (options.disks.size() < 2) {
        printError(Text::tr("name at least two disks, e.g. raidbench-cli answer /dev/sdb /dev/sdc"));
        return std::nullopt;
    }
    bool ok = false;
    options.verify = parser.value(verifyOption).toInt(&ok);
    if (!ok || options.verify < 0 || options.verify > QuickAnswer::maxVerify) {
        printError(Text::tr("--verify '%1': a number from 0 to %2")
                       .arg(parser.value(verifyOption), QString::number(QuickAnswer::maxVerify)));
        return std::nullopt;
    }
    if (parser.isSet(recommendOption)) {
        auto requirements = Requirements::parse(parser.value(recommendOption));
        if (!requirements) {
            printError(ErrorCode::userText(requirements.error()));
            return std::nullopt;
        }
        options.requirements = *requirements;
    }
    const auto time = Units::parseDuration(parser.value(timeOption));
    if (!time) {
        printError(Text::tr("--time: %1").arg(ErrorCode::userText(time.error())));
        return std::nullopt;
    }
    options.plan = QJsonObject {
        {QStringLiteral("raidbench_plan"), CampaignPlan::version},
        {QStringLiteral("disks"), QJsonArray::fromStringList(options.disks)},
        {QStringLiteral("configurations"), QJsonArray()},
        {QStringLiteral("tests"), QJsonArray::fromStringList(parser.value(testsOption).split(QLatin1Char(',')))},
        {QStringLiteral("limits"), QJsonObject {{QStringLiteral("time"), parser.value(timeOption)}}},
        {QStringLiteral("allow_loop"), parser.isSet(loopOption)}};
    options.out = parser.value(outOption);
    options.json = parser.isSet(jsonOption);
    options.flags = {parser.isSet(yesOption),
                     parser.isSet(quietOption) || options.json,
                     false,
                     parser.isSet(helperOption),
                     false,
                     std::make_shared<QList<ConfirmedDisk>>()};
    code = ExitOk;
    return options;
}

/// Runs `plan` into `out`, timing it; the results, or the exit code when there are none.
Result<CampaignResults> timedRun(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags,
                                 double& seconds, int& code)
{
    QElapsedTimer clock;
    clock.start();
    code = runPlan(plan, out, flags);
    seconds = double(clock.elapsed()) / 1000.0;
    auto results = loadAnalysed(out);
    if (!results) {
        return results.error();
    }
    return results;
}

/// Builds and measures `chosen` into `verifyOut`, then, while the model alone puts a layout it did not
/// build first, that one too (at most QuickAnswer::maxExtraBuilds): the merged results.
CampaignResults buildLayouts(const AnswerOptions& options, const CampaignPlan& measure, const CampaignResults& measured,
                             const QStringList& chosen, const QString& verifyOut, QuickAnswer& quick, int& code)
{
    if (!options.flags.quiet) {
        printErr(Text::tr("building the best %1 of the layouts the model ranked: %2\n")
                     .arg(chosen.size())
                     .arg(chosen.join(QStringLiteral(", "))));
    }
    PlanRunFlags flags = options.flags;
    flags.yes = true; // the same disks the user confirmed a moment ago
    auto verified =
        timedRun(QuickAnswer::verifyPlan(measure, measured, chosen), verifyOut, flags, quick.verifySeconds, code);
    if (!verified) {
        printError(ErrorCode::userText(verified.error()));
        return measured;
    }
    CampaignResults built = *verified;
    CampaignResults results = QuickAnswer::merged(measured, built);
    for (int extra = 0; extra < QuickAnswer::maxExtraBuilds && code == ExitOk; ++extra) {
        const QString next = QuickAnswer::unbuiltFirst(recommend(results, quick.requirements, true));
        if (next.isEmpty()) {
            break;
        }
        if (!options.flags.quiet) {
            printErr(Text::tr("measured, the layouts built fell behind %1, which the model puts first: "
                              "building it too\n")
                         .arg(next));
        }
        const QString nextOut = verifyOut + QStringLiteral(".%1").arg(extra + 1);
        double seconds = 0;
        auto more = timedRun(QuickAnswer::verifyPlan(measure, measured, {next}), nextOut, flags, seconds, code);
        quick.verifySeconds += seconds;
        if (!more) {
            printError(ErrorCode::userText(more.error()));
            break;
        }
        built = QuickAnswer::withConfigs(built, *more);
        if (auto kept = built.save(verifyOut); kept) {
            QFile::remove(nextOut);
        }
        results = QuickAnswer::merged(measured, built);
    }
    return results;
}

int answer(const AnswerOptions& options)
{
    auto plan = CampaignPlan::fromJson(options.plan);
    if (!plan) {
        printError(ErrorCode::userText(plan.error()));
        return ExitUsage;
    }
    QuickAnswer quick;
    quick.requirements = options.requirements;
    quick.verify = options.verify;
    // 1. The disks, alone and together.
    const CampaignPlan measure = QuickAnswer::measurePlan(*plan);
    int code = ExitOk;
    auto measured = timedRun(measure, options.out, options.flags, quick.measureSeconds, code);
    if (!measured || code != ExitOk) {
        if (!measured) {
            printError(ErrorCode::userText(measured.error()));
        }
        return code == ExitOk ? ExitFailed : code;
    }
    quick.settledSeconds = QuickAnswer::savedBySettling(*measured, measure);
    // Every disk's own speed is what the model needs.
    QStringList unmeasured;
    for (const DiskResult& disk : measured->disks) {
        if (!disk.writeBw || !disk.readBw) {
            unmeasured.append(QStringLiteral("%1: %2").arg(
                disk.label(), disk.baselineError.isEmpty() ? Text::tr("not measured") : disk.baselineError));
        }
    }
    if (!unmeasured.isEmpty()) {
        printError(Text::tr("no layout can be predicted without every disk's own speed; %1 (results: %2)")
                       .arg(unmeasured.join(QStringLiteral("; ")), options.out));
        return ExitFailed;
    }
    // 2. Every layout predicted and ranked; 3. the best N built and measured.
    const Recommendation before = recommend(*measured, quick.requirements, true);
    const QStringList chosen = QuickAnswer::choose(before, quick.verify);
    QString verifyOut; // the layouts' own file, until the merged results are saved
    CampaignResults results = *measured;
    if (!chosen.isEmpty()) {
        verifyOut = options.out + QStringLiteral(".layouts");
        results = buildLayouts(options, measure, *measured, chosen, verifyOut, quick, code);
    }
    quick.compare(before, results);
    results.quickAnswer = quick.toJson();
    if (auto saved = results.save(options.out); !saved) {
        printError(
            Text::tr("%1; the disks' figures are in %2 as measured, the layouts' in %3")
                .arg(saved.error().message, options.out, verifyOut.isEmpty() ? Text::tr("(none built)") : verifyOut));
        return ExitFailed;
    }
    if (!verifyOut.isEmpty()) {
        QFile::remove(verifyOut);
    }
    // Worded for a person on a terminal, as report --recommend is; JSON and a pipe get the file's words.
    const Audience reader = !options.json && stdoutIsTerminal() ? Audience::Person : Audience::File;
    const Recommendation after = recommend(results, quick.requirements, true, reader);
    if (options.json) {
        printJson(QJsonDocument(QJsonObject {{QStringLiteral("recommendation"), after.toJson()},
                                             {QStringLiteral("quick_answer"), results.quickAnswer},
                                             {QStringLiteral("results"), options.out}}));
    } else {
        QString together;
        for (const DisksTogether& group : results.together) {
            together += QStringLiteral("  %1%2\n")
                            .arg(group.describe(reader), group.limited() ? Text::tr(": a shared ceiling") : QString());
        }
        printOut((together.isEmpty() ? QString() : Text::tr("The disks together:\n%1\n").arg(together)) +
                 after.toText() + QLatin1Char('\n') + quick.toText(reader) +
                 Text::tr("Results: %1\n").arg(options.out));
    }
    if (code != ExitOk) {
        return code;
    }
    for (const ConfigResult& config : results.configs) {
        if (config.status != RunState::Completed) {
            return ExitFailed; // through the helper a failed layout does not change the run's own code
        }
    }
    return after.ranked.isEmpty() ? ExitFailed : ExitOk;
}

} // namespace

AnswerCommand::AnswerCommand()
    : Command(
          QStringLiteral("answer"),
          QT_TRANSLATE_NOOP("raidbench_cli",
                            "the answer in minutes: the disks measured, every layout predicted, the best few built"))
{ }

int AnswerCommand::execute(const QStringList& arguments)
{
    int code = ExitOk;
    auto options = parseOptions(arguments, code);
    if (!options) {
        return code;
    }
    const bool placeholder = options->out.isEmpty();
    if (placeholder) {
        auto created = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(),
                                             QSysInfo::machineHostName(), QStringLiteral("answer"));
        if (!created) {
            printError(Text::tr("%1; give --out RESULTS.json").arg(ErrorCode::userText(created.error())));
            return ExitFailed;
        }
        options->out = *created;
    }
    auto dropPlaceholder = qScopeGuard([&] {
        if (placeholder && QFileInfo(options->out).size() == 0) {
            QFile::remove(options->out);
        }
    });
    return answer(*options);
}

} // namespace RaidBench::Cli
