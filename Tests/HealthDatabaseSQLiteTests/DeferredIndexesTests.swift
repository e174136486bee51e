import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing
import TestSupport

/// A new store's build (`NewStoreFile`) writes its rows without the secondary indexes nothing reads meanwhile and
/// builds them afterwards: the finished store has the schema, rows and summaries of a store written the usual way.
struct DeferredIndexesTests {
    /// The name and SQL of every index and table of the store at `path`, then every `sample`, `field` and device row.
    private static func schemaAndRows(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let schema = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map { "\($0)" }
            let samples = try Row.fetchAll(db, sql: "SELECT * FROM sample ORDER BY id").map { "\($0)" }
            let fields = try Row.fetchAll(db, sql: "SELECT * FROM field ORDER BY sample_id, key").map { "\($0)" }
            let devices = try Row.fetchAll(db, sql: """
                SELECT d.*, p.key, p.value FROM device d JOIN device_property p ON p.device_id = d.id ORDER BY d.id, p.key
                """).map { "\($0)" }
            return schema + samples + fields + devices
        }
    }

    private static func indexNames(_ storage: SQLiteHealthStorage) throws -> Set<String> {
        try Set(storage.writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'") })
    }

    @Test func aBuiltStoreMatchesOneWrittenTheUsualWay() throws {
        let folder = try TemporaryFolder()
        let batches = SlotSumTotalsTests.batches(seed: 21)
        #expect(try SlotSumTotalsTests.store(batches, at: folder.path("usual.sqlite"), collecting: true))

        let path = folder.path("built.sqlite")
        let build = try NewStoreFile(path: path)
        try build.storage.collectSlotSums()
        for batch in batches { _ = try build.storage.save(batch) }
        let whileWriting = try Self.indexNames(build.storage)
        #expect(whileWriting.isDisjoint(with: DeferredIndexes.names))
        #expect(whileWriting.isSuperset(of: ["sqlite_autoindex_sample_1", "sample_sync", "sample_parent"]))
        try build.storage.prepareSlotSums()
        #expect(try Self.indexNames(build.storage).isSuperset(of: DeferredIndexes.names), "built before the install")
        try build.finish()
        #expect(try build.place())

        let built = try Self.schemaAndRows(path)
        let usual = try Self.schemaAndRows(folder.path("usual.sqlite"))
        #expect(built.count > 6000)
        SlotSumTotalsTests.expectSame(built, usual)
        SlotSumTotalsTests.expectSame(try SlotSumTotalsTests.summaries(path), try SlotSumTotalsTests.summaries(folder.path("usual.sqlite")))
    }

    @Test func aBuildFinishedWithoutTheInstallStillHasItsIndexes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("built.sqlite")
        let build = try NewStoreFile(path: path)
        _ = try build.storage.save(SlotSumTotalsTests.batches(seed: 22)[0])
        try build.finish()
        #expect(try build.place())
        let names = try DatabaseQueue(path: path).read { db in
            try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'"))
        }
        #expect(names.isSuperset(of: DeferredIndexes.names))
    }
}
