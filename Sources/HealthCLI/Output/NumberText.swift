import Foundation

/// Numbers as the CLI prints them: no trailing zeros, no locale.
enum NumberText {
    /// `value` rounded to `digits` significant digits, or in the shortest form that reads back exactly
    /// when `digits` is `nil`. Whole numbers print without a decimal point.
    static func format(_ value: Double, digits: Int? = nil) -> String {
        guard value.isFinite else { return String(value) }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        guard let digits else { return String(value) }
        let text = String(format: "%.\(digits)g", value)
        guard text.contains("."), !text.contains("e") else { return text }
        var trimmed = Substring(text)
        while trimmed.last == "0" { trimmed.removeLast() }
        if trimmed.last == "." { trimmed.removeLast() }
        return String(trimmed)
    }
}
