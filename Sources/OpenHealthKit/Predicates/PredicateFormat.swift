public import Foundation
import HealthDatabase
import HealthKitModel

extension NSPredicate {
    /// Parses a predicate over HealthKit's key paths (OpenHealthKit extension on Linux, where Foundation has no
    /// format parser): comparisons `%K == %@`, `%K >= %@`, `<`, `<=`, `>`, `!=`, `IN`, with keys given as `%K` or
    /// literally (`startDate`, `UUID`, `workoutType`, `duration`, `quantity`, `value`, the CDA and FHIR key paths,
    /// `metadata.<key>`, `source`, `dateComponents` for activity summaries), values as `%@` (any object: Date, String, NSNumber, HKQuantity, UUID, arrays
    /// for IN), `%d`, `%f` or literals, joined by AND/OR/NOT and parentheses. Key paths join with dots, so
    /// `"%K.%K == %d", HKPredicateKeyPathMetadata, key, value` compares a metadata value; `!= nil` / `== nil`
    /// test whether a metadata key is present (`"%K.%K != nil"`). Text key paths (CDA and FHIR attributes, text
    /// metadata values) also take `CONTAINS`, `BEGINSWITH` and `ENDSWITH`, with `[c]` to ignore case (`[d]` is
    /// accepted, but diacritics still compare exactly): `"%K CONTAINS[c] %@", HKPredicateKeyPathCDAAuthorName, "smith"`.
    ///
    /// Swift prefers this initialiser to Foundation's unavailable one, so HealthKit code written for Apple
    /// platforms compiles unchanged. A format the store cannot run does not trap: the query that uses the
    /// predicate fails with `HKError(.errorInvalidArgument)` saying why.
    public convenience init(format predicateFormat: String, _ args: Any...) {
        self.init(value: false)
        registerFormat(predicateFormat, args)
    }

    /// Parses a predicate over HealthKit's key paths with its arguments in an array, as
    /// ``init(format:_:)`` does with variadic arguments (OpenHealthKit extension on Linux, where Foundation's
    /// initialiser is unavailable): `NSPredicate(format: "%K = %@", argumentArray: [HKPredicateKeyPathDateComponents,
    /// components])`, as Apple's activity-ring sample writes it. `nil` means no arguments.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        self.init(value: false)
        registerFormat(predicateFormat, arguments ?? [])
    }

    /// Parses `format` with `arguments` and records the filter (or the parse error) for this predicate.
    private func registerFormat(_ format: String, _ arguments: [Any]) {
        let result: Result<SampleFilter, HKError>
        do throws(HKError) {
            var parser = try PredicateFormatParser(format: format, arguments: arguments)
            result = .success(try parser.parse())
        } catch {
            result = .failure(error)
        }
        PredicateFormatRegistry.shared.register(self, result)
    }
}

/// A token of a predicate format string.
enum FormatToken: Equatable {
    case open, close
    case word(String)
    case symbol(String)
    case specifier(Character)
    case text(String)
    case number(Double)
    /// An operator's options in brackets (`[c]`, `[cd]`), without the brackets.
    case options(String)

    /// Splits `format` into tokens; throws on an unterminated string or a stray character.
    static func tokens(_ format: String) throws(HKError) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var rest = Substring(format)
        while let first = rest.first {
            if first.isWhitespace { rest = rest.dropFirst(); continue }
            if first == "(" || first == ")" { tokens.append(first == "(" ? .open : .close); rest = rest.dropFirst(); continue }
            if first == "%" {
                let spec = rest.dropFirst().drop { $0 == "l" || $0 == "h" || $0 == "q" }
                guard let letter = spec.first else { throw invalid(format, "a % at the end") }
                tokens.append(.specifier(letter))
                rest = spec.dropFirst()
                continue
            }
            if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { throw invalid(format, "an unterminated [") }
                tokens.append(.options(String(rest.dropFirst()[..<close])))
                rest = rest[rest.index(after: close)...]
                continue
            }
            if first == "\"" || first == "'" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: first) else { throw invalid(format, "an unterminated string") }
                tokens.append(.text(String(body[..<close])))
                rest = body[body.index(after: close)...]
                continue
            }
            if "=!<>&|".contains(first) {
                let symbol = rest.prefix { "=!<>&|".contains($0) }
                tokens.append(.symbol(String(symbol)))
                rest = rest.dropFirst(symbol.count)
                continue
            }
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" || $0 == "@" }
            guard !word.isEmpty else { throw invalid(format, "the character \"\(first)\"") }
            tokens.append(Double(word).map(FormatToken.number) ?? .word(String(word)))
            rest = rest.dropFirst(word.count)
        }
        return tokens
    }

    /// An error naming the format and the problem.
    static func invalid(_ format: String, _ problem: String) -> HKError {
        HKError(.errorInvalidArgument, "Unable to parse the predicate format \"\(format)\": \(problem)")
    }
}
