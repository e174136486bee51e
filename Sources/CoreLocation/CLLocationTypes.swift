import Foundation

// Core Location's scalar types and constants, for platforms without Apple's Core Location (OpenHealthKit's
// stand-in module: HealthKit's route APIs speak `CLLocation`). Same names and meanings as Apple's.

/// Degrees of latitude or longitude (WGS 84).
public typealias CLLocationDegrees = Double
/// A distance in metres.
public typealias CLLocationDistance = Double
/// An accuracy radius in metres; negative means the value is not valid.
public typealias CLLocationAccuracy = Double
/// A direction in degrees from true north (0 to 359.9); negative means not valid.
public typealias CLLocationDirection = Double
/// The accuracy of a direction in degrees; negative means not valid.
public typealias CLLocationDirectionAccuracy = Double
/// A speed in metres per second; negative means not valid.
public typealias CLLocationSpeed = Double
/// The accuracy of a speed in metres per second; negative means not valid.
public typealias CLLocationSpeedAccuracy = Double

/// Distance to use when no distance filter is wanted.
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The best accuracy a receiver can give.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// The best accuracy, combined with other sensor data, for navigation.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// Accurate to about ten metres.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Accurate to about a hundred metres.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Accurate to about a kilometre.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// Accurate to about three kilometres.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
