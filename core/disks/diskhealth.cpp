#include "disks/diskhealth.h"

#include "util/enumwords.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace RaidBench {

namespace {

constexpr qsizetype kQuoteLength = 120;

/// A JSON number as an integer, or -1 when it is missing, not a number or negative: smartctl's
/// counters are never negative, and a string where a number belongs must not be guessed at.
std::int64_t counter(const QJsonValue& value)
{
    if (!value.isDouble()) {
        return -1;
    }
    const double number = value.toDouble();
    if (!std::isfinite(number) || number < 0 || number > 9.0e18) {
        return -1;
    }
    return std::int64_t(number);
}

int smallCounter(const QJsonValue& value)
{
    const std::int64_t number = counter(value);
    return number <= std::numeric_limits<int>::max() ? int(number) : -1;
}

/// Temperatures may be below zero; anything outside what a disk can report is unknown.
int celsius(const QJsonValue& value)
{
    if (!value.isDouble()) {
        return -1;
    }
    const double number = value.toDouble();
    return number > -60 && number < 200 ? int(number) : -1;
}

/// What a disk or its bridge said (a model name, a message), made safe to print: control and
/// format characters (terminal escapes, bidirectional overrides) out, at most 120 characters.
QString printable(const QString& raw)
{
    QString clean;
    clean.reserve(std::min<qsizetype>(raw.size(), 240));
    for (const QChar c : raw) {
        const QChar::Category category = c.category();
        if (category == QChar::Other_Control || category == QChar::Other_Format) {
            if (c == QLatin1Char('\n') || c == QLatin1Char('\t')) {
                clean += QLatin1Char(' ');
            }
            continue;
        }
        clean += c;
        if (clean.size() >= 240) {
            break;
        }
    }
    return clean.simplified().left(120);
}

QString text(const QJsonValue& value)
{
    return value.isString() ? printable(value.toString()) : QString();
}

/// smartctl writes 0 both for solid state and, on SCSI, for a disk that does not report its rate (as
/// qemu's disks do), and passes reserved values through; only ATA's 0 surely means solid state.
int rotationRate(const QJsonValue& value, const QString& protocol)
{
    const int rpm = smallCounter(value);
    if (rpm == 0) {
        return protocol == QLatin1String("SCSI") ? -1 : 0;
    }
    return rpm > 0x400 && rpm < 0xffff ? rpm : -1;
}

QJsonObject object(const QJsonObject& parent, const char* key)
{
    return parent.value(QLatin1String(key)).toObject();
}

/// One end of ATA's interface_speed: its text ("6.0 Gb/s") and its rate in Gb/s.
void readSataSpeed(const QJsonObject& speed, QString& textOut, double& gbpsOut)
{
    textOut = text(speed.value(QLatin1String("string")));
    const std::int64_t units = counter(speed.value(QLatin1String("units_per_second")));
    const std::int64_t bits = counter(speed.value(QLatin1String("bits_per_unit")));
    if (units > 0 && bits > 0) {
        gbpsOut = double(units) * double(bits) / 1e9;
    }
}

void readAtaAttributes(const QJsonObject& root, DiskHealth& health)
{
    const QJsonValue table = object(root, "ata_smart_attributes").value(QLatin1String("table"));
    for (const auto& entry : table.toArray()) {
        const QJsonObject attribute = entry.toObject();
        const std::int64_t raw =
            counter(attribute.value(QLatin1String("raw")).toObject().value(QLatin1String("value")));
        switch (counter(attribute.value(QLatin1String("id")))) {
        case 5:
            health.reallocatedSectors = raw;
            break;
        case 197:
            health.pendingSectors = raw;
            break;
        case 198:
            health.offlineUncorrectable = raw;
            break;
        case 199:
            health.crcErrors = raw;
            break;
        default:
            break;
        }
    }
}

void readNvmeLog(const QJsonObject& root, DiskHealth& health)
{
    const QJsonObject log = object(root, "nvme_smart_health_information_log");
    if (log.isEmpty()) {
        return;
    }
    health.criticalWarning = smallCounter(log.value(QLatin1String("critical_warning")));
    health.percentageUsed = smallCounter(log.value(QLatin1String("percentage_used")));
    health.mediaErrors = counter(log.value(QLatin1String("media_errors")));
    if (health.temperatureC < 0) {
        health.temperatureC = celsius(log.value(QLatin1String("temperature")));
    }
    if (health.powerOnHours < 0) {
        health.powerOnHours = counter(log.value(QLatin1String("power_on_hours")));
    }
}

/// smartctl names SCSI disks by vendor and product; 7.3 and later as scsi_*, older ones without.
QString modelOf(const QJsonObject& root)
{
    for (const char* key : {"model_name", "scsi_model_name"}) {
        const QString model = text(root.value(QLatin1String(key)));
        if (!model.isEmpty()) {
            return model;
        }
    }
    for (const auto& [vendorKey, productKey] :
         {std::pair {"scsi_vendor", "scsi_product"}, std::pair {"vendor", "product"}}) {
        const QString model =
            QStringLiteral("%1 %2")
                .arg(text(root.value(QLatin1String(vendorKey))), text(root.value(QLatin1String(productKey))))
                .trimmed();
        if (!model.isEmpty()) {
            return model;
        }
    }
    return {};
}

QString firmwareOf(const QJsonObject& root)
{
    for (const char* key : {"firmware_version", "scsi_revision", "revision"}) {
        const QString firmware = text(root.value(QLatin1String(key)));
        if (!firmware.isEmpty()) {
            return firmware;
        }
    }
    return {};
}

/// smartctl's messages of severity "error", in its order.
QStringList errorMessages(const QJsonObject& smartctl)
{
    QStringList messages;
    for (const auto& entry : smartctl.value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = entry.toObject();
        const QString line = text(message.value(QLatin1String("string")));
        if (!line.isEmpty() && message.value(QLatin1String("severity")).toString() == QLatin1String("error")) {
            messages.append(line);
        }
    }
    return messages;
}

bool hasDeviceData(const QJsonObject& root)
{
    for (const char* key : {"device", "model_name", "scsi_model_name", "smart_status", "smart_support"}) {
        if (root.contains(QLatin1String(key))) {
            return true;
        }
    }
    return false;
}

/// Why smartctl read nothing from the disk, from the first error it gave.
void explainNoDevice(const QStringList& errors, DiskHealth& health)
{
    const QString message = errors.value(0);
    if (message.isEmpty()) {
        health.reason = QStringLiteral("smartctl reported nothing about the disk");
    } else if (message.contains(QLatin1String("USB bridge"), Qt::CaseInsensitive)) {
        health.status = SmartStatus::NoSmart;
        health.reason = QStringLiteral("smartctl cannot see through the disk's USB bridge (%1)").arg(message);
    } else if (message.contains(QLatin1String("Permission denied"), Qt::CaseInsensitive)) {
        health.reason = QStringLiteral("smartctl was not allowed to open the disk (it needs root): %1").arg(message);
    } else {
        health.reason = QStringLiteral("smartctl could not read the disk: %1").arg(message);
    }
}

/// The first line of a tool's output that names the setting, else its first line past the device
/// name hdparm and sdparm start with ("/dev/sda:"), else its first line: trimmed and short.
QString quoteFirstLine(const QString& out, const QString& keyword)
{
    QString first;
    QString firstPastDevice;
    const QStringList lines = out.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        const QString trimmed = printable(line);
        if (trimmed.contains(keyword, Qt::CaseInsensitive)) {
            return trimmed.left(kQuoteLength);
        }
        if (first.isEmpty()) {
            first = trimmed;
        }
        if (firstPastDevice.isEmpty() && !trimmed.startsWith(QLatin1String("/dev/"))) {
            firstPastDevice = trimmed;
        }
    }
    return (firstPastDevice.isEmpty() ? first : firstPastDevice).left(kQuoteLength);
}

