import Foundation
import HealthDatabase
import HealthKitModel

/// `HKElectrocardiogram` as a stored record: kind `other`, type `HKDataTypeIdentifierElectrocardiogram`, the
/// recording as a JSON payload `{"classification": 1, "symptoms": 1, "averageHeartRate": 62, "samplingFrequency": 512.6,
/// "voltages": [{"t": 0, "v": -7.6e-06}, ...]}` (heart rate in count/min, frequency in hertz, `t` seconds since the
/// start, `v` the Lead I-like voltage in volts), and the classification, symptoms status and average heart rate as
/// searchable fields (``FieldKey/ecgClassification`` …), which `HKQuery.predicateForElectrocardiograms` filters on.
enum ElectrocardiogramMapping {
    private struct Payload: Codable {
        var classification: Int
        var symptoms: Int
        var averageHeartRate: Double?
        var samplingFrequency: Double?
        var voltages: [HKElectrocardiogram.VoltageMeasurement.Stored]
    }

    private static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())

    /// Puts `ecg`'s recording into `record`'s payload and its summary into its fields.
    static func fill(_ record: inout SampleRecord, from ecg: HKElectrocardiogram) throws(HKError) {
        let heartRate = ecg.averageHeartRate?.doubleValue(for: beatsPerMinute)
        record.payload = try PayloadCoding.encode(Payload(
            classification: ecg.classification.rawValue, symptoms: ecg.symptomsStatus.rawValue, averageHeartRate: heartRate,
            samplingFrequency: ecg.samplingFrequency?.doubleValue(for: .hertz()), voltages: ecg.voltageMeasurements.map(\.stored)))
        record.fields[FieldKey.ecgClassification] = .number(Double(ecg.classification.rawValue))
        record.fields[FieldKey.ecgSymptomsStatus] = .number(Double(ecg.symptomsStatus.rawValue))
        if let heartRate { record.fields[FieldKey.ecgAverageHeartRate] = .number(heartRate) }
    }

    /// The ECG `record` holds; `common` are its shared parts.
    static func electrocardiogram(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKElectrocardiogram {
        let payload = try PayloadCoding.decode(Payload.self, from: record)
        guard let classification = HKElectrocardiogram.Classification(rawValue: payload.classification),
              let symptoms = HKElectrocardiogram.SymptomsStatus(rawValue: payload.symptoms) else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds an unknown ECG classification or symptoms status")
        }
        return try HKElectrocardiogram(
            start: common.start, end: common.end, classification: classification, symptomsStatus: symptoms,
            averageHeartRate: payload.averageHeartRate.map { HKQuantity(unit: beatsPerMinute, doubleValue: $0) },
            samplingFrequency: payload.samplingFrequency.map { HKQuantity(unit: .hertz(), doubleValue: $0) },
            voltageMeasurements: payload.voltages.map(HKElectrocardiogram.VoltageMeasurement.init),
            uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }
}
