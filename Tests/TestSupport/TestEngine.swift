import Foundation

/// Which storage engine the engine-neutral suites (HealthKitCompatibilityTests, HealthKitAppStyleTests,
/// HealthServerTests) run on: `$OPENHEALTHKIT_TEST_ENGINE`, `sqlite` (the default) or `postgres`.
///
/// The suites are written once; `.ci/run` runs them a second time with `OPENHEALTHKIT_TEST_ENGINE=postgres` against
/// the throwaway server in `$OPENHEALTHKIT_TEST_POSTGRES`. A PostgreSQL run without that server fails: every store
/// opened says so (it was asked for explicitly, so skipping would hide it).
public enum TestEngine: String, Sendable {
    case sqlite, postgres

    /// The engine this run uses.
    public static let current: TestEngine = {
        let name = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TEST_ENGINE"]?.lowercased() ?? ""
        return name == "postgres" || name == "postgresql" ? .postgres : .sqlite
    }()

    /// A new person's store on the current engine, as a location `HKHealthStore(databasePath:)` and the CLI's
    /// `--database` accept: a fresh SQLite file in its own temporary folder named after `name`, or a fresh owner in
    /// the test server (`postgres://…?owner=NAME-UUID`).
    public static func newStoreLocation(_ name: String) throws -> String {
        let unique = "\(name)-\(UUID().uuidString.lowercased())"
        switch current {
        case .sqlite:
            return TemporaryFiles.folder.appendingPathComponent("ohk-\(unique)")
                .appendingPathComponent("health.sqlite").path
        case .postgres:
            return try postgresStoreURL(owner: unique)
        }
    }

    /// The test server's URL naming `owner`'s store; throws when `$OPENHEALTHKIT_TEST_POSTGRES` is unset.
    public static func postgresStoreURL(owner: String) throws -> String {
        guard let url = TestPostgres.url else { throw MissingServer() }
        let encoded = owner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? owner
        return url + (url.contains("?") ? "&" : "?") + "owner=" + encoded
    }

    /// Thrown when a PostgreSQL run has no server.
    public struct MissingServer: Error, CustomStringConvertible {
        /// The error.
        public init() {}
        public var description: String {
            "OPENHEALTHKIT_TEST_ENGINE=postgres needs OPENHEALTHKIT_TEST_POSTGRES (start one with `.ci/postgres start`)"
        }
    }
}
