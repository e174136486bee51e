import Foundation
import Testing
import TestSupport

/// `health … --database postgres://…?owner=NAME`: the CLI on a person's store in the real throwaway PostgreSQL server,
/// through the real binary, printing what the same commands print on the SQLite store of the same import.
@Suite(.enabled(if: TestPostgres.url != nil || TestPostgres.required, "\(TestPostgres.missingMessage)"))
struct PostgresCommandTests {
    /// Every UUID replaced by one placeholder (the import gives each record a new one, whatever the engine), and the
    /// import's time taken.
    static func withoutUUIDs(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}",
                                  with: "UUID", options: .regularExpression)
            .replacingOccurrences(of: " in [0-9.]+ (s|ms|min)\n", with: " in TIME\n", options: .regularExpression)
    }

    /// A new person's store in the test server.
    static func newStore(_ name: String) throws -> String {
        try TestEngine.postgresStoreURL(owner: "\(name)-\(UUID().uuidString.lowercased())")
    }

    @Test("import, then every read command prints on PostgreSQL what it prints on SQLite for the same demo export")
    func readsMatchSQLite() async throws {
        let made = try #require(await DemoStore.made)
        let postgres = try Self.newStore("cli-demo")
        let imported = try await HealthProcess.run(["import", made.folder.appendingPathComponent("demo").path, "--database", postgres])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(Self.withoutUUIDs(imported.stdout) == Self.withoutUUIDs(made.importOutput), "the import's report differs")
        let reads: [[String]] = [
            ["summary"], ["stats", "stepCount", "--time-zone", "UTC"], ["stats", "heartRate", "--by", "week", "--time-zone", "UTC"],
            ["stats", "stepCount", "--separate-by-source", "--format", "csv", "--time-zone", "UTC"],
            ["query", "workout", "--format", "json"], ["query", "stepCount", "--limit", "50", "--offset", "100", "--format", "csv"],
            ["query", "heartRate", "--ascending", "--limit", "20"], ["query", "electrocardiogram", "--format", "json"],
            ["changes", "--anchor", "0", "--format", "json"], ["sources"], ["sources", "priority"], ["me"],
            ["records", "list", "--format", "json"], ["cards", "list"], ["permissions"],
        ]
        for arguments in reads {
            let onSQLite = try await HealthProcess.run(arguments + ["--database", made.database])
            let onPostgres = try await HealthProcess.run(arguments + ["--database", postgres])
            #expect(onSQLite.status == 0 && onPostgres.status == 0, "\(arguments): \(onSQLite.stderr) \(onPostgres.stderr)")
            #expect(!onPostgres.stdout.isEmpty, "\(arguments) printed nothing")
            #expect(Self.withoutUUIDs(onPostgres.stdout) == Self.withoutUUIDs(onSQLite.stdout), "\(arguments) differs")
        }
    }

    @Test("add, delete and changes write and read the PostgreSQL store; OPENHEALTHKIT_DATABASE names it as --database does")
    func writesAndTheEnvironmentVariable() async throws {
        let postgres = try Self.newStore("cli-writes")
        let added = try await HealthProcess.run(["add", "stepCount", "250", "--database", postgres])
        #expect(added.status == 0, "\(added.stderr)")
        let uuid = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let viaVariable = try await HealthProcess.run(["query", "stepCount", "--format", "json"], environment: ["OPENHEALTHKIT_DATABASE": postgres])
        #expect(try HealthProcess.json(viaVariable).compactMap { $0["uuid"] as? String } == [uuid], "\(viaVariable.stderr)")
        let deleted = try await HealthProcess.run(["delete", "stepCount", "--yes", "--database", postgres])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let changes = try await HealthProcess.run(["changes", "--anchor", "0", "--format", "json", "--database", postgres])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(changes.stdout.utf8)) as? [String: Any], "\(changes.stderr)")
        let entries = try #require(object["changes"] as? [[String: Any]])
        #expect(entries.map { "\($0["change"] ?? "")" } == ["deleted"] && entries.compactMap { $0["uuid"] as? String } == [uuid], "\(changes.stdout)")
    }

    @Test("a URL naming no person, a bad schema or an unreachable server is one clear line and status 1, never the password")
    func badURLs() async throws {
        let url = try #require(TestPostgres.url)
        let cases: [(String, String)] = [
            (url, "names no person: add ?owner=NAME"),
            (url + "?owner=", "names no person"),
            (url + "?owner=a&schema=", "schema= is empty"),
            ("postgres://someone:secret@127.0.0.1:1/nothing?owner=alice", "cannot open the health database"),
            (url + "?owner=a&sslmode=bogus", "sslmode"),
        ]
        for (database, message) in cases {
            for environment in [["OPENHEALTHKIT_DATABASE": database], [:]] {
                let arguments = ["summary"] + (environment.isEmpty ? ["--database", database] : [])
                let result = try await HealthProcess.run(arguments, environment: environment)
                #expect(result.status == 1, "\(database): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains(message), "\(database): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
                #expect(!result.stderr.contains("secret"), "the password was printed: \(result.stderr)")
            }
        }
        let providers = try await HealthProcess.run(["providers", "list", "--database", url + "?owner=a"])
        #expect(providers.status == 1 && providers.stderr.contains("not available with a PostgreSQL --database"), "\(providers.stderr)")
    }
}
