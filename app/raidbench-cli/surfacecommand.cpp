#include "surfacecommand.h"

#include "clicommon.h"
#include "disks/diskscanner.h"
#include "model/analysis.h"
#include "plan/campaignplan.h"
#include "planrun.h"
#include "results/campaignresults.h"
#include "results/resultsfolder.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSysInfo>

#include <algorithm>

namespace RaidBench::Cli {

namespace {

/// The disks to read: the ones named, each free to use; or every usable disk.
Result<QStringList> chooseDisks(const SurfaceRequest& request)
{
    EligibilityOptions eligibility;
    eligibility.allowLoop = request.allowLoop;
    QStringList chosen;
    if (request.disks.isEmpty()) {
        for (const Disk& disk : DiskScanner().scan(eligibility)) {
            const bool kind = disk.kind == QLatin1String("disk") ||
                (request.allowLoop && disk.kind == QLatin1String("loop") && disk.sizeBytes > 0);
            if (kind && disk.eligible) {
                chosen.append(disk.path);
            }
        }
        if (chosen.isEmpty()) {
            return makeError({},
                             Text::tr("no disk is free to read across (raidbench-cli disks says why); "
                                      "a surface scan reads only disks nothing uses"));
        }
        return chosen;
    }
    for (const QString& path : request.disks) {
        auto disk = DiskScanner().inspect(path, eligibility);
        if (!disk) {
            return makeError({}, QStringLiteral("%1: %2").arg(path, disk.error().message));
        }
        if (!disk->eligible) {
            QStringList why;
            for (const DiskReason& reason : disk->reasons) {
                why.append(reason.text(Audience::Person));
            }
            return makeError({},
                             Text::tr("%1 is in use, so it is not read: %2")
                                 .arg(path, why.isEmpty() ? Text::tr("not usable") : why.join(QStringLiteral("; "))));
        }
        if (chosen.contains(disk->path)) {
            return makeError({}, Text::tr("%1 is named twice").arg(path));
        }
        chosen.append(disk->path);
    }
    return chosen;
}

QString bar(double fraction, int width)
{
    const int cells = std::clamp(qRound(fraction * width), 0, width);
    return QString(cells, QChar(0x2588)) + QString(width - cells, QLatin1Char(' '));
}

} // namespace

QString surfaceText(const CampaignResults& results)
{
    QString text;
    for (const DiskResult& disk : results.disks) {
        if (disk.surface.isEmpty() && disk.surface.error.isEmpty()) {
            continue;
        }
        text += QStringLiteral("%1  %2: %3\n")
                    .arg(terminalSafe(disk.label()), Units::formatBytesDecimal(double(disk.sizeBytes)),
                         disk.surface.summary(disk.sizeBytes));
        const SurfacePoint* fastest = disk.surface.fastest();
        for (const SurfacePoint& point : disk.surface.points) {
            text += QStringLiteral("  %1 %  %2 %3\n")
                        .arg(QString::number(qRound(point.position(disk.sizeBytes) * 100)).rightJustified(3),
                             bar(fastest && fastest->bwBytes > 0 ? point.bwBytes / fastest->bwBytes : 0, 40),
                             Units::formatMBps(point.bwBytes));
        }
        if (!disk.surface.error.isEmpty()) {
            text += Text::tr("  stopped: %1\n").arg(terminalSafe(disk.surface.error));
        }
    }
    return text;
}

int runSurfaceScan(const SurfaceRequest& request)
{
    auto disks = chooseDisks(request);
    if (!disks) {
        printError(ErrorCode::userText(disks.error()));
        return ExitFailed;
    }
    CampaignPlan plan;
    plan.disks = *disks;
    plan.baselines = false;
    plan.allowLoop = request.allowLoop;
    plan.surface = request.spec;
    QString out = request.out;
    if (out.isEmpty()) {
        auto created = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(),
                                             QSysInfo::machineHostName(), QStringLiteral("surface"));
        if (!created) {
            printError(Text::tr("%1; give --out RESULTS.json").arg(ErrorCode::userText(created.error())));
            return ExitFailed;
        }
        out = *created;
    }
    const bool placeholder = request.out.isEmpty();
    auto dropPlaceholder = qScopeGuard([&] {
        if (placeholder && QFileInfo(out).size() == 0) {
            QFile::remove(out);
        }
    });
    if (!request.quiet) {
        printErr(Text::tr("reading %1 at %2 points each (read only; %3 a point)\n")
                     .arg(plan.disks.join(QStringLiteral(", ")), QString::number(plan.surface.points),
                          Units::formatDuration(plan.surface.timeNs)));
    }
    const int code = runPlan(plan, out, {false, request.quiet || request.json, false, request.viaHelper, false, {}});
    auto results = loadAnalysed(out);
    if (!results) {
        return code == ExitOk ? ExitFailed : code;
    }
    if (request.json) {
        QJsonArray array;
        for (const DiskResult& disk : results->disks) {
            QJsonObject entry {{QStringLiteral("path"), disk.path},
                               {QStringLiteral("serial"), disk.serial},
                               {QStringLiteral("model"), disk.model},
                               {QStringLiteral("size_bytes"), double(disk.sizeBytes)},
                               {QStringLiteral("surface"), disk.surface.toJson(disk.sizeBytes)}};
            array.append(entry);
        }
        printJson(QJsonDocument(array));
    } else {
        printOut(surfaceText(*results));
    }
    bool stopped = false;
    for (const DiskResult& disk : results->disks) {
        stopped = stopped || !disk.surface.complete();
    }
    return code == ExitOk && stopped ? ExitFailed : code;
}

} // namespace RaidBench::Cli
