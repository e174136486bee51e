public import Foundation

/// One point of a workout route: what `CLLocation` carries in HealthKit (OpenHealthKit extension: Core
/// Location does not exist off Apple platforms). Negative accuracies, course or speed mean "not known".
public struct WorkoutRouteLocation: Sendable, Hashable, Codable {
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// Metres above sea level.
    public var altitude: Double
    /// When the point was recorded.
    public var timestamp: Date
    /// Horizontal accuracy in metres.
    public var horizontalAccuracy: Double
    /// Vertical accuracy in metres.
    public var verticalAccuracy: Double
    /// Direction of travel in degrees from true north.
    public var course: Double
    /// Speed in metres per second.
    public var speed: Double

    /// Creates a point.
    public init(latitude: Double, longitude: Double, altitude: Double, timestamp: Date,
                horizontalAccuracy: Double = -1, verticalAccuracy: Double = -1, course: Double = -1, speed: Double = -1) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.timestamp = timestamp
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
    }
}

/// The GPS route of a workout (HealthKit's `HKWorkoutRoute`). HealthKit hands out the locations through
/// `HKWorkoutRouteQuery`; OpenHealthKit also keeps them on the object (``locations``, an extension).
open class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {
    /// Archives the series and its points.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        ObjectCoding.encode(locations, coder, forKey: "locations")
    }

    /// Unarchives the series; fails when it is not a route or its points are missing.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKSeriesType.workoutRoute(),
              let locations = ObjectCoding.decode([WorkoutRouteLocation].self, coder, forKey: "locations") else { return nil }
        self.locations = locations
        super.init(coder: coder)
    }

    /// The route's points, in time order (OpenHealthKit extension).
    public let locations: [WorkoutRouteLocation]

    /// Creates a route (OpenHealthKit extension; HealthKit builds routes with `HKWorkoutRouteBuilder`).
    public init(locations: [WorkoutRouteLocation], start: Date, end: Date, uuid: UUID? = nil,
                sourceRevision: HKSourceRevision? = nil, device: HKDevice? = nil, metadata: [String: Any]? = nil) {
        self.locations = locations
        super.init(type: .workoutRoute(), count: locations.count, start: start, end: end,
                   uuid: uuid ?? ObjectUUID.make(), sourceRevision: sourceRevision, device: device, metadata: metadata)
    }
}
