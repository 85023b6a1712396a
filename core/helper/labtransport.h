#pragma once

#include "helper/helpertransport.h"
#include "lab/labmachine.h"

namespace RaidBench {

/// The helper inside a lab VM with virtual disks, over the VM's serial channels. The VM is booted by
/// open() and powered off when the helper exits (or this is destroyed).
class LabTransport final : public HelperTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabTransport)

public:
    explicit LabTransport(const LabOptions& options, QObject* parent = nullptr);

    QString name() const override { return QStringLiteral("lab"); }
    Result<void> open() override;
    void write(const QByteArray& bytes) override;
    void closeInput() override;
    /// The VM's helper is ours: it always gets the end of its input.
    void hangUp(bool sessionBegun) override;
    Error explainEnding(const Ending& ending) const override;

private:
    LabMachine* m_lab;
};

} // namespace RaidBench
