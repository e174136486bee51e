import Foundation
import HealthDatabase
@testable import HealthDatabasePostgres
import PostgresNIO
import Testing
import TestSupport

/// One person's reads among many people keep to the person's ranges of the type and date indexes, with the
/// statistics PostgreSQL gathers on a table that holds many people. There it takes `owner_id` and `source_id` for
/// independent columns and expects one person's source to own (1 / people)² of the table: a read that joined `source`
/// was driven from it into `(owner_id, source_id)` and read all of the person's samples.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct ManyOwnersPlanTests {
    static let people = 60, hours = 120
    static let first = 1_700_000_000.0

    /// A schema of its own holding `people` people with `hours` hourly heart rates each, analyzed.
    static func crowd() throws -> [PostgresHealthStorage] {
        let database = try TestServer.separateDatabase(schema: TestServer.freshSchema())
        let storages = try (0..<people).map { person in
            let storage = try database.storage(owner: "person-\(person)")
            _ = try storage.save((0..<hours).map { hour in
                var record = OwnerIsolationTests.sample(Double(hour * 3_600))
                record.type = QueryPlanTests.heartRate
                record.unit = "count/min"
                return record
            })
            return storage
        }
        _ = try storages[0].read("analyzing the samples") { try $0.execute(SQL("ANALYZE sample")) }
        return storages
    }

    @Test("a statistics window of one person among many reads (owner_id, type_id, start_time, …), not the person's source")
    func statisticsWindow() throws {
        let storage = try Self.crowd()[Self.people / 2]
        let type = QueryPlanTests.heartRate, filter = SampleFilter.types([type])
        let day = Self.first + 24 * 3_600 ..< Self.first + 48 * 3_600
        let plan = try QueryPlanTests.plan(storage, filter) { compiler in
            SampleQuery.quantityValues(owner: storage.ownerID, filter, compiler, type: compiler.typeIDs[type], starts: day)
        }
        #expect(plan.contains("sample_type_start"), "\(plan)")
        #expect(!plan.contains("sample_source"), "\(plan)")
        let values = try storage.quantityValues(matching: filter, type: type, starts: day)
        #expect(values.map(\.start).sorted() == (24..<48).map { Self.first + Double($0 * 3_600) })
        #expect(Set(values.map(\.source)) == [OwnerIsolationTests.app.bundleIdentifier])
    }

    @Test("the newest sample of one person's source among many steps back through (owner_id, type_id, end_time, …), not (owner_id, source_id)")
    func newestOfOneSource() throws {
        let storage = try Self.crowd()[Self.people / 2]
        let filter = SampleFilter.and([.types([QueryPlanTests.heartRate]), .sources([OwnerIsolationTests.app.bundleIdentifier])])
        // The planner's own choice (no plan settings): with owner_id and source_id taken for independent, it expected
        // the source to own 1/people² of the table and read and sorted all of the person's samples through sample_source.
        let plan = try storage.read("explaining a query") { session in
            var query = SampleQuery.select(owner: storage.ownerID, filter, try FilterSQL(for: filter, storage.identities, session),
                                           sort: [SampleSort(.endDate, ascending: false)], limit: 1, includePayload: true)
            query.text = "EXPLAIN " + query.text
            return try session.rows(query).map { try $0.decode(String.self) }.joined(separator: "\n")
        }
        #expect(plan.contains("sample_type_end"), "\(plan)")
        #expect(!plan.contains("sample_source"), "\(plan)")
        let newest = try storage.records(matching: filter, sort: [SampleSort(.endDate, ascending: false)], limit: 1)
        #expect(newest.map(\.startDate.timeIntervalSince1970) == [Self.first + Double((Self.hours - 1) * 3_600)])
    }
}
