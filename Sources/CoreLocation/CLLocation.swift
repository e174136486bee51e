// Apple's Core Location re-exports Foundation: a file whose only import is CoreLocation sees `Date` and friends.
@_exported import Foundation

/// A location fix: coordinate, altitude, accuracies, course, speed and time, as Core Location's `CLLocation`.
///
/// OpenHealthKit's stand-in for platforms without Apple's Core Location, so that HealthKit code that reads and
/// writes workout routes compiles unchanged. Immutable, like Apple's class; negative accuracies, course and speed
/// mean "not valid" (a negative horizontal accuracy: the coordinate is not to be trusted), as on Apple platforms.
open class CLLocation: NSObject, @unchecked Sendable {
    /// The latitude and longitude.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above mean sea level.
    public let altitude: CLLocationDistance
    /// Metres above the WGS 84 ellipsoid (equal to ``altitude`` here: no geoid model is applied).
    public let ellipsoidalAltitude: CLLocationDistance
    /// Radius of uncertainty of the coordinate in metres; negative when the coordinate is not valid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// Uncertainty of the altitude in metres; negative when the altitude is not valid.
    public let verticalAccuracy: CLLocationAccuracy
    /// Direction of travel in degrees from true north; negative when not valid.
    public let course: CLLocationDirection
    /// Uncertainty of the course in degrees; negative when not valid.
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// Speed in metres per second; negative when not valid.
    public let speed: CLLocationSpeed
    /// Uncertainty of the speed in metres per second; negative when not valid.
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// When the location was determined.
    public let timestamp: Date

    /// The floor of the building the device is in, when Core Location knows it (indoor positioning); `nil` here,
    /// as for every location an app creates on Apple platforms. Subclasses may override it.
    open var floor: CLFloor? { nil }

    /// A location at `latitude`, `longitude`, with zero altitude, accuracies and the current time.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                  horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    }

    /// A location with altitude and accuracies; course and speed are not valid.
    public convenience init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                            verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.init(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
                  course: -1, speed: -1, timestamp: timestamp)
    }

    /// A location with altitude, accuracies, course and speed.
    public convenience init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                            verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date) {
        self.init(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
                  course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with every value, accuracies of course and speed included.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
                speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.ellipsoidalAltitude = altitude
        self.horizontalAccuracy = hAccuracy
        self.verticalAccuracy = vAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
        super.init()
    }

    /// The great-circle distance in metres to `location` (haversine on a sphere of the Earth's mean radius,
    /// within about 0.5% of Apple's ellipsoidal figure); altitude is ignored, as on Apple platforms.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let lat1 = coordinate.latitude * radians, lat2 = location.coordinate.latitude * radians
        let dLat = lat2 - lat1, dLon = (location.coordinate.longitude - coordinate.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.meanEarthRadius * asin(min(1, h.squareRoot()))
    }

    /// The Earth's mean radius in metres (IUGG).
    private static let meanEarthRadius: CLLocationDistance = 6_371_008.8

    /// A description like Apple's: `<+lat,+lon> +/- h m (speed s mps / course c) @ time`.
    open override var description: String {
        String(format: "<%+.8f,%+.8f> +/- %.2fm (speed %.2f mps / course %.2f) @ %@", coordinate.latitude, coordinate.longitude,
               horizontalAccuracy, speed, course, timestamp.description)
    }
}
