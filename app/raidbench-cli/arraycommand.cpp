#include "arraycommand.h"

#include "arrays/buildexecutor.h"
#include "arrays/mdstat.h"
#include "clicommon.h"
#include "disks/diskscanner.h"
#include "disks/systemdevicegate.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>

#include <cstdio>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

/// A build's progress on stderr, and each command that failed.
class BuildPrinter final : public BuildObserver
{
public:
    void progressed(const BuildMessage& message, double) override
    {
        printErr(QStringLiteral("  %1\n").arg(message.text()));
    }
    void logged(const StepLog& log) override
    {
        if (!log.result.ok()) {
            printErr(QStringLiteral("  ! %1: %2\n").arg(log.argv.join(QLatin1Char(' ')), log.result.summary()));
        }
    }
};

const char* const arrayDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli", R"(Build and tear down software-RAID arrays from eligible disks, with every object
tagged (md arrays raidbench-TAG-N, volume groups raidbench_TAG) and journaled in
/var/lib/raidbench/journal so that teardown and recovery remove exactly what
RaidBench made, on exactly the disks it checked. An array made by create stays
until torn down by its tag (or --all); recover removes what interrupted runs left
(campaigns killed, power cuts) and never touches a RaidBench run still running.

  raidbench-cli array create --level LEVEL --disks DEV,DEV,... [options]
  raidbench-cli array create --preset PRESET --disks DEV,DEV,... [options]
  raidbench-cli array create --spec FILE.json [options]
  raidbench-cli array list
  raidbench-cli array teardown TAG | --all
  raidbench-cli array recover

LEVEL: linear, raid0, raid1, raid4, raid5, raid6, raid10, lvm-stripe.
PRESET: single, raid0, raid1, raid5, raid6, raid10, raid50, raid60, raid0+1,
raid1+0, lvm-stripe-over-raid1 (members spread across controllers).
create lists the disks it will destroy and asks on a terminal; --yes skips the
question; without a terminal and without --yes it refuses. --dry-run prints the
exact commands, the capacity and the fault tolerance, and touches nothing.

Examples:
  raidbench-cli array create --level raid5 --disks /dev/sdb,/dev/sdc,/dev/sdd --dry-run
  raidbench-cli array create --preset raid50 --disks /dev/sd[b-g] --chunk 256k --yes
  raidbench-cli array teardown 3fa2c1)");

struct CreateOptions
{
    bool dryRun = false;
    bool yes = false;
    bool allowLoop = false;
    bool waitResync = false;
    QString tag;
};

QString describeFigures(const ArraySpec& spec)
{
    const ArrayFigures figures = analyzeSpec(spec);
    QString text;
    if (figures.usableBytes) {
        text +=
            Text::tr("usable %1 of %2 raw (%3 % kept)")
                .arg(Units::formatBytesDecimal(double(*figures.usableBytes)),
                     Units::formatBytesDecimal(double(figures.rawBytes)), QString::number(figures.spacePct, 'f', 1));
    } else {
        text += Text::tr("usable size unknown");
    }
    text += Text::tr("; survives %1 disk failure(s) for sure, %2 at best")
                .arg(QString::number(figures.failuresGuaranteed), QString::number(figures.failuresBestCase));
    if (figures.controllersKnown) {
        if (figures.controllerCount < 2) {
            text += Text::tr("; all disks on one controller");
        } else {
            text += figures.survivesControllerLoss
                ? Text::tr("; survives losing any one of its %1 controllers").arg(figures.controllerCount)
                : Text::tr("; does not survive losing controller %1").arg(figures.fatalController);
        }
    }
    return text;
}

/// Fills leaf sizes and controllers from discovery (and checks every disk exists).
Result<void> describeLeaves(ArraySpec& spec, const EligibilityOptions& options, QStringList& identities)
{
    if (spec.isLeaf()) {
        auto disk = DiskScanner().inspect(spec.device, options);
        if (!disk) {
            return disk.error();
        }
        spec.sizeBytes = disk->sizeBytes;
        spec.controller = disk->controller;
        identities.append(
            QStringLiteral("%1 (%2%3, %4)%5")
                .arg(terminalSafe(spec.device), terminalSafe(disk->model.isEmpty() ? disk->transport : disk->model),
                     disk->serial.isEmpty() ? QString() : QStringLiteral(" ") + terminalSafe(disk->serial),
                     Units::formatBytesDecimal(double(disk->sizeBytes)),
                     disk->eligible ? QString()
                                    : Text::tr(" NOT SAFE: ") + disk->reasons.first().text(Audience::Person)));
        return {};
    }
    for (ArraySpec& child : spec.children) {
        if (auto ok = describeLeaves(child, options, identities); !ok) {
            return ok;
        }
    }
    return {};
}

