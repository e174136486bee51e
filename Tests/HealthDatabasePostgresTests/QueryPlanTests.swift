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
        try storage.read("explaining a query") { session in
            let condition = try FilterSQL(for: filter, storage.identities, session).samples(filter)
            var query = SampleQuery.select(owner: storage.ownerID, condition, sort: sort, limit: limit, includePayload: true)
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
        #expect(!plan.contains("Sort"), "the index delivers the order, ties included: \(plan)")
    }
}
