#include "campaign/hostinfo.h"

#include "version.h"

#include <QFile>
#include <QRegularExpression>
#include <QSysInfo>
#include <QThread>

#include <sys/utsname.h>

namespace RaidBench {

QJsonObject collectHostInfo(CommandRunner& runner)
{
    utsname uts {};
    uname(&uts);
    QString cpu;
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (cpuinfo.open(QIODevice::ReadOnly)) {
        static const QRegularExpression model(QStringLiteral("^model name\\s*:\\s*(.+)$"),
                                              QRegularExpression::MultilineOption);
        cpu = model.match(QString::fromUtf8(cpuinfo.readAll())).captured(1).trimmed();
    }
    double ram = 0;
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (meminfo.open(QIODevice::ReadOnly)) {
        static const QRegularExpression total(QStringLiteral("MemTotal:\\s*(\\d+) kB"));
        ram = total.match(QString::fromUtf8(meminfo.readAll())).captured(1).toDouble() * 1024;
    }
    const CommandResult mdadm = runner.run({QStringLiteral("mdadm"), QStringLiteral("--version")}, 10000);
    const CommandResult lvm = runner.run({QStringLiteral("lvm"), QStringLiteral("version")}, 10000);
    static const QRegularExpression lvmVersion(QStringLiteral("LVM version:\\s*(\\S+)"));
    QJsonObject host {
        {QStringLiteral("hostname"), QSysInfo::machineHostName()},
        {QStringLiteral("kernel"), QString::fromLocal8Bit(uts.release)},
        {QStringLiteral("os"), QSysInfo::prettyProductName()},
        {QStringLiteral("cpu"), cpu},
        {QStringLiteral("cpus"), QThread::idealThreadCount()},
        {QStringLiteral("ram_bytes"), ram},
        {QStringLiteral("mdadm_version"), QString(mdadm.err + mdadm.out).trimmed().section(QLatin1Char('\n'), 0, 0)},
        {QStringLiteral("lvm_version"), lvmVersion.match(lvm.out).captured(1)},
        {QStringLiteral("raidbench_version"), QStringLiteral(RAIDBENCH_VERSION)},
        {QStringLiteral("lab"), qEnvironmentVariableIsSet("RAIDBENCH_LAB")}};
    if (qEnvironmentVariableIsSet("RAIDBENCH_LAB_DISKS")) {
        host.insert(QStringLiteral("lab_disks"), qEnvironmentVariable("RAIDBENCH_LAB_DISKS"));
    }
    return host;
}

} // namespace RaidBench