bool confirm(const QStringList& identities, bool yes)
{
    if (yes) {
        return true;
    }
    if (!stdinIsTerminal()) {
        printError(Text::tr("this destroys the data on %1 disk(s); run on a terminal to confirm, or pass --yes")
                       .arg(identities.size()));
        return false;
    }
    return answeredYes(Text::tr("Type yes to destroy everything on these %1 disk(s): ").arg(identities.size()));
}

int create(const ArraySpec& input, const CreateOptions& options)
{
    ArraySpec spec = input;
    EligibilityOptions eligibility;
    eligibility.allowLoop = options.allowLoop;
    QStringList identities;
    if (auto ok = describeLeaves(spec, eligibility, identities); !ok) {
        printError(ErrorCode::userText(ok.error()));
        return ExitFailed;
    }
    const QList<SpecIssue> issues = validateSpec(spec);
    if (hasErrors(issues)) {
        printError(firstError(issues));
        return ExitUsage;
    }
    const QString tag = options.tag.isEmpty() ? newBuildTag() : options.tag;
    if (BuildJournal::exists(BuildJournal::defaultDirectory(), tag)) {
        printError(
            Text::tr("tag %1 is in use (see raidbench-cli array list); choose another or leave --tag out").arg(tag));
        return ExitUsage;
    }
    // A real build resolves and checks every disk once, through the device gate, and from then on names
    // only the pinned nodes; a dry run just shows the plan.
    auto gate = std::make_shared<SystemDeviceGate>(SystemDeviceGate::withLoop(options.allowLoop));
    Result<BuildPlan> plan = makeError({}, {});
    if (options.dryRun) {
        plan = planBuild(spec, tag, PlanOptions {udevIsRunning()});
    } else {
        auto pinned = gate->pinSpec(spec, DeviceGate::Use::Create);
        if (!pinned) {
            printError(ErrorCode::userText(pinned.error()));
            return ExitFailed;
        }
        plan = pinnedBuild(*pinned, tag, PlanOptions {udevIsRunning()});
    }
    if (!plan) {
        printError(ErrorCode::userText(plan.error()));
        return ExitUsage;
    }
    QString text = Text::tr("%1 (tag %2)\n  %3\n").arg(spec.describe(), tag, describeFigures(spec));
    for (const auto& issue : issues) {
        text += Text::tr("  warning: %1\n").arg(issue.message);
    }
    text += Text::tr("  destroys: %1\n").arg(identities.join(QStringLiteral("\n            ")));
    text += Text::tr("commands:\n");
    for (const QString& line : plan->commandLines()) {
        text += QStringLiteral("  %1\n").arg(line);
    }
    text += Text::tr("teardown:\n");
    for (const QStringList& argv : plan->teardownCommands()) {
        QStringList quoted;
        for (const QString& arg : argv) {
            quoted.append(shellQuote(arg));
        }
        text += QStringLiteral("  %1\n").arg(quoted.join(QLatin1Char(' ')));
    }
    printOut(text);
    if (options.dryRun) {
        return ExitOk;
    }
    if (!confirm(identities, options.yes)) {
        return ExitFailed;
    }
    SystemCommandRunner runner;
    BuildExecutor::Options executorOptions;
    executorOptions.gate = gate;
    executorOptions.program = QStringLiteral("cli-array"); // built to stay: recover leaves it alone
    executorOptions.waitForResync = options.waitResync;
    BuildPrinter printer;
    BuildExecutor executor(runner, executorOptions, &printer);
    installCancelHandler();
    auto built = executor.build(*plan, &cancelFlag());
    if (!built) {
        printError(ErrorCode::userText(built.error()));
        return built.error().code == ErrorCode::cancelled ? ExitCancelled : ExitFailed;
    }
    // English in every language: scripts read the device from this line.
    printOut(QStringLiteral("built %1; remove it with: raidbench-cli array teardown %2\n").arg(built->device, tag));
    return ExitOk;
}

/// Teardown and recovery check each journaled disk against its pin (loop devices included: they were
/// pinned as whatever they were).
BuildExecutor::Options gatedExecutor()
{
    BuildExecutor::Options options;
    options.gate = std::make_shared<SystemDeviceGate>(SystemDeviceGate::withLoop(true));
    return options;
}

