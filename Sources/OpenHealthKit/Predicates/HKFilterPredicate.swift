public import Foundation
package import HealthDatabase
package import HealthKitModel

/// A predicate made by an `HKQuery.predicateFor…` factory: it carries the storage filter the store runs
/// in SQL (OpenHealthKit internals).
///
/// HealthKit's predicates are `NSPredicate`s over key paths that HealthKit compiles to SQL. Linux Foundation
/// cannot build or evaluate such predicates, so OpenHealthKit's factories return this subclass, and the store
/// reads its filter instead of parsing a format string. Combine them with `NSCompoundPredicate` as usual.
/// The predicate cannot be evaluated in memory: `evaluate(with:)` traps.
public final class SampleFilterPredicate: NSPredicate {
    /// The storage filter the predicate stands for.
    package let filter: SampleFilter

    /// Creates a predicate for `filter` (package access: the factories and the format parser use it).
    package init(_ filter: SampleFilter) {
        self.filter = filter
        super.init(value: false)
    }

    /// Traps: HealthKit predicates are run by the store, not evaluated against objects.
    public override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        preconditionFailure("SampleFilterPredicate \(filter) is evaluated by the store, not in memory")
    }

    /// Returns `self`: the predicate is immutable.
    public override func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the filters are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? SampleFilterPredicate)?.filter == filter
    }

    /// Hash of the filter.
    public override var hash: Int { filter.hashValue }

    /// The filter, for logs.
    public override var description: String { "SampleFilterPredicate(\(filter))" }
}

/// The storage filter for a HealthKit predicate: `.all` for nil, the filter of an ``SampleFilterPredicate`` or
/// of a predicate made by `NSPredicate(format:)` with HealthKit key paths, AND/OR/NOT compounds of those
/// (nested), and `NSPredicate(value:)`. Block predicates and anything else give
/// `HKError(.errorInvalidArgument)` naming the predicate: the store could only run them by loading every row.
///
/// Workout-activity predicates (`HKQuery.predicateForWorkoutActivities…`) describe an activity, not a sample:
/// outside `HKQuery.predicateForWorkouts(activityPredicate:)` they give `HKError(.errorInvalidArgument)` too,
/// so a query or delete using one bare fails rather than silently matching nothing.
package func sampleFilter(from predicate: NSPredicate?) throws(HKError) -> SampleFilter {
    let filter = try predicateFilter(from: predicate)
    if WorkoutActivityFilter.hasBareActivityCondition(filter) {
        throw HKError(.errorInvalidArgument, "Workout activity predicates can only be used inside "
                      + "HKQuery.predicateForWorkouts(activityPredicate:) (\(predicate.map { "\($0)" } ?? "nil"))")
    }
    return filter
}

/// The filter of the activity predicate handed to `predicateForWorkouts(activityPredicate:)`: as
/// ``sampleFilter(from:)``, activity conditions allowed.
func activityConditionFilter(from predicate: NSPredicate) throws(HKError) -> SampleFilter {
    try predicateFilter(from: predicate)
}

/// The filter `predicate` stands for, activity conditions included.
private func predicateFilter(from predicate: NSPredicate?) throws(HKError) -> SampleFilter {
    guard let predicate else { return .all }
    if let filtered = predicate as? SampleFilterPredicate { return filtered.filter }
    if let compound = predicate as? NSCompoundPredicate { return try compoundFilter(compound) }
    if let parsed = PredicateFormatRegistry.shared.result(for: predicate) {
        switch parsed {
        case .success(let filter): return filter
        case .failure(let error): throw error
        }
    }
    if type(of: predicate) == NSPredicate.self {
        if predicate.isEqual(NSPredicate(value: true)) { return .all }
        if predicate.isEqual(NSPredicate(value: false)) { return .none }
        throw HKError(.errorInvalidArgument, "Block predicates cannot be used in HealthKit queries (\(predicate)); "
                      + "use the HKQuery.predicateFor… factories or NSPredicate(format:) with HealthKit key paths")
    }
    throw HKError(.errorInvalidArgument, "Predicates of class \(type(of: predicate)) cannot be used in HealthKit queries (\(predicate))")
}

/// AND, OR or NOT of the subpredicates' filters.
private func compoundFilter(_ compound: NSCompoundPredicate) throws(HKError) -> SampleFilter {
    var filters: [SampleFilter] = []
    for element in compound.subpredicates {
        let item: Any = element
        guard let subpredicate = item as? NSPredicate else {
            throw HKError(.errorInvalidArgument, "Compound predicate member \(item) is not an NSPredicate")
        }
        filters.append(try predicateFilter(from: subpredicate))
    }
    switch compound.compoundPredicateType {
    case .and: return filters.isEmpty ? .all : (filters.count == 1 ? filters[0] : .and(filters))
    case .or: return filters.isEmpty ? .none : (filters.count == 1 ? filters[0] : .or(filters))
    case .not:
        guard filters.count == 1 else {
            throw HKError(.errorInvalidArgument, "A NOT predicate needs exactly one subpredicate, not \(filters.count)")
        }
        return .not(filters[0])
    @unknown default:
        throw HKError(.errorInvalidArgument, "Unsupported compound predicate type \(compound.compoundPredicateType.rawValue)")
    }
}
