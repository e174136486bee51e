/// A small text bar chart: one bar per row, scaled to the largest value, drawn with block characters in eighths.
///
/// Plain characters only, never colour codes, so the output reads the same on a terminal, in a file or a pipe.
enum BarChart {
    /// The widest bar, in characters.
    static let width = 30

    private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// One bar per value (empty for nil, zero or negative values), scaled so the largest value is `width` wide.
    static func bars(_ values: [Double?]) -> [String] {
        let largest = values.compactMap { $0 }.filter(\.isFinite).max() ?? 0
        return values.map { value in
            guard let value, value.isFinite, value > 0, largest > 0 else { return "" }
            let units = Int((value / largest * Double(width * 8)).rounded())
            let full = String(repeating: "█", count: units / 8)
            let rest = units % 8
            let partial = rest > 0 ? String(eighths[rest - 1]) : ""
            let bar = full + partial
            return bar.isEmpty ? "▏" : bar   // a positive value always shows
        }
    }
}
