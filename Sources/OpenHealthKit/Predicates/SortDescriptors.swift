public import Foundation
package import HealthDatabase
public import HealthKitModel

extension NSSortDescriptor {
    #if !canImport(Darwin)
    /// A sort descriptor for one of HealthKit's sort identifiers (``HKSampleSortIdentifierStartDate`` ...) or the
    /// bare key paths HealthKit also accepts (`"startDate"`, `"endDate"`, `"duration"` …), so
    /// `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)` compiles on Linux, where
    /// Foundation's string-keyed initialiser is unavailable (OpenHealthKit extension). As ``init(key:ascending:)``
    /// with an ``SortIdentifier``; a key HealthKit cannot sort by fails the query with `errorInvalidArgument`.
    public convenience init(key: String, ascending: Bool) {
        self.init(key: SortIdentifier(rawValue: key), ascending: ascending)
    }
    #endif

    /// A sort descriptor for a HealthKit sort identifier (OpenHealthKit extension).
    ///
    /// The descriptor's key path is `\HKObject[sortIdentifier: key]`, whose value carries the identifier, so
    /// the store recovers it (``sampleSorts(from:)``); in memory it sorts HealthKit objects by that value.
    public convenience init(key: SortIdentifier, ascending: Bool) {
        self.init(keyPath: \HKObject.[sortIdentifier: key], ascending: ascending) { lhs, rhs in
            guard let lhs = lhs as? SortValue, let rhs = rhs as? SortValue else { return .orderedSame }
            return lhs.compare(rhs)
        }
    }
}

/// The value an ``SortIdentifier`` sorts an object by, with the identifier it came from (OpenHealthKit internals).
public struct SortValue: Sendable {
    /// The identifier the value was read for.
    public let identifier: SortIdentifier
    /// The number sorted by (seconds, or the canonical unit of a workout total); nil sorts first.
    public let value: Double?

    /// Orders by `value`, nil first.
    func compare(_ other: SortValue) -> ComparisonResult {
        switch (value, other.value) {
        case let (left?, right?): left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
        case (nil, nil): .orderedSame
        case (nil, _): .orderedAscending
        case (_, nil): .orderedDescending
        }
    }
}

extension HKObject {
    /// The value `identifier` sorts this object by (OpenHealthKit internals: the key path of sort descriptors).
    public subscript(sortIdentifier identifier: SortIdentifier) -> SortValue {
        SortValue(identifier: identifier, value: SortMapping.entry(for: identifier)?.value(self))
    }
}

/// The storage sort for HealthKit sort descriptors (nil or empty: the store's saved order). Accepts the
/// descriptors `NSSortDescriptor(key:ascending:)` makes and `NSSortDescriptor(keyPath: \HKSample.startDate / .endDate, ...)`;
/// anything else gives `HKError(.errorInvalidArgument)` naming the key.
package func sampleSorts(from descriptors: [NSSortDescriptor]?) throws(HKError) -> [SampleSort] {
    var sorts: [SampleSort] = []
    for descriptor in descriptors ?? [] {
        let identifier = try SortMapping.identifier(of: descriptor)
        guard let entry = SortMapping.entry(for: identifier) else {
            throw HKError(.errorInvalidArgument, "HealthKit cannot sort by \"\(identifier.rawValue)\"")
        }
        sorts.append(SampleSort(entry.key, ascending: descriptor.ascending))
    }
    return sorts
}

/// The sort identifiers the store knows: the storage key and the in-memory value of each.
enum SortMapping {
    struct Entry {
        let key: SortKey
        let value: (HKObject) -> Double?
    }

    /// The entry for `identifier` (HealthKit's constants, plus the bare key paths `startDate`, `endDate`, `duration` ...).
    static func entry(for identifier: SortIdentifier) -> Entry? {
        let sample = { (read: @escaping (HKSample) -> Date) in Entry(key: identifier.rawValue == HKSampleSortIdentifierEndDate || identifier.rawValue == "endDate" ? .endDate : .startDate) {
            ($0 as? HKSample).map(read)?.timeIntervalSinceReferenceDate
        } }
        let total = { (key: String, read: @escaping (HKWorkout) -> Double?) in Entry(key: .field(key)) { ($0 as? HKWorkout).flatMap(read) } }
        switch identifier.rawValue {
        case HKSampleSortIdentifierStartDate, "startDate": return sample { $0.startDate }
        case HKSampleSortIdentifierEndDate, "endDate": return sample { $0.endDate }
        case HKWorkoutSortIdentifierDuration, HKPredicateKeyPathWorkoutDuration: return total(FieldKey.workoutDuration) { $0.duration }
        case HKWorkoutSortIdentifierTotalDistance, "totalDistance":
            return total(FieldKey.workoutTotalDistance) { $0.totalDistance?.doubleValue(for: .meter()) }
        case HKWorkoutSortIdentifierTotalEnergyBurned, "totalEnergyBurned": return workoutSum(.activeEnergyBurned, total)
        case HKWorkoutSortIdentifierTotalSwimmingStrokeCount: return workoutSum(.swimmingStrokeCount, total)
        case HKWorkoutSortIdentifierTotalFlightsClimbed: return workoutSum(.flightsClimbed, total)
        default: return nil
        }
    }

    private static func workoutSum(_ identifier: HKQuantityTypeIdentifier,
                                   _ total: (String, @escaping (HKWorkout) -> Double?) -> Entry) -> Entry {
        let type = HKQuantityType(identifier)
        return total(FieldKey.workout(.sum, type)) { $0.statistics(for: type)?.sumQuantity()?.doubleValue(for: type.canonicalUnit) }
    }

    /// The identifier a descriptor sorts by, read back from its key path.
    static func identifier(of descriptor: NSSortDescriptor) throws(HKError) -> SortIdentifier {
        #if canImport(Darwin)
        if let key = descriptor.key { return SortIdentifier(rawValue: key) }
        #else
        if let path = descriptor.keyPath as? KeyPath<HKObject, SortValue> { return probe[keyPath: path].identifier }
        if descriptor.keyPath == \HKSample.startDate { return SortIdentifier(rawValue: HKSampleSortIdentifierStartDate) }
        if descriptor.keyPath == \HKSample.endDate { return SortIdentifier(rawValue: HKSampleSortIdentifierEndDate) }
        if descriptor.keyPath == \HKWorkout.duration { return SortIdentifier(rawValue: HKWorkoutSortIdentifierDuration) }
        #endif
        throw HKError(.errorInvalidArgument, "HealthKit cannot sort by \(descriptor); use NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending:)")
    }

    /// An object to read key paths against: the value read carries the identifier.
    private static let probe = HKObject(uuid: UUID(), sourceRevision: HKSourceRevision(source: HKSource(name: "", bundleIdentifier: ""), version: nil),
                                        device: nil, metadata: nil)
}
