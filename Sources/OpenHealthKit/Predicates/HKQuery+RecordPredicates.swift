public import Foundation
import HealthDatabase
public import HealthKitModel

// HealthKit's predicates for clinical records, verifiable records and activity summaries.
extension HKQuery {
    /// Clinical records whose FHIR resource has `resourceType`.
    public class func predicateForClinicalRecords(withFHIRResourceType resourceType: HKFHIRResourceType) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.fhirResourceType, .equal, .text(resourceType.rawValue)))
    }

    /// The clinical record from `source` whose FHIR resource has `resourceType` and `identifier`.
    public class func predicateForClinicalRecords(from source: HKSource, fhirResourceType resourceType: HKFHIRResourceType,
                                                  identifier: String) -> NSPredicate {
        SampleFilterPredicate(.and([
            .sources([source.bundleIdentifier]),
            .field(FieldKey.fhirResourceType, .equal, .text(resourceType.rawValue)),
            .field(FieldKey.fhirIdentifier, .equal, .text(identifier)),
        ]))
    }

    /// Verifiable clinical records whose relevant date lies in `dateInterval` (both ends included).
    public class func predicateForVerifiableClinicalRecords(withRelevantDateWithin dateInterval: DateInterval) -> NSPredicate {
        SampleFilterPredicate(.and([
            .field(FieldKey.verifiableRelevantDate, .greaterThanOrEqual, .date(dateInterval.start)),
            .field(FieldKey.verifiableRelevantDate, .lessThanOrEqual, .date(dateInterval.end)),
        ]))
    }

    /// The activity summary of the day `dateComponents` names (era, year, month, day; Gregorian calendar).
    ///
    /// Activity summaries are stored with their day as the number `yyyymmdd` under
    /// ``FieldKey/activitySummaryDay``, so a day and a range of days are number comparisons.
    public class func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.activitySummaryDay, .equal, .number(activitySummaryDay(dateComponents))))
    }

    /// Activity summaries from the day `startDateComponents` names to the day `endDateComponents` names, inclusive.
    public class func predicate(forActivitySummariesBetweenStart startDateComponents: DateComponents,
                                end endDateComponents: DateComponents) -> NSPredicate {
        SampleFilterPredicate(.and([
            .field(FieldKey.activitySummaryDay, .greaterThanOrEqual, .number(activitySummaryDay(startDateComponents))),
            .field(FieldKey.activitySummaryDay, .lessThanOrEqual, .number(activitySummaryDay(endDateComponents))),
        ]))
    }

    /// The `yyyymmdd` number of a day; traps like HealthKit when year, month or day is missing.
    package static func activitySummaryDay(_ components: DateComponents) -> Double {
        guard let year = components.year, let month = components.month, let day = components.day else {
            raiseUnsupported("Activity summary date components must have a year, month and day: \(components)")
        }
        let signedYear = components.era == 0 ? -year : year
        return Double(signedYear * 10_000 + month * 100 + day)
    }
}