WriteCacheState unreadable(const QString& tool, const QString& out, const QString& keyword)
{
    const QString line = quoteFirstLine(out, keyword);
    if (line.isEmpty()) {
        return WriteCacheState::unknown(QStringLiteral("%1 printed nothing about the write cache").arg(tool), tool);
    }
    return WriteCacheState::unknown(
        QStringLiteral("%1 printed no write cache setting RaidBench can read: \"%2\"").arg(tool, line), tool);
}

WriteCacheState cacheState(bool on, bool changeable, const QString& tool)
{
    WriteCacheState state;
    state.state = cacheStateFor(on);
    state.tool = tool;
    state.changeable = changeable;
    return state;
}

void insertNumber(QJsonObject& json, const char* key, double value)
{
    if (value >= 0) {
        json.insert(QLatin1String(key), value);
    }
}

void insertText(QJsonObject& json, const char* key, const QString& value)
{
    if (!value.isEmpty()) {
        json.insert(QLatin1String(key), value);
    }
}

std::int64_t integerOf(const QJsonObject& json, const char* key)
{
    return counter(json.value(QLatin1String(key)));
}

} // namespace

namespace {

constexpr EnumWords<SmartStatus, 4> smartWords {{{SmartStatus::Unknown, "unknown"},
                                                 {SmartStatus::Passed, "passed"},
                                                 {SmartStatus::Failed, "failed"},
                                                 {SmartStatus::NoSmart, "no-smart"}}};

} // namespace

