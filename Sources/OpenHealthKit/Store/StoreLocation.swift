public import Foundation
import HealthDatabase

// Where the default store lives.
extension HKHealthStore {
    /// `"OPENHEALTHKIT_DATABASE"`: the path of the database `HKHealthStore()` opens (OpenHealthKit extension), or a
    /// `postgres://USER@HOST/DATABASE?owner=NAME` URL naming a person's store in PostgreSQL (with the
    /// `OpenHealthKitPostgres` product linked; docs/PostgreSQL.md).
    public static let databaseEnvironmentVariable = "OPENHEALTHKIT_DATABASE"

    /// The path of the database `HKHealthStore()` opens (OpenHealthKit extension).
    ///
    /// In order: `OPENHEALTHKIT_DATABASE`; on Apple platforms
    /// `~/Library/Application Support/OpenHealthKit/health.sqlite`; elsewhere
    /// `$XDG_DATA_HOME/openhealthkit/health.sqlite`, with `XDG_DATA_HOME` defaulting to `~/.local/share`.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment[databaseEnvironmentVariable], !path.isEmpty { return path }
        #if canImport(Darwin)
        let base = URL(fileURLWithPath: home(environment)).appendingPathComponent("Library/Application Support/OpenHealthKit")
        #else
        let xdg = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let data = xdg ?? URL(fileURLWithPath: home(environment)).appendingPathComponent(".local/share").path
        let base = URL(fileURLWithPath: data).appendingPathComponent("openhealthkit")
        #endif
        return base.appendingPathComponent("health.sqlite").path
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
