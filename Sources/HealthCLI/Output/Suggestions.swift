import Foundation

/// "Did you mean …?" for names a person typed: types, units, sources.
enum Suggestions {
    /// Up to `count` of `candidates` closest to `text` (ignoring case and apostrophe style): those containing it or
    /// contained in it first, then by edit distance, within a distance a typo could explain.
    static func closest(to text: String, among candidates: [String], count: Int = 3) -> [String] {
        let wanted = normalized(text)
        guard !wanted.isEmpty else { return [] }
        let limit = max(2, wanted.count / 3)
        var scored: [(score: Int, name: String)] = []
        for candidate in Set(candidates) {
            let name = normalized(candidate)
            if name.contains(wanted) || (wanted.contains(name) && name.count >= 3) {
                scored.append((0, candidate))
            } else if wanted.count >= 4, name.hasPrefix(wanted.dropLast()) {
                scored.append((1, candidate))
            } else {
                let distance = editDistance(wanted, name, limit: limit)
                if distance <= limit { scored.append((distance, candidate)) }
            }
        }
        return scored.sorted { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }.prefix(count).map(\.name)
    }

    /// ` (did you mean a, b or c?)`, or empty when there is nothing close.
    static func didYouMean(_ text: String, among candidates: [String]) -> String {
        let names = closest(to: text, among: candidates)
        guard let last = names.last else { return "" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return "; did you mean \(list)?"
    }

    /// Lower case, curly apostrophes and quotes made straight, surrounding spaces trimmed.
    static func normalized(_ text: String) -> String {
        var out = text.trimmingCharacters(in: .whitespaces).lowercased()
        for curly in ["\u{2019}", "\u{2018}", "\u{02BC}", "\u{2032}"] { out = out.replacingOccurrences(of: curly, with: "'") }
        for curly in ["\u{201C}", "\u{201D}"] { out = out.replacingOccurrences(of: curly, with: "\"") }
        return out
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
