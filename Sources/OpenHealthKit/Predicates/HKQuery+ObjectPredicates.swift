import Foundation
import HealthDatabase
import HealthKitModel

// HealthKit's predicates on what every object has: dates, metadata, source, device, UUID, membership.
extension HKQuery {
    /// Samples whose interval meets `[startDate, endDate)` by `options` (overlap unless strict); a nil bound
    /// does not limit.
    public class func predicateForSamples(withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []) -> NSPredicate {
        SampleFilterPredicate(.window(DateWindow(start: startDate, end: endDate, strictStart: options.contains(.strictStartDate),
                                             strictEnd: options.contains(.strictEndDate))))
    }

    /// Objects that have metadata under `key`.
    public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        SampleFilterPredicate(.fieldExists(key))
    }

    /// Objects whose metadata value for `key` equals one of `allowedValues` (strings, numbers, dates, quantities).
    public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        SampleFilterPredicate(.fieldIn(key, allowedValues.map { metadataField($0, key: key) }))
    }

    /// Objects whose metadata value for `key` compares to `value` by `operatorType`: strings by text, numbers,
    /// dates and quantities (in SI base units, so any compatible unit works) by number. `.notEqualTo` also matches
    /// objects without the key (``MetadataComparison``).
    public class func predicateForObjects(withMetadataKey key: String, operatorType: ComparisonOperator, value: Any) -> NSPredicate {
        SampleFilterPredicate(MetadataComparison.filter(key, Comparison(operatorType), metadataField(value, key: key)))
    }

    /// Objects saved by `source`.
    public class func predicateForObjects(from source: HKSource) -> NSPredicate {
        SampleFilterPredicate(.sources([source.bundleIdentifier]))
    }

    /// Objects saved by any of `sources`.
    public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        SampleFilterPredicate(.sources(Set(sources.map(\.bundleIdentifier))))
    }

    /// Objects saved by any of the revisions; `HKSourceRevisionAnyVersion`, `HKSourceRevisionAnyProductType`,
    /// `HKSourceRevisionAnyOperatingSystem` (and a nil version or product type) match any value.
    public class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>) -> NSPredicate {
        SampleFilterPredicate(.revisions(Set(sourceRevisions.map { revision in
            RevisionPattern(
                bundleIdentifier: revision.source.bundleIdentifier,
                version: revision.version == HKSourceRevisionAnyVersion ? nil : revision.version,
                productType: revision.productType == HKSourceRevisionAnyProductType ? nil : revision.productType,
                operatingSystemVersion: revision.operatingSystemVersion.isSameVersion(as: HKSourceRevisionAnyOperatingSystem)
                    ? nil : revision.operatingSystemVersion.healthVersionString)
        })))
    }

    /// Objects from any of `devices`; every device property must match exactly, absent ones included.
    public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        SampleFilterPredicate(.devices(Set(devices.map(SourceMapping.record(from:)))))
    }

    /// Objects whose device property `key` (`HKDevicePropertyKey…`) is one of `allowedValues`; an empty set
    /// matches devices without the property.
    public class func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        SampleFilterPredicate(.deviceProperty(key: key, values: allowedValues))
    }

    /// The object with `UUID`.
    public class func predicateForObject(with UUID: UUID) -> NSPredicate {
        SampleFilterPredicate(.uuids([UUID]))
    }

    /// The objects with these UUIDs.
    public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
        SampleFilterPredicate(.uuids(UUIDs))
    }

    /// Samples that are not part of a correlation.
    public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
        SampleFilterPredicate(.noParent(of: .correlation))
    }

    /// Samples associated with `workout` (stored with the workout as their parent).
    public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        SampleFilterPredicate(.parent(workout.uuid))
    }

    /// The field for a metadata value given to a predicate; traps like HealthKit for other value classes.
    static func metadataField(_ value: Any, key: String) -> FieldValue {
        guard let field = MetadataMapping.fieldValue(for: value) else {
            raiseUnsupported("Metadata predicate value for \(key) must be a String, number, Date or HKQuantity, not \(type(of: value))")
        }
        return field
    }
}
