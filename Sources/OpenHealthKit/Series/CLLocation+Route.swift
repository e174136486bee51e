import Foundation
public import HealthKitModel
#if canImport(CoreLocation)
public import CoreLocation
#endif

extension CLLocation {
    /// The location a stored route point stands for (OpenHealthKit extension).
    public convenience init(_ location: WorkoutRouteLocation) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: location.latitude, longitude: location.longitude),
                  altitude: location.altitude, horizontalAccuracy: location.horizontalAccuracy,
                  verticalAccuracy: location.verticalAccuracy, course: location.course, speed: location.speed,
                  timestamp: location.timestamp)
    }
}

extension WorkoutRouteLocation {
    /// The route point for a location (OpenHealthKit extension).
    public init(_ location: CLLocation) {
        self.init(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude, altitude: location.altitude,
                  timestamp: location.timestamp, horizontalAccuracy: location.horizontalAccuracy,
                  verticalAccuracy: location.verticalAccuracy, course: location.course, speed: location.speed)
    }
}
