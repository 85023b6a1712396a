#pragma once

#include "layout/arrayspec.h"

#include <QList>
#include <QSet>
#include <QString>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// A problem with a spec: errors stop a build, warnings are shown and allowed.
struct SpecIssue
{
    QString code;
    QString message;
    bool warning = false;
};

/// Checks a tree against mdadm's and LVM's rules and RaidBench's own.
QList<SpecIssue> validateSpec(const ArraySpec& spec, int maxDepth = 3);
bool hasErrors(const QList<SpecIssue>& issues);
QString firstError(const QList<SpecIssue>& issues);

/// What a layout gives: capacity, space kept, failures it survives, controller-failure tolerance.
struct ArrayFigures
{
    std::optional<std::uint64_t> usableBytes; ///< unknown while a member's size is unknown
    std::uint64_t rawBytes = 0;
    double spacePct = 0;
    int failuresGuaranteed = 0; ///< any this many disks may fail
    int failuresBestCase = 0; ///< at most this many, if the right ones fail
    bool controllersKnown = false;
    int controllerCount = 0;
    bool survivesControllerLoss = false;
    QString fatalController; ///< a controller whose loss kills it
};

ArrayFigures analyzeSpec(const ArraySpec& spec);

/// The md data offset mdadm 4.x reserves on a member of `bytes` with 1.2 metadata.
std::uint64_t mdDataOffset(std::uint64_t bytes, const QString& metadata);
/// Usable bytes of `spec` (nullopt when a leaf size is unknown).
std::optional<std::uint64_t> usableBytes(const ArraySpec& spec);
/// Whether `spec` still has its data when the leaves in `failed` are gone.
bool survives(const ArraySpec& spec, const QSet<QString>& failed);

} // namespace RaidBench
