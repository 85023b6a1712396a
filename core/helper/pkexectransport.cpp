#include "helper/pkexectransport.h"

#include "util/errorcodes.h"

#include <QStandardPaths>

namespace RaidBench {

PkexecTransport::PkexecTransport(QString helper, QObject* parent)
    : ProcessTransport(parent)
    , m_helper(std::move(helper))
{ }

Result<void> PkexecTransport::open()
{
    const QString pkexec = QStandardPaths::findExecutable(QStringLiteral("pkexec"));
    if (pkexec.isEmpty()) {
        return makeError(ErrorCode::noPkexec,
                         QStringLiteral("pkexec is not installed; install the Debian package "
                                        "pkexec (or run RaidBench as root)"));
    }
    if (auto installed = checkHelper(m_helper); !installed) {
        return installed;
    }
    return start({pkexec, {m_helper}, false, ErrorCode::noHelper});
}

Error PkexecTransport::explainEnding(const Ending& ending) const
{
    if (ending.answered || ending.crashed || (ending.exitCode != 126 && ending.exitCode != 127)) {
        return ProcessTransport::explainEnding(ending);
    }
    const QString why = ending.exitCode == 126
        ? QStringLiteral("authorisation was refused or cancelled (pkexec)")
        : QStringLiteral("pkexec could not start the helper (not authorised, or no polkit agent)");
    const QString tail = lastStderrLine();
    return Error {ErrorCode::noHelper, tail.isEmpty() ? why : QStringLiteral("%1: %2").arg(why, tail)};
}

} // namespace RaidBench
