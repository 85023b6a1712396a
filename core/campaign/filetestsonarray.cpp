#include "campaign/filetestsonarray.h"

#include "fs/filesystem.h"
#include "fs/filetests.h"
#include "system/invokinguser.h"
#include "util/cancelflag.h"

#include <unistd.h>

namespace RaidBench {

std::pair<int, int> FileTestsOnArray::commandUser() const
{
    if (geteuid() != 0) {
        return {-1, -1}; // we are the user already
    }
    // The one user the helper also takes as its client: pkexec's, else sudo's.
    if (const InvokingUser user = invokingUser(); user.uid > 0) {
        return {user.uid, user.gid};
    }
    return m_context.plan->commandAsRoot ? std::pair {-1, -1} : std::pair {65534, 65534}; // nobody, never root unasked
}

void FileTestsOnArray::run(ConfigResult& config, const BuiltArray& built, CampaignProgress progress,
                           const std::atomic_bool* cancel)
{
    const FilesystemSpec fs = config.requestedFilesystem.value_or(m_context.plan->filesystem);
    const auto [uid, gid] = commandUser();
    progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: making %2 on %3"), {config.name, fs.type, built.device});
    m_context.campaign->report(progress);
    auto mounted = makeAndMount(
        *m_context.runner, fs, [&] { return verifyTarget(m_context.gate, built); }, config.spec, built.plan.tag, uid,
        gid);
    if (!mounted) {
        for (const TestSpec& spec : m_context.plan->tests) {
            if (spec.isFileTest()) {
                TestResult result;
                result.spec = spec;
                result.status = RunState::Failed;
                result.error = mounted.error().message;
                config.tests.append(result);
            }
        }
        return;
    }
    config.filesystem = mounted->toJson();
    config.filesystem.insert(QStringLiteral("mount_point"), mounted->mountPoint);
    for (const TestSpec& spec : m_context.plan->tests) {
        if (!spec.isFileTest()) {
            continue;
        }
        if (cancelled(cancel)) {
            break;
        }
        FileTestParams params = spec.file;
        params.directory = mounted->mountPoint;
        if (spec.kind == TestKind::Command) {
            params.uid = uid;
            params.gid = gid;
            params.commandDirectory = mounted->userDirectory;
        }
        TestResult result;
        result.spec = spec;
        if (!m_context.quiet->wait(result, progress, cancel)) {
            break;
        }
        progress.testName = spec.name;
        progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 on %3"), {config.name, spec.name, fs.type});
        m_context.campaign->report(progress);
        const FileTestResult outcome = runFileTest(params, cancel);
        result.status = outcome.status;
        result.error = outcome.error;
        result.file = outcome;
        result.filesystem = fs.type;
        config.tests.append(result);
        *m_context.unitsDone += 1;
        m_context.campaign->saveAfterTest();
    }
    // Never leave a mounted array behind, whatever happened above.
    if (auto ok = unmountFilesystem(*m_context.runner, *mounted); !ok) {
        config.error = ok.error().message;
    }
}

} // namespace RaidBench
