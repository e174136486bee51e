import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// A batch of records with sync identifiers (new identities, newer, equal and older versions of stored ones and of
/// ones earlier in the batch) leaves the store exactly as saving them one at a time does, row for row in every table,
/// with the same outcome: the check for any writer that inserts them together (such as the multi-row `SampleRun`).
struct SyncRunTests {
    static let app = SampleRunTests.app, other = SourceRecord(bundleIdentifier: "com.example.other", name: "Other")
    /// Another revision of the app: the same source for sync identities (same bundle identifier).
    static let renamed = SourceRecord(bundleIdentifier: app.bundleIdentifier, name: "Example 2", version: "2")

    /// A step sample `minute` minutes into the day, or a blood-pressure correlation's member there.
    static func quantity(_ minute: Int, source: SourceRecord = app, fields: [String: FieldValue] = [:],
                         sync: (String, Int64)? = nil, parent: UUID? = nil) -> SampleRecord {
        let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60)
        return SampleRecord(uuid: UUID(), kind: .quantity, type: parent == nil ? SampleRunTests.steps : "HKQuantityTypeIdentifierBloodPressureSystolic",
                            startDate: start, endDate: start, quantity: Double(minute), unit: "count", source: source,
                            fields: fields, syncIdentifier: sync?.0, syncVersion: sync?.1, parent: parent)
    }

    /// A blood-pressure correlation and two members, correlation first.
    static func correlation(_ minute: Int, sync: (String, Int64)) -> [SampleRecord] {
        let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60)
        let parent = SampleRecord(uuid: UUID(), kind: .correlation, type: "HKCorrelationTypeIdentifierBloodPressure",
                                  startDate: start, endDate: start, source: app, syncIdentifier: sync.0, syncVersion: sync.1)
        return [parent, quantity(minute, parent: parent.uuid), quantity(minute + 1, parent: parent.uuid)]
    }

    /// What both stores hold before the batch: identities `stored-0` … `stored-9` at version 2 and a correlation `bp`.
    static func earlier() -> [[SampleRecord]] {
        (0 ..< 10).map { [quantity($0, sync: ("stored-\($0)", 2))] } + [correlation(20, sync: ("bp", 1))]
    }

    /// 700 records in save units (a correlation with its members is one unit): new identities with fields, newer,
    /// equal and older versions of stored identities and of identities given earlier in the batch (from either
    /// revision of the source, or from another source), user-entered and plain samples, replacing and new correlations.
    static func batch() -> [[SampleRecord]] {
        var units: [[SampleRecord]] = []
        for i in 0 ..< 700 {
            var fields: [String: FieldValue] = i % 3 == 0 ? ["note": .text("n\(i)"), "level": .number(Double(i))] : [:]
            if i % 300 == 4 { fields["HKWasUserEntered"] = .bool(true) }
            let sync: (String, Int64)?
            var source = app
            switch i {
            case _ where i % 50 == 7: sync = ("stored-\(i / 50 % 10)", Int64(i / 50 % 4))  // ignored at 0...2, replaces at 3
            case _ where i % 60 == 11: sync = ("new-\(i - 11)", Int64(i / 60 % 3))  // replaces the batch's at 2
            case _ where i % 90 == 23: (sync, source) = (("new-\(i - 3)", 5), renamed)
            case _ where i % 70 == 13: (sync, source) = (("new-\(i - 13)", 1), other)
            case _ where i % 5 == 0: sync = ("new-\(i)", 1)
            default: sync = nil
            }
            units.append([quantity(100 + i, source: source, fields: fields, sync: sync)])
            if i == 350 { units.append(correlation(1_000 + i, sync: ("bp", 2))) }
            if i == 351 { units.append(correlation(1_000 + i, sync: ("bp-new", 1))) }
        }
        return units
    }

    /// Every row of every table, each table's rows sorted by their text (blobs, such as UUIDs, in hex).
    static func dump(_ storage: SQLiteHealthStorage) throws -> [String: [String]] {
        try storage.writer.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            return try Dictionary(uniqueKeysWithValues: tables.map { table in
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { row in
                    row.databaseValues.map { value -> String in
                        guard case .blob(let bytes) = value.storage else { return value.description }
                        return bytes.map { String(format: "%02x", $0) }.joined()
                    }.joined(separator: "|")
                }
                return (table, rows.sorted())
            })
        }
    }

    @Test func aBatchLeavesTheStoreAsOneRecordASaveDoes() throws {
        let folder = try TemporaryFolder()
        let together = try SQLiteHealthStorage(path: folder.path("together.sqlite"))
        let alone = try SQLiteHealthStorage(path: folder.path("alone.sqlite"))
        let earlier = Self.earlier(), units = Self.batch()
        for storage in [together, alone] {
            try storage.prepareSlotSums()
            for unit in earlier { _ = try storage.save(unit) }
        }
        let outcome = try together.save(units.flatMap { $0 })
        var expected = SaveOutcome()
        for unit in units {
            let one = try alone.save(unit)
            expected.stored += one.stored
            expected.ignored += one.ignored
            expected.replaced += one.replaced
        }
        #expect(outcome == expected)
        #expect(outcome.ignored.count > 10 && outcome.replaced.count > 10, "the batch ignores and replaces")
        let (a, b) = (try Self.dump(together), try Self.dump(alone))
        #expect(a.keys.sorted() == b.keys.sorted())
        for table in a.keys.sorted() { #expect(a[table] == b[table], "table \(table)") }
        #expect(a["stat_slot"]?.isEmpty == false && a["tombstone"]?.isEmpty == false)
    }
}
