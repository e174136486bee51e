public import Foundation

/// An electrocardiogram (ECG) recorded by Apple Watch: its classification, symptoms, average heart rate and sampling
/// frequency, with its voltage measurements read through `HKElectrocardiogramQuery` (HealthKit's `HKElectrocardiogram`,
/// iOS 14). Its type is `HKObjectType.electrocardiogramType()`.
///
/// HealthKit gives apps read-only access to ECGs: apps cannot save them (sharing the type is disallowed). The
/// initialiser here is an OpenHealthKit extension for importers and tests; OpenHealthKit also keeps the
/// measurements on the object (``voltageMeasurements``, an extension).
open class HKElectrocardiogram: HKSample, @unchecked Sendable {
    /// How the ECG app classified the recording.
    public let classification: Classification
    /// Whether the user reported symptoms with the recording.
    public let symptomsStatus: SymptomsStatus
    /// The average heart rate during the recording (count/min), if known.
    public let averageHeartRate: HKQuantity?
    /// How often the voltage was sampled (hertz), if known.
    public let samplingFrequency: HKQuantity?
    /// The voltage measurements, in time order (OpenHealthKit extension; HealthKit hands them out through
    /// `HKElectrocardiogramQuery`).
    public let voltageMeasurements: [VoltageMeasurement]

    /// The number of voltage measurements the ECG holds.
    public var numberOfVoltageMeasurements: Int { voltageMeasurements.count }

    /// Creates an ECG (OpenHealthKit extension: HealthKit's come from Apple Watch). Throws `errorInvalidArgument` when
    /// the end precedes the start, a quantity has the wrong unit, or a measurement is not finite or lies outside the
    /// recording.
    public init(start: Date, end: Date, classification: Classification, symptomsStatus: SymptomsStatus,
                averageHeartRate: HKQuantity?, samplingFrequency: HKQuantity?, voltageMeasurements: [VoltageMeasurement],
                uuid: UUID? = nil, sourceRevision: HKSourceRevision? = nil, device: HKDevice? = nil,
                metadata: [String: Any]? = nil) throws(HKError) {
        try SampleValidation.sample(start: start, end: end, metadata: metadata)
        if let averageHeartRate, !averageHeartRate.is(compatibleWith: .count().unitDivided(by: .minute())) {
            throw HKError(.errorInvalidArgument, "An ECG's average heart rate must be in count/min, not \(averageHeartRate)")
        }
        if let samplingFrequency, !samplingFrequency.is(compatibleWith: .hertz()) {
            throw HKError(.errorInvalidArgument, "An ECG's sampling frequency must be in hertz, not \(samplingFrequency)")
        }
        let duration = end.timeIntervalSince(start)
        if let bad = voltageMeasurements.first(where: { !$0.isValid(within: duration) }) {
            throw HKError(.errorInvalidArgument, "The ECG voltage measurement at \(bad.timeSinceSampleStart) s is not finite or lies outside the recording")
        }
        self.classification = classification
        self.symptomsStatus = symptomsStatus
        self.averageHeartRate = averageHeartRate
        self.samplingFrequency = samplingFrequency
        self.voltageMeasurements = voltageMeasurements.sorted { $0.timeSinceSampleStart < $1.timeSinceSampleStart }
        super.init(sampleType: HKObjectType.electrocardiogramType(), startDate: start, endDate: end, uuid: uuid ?? ObjectUUID.make(),
                   sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the ECG, its summary values and its measurements.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(classification.rawValue, forKey: "classification")
        coder.encode(symptomsStatus.rawValue, forKey: "symptomsStatus")
        coder.encode(averageHeartRate, forKey: "averageHeartRate")
        coder.encode(samplingFrequency, forKey: "samplingFrequency")
        ObjectCoding.encode(voltageMeasurements.map(\.stored), coder, forKey: "voltages")
    }

    /// Unarchives an ECG; fails when its type is not the ECG type, a value is unknown or the measurements are missing.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKObjectType.electrocardiogramType(),
              let classification = Classification(rawValue: coder.decodeInteger(forKey: "classification")),
              let symptoms = SymptomsStatus(rawValue: coder.decodeInteger(forKey: "symptomsStatus")),
              let voltages = ObjectCoding.decode([VoltageMeasurement.Stored].self, coder, forKey: "voltages") else { return nil }
        self.classification = classification
        symptomsStatus = symptoms
        averageHeartRate = coder.decodeObject(of: HKQuantity.self, forKey: "averageHeartRate")
        samplingFrequency = coder.decodeObject(of: HKQuantity.self, forKey: "samplingFrequency")
        voltageMeasurements = voltages.map(VoltageMeasurement.init)
        super.init(coder: coder)
    }
}

/// Key path of an ECG's classification, for `NSPredicate(format:)` (a `Classification` raw value).
public let HKPredicateKeyPathECGClassification = "ecg_public_classification"
/// Key path of an ECG's symptoms status, for `NSPredicate(format:)` (a `SymptomsStatus` raw value).
public let HKPredicateKeyPathECGSymptomsStatus = "ecg_symptoms_status"
/// Key path of an ECG's average heart rate, for `NSPredicate(format:)` (an `HKQuantity` in count/min).
public let HKPredicateKeyPathAverageHeartRate = "ecg_average_heart_rate"
