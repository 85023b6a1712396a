#pragma once

#include "util/translation.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace RaidBench {

struct IoProgress;

/// What a campaign is doing. The helper's progress events carry it as a word (campaignPhaseName);
/// everything else compares the enum.
enum class CampaignPhase { Baseline, Build, Test, Teardown, Drill, Save, Done };

/// The word a progress event carries: baseline, build, test, teardown, drill, save, done.
QString campaignPhaseName(CampaignPhase phase);
/// The phase `name` names; none for a word that names none (a newer helper's phase).
std::optional<CampaignPhase> parseCampaignPhase(const QString& name);

/// Where a campaign is, for progress bars and live charts.
struct CampaignProgress
{
    CampaignPhase phase = CampaignPhase::Baseline;
    int configIndex = 0; ///< 1-based; 0 during baselines (and for a save, which belongs to no row)
    int configCount = 0;
    QString configName;
    QString testName;
    int repeat = 0;
    int repeats = 0;
    double fraction = -1; ///< of the current run
    double overall = 0; ///< of the whole campaign
    double liveBwBytes = 0;
    /// What it is doing, in English: for logs, files and the terminal.
    QString message;
    /// The same as its English template and arguments ("measuring %1 alone: %2"), so that a client says
    /// it in its user's language (text()); the helper sends both.
    QString messageTemplate;
    QStringList messageArgs;
    /// How long no I/O on `stalledTarget` has completed, in steps of ten seconds, once past 30 s; 0 else.
    int stalledSeconds = 0;
    QString stalledTarget;

    /// Sets the message from `english`, marked for lupdate where it is written
    /// (QT_TRANSLATE_NOOP("CampaignProgress", "...")), and its arguments %1, %2, ...
    void say(const char* english, const QStringList& args = {});
    /// Sets a message that is a text of its own (an error, a build step's description): said as it is.
    void sayAsIs(const QString& text) { say("%1", {text}); }
    /// The message as `audience` reads it: a person reads the template from the catalogue, with the
    /// arguments as they came, then the stall; a file the English message.
    QString text(Audience audience) const;

    /// Whether this step is one of measuring (a test, a baseline or a drill), with live figures.
    bool measuring() const
    {
        return phase == CampaignPhase::Test || phase == CampaignPhase::Baseline || phase == CampaignPhase::Drill;
    }

    /// Takes the engine's progress of the run under way: its fraction and live rate, and after the message
    /// said last, how long no I/O on `target` has completed once that passes 30 s, in steps of ten
    /// seconds (a line a step where lines are printed only when they change).
    void follow(const IoProgress& io, const QString& target);
};

} // namespace RaidBench
