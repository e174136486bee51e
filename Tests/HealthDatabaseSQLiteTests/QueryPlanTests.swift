import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// The hot reads keep their indexes with integer type ids: the filter binds the ids, so `type = ?` still
/// leads the `(type, start)` and `(type)` indexes.
struct QueryPlanTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// A store holding one sample of each type.
    static func storage() throws -> SQLiteHealthStorage {
        let storage = try SQLiteHealthStorage.inMemory()
        let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
        _ = try storage.save([heartRate, steps].map {
            SampleRecord(uuid: UUID(), kind: .quantity, type: $0, startDate: Date(timeIntervalSince1970: 0),
                         endDate: Date(timeIntervalSince1970: 0), quantity: 1, source: source)
        })
        return storage
    }

    /// The detail lines of the plan of the query `build` returns.
    static func plan(_ storage: SQLiteHealthStorage, _ build: (Database) throws -> SQLPart) throws -> [String] {
        try storage.writer.read { db in
            let query = try build(db)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments).map { $0["detail"] }
        }
    }

    @Test func latestFirstReadsTheTypeStartIndexBackwards() throws {
        let storage = try Self.storage()
        let window = DateWindow(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 86400))
        let filter = SampleFilter.and([.types([Self.heartRate]), .window(window)])
        let plan = try Self.plan(storage) { db in
            try SampleQuery.select(FilterSQL.samples(filter, storage.identities, db), sort: [SampleSort(.startDate, ascending: false)],
                                   limit: 100)
        }
        #expect(plan.contains { $0.contains("USING INDEX sample_type_start (type=? AND start<?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func anchoredReadOfOneTypeMergesIndexOrderedScans() throws {
        let storage = try Self.storage()
        let plan = try Self.plan(storage) { db in
            try ChangeLog.select(after: 0, through: nil, matching: .types([Self.steps]), limit: 1000, storage.identities, db)
        }
        #expect(plan.contains { $0.contains("USING INDEX sample_type (type=? AND rowid>? AND rowid<?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func unknownTypesMatchNothing() throws {
        let storage = try Self.storage()
        #expect(try storage.count(matching: .types(["HKQuantityTypeIdentifierNeverStored"])) == 0)
        #expect(try storage.count(matching: .not(.types(["HKQuantityTypeIdentifierNeverStored"]))) == 2)
        #expect(try storage.count(matching: .types([Self.steps, "HKQuantityTypeIdentifierNeverStored"])) == 1)
    }
}
