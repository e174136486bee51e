public import Foundation
import HealthDatabase
public import HealthKitModel

// HealthKit's predicates for electrocardiograms (iOS 14), filtering the fields ``ElectrocardiogramMapping`` stores.
extension HKQuery {
    /// ECGs the ECG app classified as `classification`.
    public class func predicateForElectrocardiograms(classification: HKElectrocardiogram.Classification) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.ecgClassification, .equal, .number(Double(classification.rawValue))))
    }

    /// ECGs whose symptoms status is `symptomsStatus`.
    public class func predicateForElectrocardiograms(symptomsStatus: HKElectrocardiogram.SymptomsStatus) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.ecgSymptomsStatus, .equal, .number(Double(symptomsStatus.rawValue))))
    }

    /// Samples associated with `electrocardiogram` (its symptoms: samples stored with the ECG as their parent).
    public class func predicateForObjectsAssociated(electrocardiogram: HKElectrocardiogram) -> NSPredicate {
        SampleFilterPredicate(.parent(electrocardiogram.uuid))
    }
}
