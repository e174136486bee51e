import Foundation
package import HealthKitModel

/// The names of the searchable attributes the mapping adds to a record's `fields`, beside its metadata.
///
/// Every attribute starts with `@`, which no metadata key has, so the mapping tells them apart when it
/// rebuilds metadata. Predicates filter on the same names, so both sides use these constants.
package enum FieldKey {
    /// A workout's `HKWorkoutActivityType` raw value (number).
    package static let workoutActivityType = "@workout.activityType"
    /// A workout's active duration in seconds (number).
    package static let workoutDuration = "@workout.duration"
    /// A workout's total distance in metres, whatever distance type it was filed under (number).
    package static let workoutTotalDistance = "@workout.totalDistance"

    /// A workout statistic for one quantity type, in that type's canonical unit (number):
    /// `@workout.sum.<type>`, `@workout.min.<type>`, `@workout.max.<type>`, `@workout.average.<type>`.
    package static func workout(_ statistic: WorkoutStatistic, _ type: HKQuantityType) -> String {
        "@workout.\(statistic.rawValue).\(type.identifier)"
    }

    /// The statistics a workout keeps per quantity type.
    package enum WorkoutStatistic: String, Sendable, CaseIterable {
        /// The sum of a cumulative type.
        case sum
        /// The minimum of a discrete type.
        case min
        /// The maximum of a discrete type.
        case max
        /// The average of a discrete type.
        case average
    }

    /// A CDA document's title (text).
    package static let cdaTitle = "@cda.title"
    /// A CDA document's patient name (text).
    package static let cdaPatientName = "@cda.patientName"
    /// A CDA document's author name (text).
    package static let cdaAuthorName = "@cda.authorName"
    /// A CDA document's custodian name (text).
    package static let cdaCustodianName = "@cda.custodianName"

    /// A clinical record's FHIR resource type (text).
    package static let fhirResourceType = "@fhir.resourceType"
    /// A clinical record's FHIR resource identifier (text).
    package static let fhirIdentifier = "@fhir.identifier"
    /// A clinical record's FHIR version, `major.minor.patch` (text).
    package static let fhirVersion = "@fhir.version"
    /// Where a clinical record's FHIR resource came from (text URL).
    package static let fhirSourceURL = "@fhir.sourceURL"
    /// A clinical record's display name (text).
    package static let clinicalDisplayName = "@clinical.displayName"

    /// A verifiable clinical record's relevant date (date).
    package static let verifiableRelevantDate = "@verifiable.relevantDate"

    /// An ECG's `HKElectrocardiogram.Classification` raw value (number).
    package static let ecgClassification = "@ecg.classification"
    /// An ECG's `HKElectrocardiogram.SymptomsStatus` raw value (number).
    package static let ecgSymptomsStatus = "@ecg.symptomsStatus"
    /// An ECG's average heart rate in count/min (number).
    package static let ecgAverageHeartRate = "@ecg.averageHeartRate"

    /// A state of mind's `HKStateOfMind.Kind` raw value (number).
    package static let stateOfMindKind = "@mind.kind"
    /// A state of mind's valence (number).
    package static let stateOfMindValence = "@mind.valence"
    /// Present (number 1) when a state of mind includes `label`.
    package static func stateOfMindLabel(_ label: HKStateOfMind.Label) -> String { "@mind.label.\(label.rawValue)" }
    /// Present (number 1) when a state of mind is associated with `association`.
    package static func stateOfMindAssociation(_ association: HKStateOfMind.Association) -> String {
        "@mind.association.\(association.rawValue)"
    }

    /// A scored assessment's score (number).
    package static let assessmentScore = "@assessment.score"

    /// An activity summary's day as the number `yyyymmdd` in the Gregorian calendar (number).
    package static let activitySummaryDay = "@summary.day"

    /// Whether `key` names an attribute rather than a metadata entry.
    package static func isAttribute(_ key: String) -> Bool { key.hasPrefix("@") }
}
