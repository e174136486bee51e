import Foundation
import HealthDatabase
import HealthDatabaseSQLite

// Where the default store lives, and opening a SQLite store file.
extension HKHealthStore {
    /// `"OPENHEALTHKIT_DATABASE"`: the path of the database `HKHealthStore()` opens (OpenHealthKit extension).
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

    /// Opens (creating it and its folder if needed) the SQLite store at `path`.
    ///
    /// Throws ``HKError/Code/errorDatabaseInaccessible`` naming the path and the reason.
    static func openSQLite(path: String) throws(HKError) -> any HealthStorage {
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try SQLiteHealthStorage.shared(path: path)
        } catch {
            let reason = HKError.from(error).localizedDescription
            throw HKError(.errorDatabaseInaccessible, "cannot open the health database at \(path): \(reason)")
        }
    }
}
