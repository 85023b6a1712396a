#include "diskhealthtext.h"

#include "outsidetr.h"

#include <QCoreApplication>
#include <QStringList>

namespace RaidBench::Ui::DiskHealthText {

namespace {

QString tr(const char* text)
{
    return trOutsideQObject(text);
}

} // namespace

QString status(const Disk& disk)
{
    if (!disk.healthRead) {
        return {};
    }
    const SmartStatus smart = disk.health.status;
    return smart == SmartStatus::Passed ? tr("OK")
        : smart == SmartStatus::Failed  ? tr("Failing")
        : smart == SmartStatus::NoSmart ? tr("No SMART")
                                        : tr("Unknown");
}

QString temperature(const Disk& disk)
{
    return disk.healthRead && disk.health.temperatureC > 0 ? QStringLiteral("%1 °C").arg(disk.health.temperatureC)
                                                           : QString();
}

QString link(const Disk& disk)
{
    if (!disk.healthRead || disk.health.linkCurrent.isEmpty()) {
        return {};
    }
    if (disk.health.linkBelowMax()) {
        return tr("%1 of %2").arg(disk.health.linkCurrent, disk.health.linkMax);
    }
    return disk.health.linkCurrent;
}

QString cache(const Disk& disk)
{
    if (!disk.healthRead) {
        return {};
    }
    return disk.writeCache.on() ? tr("on") : disk.writeCache.off() ? tr("off") : tr("unknown");
}

QString causes(const Disk& disk)
{
    QStringList found;
    for (const DiskExplanation& explanation : disk.explanations) {
        found.append(explanation.message);
    }
    return found.isEmpty() ? QString() : tr("Could be slow: %1").arg(found.join(QStringLiteral("; ")));
}

QString panel(const Disk& disk)
{
    if (!disk.healthRead) {
        return tr("<br><b>Health</b>: not read yet.");
    }
    const DiskHealth& health = disk.health;
    QString html = QStringLiteral("<br><b>%1</b>: %2").arg(tr("Health"), status(disk).toHtmlEscaped());
    // The helper says why in English; a disk without SMART, the common case (virtual disks, USB
    // bridges), is said in the user's words.
    const QString reason = health.status == SmartStatus::NoSmart
        ? tr("the disk reports no SMART (virtual disks and some USB bridges have none)")
        : health.reason;
    if (!reason.isEmpty()) {
        html += QStringLiteral(" (%1)").arg(reason.toHtmlEscaped());
    }
    QStringList facts;
    auto add = [&facts](const QString& text) { facts.append(text.toHtmlEscaped()); };
    if (health.temperatureC > 0) {
        add(tr("%1 °C").arg(health.temperatureC));
    }
    if (health.powerOnHours >= 0) {
        add(tr("%1 hours powered on").arg(health.powerOnHours));
    }
    if (!health.linkCurrent.isEmpty()) {
        add(tr("link %1").arg(link(disk)));
    }
    if (health.rotationRateRpm > 0) {
        add(tr("%1 rpm").arg(health.rotationRateRpm));
    }
    const std::pair<std::int64_t, const char*> counters[] {{health.reallocatedSectors, "reallocated sectors"},
                                                           {health.pendingSectors, "pending sectors"},
                                                           {health.offlineUncorrectable, "offline uncorrectable"},
                                                           {health.crcErrors, "interface CRC errors"},
                                                           {health.mediaErrors, "media errors"},
                                                           {health.grownDefects, "grown defects"}};
    for (const auto& [value, name] : counters) {
        if (value >= 0) {
            add(QStringLiteral("%1 %2").arg(value).arg(tr(name)));
        }
    }
    if (health.percentageUsed >= 0) {
        add(tr("%1 % of its rated wear used").arg(health.percentageUsed));
    }
    if (!facts.isEmpty()) {
        html += QStringLiteral("<br>") + facts.join(QStringLiteral(", "));
    }
    html += QStringLiteral("<br><b>%1</b>: %2").arg(tr("Write cache"), cache(disk).toHtmlEscaped());
    if (!disk.writeCache.reason.isEmpty()) {
        html += QStringLiteral(" (%1)").arg(disk.writeCache.reason.toHtmlEscaped());
    } else if (!disk.writeCache.tool.isEmpty()) {
        html += QStringLiteral(" <i>(%1)</i>").arg(tr("read with %1").arg(disk.writeCache.tool).toHtmlEscaped());
    }
    if (!disk.explanations.isEmpty()) {
        html += QStringLiteral("<br><span style='color:#e67e22'><b>%1</b></span><ul>").arg(tr("Could be slow:"));
        for (const DiskExplanation& explanation : disk.explanations) {
            html += QStringLiteral("<li>%1</li>").arg(explanation.message.toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }
    return html;
}

} // namespace RaidBench::Ui::DiskHealthText
