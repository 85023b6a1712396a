// libFuzzer target: the helper's request parser and the validators it hands arguments to: array
// specs, campaign plans (with their tests, file tests and file systems), resumed results and mount
// options, and run-io jobs. Built with clang when RAIDBENCH_FUZZ=ON (tests/fuzz/CMakeLists.txt).

#include "fs/filesystem.h"
#include "helper/helperprotocol.h"
#include "helper/messages.h"
#include "layout/arrayanalysis.h"
#include "layout/arrayspec.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace RaidBench;
    const QByteArray line(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto request = HelperProtocol::parseRequest(line);
    if (!request.ok()) {
        return 0;
    }
    const QJsonValue spec = request->args.value(QStringLiteral("spec"));
    if (spec.isObject()) {
        const auto parsed = ArraySpec::fromJson(spec.toObject());
        if (parsed.ok()) {
            const auto issues = validateSpec(*parsed);
            if (!hasErrors(issues)) {
                analyzeSpec(*parsed);
            }
        }
    }
    const QJsonValue plan = request->args.value(QStringLiteral("plan"));
    if (plan.isObject()) {
        const auto parsed = CampaignPlan::fromJson(plan.toObject());
        if (parsed.ok()) {
            for (const ConfigSpec& config : parsed->configurations) {
                if (!hasErrors(validateSpec(config.spec))) {
                    analyzeSpec(config.spec);
                }
            }
            (void)parsed->toJson();
        }
    }
    const QJsonValue resume = request->args.value(QStringLiteral("resume"));
    if (resume.isObject()) {
        const auto previous = CampaignResults::fromJson(resume.toObject());
        if (previous.ok()) {
            (void)previous->toJson();
        }
    }
    const QJsonValue job = request->args.value(QStringLiteral("job"));
    if (job.isObject()) {
        const auto decoded = Messages::decodeIoJob(job.toObject());
        if (decoded.ok()) {
            (void)Messages::encodeIoJob(*decoded);
        }
    }
    const QJsonValue filesystem = request->args.value(QStringLiteral("filesystem"));
    if (!filesystem.isUndefined()) {
        (void)FilesystemSpec::fromJson(filesystem);
    }
    return 0;
}
