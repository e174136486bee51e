import Foundation
import HealthLocking

/// The process-wide, thread-safe cache of parsed unit strings, keyed by the exact input string.
///
/// Every string is parsed once; later lookups of the same string return the stored representation.
/// Failures are not cached. The cache stops growing at ``capacity`` entries so hostile input cannot exhaust memory.
final class UnitCache: Sendable {
    /// The shared cache used by ``HKUnit/init(from:)`` and ``HKUnit/checked(from:)``.
    static let shared = UnitCache()

    /// The most entries kept.
    let capacity = 4096

    private let entries = Locked<[String: UnitRepresentation]>([:])

    /// The representation of `string`, parsing and storing it on first use.
    func representation(for string: String) throws(UnitParseError) -> UnitRepresentation {
        if let cached = entries.withLock({ $0[string] }) { return cached }
        let parsed = UnitRepresentation(factors: try UnitGrammar.parse(string))
        entries.withLock { entries in
            if entries.count < capacity { entries[string] = parsed }
        }
        return parsed
    }

    /// Whether `string` has been parsed and stored (for tests).
    func contains(_ string: String) -> Bool {
        entries.withLock { $0[string] != nil }
    }
}
