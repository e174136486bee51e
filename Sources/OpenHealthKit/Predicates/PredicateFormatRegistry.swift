import Foundation
import HealthDatabase
import HealthKitModel
import HealthLocking

/// Remembers the filter parsed for each predicate made by `NSPredicate(format:)`.
///
/// A convenience initialiser of `NSPredicate` cannot return a subclass, so the parsed filter (or the parse
/// error) is kept beside the predicate, keyed by its identity and held weakly: an entry dies with its predicate.
final class PredicateFormatRegistry: Sendable {
    /// The process-wide registry.
    static let shared = PredicateFormatRegistry()

    private struct Entry {
        weak var predicate: NSPredicate?
        let result: Result<SampleFilter, HKError>
    }

    // The predicates are only compared by identity, never handed out.
    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// Records the parse result for `predicate`, dropping entries whose predicate is gone.
    func register(_ predicate: NSPredicate, _ result: Result<SampleFilter, HKError>) {
        entries.withLock { entries in
            if entries.count >= 64 { entries = entries.filter { $0.value.predicate != nil } }
            entries[ObjectIdentifier(predicate)] = Entry(predicate: predicate, result: result)
        }
    }

    /// The parse result for `predicate`, if `NSPredicate(format:)` made it.
    func result(for predicate: NSPredicate) -> Result<SampleFilter, HKError>? {
        entries.withLock { entries in
            guard let entry = entries[ObjectIdentifier(predicate)], entry.predicate === predicate else { return nil }
            return entry.result
        }
    }
}