int list()
{
    const QList<JournalRecord> records = BuildJournal::readAll(BuildJournal::defaultDirectory());
    QString text;
    for (const JournalRecord& record : records) {
        QStringList names;
        for (const BuildObject& object : record.objects) {
            if (object.kind == QLatin1String("md") || object.kind == QLatin1String("lv")) {
                names.append(object.device);
            }
        }
        text += Text::tr("%1  started %2 by pid %3: %4\n")
                    .arg(record.tag, record.started, QString::number(record.owner.pid),
                         names.isEmpty() ? Text::tr("(nothing created yet)") : names.join(QStringLiteral(", ")));
    }
    QFile mdstat(QStringLiteral("/proc/mdstat"));
    if (mdstat.open(QIODevice::ReadOnly)) {
        SystemCommandRunner runner;
        for (const MdStatArray& array : MdStat::parse(QString::fromUtf8(mdstat.readAll())).arrays) {
            const CommandResult detail = runner.run({QStringLiteral("mdadm"), QStringLiteral("--detail"),
                                                     QStringLiteral("--export"), QStringLiteral("/dev/") + array.name},
                                                    30000);
            const QString name = MdDetail::parse(detail.out).name().section(QLatin1Char(':'), -1);
            if (name.startsWith(QLatin1String("raidbench-")) && !text.contains(name)) {
                text += Text::tr("%1  /dev/%2 %3 (no journal: run recover)\n").arg(name, array.name, array.level);
            }
        }
    }
    printOut(text.isEmpty() ? Text::tr("no arrays made by RaidBench\n") : text);
    return ExitOk;
}

int teardown(const QStringList& tags, bool all)
{
    SystemCommandRunner runner;
    BuildExecutor executor(runner, gatedExecutor());
    QList<JournalRecord> records = BuildJournal::readAll(BuildJournal::defaultDirectory());
    int done = 0;
    int failures = 0;
    for (const JournalRecord& record : records) {
        if (!all && !tags.contains(record.tag)) {
            continue;
        }
        RecoverScope byTag;
        byTag.root = geteuid() == 0;
        byTag.clientUid = qint64(getuid());
        byTag.includeKept = true;
        if (record.owner.isAlive() || !byTag.allows(record)) {
            printError(Text::tr("%1 belongs to RaidBench process %2, which is still running; left alone")
                           .arg(record.tag, QString::number(record.owner.pid)));
            ++failures;
            ++done;
            continue;
        }
        QStringList notes;
        const BuiltArray array = executor.relocated(record, &notes);
        for (const QString& note : notes) {
            printErr(QStringLiteral("  %1\n").arg(note));
        }
        const TeardownReport report = executor.teardown(array);
        printOut(QStringLiteral("%1: %2\n").arg(record.tag, report.summary()));
        ++done;
        failures += report.clean() ? 0 : 1;
    }
    if (done == 0) {
        printError(all ? Text::tr("no arrays made by RaidBench to tear down")
                       : Text::tr("no journal for tag %1 in %2; raidbench-cli array recover removes leftovers")
                             .arg(tags.join(QStringLiteral(", ")), BuildJournal::defaultDirectory()));
        return ExitFailed;
    }
    return failures ? ExitFailed : ExitOk;
}

QStringList splitDisks(const QStringList& values)
{
    QStringList disks;
    for (const QString& value : values) {
        for (const QString& part : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            disks.append(part.trimmed());
        }
    }
    return disks;
}

