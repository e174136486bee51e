import Foundation

/// A latitude and longitude in the WGS 84 reference frame, as Core Location's `CLLocationCoordinate2D`.
public struct CLLocationCoordinate2D: Sendable, Hashable {
    /// Degrees north of the equator (-90 to 90).
    public var latitude: CLLocationDegrees
    /// Degrees east of the prime meridian (-180 to 180).
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A coordinate from its latitude and longitude.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The coordinate Core Location uses for "no coordinate": (-180, -180), which is not valid.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether `coord` is a valid coordinate: latitude within ±90 and longitude within ±180 degrees.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

/// A coordinate from its latitude and longitude.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
