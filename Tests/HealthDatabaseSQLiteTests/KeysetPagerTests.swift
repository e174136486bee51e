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

    /// A page over HealthKit's nine clinical types (what `health records list` reads) merges nine index seeks instead
    /// of sorting every record after the boundary.
    @Test func aPageOverTheNineClinicalTypesMergesTheirIndexes() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let types = ["Allergy", "ClinicalNote", "Condition", "Coverage", "Immunization", "LabResult", "Medication", "Procedure", "VitalSign"]
            .map { "HKClinicalTypeIdentifier\($0)Record" }
        let source = SourceRecord(bundleIdentifier: "com.example.hospital", name: "Hospital")
        let records = (0 ..< 90).map { index in
            SampleRecord(uuid: UUID(), kind: .clinical, type: types[index % 9], startDate: Date(timeIntervalSince1970: Double(index / 10)),
                         endDate: Date(timeIntervalSince1970: Double(index / 10)), source: source)
        }
        _ = try storage.save(records)
        let boundary = PageBoundary(after: records[45].uuid, ascending: false)
        let filter = SampleFilter.and([.types(Set(types)), .datesAfter(boundary)])
        let plan = try QueryPlanTests.plan(storage) { db in
            try SampleQuery.select(filter, FilterSQL(for: filter, storage.identities, db), sort: [boundary.sort], limit: 1000)
        }
        #expect(plan.filter { $0.contains("INDEX sample_type_start (type=? AND start<?)") }.count == 9, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
}
