import Foundation

/// Numbers and durations as the dashboard writes them, the same on every server whatever its locale: "8,432",
/// "72.5", "0.35", "7 h 05 min".
enum ValueText {
    /// `value` with thousands grouped by commas and as many decimals as its size deserves (none from 100 up, one from
    /// 10, two below), trailing zeros dropped.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        let parts = fixed(magnitude, decimals: decimals).split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        grouped = whole + grouped
        if parts.count > 1 { grouped += "." + parts[1] }
        return (value < 0 && grouped != "0" ? "-" : "") + grouped
    }

    /// `value` with at most `decimals` decimals, trailing zeros (and a bare point) dropped: "72.5", "8432".
    static func fixed(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if decimals > 0 {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// `value` followed by `unit` when there is one: "72 bpm", "8,432".
    static func quantity(_ value: Double, _ unit: String) -> String {
        unit.isEmpty ? number(value) : number(value) + " " + unit
    }

    /// A duration in hours and minutes: "7 h 05 min", "45 min".
    static func duration(hours: Double) -> String {
        let minutes = Int((hours * 60).rounded())
        return minutes < 60 ? "\(minutes) min" : String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }
}
