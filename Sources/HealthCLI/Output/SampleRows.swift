import Foundation
import OpenHealthKit

/// How samples become table rows: the same columns for `health query` and `health changes`.
enum SampleRows {
    /// The columns of a sample row.
    static let columns = ["start", "end", "type", "value", "unit", "source", "uuid"]

    /// The cells for `sample`; quantities in `unit` when given (and compatible), else as saved.
    static func cells(_ sample: HKSample, unit: HKUnit? = nil) -> [String?] {
        let (value, unitText) = valueAndUnit(sample, unit: unit)
        return [DateText.format(sample.startDate), DateText.format(sample.endDate), sample.sampleType.shortName,
                value, unitText, sample.sourceRevision.source.bundleIdentifier, sample.uuid.uuidString]
    }

    private static func valueAndUnit(_ sample: HKSample, unit: HKUnit?) -> (String?, String?) {
        switch sample {
        case let quantitySample as HKQuantitySample:
            let quantity = quantitySample.quantity
            if let unit, let value = try? quantity.checkedDoubleValue(for: unit) {
                return (NumberText.format(value, digits: nil), unit.unitString)
            }
            return (NumberText.format(quantity.originalValue, digits: nil), quantity.originalUnit.unitString)
        case let category as HKCategorySample:
            let name = category.categoryType.valueDomain.exportName(for: category.value)
            return (name ?? String(category.value), nil)
        case let workout as HKWorkout:
            return (workout.workoutActivityType.exportName, NumberText.format(workout.duration, digits: nil) + " s")
        case let correlation as HKCorrelation:
            return ("\(correlation.objects.count) samples", nil)
        case let record as HKClinicalRecord:
            return (record.displayName, nil)
        case let audiogram as HKAudiogramSample:
            return ("\(audiogram.sensitivityPoints.count) frequencies", nil)
        case let prescription as HKVisionPrescription:
            return (prescription.prescriptionType == .contacts ? "contacts" : "glasses", nil)
        default:
            return (nil, nil)
        }
    }
}
