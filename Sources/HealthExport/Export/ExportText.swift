import Foundation
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

    /// Year, month, day, hour, minute, second of a count of seconds since 1970 (Hinnant's civil_from_days).
    private static func civil(_ seconds: Int) -> (Int, Int, Int, Int, Int, Int) {
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d, rest / 3600, rest % 3600 / 60, rest % 60)
    }
}