/// The options of `array`.
struct ArrayOptions
{
    const QCommandLineOption levelOption {QStringLiteral("level"), Text::tr("md level or lvm-stripe."),
                                          QStringLiteral("LEVEL")};
    const QCommandLineOption presetOption {
        QStringLiteral("preset"), Text::tr("A standard layout: %1.").arg(presetNames().join(QStringLiteral(", "))),
        QStringLiteral("PRESET")};
    const QCommandLineOption specOption {QStringLiteral("spec"), Text::tr("An array tree as JSON."),
                                         QStringLiteral("FILE")};
    const QCommandLineOption disksOption {QStringLiteral("disks"), Text::tr("Comma-separated member devices."),
                                          QStringLiteral("DEVS")};
    const QCommandLineOption chunkOption {QStringLiteral("chunk"), Text::tr("md chunk size (e.g. 512k)."),
                                          QStringLiteral("SIZE")};
    const QCommandLineOption layoutOption {QStringLiteral("layout"),
                                           Text::tr("raid10: n2, f2, o2, n3, f3; raid5/6: left-symmetric..."),
                                           QStringLiteral("LAYOUT")};
    const QCommandLineOption bitmapOption {QStringLiteral("bitmap"), Text::tr("none (default) or internal."),
                                           QStringLiteral("BITMAP"), QStringLiteral("none")};
    const QCommandLineOption noCleanOption {QStringLiteral("no-assume-clean"),
                                            Text::tr("Let md resync the new array (slow; see --wait-resync).")};
    const QCommandLineOption waitOption {QStringLiteral("wait-resync"),
                                         Text::tr("Wait for the resync to finish, showing progress.")};
    const QCommandLineOption dryRunOption {QStringLiteral("dry-run"), Text::tr("Print the plan and touch nothing.")};
    const QCommandLineOption yesOption {QStringLiteral("yes"), Text::tr("Do not ask before destroying data.")};
    const QCommandLineOption loopOption {QStringLiteral("allow-loop"),
                                         Text::tr("Accept loop devices as disks (tests).")};
    const QCommandLineOption tagOption {QStringLiteral("tag"), Text::tr("Tag for the objects (default: random)."),
                                        QStringLiteral("TAG")};
    const QCommandLineOption allOption {QStringLiteral("all"), Text::tr("teardown: every array RaidBench made.")};

    QList<QCommandLineOption> all() const
    {
        return {levelOption,   presetOption, specOption,   disksOption, chunkOption, layoutOption, bitmapOption,
                noCleanOption, waitOption,   dryRunOption, yesOption,   loopOption,  tagOption,    allOption};
    }
};

/// The array tree of --spec FILE; nullopt after printing why.
std::optional<ArraySpec> specFromFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        printError(Text::tr("cannot read %1: %2").arg(file.fileName(), file.errorString()));
        return std::nullopt;
    }
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        printError(Text::tr("%1 is not a JSON object: %2").arg(file.fileName(), error.errorString()));
        return std::nullopt;
    }
    auto parsed = ArraySpec::fromJson(document.object());
    if (!parsed) {
        printError(ErrorCode::userText(parsed.error()));
        return std::nullopt;
    }
    return *parsed;
}

/// --preset NAME over `disks`, each inspected for its size and controller; nullopt after printing why
/// (`code` the exit code).
std::optional<ArraySpec> specFromPreset(const QString& preset, const QStringList& disks, bool allowLoop, int& code)
{
    QList<PresetDisk> presetDisks;
    EligibilityOptions eligibility;
    eligibility.allowLoop = allowLoop;
    for (const QString& path : disks) {
        auto disk = DiskScanner().inspect(path, eligibility);
        if (!disk) {
            printError(ErrorCode::userText(disk.error()));
            code = ExitFailed;
            return std::nullopt;
        }
        presetDisks.append({path, disk->sizeBytes, disk->controller, disk->model});
    }
    auto made = makePreset(preset, presetDisks);
    if (!made) {
        printError(ErrorCode::userText(made.error()));
        code = ExitUsage;
        return std::nullopt;
    }
    return *made;
}

/// --chunk, --bitmap, --layout and --no-assume-clean on every array of `node` they apply to.
void applyArrayOptions(ArraySpec& node, const QCommandLineParser& parser, const ArrayOptions& o)
{
    if (node.isLeaf()) {
        return;
    }
    if (levelIsMd(node.level)) {
        if (parser.isSet(o.chunkOption) && node.level != ArrayLevel::Raid1 && node.level != ArrayLevel::Linear) {
            const auto chunk = Units::parseSize(parser.value(o.chunkOption));
            node.chunkBytes = chunk ? *chunk : 1; // rejected by validation
        }
        node.bitmap = parseBitmap(parser.value(o.bitmapOption)).value_or(Bitmap::None); // checked before
        node.assumeClean = !parser.isSet(o.noCleanOption);
    }
    if (parser.isSet(o.layoutOption) &&
        (node.level == ArrayLevel::Raid10 || node.level == ArrayLevel::Raid5 || node.level == ArrayLevel::Raid6 ||
         node.level == ArrayLevel::Raid4)) {
        node.layout = parser.value(o.layoutOption);
    }
    for (ArraySpec& child : node.children) {
        applyArrayOptions(child, parser, o);
    }
}

