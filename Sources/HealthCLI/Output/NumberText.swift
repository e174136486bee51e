import Foundation

/// Numbers as the CLI prints them. Two forms, and only two:
///
/// - ``exact(_:)`` for JSON, NDJSON and CSV: the shortest decimal text that reads back as the same `Double`,
///   in plain notation (never `1e+19`), no locale;
/// - ``rounded(_:)`` for tables: one decimal place from 10 up, three significant digits below, thousands separated
///   by commas (`3,914,496.8`, `10,861.6`, `0.454`).
enum NumberText {
    /// The shortest text that reads back as `value`, without an exponent: `3914496.8`, `12345678901234567000`,
    /// `0.00001`, `5`. Not-a-number and infinities print as `NaN`, `Infinity`, `-Infinity` (JSON writes `null`).
    static func exact(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        var text = Substring(value.description)   // Swift's shortest round-trip form, maybe with an exponent
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: mark)...]) ?? 0
            text = text[..<mark]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(parts[0] + (parts.count > 1 ? parts[1] : ""))
        var point = parts[0].count + exponent   // the decimal point sits after this many digits
        while digits.count > 1, digits.first == "0" { digits.removeFirst(); point -= 1 }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let plain: String
        if point <= 0 {
            plain = "0." + String(repeating: "0", count: -point) + String(digits)
        } else if point >= digits.count {
            plain = String(digits) + String(repeating: "0", count: point - digits.count)
        } else {
            plain = String(digits[..<point]) + "." + String(digits[point...])
        }
        return negative ? "-" + plain : plain
    }

    /// `value` for a table: one decimal place from 10 up (`10,861.6`, `72.5`), three significant digits below
    /// (`0.454`, `5.55`), no trailing zeros, thousands separated by commas.
    static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return exact(value) }
        let magnitude = abs(value)
        let decimals = magnitude >= 10 || magnitude == 0 ? 1 : min(15, 2 - Int(log10(magnitude).rounded(.down)))
        var text = String(format: "%.\(decimals)f", magnitude)
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        let point = text.firstIndex(of: ".") ?? text.endIndex
        let grouped = group(String(text[..<point])) + text[point...]
        return value < 0 && grouped.contains(where: { $0 != "0" && $0 != "." && $0 != "," }) ? "-" + grouped : grouped
    }

    /// `value` with `digits` significant digits and no trailing zeros (`health units convert --precision`).
    static func significant(_ value: Double, digits: Int) -> String {
        guard value.isFinite, value != 0 else { return exact(value) }
        let decimals = max(0, digits - 1 - Int(log10(abs(value)).rounded(.down)))
        return exact(Double(String(format: "%.\(min(decimals, 340))f", value)) ?? value)
    }

    /// A whole count with thousands separators: `20,205`.
    static func grouped(_ value: Int) -> String {
        value < 0 ? "-" + group(String(-value)) : group(String(value))
    }

    /// A grouped count and its noun, plural unless the count is 1: `1 new record`, `20,205 new records`.
    static func counted(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    private static func group(_ digits: String) -> String {
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
