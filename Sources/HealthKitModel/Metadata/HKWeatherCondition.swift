import Foundation

// Values HealthKit stores as NSNumbers under its metadata keys; raw values are HealthKit's.

/// The weather during a sample or workout (``HKMetadataKeyWeatherCondition``).
public enum HKWeatherCondition: Int, CaseIterable, Hashable, Sendable {
    /// None.
    case none = 0
    /// Clear.
    case clear = 1
    /// Fair.
    case fair = 2
    /// Partly cloudy.
    case partlyCloudy = 3
    /// Mostly cloudy.
    case mostlyCloudy = 4
    /// Cloudy.
    case cloudy = 5
    /// Foggy.
    case foggy = 6
    /// Haze.
    case haze = 7
    /// Windy.
    case windy = 8
    /// Blustery.
    case blustery = 9
    /// Smoky.
    case smoky = 10
    /// Dust.
    case dust = 11
    /// Snow.
    case snow = 12
    /// Hail.
    case hail = 13
    /// Sleet.
    case sleet = 14
    /// Freezing drizzle.
    case freezingDrizzle = 15
    /// Freezing rain.
    case freezingRain = 16
    /// Mixed rain and hail.
    case mixedRainAndHail = 17
    /// Mixed rain and snow.
    case mixedRainAndSnow = 18
    /// Mixed rain and sleet.
    case mixedRainAndSleet = 19
    /// Mixed snow and sleet.
    case mixedSnowAndSleet = 20
    /// Drizzle.
    case drizzle = 21
    /// Scattered showers.
    case scatteredShowers = 22
    /// Showers.
    case showers = 23
    /// Thunderstorms.
    case thunderstorms = 24
    /// Tropical storm.
    case tropicalStorm = 25
    /// Hurricane.
    case hurricane = 26
    /// Tornado.
    case tornado = 27
}
