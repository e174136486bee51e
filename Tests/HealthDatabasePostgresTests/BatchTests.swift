import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// Saves larger than one `unnest` statement (10,000 samples) go in several statements of one transaction.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct BatchTests {
    static func many(_ count: Int) -> [SampleRecord] {
        (0..<count).map { OwnerIsolationTests.sample(Double($0), fields: $0 % 2 == 0 ? ["n": .number(Double($0))] : [:]) }
    }

    @Test("25,000 records in one save are stored whole, in order, fields and all")
    func largeBatch() throws {
        let storage = try TestServer.freshStorage()
        let records = Self.many(25_000)
        #expect(try storage.save(records).stored.count == 25_000)
        #expect(try storage.latestChangePosition() == 25_000)
        let log = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(log == records.map(Change.saved), "every record at its position, with its fields")
        #expect(try storage.count(matching: .fieldExists("n")) == 12_500)
    }

    @Test("a failure after 12,000 rows were inserted and a record replaced rolls the whole save back")
    func failingLargeBatch() throws {
        let storage = try TestServer.freshStorage()
        let kept = OwnerIsolationTests.sample(1, sync: "k")
        _ = try storage.save([kept])
        var records = Self.many(15_000)
        // The replacement makes the writer insert the 12,000 records before it (two statements) and then replace.
        records[12_000].syncIdentifier = "k"
        records[12_000].syncVersion = 2
        records[14_000].uuid = records[5].uuid
        #expect(throws: StorageError.duplicateUUID(records[5].uuid)) { _ = try storage.save(records) }
        #expect(try storage.records(matching: .all, sort: [], limit: nil) == [kept])
        #expect(try storage.changes(after: 0, matching: .all, limit: nil).changes == [.saved(kept)])
        #expect(try storage.latestChangePosition() == 1)
    }

    @Test("stored UUIDs in the second statement of a save: the first one in order is named, nothing of the save stays")
    func storedUUIDsFoundByTheInsert() throws {
        let storage = try TestServer.freshStorage()
        let stored = [OwnerIsolationTests.sample(-1, fields: ["n": .number(-1)]), OwnerIsolationTests.sample(-2)]
        _ = try storage.save(stored)
        var records = Self.many(12_000)
        records[11_000].uuid = stored[1].uuid  // a copy with other fields and values, after 10,000 were inserted
        records[11_500].uuid = stored[0].uuid
        #expect(throws: StorageError.duplicateUUID(stored[1].uuid)) { _ = try storage.save(records) }
        #expect(try storage.records(matching: .all, sort: [], limit: nil) == stored, "the stored records and their fields as they were")
        #expect(try storage.count(matching: .fieldExists("n")) == 1)
        #expect(try storage.latestChangePosition() == 2)
    }
}
