import Foundation
import TestSupport
import GRDB
@testable import HealthDatabaseSQLite
import Testing

/// The writer's page cache: 64 MB when a store opens, settable (the importer uses 16 MB).
struct WriterCacheTests {
    static func cacheSize(_ storage: SQLiteHealthStorage) throws -> Int {
        try storage.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
    }

    @Test func opensWith64MegabytesAndTakesAnotherSize() throws {
        let path = TemporaryFiles.folder.path + "/ohk-cache-\(UUID().uuidString).sqlite"
        let storage = try SQLiteHealthStorage(path: path)
        #expect(try Self.cacheSize(storage) == -65_536)
        try storage.setWriterCacheSize(megabytes: 16)
        #expect(try Self.cacheSize(storage) == -16_384)
        try storage.setWriterCacheSize(megabytes: 0)
        #expect(try Self.cacheSize(storage) == -1_024, "at least 1 MB")
    }
}
