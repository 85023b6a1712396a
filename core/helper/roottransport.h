#pragma once

#include "helper/processtransport.h"

namespace RaidBench {

/// The helper as a child of this program, which is root already.
class RootTransport final : public ProcessTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RootTransport)

public:
    explicit RootTransport(QString helper, QObject* parent = nullptr);

    QString name() const override { return QStringLiteral("root"); }
    Result<void> open() override;

private:
    QString m_helper;
};

} // namespace RaidBench
