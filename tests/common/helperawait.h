#pragma once

#include "helper/helperclient.h"

#include <QJsonObject>
#include <QTest>

namespace RaidBench::Test {

/// Waits for the helper's answer to request `id`: {"ok":true,"result":…} or {"ok":false,"code","message"};
/// code "test-timeout" when nothing came within `timeoutMs`.
inline QJsonObject awaitReply(HelperClient& client, qint64 id, int timeoutMs = 60000)
{
    QJsonObject answer;
    bool done = false;
    const auto ok = QObject::connect(&client, &HelperClient::replied, [&](qint64 rid, const QJsonObject& result) {
        if (rid == id) {
            answer = QJsonObject {{QStringLiteral("ok"), true}, {QStringLiteral("result"), result}};
            done = true;
        }
    });
    const auto bad = QObject::connect(&client, &HelperClient::failed, [&](qint64 rid, const Error& error) {
        if (rid == id) {
            answer = QJsonObject {{QStringLiteral("ok"), false},
                                  {QStringLiteral("code"), error.code},
                                  {QStringLiteral("message"), error.message}};
            done = true;
        }
    });
    if (!QTest::qWaitFor([&] { return done; }, timeoutMs)) {
        answer = QJsonObject {{QStringLiteral("ok"), false}, {QStringLiteral("code"), QStringLiteral("test-timeout")}};
    }
    QObject::disconnect(ok);
    QObject::disconnect(bad);
    return answer;
}

} // namespace RaidBench::Test
