// libFuzzer target: the helper's request parser and the validators it hands arguments to.
// Built with clang when RAIDBENCH_FUZZ=ON (tests/fuzz/CMakeLists.txt).

#include "helper/helperprotocol.h"
#include "layout/arrayanalysis.h"
#include "layout/arrayspec.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray line(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto request = RaidBench::HelperProtocol::parseRequest(line);
    if (request.ok()) {
        const QJsonValue spec = request->args.value(QStringLiteral("spec"));
        if (spec.isObject()) {
            const auto parsed = RaidBench::ArraySpec::fromJson(spec.toObject());
            if (parsed.ok()) {
                const auto issues = RaidBench::validateSpec(*parsed);
                if (!RaidBench::hasErrors(issues)) {
                    RaidBench::analyzeSpec(*parsed);
                }
            }
        }
    }
    return 0;
}