QString smartStatusWord(SmartStatus status)
{
    return enumWord(smartWords, status);
}

SmartStatus smartStatusFromWord(const QString& word)
{
    return enumFromWord(smartWords, word).value_or(SmartStatus::Unknown);
}

QJsonObject DiskHealth::toJson() const
{
    QJsonObject json {{QStringLiteral("status"), smartStatusWord(status)}};
    insertText(json, "reason", reason);
    insertText(json, "protocol", protocol);
    insertText(json, "model", model);
    insertText(json, "firmware", firmware);
    if (temperatureC != -1) {
        json.insert(QStringLiteral("temperature_c"), temperatureC);
    }
    insertNumber(json, "power_on_hours", double(powerOnHours));
    insertNumber(json, "reallocated_sectors", double(reallocatedSectors));
    insertNumber(json, "pending_sectors", double(pendingSectors));
    insertNumber(json, "offline_uncorrectable", double(offlineUncorrectable));
    insertNumber(json, "crc_errors", double(crcErrors));
    insertNumber(json, "percentage_used", percentageUsed);
    insertNumber(json, "media_errors", double(mediaErrors));
    insertNumber(json, "critical_warning", criticalWarning);
    insertNumber(json, "grown_defects", double(grownDefects));
    insertNumber(json, "rotation_rate_rpm", rotationRateRpm);
    insertText(json, "link_current", linkCurrent);
    insertText(json, "link_max", linkMax);
    insertNumber(json, "link_current_gbps", linkCurrentGbps);
    insertNumber(json, "link_max_gbps", linkMaxGbps);
    return json;
}

DiskHealth DiskHealth::fromJson(const QJsonObject& json)
{
    DiskHealth health;
    health.status = smartStatusFromWord(json.value(QStringLiteral("status")).toString());
    health.reason = json.value(QStringLiteral("reason")).toString();
    health.protocol = json.value(QStringLiteral("protocol")).toString();
    health.model = json.value(QStringLiteral("model")).toString();
    health.firmware = json.value(QStringLiteral("firmware")).toString();
    health.temperatureC = readIntOr(json.value(QStringLiteral("temperature_c")), -1);
    health.powerOnHours = integerOf(json, "power_on_hours");
    health.reallocatedSectors = integerOf(json, "reallocated_sectors");
    health.pendingSectors = integerOf(json, "pending_sectors");
    health.offlineUncorrectable = integerOf(json, "offline_uncorrectable");
    health.crcErrors = integerOf(json, "crc_errors");
    health.percentageUsed = smallCounter(json.value(QStringLiteral("percentage_used")));
    health.mediaErrors = integerOf(json, "media_errors");
    health.criticalWarning = smallCounter(json.value(QStringLiteral("critical_warning")));
    health.grownDefects = integerOf(json, "grown_defects");
    health.rotationRateRpm = smallCounter(json.value(QStringLiteral("rotation_rate_rpm")));
    health.linkCurrent = json.value(QStringLiteral("link_current")).toString();
    health.linkMax = json.value(QStringLiteral("link_max")).toString();
    health.linkCurrentGbps = json.value(QStringLiteral("link_current_gbps")).toDouble(-1);
    health.linkMaxGbps = json.value(QStringLiteral("link_max_gbps")).toDouble(-1);
    return health;
}

