#include "lab/laboptions.h"

#include "util/errorcodes.h"

#include <QRegularExpression>

namespace RaidBench {

Result<void> LabOptions::check() const
{
    if (disks.isEmpty()) {
        return makeError(ErrorCode::invalidLabSpec, QStringLiteral("the lab needs at least one disk"));
    }
    static const QRegularExpression hostnamePattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9][A-Za-z0-9-]{0,62}")));
    if (!hostname.isEmpty() && !hostnamePattern.match(hostname).hasMatch()) {
        return makeError(
            ErrorCode::invalidLabSpec,
            QStringLiteral("the lab's host name '%1' may hold only letters, digits and '-'").arg(hostname.left(100)));
    }
    if (sshPort < 0 || sshPort > 65535) {
        return makeError(ErrorCode::invalidLabSpec, QStringLiteral("the ssh port must be from 1 to 65535"));
    }
    static const QRegularExpression filePattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9._-]{0,100}")));
    for (const auto& file : std::as_const(controlFiles)) {
        if (!filePattern.match(file.first).hasMatch() || file.first == QLatin1String("request.json")) {
            return makeError(
                ErrorCode::invalidLabSpec,
                QStringLiteral("'%1' cannot be a file of the lab's control directory").arg(file.first.left(100)));
        }
    }
    if (accel != QLatin1String("auto") && accel != QLatin1String("kvm") && accel != QLatin1String("tcg")) {
        return makeError(ErrorCode::labBadAccel,
                         QStringLiteral("unknown accelerator '%1'; use auto, kvm or tcg").arg(accel.left(100)));
    }
    return {};
}

} // namespace RaidBench
