import Foundation
import TestSupport
import Testing

/// A store that imported the demo export (`health demo-export` then `health import`, the README's first command),
/// made once per test run by the real binary; tests that change a store work on their own copy of the file.
enum DemoStore {
    /// What the import printed and where everything is.
    struct Made: Sendable {
        let folder: URL
        let database: String
        let importOutput: String
        let importStatus: Int32
    }

    /// The store, or nil when the binary could not make it (the tests then fail on `#require`); made the first time a
    /// test asks, and awaited without blocking a thread (see ``SharedFixture``).
    static var made: Made? {
        get async { await making.value }
    }

    private static let making = SharedFixture<Made?> {
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-demo-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let export = folder.appendingPathComponent("demo").path
        guard (try? HealthProcess.runBlocking(["demo-export", "--records", "3000", "--out", export]))?.status == 0 else { return nil }
        let database = folder.appendingPathComponent("demo/health.sqlite").path
        guard let run = try? HealthProcess.runBlocking(["import", export, "--database", database]) else { return nil }
        return Made(folder: folder, database: database, importOutput: run.stdout + run.stderr, importStatus: run.status)
    }

    /// A copy of the store's database file alone in a new folder (the import leaves the file holding every commit).
    static func copy() async throws -> String {
        let made = try #require(await made)
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-demo-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("health.sqlite").path
        try FileManager.default.copyItem(atPath: made.database, toPath: path)
        return path
    }

    /// The file's bytes and the names in its folder: what a command that writes nothing leaves unchanged.
    static func fingerprint(_ database: String) throws -> (Data, [String]) {
        let folder = URL(fileURLWithPath: database).deletingLastPathComponent().path
        return (try Data(contentsOf: URL(fileURLWithPath: database)), try FileManager.default.contentsOfDirectory(atPath: folder).sorted())
    }
}
