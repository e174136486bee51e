import Foundation
import HealthDatabase
import HealthKitModel

/// Records of kind `other` whose object is described by an export.xml element (audiograms and vision
/// prescriptions) to objects and back. The payload is the element as JSON (``StoredElement``), the form the
/// export importer stores, so imported and saved objects are stored, read and exported alike.
enum ElementSampleMapping {
    /// Sets `record`'s payload to the element for `sample`.
    static func fill(_ record: inout SampleRecord, from sample: HKSample) throws(HKError) {
        let element: StoredElement
        switch sample {
        case let audiogram as HKAudiogramSample: element = AudiogramMapping.element(from: audiogram)
        case let prescription as HKVisionPrescription: element = VisionPrescriptionMapping.element(from: prescription)
        default: throw HKError(.errorInvalidArgument, "\(type(of: sample)) samples cannot be stored")
        }
        do { record.payload = try element.encoded() } catch {
            throw HKError(.errorInvalidArgument, "\(element.name) could not be encoded: \(error)")
        }
    }

    /// The object a record of kind `other` holds. Throws `HKError(.errorInvalidArgument)` for a type with no
    /// HealthKit object here or an element with bad values.
    static func sample(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKSample {
        let element = StoredElement.decoded(from: record.payload)
        switch (record.type, element) {
        case (HKDataTypeIdentifierAudiogram, let element?): return try AudiogramMapping.audiogram(from: element, common)
        case (HKVisionPrescriptionTypeIdentifier, let element?): return try VisionPrescriptionMapping.prescription(from: element, common)
        default: throw HKError(.errorInvalidArgument, "Record \(record.uuid) of type \(record.type) holds no HealthKit sample")
        }
    }
}
