import Foundation
import HealthDatabase
@testable import HealthDatabasePostgres
import PostgresNIO
import Testing
import TestSupport

/// The hot reads keep their indexes: with whole-table scans, bitmap scans and sorting discouraged (so the plan shows
/// what the indexes can deliver, whatever the test database's size and statistics), a plan that still sorts means no
/// index delivers the order the read asks for.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct QueryPlanTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    /// The plan of the records query the engine runs for `filter`, `sort` and `limit`.
    static func plan(_ storage: PostgresHealthStorage, _ filter: SampleFilter, sort: [SampleSort], limit: Int?) throws -> String {
        try plan(storage, filter) { compiler in
            SampleQuery.select(owner: storage.ownerID, filter, compiler, sort: sort, limit: limit, includePayload: true)
        }
    }

    /// The plan of the query `build` makes with a compiler for `filter`.
    static func plan(_ storage: PostgresHealthStorage, _ filter: SampleFilter, _ build: (FilterSQL) -> SQL) throws -> String {
        try storage.read("explaining a query") { session in
            var query = build(try FilterSQL(for: filter, storage.identities, session))
            query.text = "EXPLAIN " + query.text
            // SET LOCAL: the settings end with the transaction, so the pooled connection goes back as it came.
            return try session.transaction {
                try session.execute(SQL("SET LOCAL enable_seqscan = off"))
                try session.execute(SQL("SET LOCAL enable_bitmapscan = off"))
                try session.execute(SQL("SET LOCAL enable_sort = off"))
                return try session.rows(query).map { try $0.decode(String.self) }.joined(separator: "\n")
            }
        }
    }

    @Test("the latest samples of one type read the (owner_id, type_id, start_time, change_seq) index backwards, unsorted")
    func latestOfOneType() throws {
        let storage = try TestServer.freshStorage()
        _ = try storage.save((0..<50).map { index in
            var record = OwnerIsolationTests.sample(Double(index))
            record.type = Self.heartRate
            return record
        })
        let plan = try Self.plan(storage, .types([Self.heartRate]), sort: [SampleSort(.startDate, ascending: false)], limit: 100)
        #expect(plan.contains("Index Scan Backward using sample_type_start"), "\(plan)")
        #expect(!plan.contains("Sort  (cost"), "no sort step: the index delivers the order, ties included: \(plan)")
    }

    @Test("an anchored page merges the (owner_id, change_seq) keys of samples and tombstones, unsorted")
    func anchoredPage() throws {
        let storage = try TestServer.freshStorage()
        let records = (0..<50).map { OwnerIsolationTests.sample(Double($0)) }
        _ = try storage.save(records)
        _ = try storage.delete(uuids: [records[3].uuid], source: nil)
        for filter in [SampleFilter.all, .types([OwnerIsolationTests.steps])] {
            let plan = try Self.plan(storage, filter) { ChangeLog.select(after: 10, through: nil, matching: filter, limit: 1_000, $0) }
            #expect(plan.contains("Merge Append"), "\(plan)")
            #expect(!plan.contains("Sort  (cost"), "no sort step: \(plan)")
        }
    }

    @Test("the latest samples of a few types merge one ordered arm per type, unsorted")
    func latestOfAFewTypes() throws {
        let storage = try TestServer.freshStorage()
        _ = try storage.save((0..<60).map { index in
            var record = OwnerIsolationTests.sample(Double(index))
            record.type = index % 2 == 0 ? Self.heartRate : OwnerIsolationTests.steps
            return record
        })
        let filter = SampleFilter.and([.types([Self.heartRate, OwnerIsolationTests.steps]),
                                       .window(DateWindow(start: Date(timeIntervalSince1970: 1_700_000_010), end: nil))])
        for sort in [[SampleSort(.startDate, ascending: false)], [SampleSort(.endDate)], []] {
            let plan = try Self.plan(storage, filter, sort: sort, limit: 10)
            #expect(plan.contains("Merge Append"), "\(sort): \(plan)")
            #expect(!plan.contains("Sort  (cost"), "no sort step for \(sort): \(plan)")
        }
        let latest = try storage.records(matching: filter, sort: [SampleSort(.startDate, ascending: false)], limit: 5)
        #expect(latest.map(\.quantity) == [59, 58, 57, 56, 55], "the merged read gives the latest of both types")
        let first = try storage.records(matching: filter, sort: [], limit: 3)
        #expect(first.map(\.quantity) == [10, 11, 12], "unsorted: save order across the arms")
    }
}