/// The array `array create` builds, from --spec, --preset or --level with --disks; nullopt after
/// printing why (`code` the exit code).
std::optional<ArraySpec> specToCreate(const QCommandLineParser& parser, const ArrayOptions& o, int& code)
{
    code = ExitUsage;
    const int sources =
        int(parser.isSet(o.levelOption)) + int(parser.isSet(o.presetOption)) + int(parser.isSet(o.specOption));
    if (sources != 1) {
        printError(Text::tr("give exactly one of --level, --preset or --spec"));
        return std::nullopt;
    }
    if (parser.isSet(o.specOption)) {
        return specFromFile(parser.value(o.specOption));
    }
    const QStringList disks = splitDisks(parser.values(o.disksOption));
    if (disks.isEmpty()) {
        printError(Text::tr("--disks is required, e.g. --disks /dev/sdb,/dev/sdc"));
        return std::nullopt;
    }
    if (!parseBitmap(parser.value(o.bitmapOption))) {
        printError(Text::tr("--bitmap '%1' must be none or internal").arg(parser.value(o.bitmapOption).left(16)));
        return std::nullopt;
    }
    if (parser.isSet(o.chunkOption)) {
        if (auto chunk = Units::parseSize(parser.value(o.chunkOption)); !chunk) {
            printError(chunk.error().message);
            return std::nullopt;
        }
    }
    std::optional<ArraySpec> spec;
    if (parser.isSet(o.presetOption)) {
        spec = specFromPreset(parser.value(o.presetOption), disks, parser.isSet(o.loopOption), code);
        if (!spec) {
            return std::nullopt;
        }
    } else {
        auto level = parseLevel(parser.value(o.levelOption));
        if (!level) {
            printError(ErrorCode::userText(level.error()));
            return std::nullopt;
        }
        QList<ArraySpec> children;
        for (const QString& path : disks) {
            children.append(ArraySpec::disk(path));
        }
        spec =
            *level == ArrayLevel::Disk && children.size() == 1 ? children.first() : ArraySpec::node(*level, children);
    }
    applyArrayOptions(*spec, parser, o);
    return spec;
}

/// `array recover`: what interrupted runs left behind, torn down.
int recover()
{
    SystemCommandRunner runner;
    BuildExecutor executor(runner, gatedExecutor());
    RecoverScope scope;
    scope.root = geteuid() == 0;
    scope.clientUid = qint64(getuid());
    const TeardownReport report = executor.recoverLeftovers(scope);
    printOut(Text::tr("recover: %1\n").arg(report.summary()));
    return report.clean() ? ExitOk : ExitFailed;
}

} // namespace

ArrayCommand::ArrayCommand()
    : Command(QStringLiteral("array"),
              QT_TRANSLATE_NOOP("raidbench_cli", "build, list and tear down RAID arrays (mdadm, LVM)"))
{ }

int ArrayCommand::execute(const QStringList& arguments)
{
    const QString sub = arguments.value(1);
    if (sub.isEmpty() || sub == QLatin1String("-h") || sub == QLatin1String("--help")) {
        printOut(Text::tr(arrayDescription) + QLatin1Char('\n'));
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    QStringList rest = arguments;
    rest.removeAt(1);
    CommandParser command(QStringLiteral("array ") + sub, Text::tr(arrayDescription));
    QCommandLineParser& parser = command.parser();
    const ArrayOptions o;
    parser.addOptions(o.all());
    if (const std::optional<int> done = command.parse(rest)) {
        return *done;
    }
    if (sub == QLatin1String("list")) {
        return list();
    }
    if (sub == QLatin1String("teardown")) {
        if (!parser.isSet(o.allOption) && parser.positionalArguments().isEmpty()) {
            printError(Text::tr("give a TAG (see raidbench-cli array list) or --all"));
            return ExitUsage;
        }
        return teardown(parser.positionalArguments(), parser.isSet(o.allOption));
    }
    if (sub == QLatin1String("recover")) {
        return recover();
    }
    if (sub != QLatin1String("create")) {
        printError(Text::tr("unknown array command '%1'; use create, list, teardown or recover").arg(sub));
        return ExitUsage;
    }
    int code = ExitUsage;
    const std::optional<ArraySpec> spec = specToCreate(parser, o, code);
    if (!spec) {
        return code;
    }
    CreateOptions options;
    options.dryRun = parser.isSet(o.dryRunOption);
    options.yes = parser.isSet(o.yesOption);
    options.allowLoop = parser.isSet(o.loopOption);
    options.waitResync = parser.isSet(o.waitOption);
    options.tag = parser.value(o.tagOption);
    return create(*spec, options);
}

} // namespace RaidBench::Cli
