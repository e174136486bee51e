import Foundation
import HealthDatabase
import HealthKitModel

/// `HKElectrocardiogram` as a stored record: kind `other`, type `HKDataTypeIdentifierElectrocardiogram`, the
/// recording as a binary payload (``BinaryPayloadWriter``: tag `EC` 1; the classification, the symptoms status, the
/// average heart rate in count/min and the sampling frequency in hertz (each a flag, then the number when present), the
/// measurement count, then each measurement's seconds since the start and its Lead I-like voltage in volts (a flag, then
/// the number when present)), and the classification, symptoms status and average heart rate as searchable fields
/// (``FieldKey/ecgClassification`` …), which `HKQuery.predicateForElectrocardiograms` filters on. Stores written before
/// hold the JSON payload `{"classification": 1, "symptoms": 1, "averageHeartRate": 62, "samplingFrequency": 512.6,
/// "voltages": [{"t": 0, "v": -7.6e-06}, ...]}`, which is still read.
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
        record.payload = try encode(Payload(
            classification: ecg.classification.rawValue, symptoms: ecg.symptomsStatus.rawValue, averageHeartRate: heartRate,
            samplingFrequency: ecg.samplingFrequency?.doubleValue(for: .hertz()), voltages: ecg.voltageMeasurements.map(\.stored)))
        record.fields[FieldKey.ecgClassification] = .number(Double(ecg.classification.rawValue))
        record.fields[FieldKey.ecgSymptomsStatus] = .number(Double(ecg.symptomsStatus.rawValue))
        if let heartRate { record.fields[FieldKey.ecgAverageHeartRate] = .number(heartRate) }
    }

    /// The ECG `record` holds; `common` are its shared parts.
    static func electrocardiogram(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKElectrocardiogram {
        let payload = try decode(record)
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

    private static func encode(_ payload: Payload) throws(HKError) -> Data {
        var writer = BinaryPayloadWriter("EC", version: 1, capacity: 40 + payload.voltages.count * 17)
        try writer.number(Double(payload.classification), what: "an ECG classification")
        try writer.number(Double(payload.symptoms), what: "an ECG symptoms status")
        try optional(payload.averageHeartRate, "an ECG's average heart rate", &writer)
        try optional(payload.samplingFrequency, "an ECG's sampling frequency", &writer)
        writer.count(payload.voltages.count)
        for measurement in payload.voltages {
            try writer.number(measurement.t, what: "an ECG measurement's time")
            try optional(measurement.v, "an ECG voltage", &writer)
        }
        return writer.data
    }

    private static func optional(_ value: Double?, _ what: String, _ writer: inout BinaryPayloadWriter) throws(HKError) {
        writer.flag(value != nil)
        if let value { try writer.number(value, what: what) }
    }

    private static func decode(_ record: SampleRecord) throws(HKError) -> Payload {
        guard let data = record.payload, BinaryPayloadReader.isBinary(data) else {
            return try PayloadCoding.decode(Payload.self, from: record)
        }
        guard var reader = BinaryPayloadReader(data, letters: "EC", version: 1), let payload = binary(&reader), reader.atEnd else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable ECG")
        }
        return payload
    }

    private static func binary(_ reader: inout BinaryPayloadReader) -> Payload? {
        guard let classification = reader.number().flatMap(Int.init(exactly:)), let symptoms = reader.number().flatMap(Int.init(exactly:)),
              let heartRate = optional(&reader), let frequency = optional(&reader), let count = reader.count() else { return nil }
        var voltages: [HKElectrocardiogram.VoltageMeasurement.Stored] = []
        voltages.reserveCapacity(min(count, 1 << 20))
        for _ in 0..<count {
            guard let time = reader.number(), let voltage = optional(&reader) else { return nil }
            voltages.append(.init(t: time, v: voltage))
        }
        return Payload(classification: classification, symptoms: symptoms, averageHeartRate: heartRate,
                       samplingFrequency: frequency, voltages: voltages)
    }

    /// A flag and, when set, a number: `.some(nil)` for an absent value, nil for a truncated or malformed payload.
    private static func optional(_ reader: inout BinaryPayloadReader) -> Double?? {
        guard let present = reader.flag() else { return nil }
        guard present else { return .some(nil) }
        return reader.number().map { .some($0) }
    }
}
