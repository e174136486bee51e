public import Foundation

/// Something that happened during a workout: a pause, a lap, a segment.
///
/// Only laps and segments span time; every other event is instantaneous.
public final class HKWorkoutEvent: NSObject, @unchecked Sendable {
    /// What happened.
    public let type: HKWorkoutEventType
    /// When it happened; zero-length except for laps and segments.
    public let dateInterval: DateInterval
    /// Extra information about the event.
    public let metadata: [String: Any]?

    /// When the event started.
    @available(*, deprecated, message: "Use dateInterval")
    public var date: Date { dateInterval.start }

    /// Creates an event; traps like HealthKit if a type other than lap or segment spans time.
    public convenience init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        trapIfInvalid { () throws(HKError) in try Self.validate(type: type, dateInterval: dateInterval, metadata: metadata) }
        self.init(validated: type, dateInterval: dateInterval, metadata: metadata)
    }

    /// Creates an instantaneous event.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    /// Creates an instantaneous event with metadata (iOS 10; deprecated in HealthKit since iOS 11). Traps like
    /// ``init(type:dateInterval:metadata:)`` on metadata HealthKit rejects.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension), for untrusted input.
    public static func checked(type: HKWorkoutEventType, dateInterval: DateInterval,
                               metadata: [String: Any]? = nil) throws(HKError) -> HKWorkoutEvent {
        try validate(type: type, dateInterval: dateInterval, metadata: metadata)
        return HKWorkoutEvent(validated: type, dateInterval: dateInterval, metadata: metadata)
    }

    private init(validated type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        self.type = type
        self.dateInterval = dateInterval
        self.metadata = MetadataValidation.normalized(metadata)
        super.init()
    }

    private static func validate(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) throws(HKError) {
        if dateInterval.duration > 0, type != .lap, type != .segment {
            throw HKError(.errorInvalidArgument, "Workout events of type \(type) must have a zero-length date interval")
        }
        try SampleValidation.metadata(metadata)
    }

    /// Events are equal when type, interval and metadata keys are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutEvent else { return false }
        return other.type == type && other.dateInterval == dateInterval
            && Set(other.metadata?.keys ?? [:].keys) == Set(metadata?.keys ?? [:].keys)
    }

    /// Hash of type and interval.
    public override var hash: Int { type.hashValue ^ dateInterval.hashValue }
}
