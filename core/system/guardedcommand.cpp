#include "system/guardedcommand.h"

#include "util/errorcodes.h"

#include <QRegularExpression>

namespace RaidBench {

namespace {

/// Whether `path` is a name RaidBench gives the arrays it makes, and only that.
bool ownArrayName(const QString& path)
{
    static const QRegularExpression own(QStringLiteral("^/dev/md/raidbench-[a-z0-9]{1,12}-[0-9]{1,4}$"));
    return own.match(path).hasMatch();
}

} // namespace

Result<GuardedCommand> GuardedCommand::make(QStringList argv, const QList<VerifiedDevice>& devices,
                                            const QString& creates)
{
    if (argv.isEmpty()) {
        return makeError(ErrorCode::noCommand, QStringLiteral("no command given"));
    }
    if (!creates.isEmpty() && !ownArrayName(creates)) {
        return makeError(ErrorCode::internal,
                         QStringLiteral("%1 is not a name RaidBench gives an array").arg(creates.left(200)));
    }
    bool confined = false;
    for (qsizetype i = 1; i < argv.size(); ++i) {
        const QString& argument = argv.at(i);
        if (argument == QLatin1String("--devices") && i + 1 < argv.size()) {
            confined = true;
        }
        // A path as an argument of its own, or as an option's value (--name=/dev/...).
        const bool plain = argument.startsWith(QLatin1String("/dev/"));
        const qsizetype at = plain ? 0 : argument.indexOf(QLatin1String("=/dev/")) + 1;
        if (!plain && at == 0) {
            continue;
        }
        const QString path = argument.mid(at);
        if (!creates.isEmpty() && path == creates) {
            continue;
        }
        const bool verified = std::any_of(devices.cbegin(), devices.cend(),
                                          [&](const VerifiedDevice& device) { return device.names(path); });
        if (!verified) {
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("%1 was not checked by the device gate right before %2; RaidBench does "
                                            "not touch it")
                                 .arg(argument.left(200), argv.first().left(32)));
        }
    }
    if (argv.first() == QLatin1String("lvm") && !confined) {
        // Without --devices LVM acts on every disk that claims to belong to a volume group of that name.
        return makeError(ErrorCode::internal,
                         QStringLiteral("an lvm command that does not name the disks it may see: %1")
                             .arg(argv.mid(0, 2).join(QLatin1Char(' '))));
    }
    return GuardedCommand(std::move(argv));
}

} // namespace RaidBench
