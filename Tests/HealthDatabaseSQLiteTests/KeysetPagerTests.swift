import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// ``PageBoundary``'s filters in SQLite: continuing a page is an index seek, not a walk over what was read (the paging
/// itself is checked for every engine by the conformance suite's `paging` checks).
struct KeysetPagerTests {
    @Test func continuingSeeksTheDateIndex() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let last = try QueryPlanTests.saveCycling(300, in: storage)[150]
        for ascending in [false, true] {
            let boundary = PageBoundary(after: last.uuid, ascending: ascending)
            let seeks = [(SampleFilter.tiesAfter(boundary), "(type=? AND start=? AND rowid\(ascending ? ">" : "<")?)"),
                         (.datesAfter(boundary), "(type=? AND start\(ascending ? ">" : "<")?)")]
            for (part, expected) in seeks {
                let filter = SampleFilter.and([.types([QueryPlanTests.heartRate, QueryPlanTests.steps]), part])
                let plan = try QueryPlanTests.plan(storage) { db in
                    try SampleQuery.select(filter, FilterSQL(for: filter, storage.identities, db), sort: [boundary.sort], limit: 1000)
                }
                #expect(plan.filter { $0.contains("INDEX sample_type_start \(expected)") }.count == 2, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0.hasPrefix("SCAN s") }, "\(plan)")
            }
        }
    }
}
