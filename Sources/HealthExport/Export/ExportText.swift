import Foundation
import HealthKitModel
import OpenHealthKit

/// Text as export.xml writes it: escaped attribute values and dates like `2019-03-02 10:51:22 -0800`.
enum ExportText {
    /// `text` escaped for a double-quoted XML attribute or element content.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "\n" }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `date` as export.xml writes it, in `offset` seconds east of UTC (`-0800`).
    static func date(_ date: Date, offset: Int = 0) -> String {
        let shifted = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let (y, m, d, hh, mm, ss) = civil(shifted)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d %@%02d%02d", y, m, d, hh, mm, ss, sign, minutes / 60, minutes % 60)
    }

    /// `date` as GPX writes it: `2019-06-11T22:00:42Z`.
    static func iso(_ date: Date) -> String {
        let (y, m, d, hh, mm, ss) = civil(Int(date.timeIntervalSince1970.rounded(.down)))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, hh, mm, ss)
    }

    /// A number without a needless `.0` (`72`, `0.5`, `1e-05`).
    static func number(_ value: Double) -> String { ElementValues.number(value) }

    /// Year, month, day, hour, minute, second of a count of seconds since 1970.
    private static func civil(_ seconds: Int) -> (Int, Int, Int, Int, Int, Int) {
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (y, m, d) = CivilDays.civil(daysSince1970: days)
        return (y, m, d, rest / 3600, rest % 3600 / 60, rest % 60)
    }
}
