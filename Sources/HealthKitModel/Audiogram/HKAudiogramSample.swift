public import Foundation

/// The result of a hearing test: sensitivity points, one per frequency tested (iOS 13).
open class HKAudiogramSample: HKSample, @unchecked Sendable {
    /// HealthKit's limit on the points of one audiogram (OpenHealthKit extension: HealthKit documents the limit only).
    public static let maximumSensitivityPoints = 30

    /// The points, by ascending frequency.
    public let sensitivityPoints: [HKAudiogramSensitivityPoint]

    /// Archives the audiogram and its points.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(sensitivityPoints as NSArray, forKey: "sensitivityPoints")
    }

    /// Unarchives an audiogram; fails when its type is not the audiogram type or its points are missing.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKObjectType.audiogramSampleType(),
              let points = coder.decodeObject(of: [NSArray.self, HKAudiogramSensitivityPoint.self],
                                              forKey: "sensitivityPoints") as? [HKAudiogramSensitivityPoint] else { return nil }
        sensitivityPoints = points
        super.init(coder: coder)
    }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start: Date, end: Date,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.sensitivityPoints = sensitivityPoints
        super.init(sampleType: HKObjectType.audiogramSampleType(), startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Creates an audiogram (iOS 13; deprecated in iOS 18.1); traps like HealthKit on invalid input.
    public convenience init(sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date, metadata: [String: Any]?) {
        self.init(sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates an audiogram with a device (iOS 18.1); traps like HealthKit on invalid input: more than 30
    /// points, frequencies not unique and ascending, an end before the start, or invalid metadata.
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        trapIfInvalid { () throws(HKError) in
            try Self.validate(sensitivityPoints, start: startDate, end: endDate, metadata: metadata)
        }
        self.init(sensitivityPoints: sensitivityPoints, start: startDate, end: endDate,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialisers (OpenHealthKit extension), for untrusted input.
    public static func checked(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start: Date, end: Date,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKAudiogramSample {
        try validate(sensitivityPoints, start: start, end: end, metadata: metadata)
        return HKAudiogramSample(sensitivityPoints: sensitivityPoints, start: start, end: end,
                                 uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// HealthKit's checks: at most 30 points, frequencies unique and ascending, and the sample checks.
    package static func validate(_ points: [HKAudiogramSensitivityPoint], start: Date, end: Date, metadata: [String: Any]?) throws(HKError) {
        guard points.count <= maximumSensitivityPoints else {
            throw HKError(.errorInvalidArgument, "An audiogram holds at most \(maximumSensitivityPoints) sensitivity points, not \(points.count)")
        }
        let hertz = points.map { $0.frequency.doubleValue(for: .hertz()) }
        for index in hertz.indices.dropFirst() where hertz[index] <= hertz[index - 1] {
            throw HKError(.errorInvalidArgument, "Sensitivity point frequencies must be unique and ascending: \(hertz[index]) Hz follows \(hertz[index - 1]) Hz")
        }
        try SampleValidation.sample(start: start, end: end, metadata: metadata)
    }
}
