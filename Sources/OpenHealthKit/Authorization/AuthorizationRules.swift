import Foundation
import HealthUnits

/// Which types an app may ask to share or read, and HealthKit's messages for the requests it refuses.
///
/// HealthKit raises `NSInvalidArgumentException` for these programmer errors; OpenHealthKit traps with
/// the same messages, and the `checked` twins throw ``HKError/Code/errorInvalidArgument`` with them.
enum AuthorizationRules {
    /// Quantity and category types HealthKit computes itself (Apple Watch rings, notifications): readable only.
    static let systemComputedIdentifiers: Set<String> = {
        let quantities: [HKQuantityTypeIdentifier] = [
            .appleExerciseTime, .appleStandTime, .appleMoveTime, .walkingHeartRateAverage, .appleWalkingSteadiness,
            .atrialFibrillationBurden, .appleSleepingWristTemperature,
        ]
        let categories: [HKCategoryTypeIdentifier] = [
            .appleStandHour, .lowHeartRateEvent, .highHeartRateEvent, .irregularHeartRhythmEvent,
            .lowCardioFitnessEvent, .appleWalkingSteadinessEvent,
        ]
        return Set(quantities.map(\.rawValue) + categories.map(\.rawValue))
    }()

    /// Whether apps may ask to share (save) data of `type`.
    ///
    /// Clinical records, verifiable clinical records, electrocardiograms, characteristics, activity
    /// summaries and the system-computed types are read-only. Correlation types are never requested at all.
    static func isShareable(_ type: HKObjectType) -> Bool {
        switch type.kind {
        case .clinical, .verifiableClinicalRecord, .electrocardiogram, .characteristic, .activitySummary:
            false
        default:
            !systemComputedIdentifiers.contains(type.identifier)
        }
    }

    /// The problem with a request, as HealthKit words it, or `nil` for a valid request.
    ///
    /// - An empty request: "Must request authorization for at least one data type".
    /// - Read-only types to share: "Authorization to share the following types is disallowed: <ids>".
    /// - Correlation types (apps ask for their member types instead): the same sentence, for sharing, or
    ///   "Authorization to read the following types is disallowed: <ids>", for reading.
    static func problem(share: Set<HKSampleType>, read: Set<HKObjectType>) -> String? {
        if share.isEmpty && read.isEmpty { return "Must request authorization for at least one data type" }
        let unshareable = share.filter { !isShareable($0) || $0.kind == .correlation }
        if !unshareable.isEmpty { return "Authorization to share the following types is disallowed: \(list(unshareable))" }
        let unreadable = read.filter { $0.kind == .correlation }
        if !unreadable.isEmpty { return "Authorization to read the following types is disallowed: \(list(unreadable))" }
        return nil
    }

    /// Traps with HealthKit's message when the request is invalid.
    static func validateOrTrap(share: Set<HKSampleType>, read: Set<HKObjectType>) {
        if let problem = problem(share: share, read: read) { raiseInvalidArgument(problem) }
    }

    /// Throws ``HKError/Code/errorInvalidArgument`` with HealthKit's message when the request is invalid.
    static func validate(share: Set<HKSampleType>, read: Set<HKObjectType>) throws(HKError) {
        if let problem = problem(share: share, read: read) { throw HKError.invalidArgument(problem) }
    }

    /// Identifiers, sorted and comma-separated, as the messages list them.
    private static func list(_ types: some Sequence<some HKObjectType>) -> String {
        types.map(\.identifier).sorted().joined(separator: ", ")
    }
}