DiskHealth DiskHealth::unknown(const QString& reason)
{
    DiskHealth health;
    health.status = SmartStatus::Unknown;
    health.reason = reason;
    return health;
}

QJsonObject WriteCacheState::toJson() const
{
    QJsonObject json {{QStringLiteral("state"), cacheStateName(state)}, {QStringLiteral("changeable"), changeable}};
    insertText(json, "reason", reason);
    insertText(json, "tool", tool);
    return json;
}

QString cacheStateName(CacheState state)
{
    switch (state) {
    case CacheState::On:
        return QStringLiteral("on");
    case CacheState::Off:
        return QStringLiteral("off");
    case CacheState::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

CacheState parseCacheState(const QString& name)
{
    return name == QLatin1String("on") ? CacheState::On
        : name == QLatin1String("off") ? CacheState::Off
                                       : CacheState::Unknown;
}

WriteCacheState WriteCacheState::fromJson(const QJsonObject& json)
{
    WriteCacheState cache;
    cache.state = parseCacheState(json.value(QStringLiteral("state")).toString());
    cache.reason = json.value(QStringLiteral("reason")).toString();
    cache.tool = json.value(QStringLiteral("tool")).toString();
    cache.changeable = json.value(QStringLiteral("changeable")).toBool();
    return cache;
}

WriteCacheState WriteCacheState::unknown(const QString& reason, const QString& tool)
{
    WriteCacheState cache;
    cache.state = CacheState::Unknown;
    cache.reason = reason;
    cache.tool = tool;
    return cache;
}

Result<DiskHealth> parseSmartctlJson(const QByteArray& json)
{
    if (json.trimmed().isEmpty()) {
        return makeError(ErrorCode::badSmartJson, QStringLiteral("smartctl printed nothing"));
    }
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        return makeError(ErrorCode::badSmartJson,
                         QStringLiteral("smartctl's output is not JSON: %1").arg(error.errorString()));
    }
    if (!document.isObject()) {
        return makeError(ErrorCode::badSmartJson, QStringLiteral("smartctl's output is not a JSON object"));
    }
    const QJsonObject root = document.object();
    const QJsonValue smartctl = root.value(QLatin1String("smartctl"));
    if (!smartctl.isObject()) {
        return makeError(ErrorCode::badSmartJson,
                         QStringLiteral("the JSON is not smartctl's: it has no \"smartctl\" section"));
    }

    DiskHealth health;
    const QStringList errors = errorMessages(smartctl.toObject());
    if (!hasDeviceData(root)) {
        explainNoDevice(errors, health);
        return health;
    }

    health.protocol = text(object(root, "device").value(QLatin1String("protocol")));
    health.model = modelOf(root);
    health.firmware = firmwareOf(root);
    health.temperatureC = celsius(object(root, "temperature").value(QLatin1String("current")));
    health.powerOnHours = counter(object(root, "power_on_time").value(QLatin1String("hours")));
    health.rotationRateRpm = rotationRate(root.value(QLatin1String("rotation_rate")), health.protocol);
    health.grownDefects = counter(root.value(QLatin1String("scsi_grown_defect_list")));
    readAtaAttributes(root, health);
    readNvmeLog(root, health);
    const QJsonObject speed = object(root, "interface_speed");
    readSataSpeed(object(speed, "current"), health.linkCurrent, health.linkCurrentGbps);
    readSataSpeed(object(speed, "max"), health.linkMax, health.linkMaxGbps);

    const QJsonObject support = object(root, "smart_support");
    const QJsonValue passed = object(root, "smart_status").value(QLatin1String("passed"));
    if (support.value(QLatin1String("available")) == QJsonValue(false)) {
        health.status = SmartStatus::NoSmart;
        health.reason = QStringLiteral("the disk reports no SMART (virtual disks and some USB bridges have none)");
        // Such disks report 0 °C for a temperature they do not have.
        if (health.temperatureC == 0) {
            health.temperatureC = -1;
        }
    } else if (passed.isBool()) {
        health.status = passed.toBool() ? SmartStatus::Passed : SmartStatus::Failed;
    } else if (support.value(QLatin1String("enabled")) == QJsonValue(false)) {
        health.reason = QStringLiteral("SMART is turned off on the disk (smartctl -s on turns it on)");
    } else if (!errors.isEmpty()) {
        health.reason = QStringLiteral("smartctl could not read the disk's health: %1").arg(errors.first());
    } else {
        health.reason = QStringLiteral("smartctl gave no overall health verdict for the disk");
    }
    return health;
}

WriteCacheState parseHdparmWriteCache(const QString& out)
{
    const QString tool = QStringLiteral("hdparm");
    static const QRegularExpression setting(QStringLiteral(R"(write-caching\s*=\s*(\d+)\s*\((on|off)\))"));
    const QRegularExpressionMatch match = setting.match(out);
    if (match.hasMatch()) {
        return cacheState(match.captured(2) == QLatin1String("on"), true, tool);
    }
    static const QRegularExpression unsupported(QStringLiteral(R"(write-caching\s*=\s*not supported)"));
    if (unsupported.match(out).hasMatch()) {
        return WriteCacheState::unknown(QStringLiteral("the disk says it does not support write caching"), tool);
    }
    return unreadable(tool, out, QStringLiteral("write-caching"));
}

WriteCacheState parseSdparmWriteCache(const QString& out)
{
    const QString tool = QStringLiteral("sdparm");
    static const QRegularExpression setting(QStringLiteral(R"(^\s*WCE\s+([01])\s+\[cha:\s*([yn])\b)"),
                                            QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = setting.match(out);
    if (match.hasMatch()) {
        return cacheState(match.captured(1) == QLatin1String("1"), match.captured(2) == QLatin1String("y"), tool);
    }
    // Without the brackets (sdparm --quiet, or an older sdparm) the value alone still says it.
    static const QRegularExpression bare(QStringLiteral(R"(^\s*WCE\s+([01])\s*$)"),
                                         QRegularExpression::MultilineOption);
    const QRegularExpressionMatch bareMatch = bare.match(out);
    if (bareMatch.hasMatch()) {
        return cacheState(bareMatch.captured(1) == QLatin1String("1"), false, tool);
    }
    return unreadable(tool, out, QStringLiteral("WCE"));
}

WriteCacheState parseNvmeWriteCache(const QString& out)
{
    const QString tool = QStringLiteral("nvme");
    // nvme-cli prints the value with printf's %#0*x, which leaves out the 0x of a zero: "value:00000000".
    static const QRegularExpression setting(
        QStringLiteral(R"(get-feature:\s*(?:0x)?0*6\b[^\n]*Current value:\s*(?:0x)?([0-9a-fA-F]+)\b)"));
    const QRegularExpressionMatch match = setting.match(out);
    bool ok = false;
    const quint64 value = match.hasMatch() ? match.captured(1).toULongLong(&ok, 16) : 0;
    if (!ok) {
        return unreadable(tool, out, QStringLiteral("get-feature"));
    }
    return cacheState((value & 0x1) != 0, true, tool);
}

void insertHealthJson(QJsonObject& json, const DiskHealth& health, const WriteCacheState& cache,
                      const QList<DiskExplanation>& explanations)
{
    QJsonArray explanationArray;
    for (const DiskExplanation& explanation : explanations) {
        explanationArray.append(
            QJsonObject {{QStringLiteral("code"), explanation.code}, {QStringLiteral("message"), explanation.message}});
    }
    json.insert(QStringLiteral("health"), health.toJson());
    json.insert(QStringLiteral("write_cache"), cache.toJson());
    json.insert(QStringLiteral("explanations"), explanationArray);
}

bool readHealthJson(const QJsonObject& json, DiskHealth& health, WriteCacheState& cache,
                    QList<DiskExplanation>& explanations)
{
    if (!json.value(QStringLiteral("health")).isObject()) {
        return false;
    }
    health = DiskHealth::fromJson(json.value(QStringLiteral("health")).toObject());
    cache = WriteCacheState::fromJson(json.value(QStringLiteral("write_cache")).toObject());
    explanations.clear();
    for (const auto& value : json.value(QStringLiteral("explanations")).toArray()) {
        const QJsonObject explanation = value.toObject();
        explanations.append(
            {text(explanation.value(QStringLiteral("code"))), text(explanation.value(QStringLiteral("message")))});
    }
    return true;
}

} // namespace RaidBench
