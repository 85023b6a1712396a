#pragma once

#include "helper/messages.h"
#include "util/result.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

namespace RaidBench {

/// What the GUI needs of a helper connection: send requests, get replies and events. HelperClient
/// is the real one; tests drive the GUI with a scripted one (tests/mock/scriptedhelper.h).
class HelperLink : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~HelperLink() override = default;

    virtual qint64 request(const QString& op, const QJsonObject& args = {}) = 0;
    virtual void cancel(qint64 id) = 0;
    virtual void stop() = 0;
    /// "root", "pkexec", "lab" or a test's name.
    virtual QString transportName() const = 0;
    /// Why the link closed, with its error code, once it has; empty while it is open or when the link
    /// keeps no account beyond closed()'s words.
    virtual Error lastError() const { return {}; }

Q_SIGNALS:
    void connected(const RaidBench::Messages::HelloReply& hello);
    void replied(qint64 id, const QJsonObject& result);
    void failed(qint64 id, const RaidBench::Error& error);
    /// An event of request `id`: its fields, to decode with Messages.
    void eventReceived(qint64 id, const QString& event, const QJsonObject& fields);
    void logLine(const QString& line);
    void closed(const QString& why);
};

} // namespace RaidBench
