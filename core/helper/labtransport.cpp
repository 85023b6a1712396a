#include "helper/labtransport.h"

#include "util/errorcodes.h"

namespace RaidBench {

LabTransport::LabTransport(const LabOptions& options, QObject* parent)
    : HelperTransport(parent)
    , m_lab(new LabMachine(options, this))
{
    connect(m_lab, &LabMachine::standardOutput, this, &LabTransport::received);
    connect(m_lab, &LabMachine::standardError, this, [this](const QByteArray& data) {
        for (const QString& line : QString::fromLocal8Bit(data).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            Q_EMIT logLine(line);
        }
    });
    connect(m_lab, &LabMachine::progress, this, &LabTransport::logLine);
    connect(m_lab, &LabMachine::finished, this, [this](int code) { Q_EMIT ended(code, false); });
    connect(m_lab, &LabMachine::failed, this, &LabTransport::failed);
}

Result<void> LabTransport::open()
{
    return m_lab->start({QStringLiteral("raidbench-helper")});
}

void LabTransport::write(const QByteArray& bytes)
{
    m_lab->writeStdin(bytes);
}

void LabTransport::closeInput()
{
    m_lab->closeStdin();
}

void LabTransport::hangUp(bool)
{
    m_lab->closeStdin();
}

Error LabTransport::explainEnding(const Ending& ending) const
{
    return Error {ErrorCode::noHelper, QStringLiteral("the lab helper exited with code %1").arg(ending.exitCode)};
}

} // namespace RaidBench
