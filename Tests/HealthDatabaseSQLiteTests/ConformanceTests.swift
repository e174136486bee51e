import Foundation
import TestSupport
import HealthDatabase
import HealthDatabaseConformance
import HealthDatabaseSQLite
import Testing

/// The engine-agnostic conformance suite, on SQLite in memory and on a real file.
struct ConformanceTests {
    @Test("conformance, in memory", arguments: StorageConformance.checks)
    func inMemory(_ check: ConformanceCheck) throws {
        try StorageConformance { try SQLiteHealthStorage.inMemory() }.run(check)
    }

    @Test("conformance, on a file", arguments: StorageConformance.checks)
    func onFile(_ check: ConformanceCheck) throws {
        let folder = try TemporaryFolder()
        try StorageConformance { try SQLiteHealthStorage(path: folder.path("store.sqlite")) }.run(check)
    }
}

/// A fresh folder under the system's temporary directory, removed when released.
final class TemporaryFolder: Sendable {
    /// The folder's URL.
    let url: URL

    init() throws {
        url = TemporaryFiles.folder.appendingPathComponent("ohk-sqlite-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
