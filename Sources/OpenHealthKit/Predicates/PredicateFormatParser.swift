import Foundation
import HealthDatabase
import HealthKitModel

/// Recursive-descent parser of the HealthKit subset of the predicate format language, producing a filter.
struct PredicateFormatParser {
    private let format: String
    private let tokens: [FormatToken]
    private var position = 0
    private var arguments: [Any]

    init(format: String, arguments: [Any]) throws(HKError) {
        self.format = format
        self.tokens = try FormatToken.tokens(format)
        self.arguments = arguments
    }

    /// The filter for the whole format.
    mutating func parse() throws(HKError) -> SampleFilter {
        let filter = try disjunction()
        guard position == tokens.count else { throw invalid("unexpected \(tokens[position]) after a complete predicate") }
        return filter
    }

    private mutating func disjunction() throws(HKError) -> SampleFilter {
        var parts = [try conjunction()]
        while take(word: "OR") || take(symbol: "||") { parts.append(try conjunction()) }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func conjunction() throws(HKError) -> SampleFilter {
        var parts = [try negation()]
        while take(word: "AND") || take(symbol: "&&") { parts.append(try negation()) }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func negation() throws(HKError) -> SampleFilter {
        if take(word: "NOT") || take(symbol: "!") { return .not(try negation()) }
        if take(.open) {
            let inner = try disjunction()
            guard take(.close) else { throw invalid("a missing )") }
            return inner
        }
        if take(word: "TRUEPREDICATE") { return .all }
        if take(word: "FALSEPREDICATE") { return .none }
        return try comparison()
    }

    private mutating func comparison() throws(HKError) -> SampleFilter {
        let key = try keyPath()
        let symbol: String
        switch next() {
        case .symbol(let text)?: symbol = text
        case .word(let word)? where Self.wordOperators.contains(word.uppercased()): symbol = word.uppercased()
        case let other: throw invalid("expected an operator after \(key), found \(other.map { "\($0)" } ?? "the end")")
        }
        var options = ""
        if position < tokens.count, case .options(let found) = tokens[position] {
            position += 1
            options = found
        }
        let value = try operand()
        do {
            return try FormatKeyPath.filter(key: key, symbol: symbol, options: options, value: value)
        } catch {
            throw invalid(error.localizedDescription)
        }
    }

    /// The operators spelled as words (case-insensitively).
    private static let wordOperators: Set<String> = ["IN", "CONTAINS", "BEGINSWITH", "ENDSWITH"]

    /// A key path: a word or `%K`, joined with others by dots (`%K.%K`, `metadata.%K`, `%K.Key`, `metadata.Key`).
    private mutating func keyPath() throws(HKError) -> String {
        var key = try keyPart()
        while true {
            if key.hasSuffix(".") {
                key += try keyPart()
            } else if position < tokens.count, case .word(let word) = tokens[position], word.hasPrefix(".") {
                position += 1
                key += word
            } else {
                return key
            }
        }
    }

    private mutating func keyPart() throws(HKError) -> String {
        switch next() {
        case .word(let word)?: return word
        case .specifier("K")?:
            guard let name = try argument() as? String else { throw invalid("%K needs a key path string") }
            return name
        case let other: throw invalid("expected a key path, found \(other.map { "\($0)" } ?? "the end")")
        }
    }

    private mutating func operand() throws(HKError) -> Any {
        switch next() {
        case .specifier("@")?, .specifier("d")?, .specifier("i")?, .specifier("u")?, .specifier("f")?: return try argument()
        case .text(let text)?: return text
        case .number(let number)?: return NSNumber(value: number)
        case .word(let word)? where ["NIL", "NULL"].contains(word.uppercased()): return NSNull()
        case .word(let word)? where ["TRUE", "YES"].contains(word.uppercased()): return NSNumber(value: true)
        case .word(let word)? where ["FALSE", "NO"].contains(word.uppercased()): return NSNumber(value: false)
        case let other: throw invalid("expected a value, found \(other.map { "\($0)" } ?? "the end")")
        }
    }

    private mutating func argument() throws(HKError) -> Any {
        guard !arguments.isEmpty else { throw invalid("more format specifiers than arguments") }
        return arguments.removeFirst()
    }

    private mutating func next() -> FormatToken? {
        guard position < tokens.count else { return nil }
        defer { position += 1 }
        return tokens[position]
    }

    private mutating func take(_ token: FormatToken) -> Bool {
        guard position < tokens.count, tokens[position] == token else { return false }
        position += 1
        return true
    }

    private mutating func take(word: String) -> Bool {
        guard position < tokens.count, case .word(let found) = tokens[position], found.uppercased() == word else { return false }
        position += 1
        return true
    }

    private mutating func take(symbol: String) -> Bool { take(.symbol(symbol)) }

    private func invalid(_ problem: String) -> HKError { FormatToken.invalid(format, problem) }
}
