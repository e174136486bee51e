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

    static let bodyMass = "HKQuantityTypeIdentifierBodyMass"

    /// Saves `count` quantity samples cycling through heart rate, step count and body mass, sample `i` at second `i`
    /// with quantity `i`; returns them in save order.
    static func saveCycling(_ count: Int, in storage: SQLiteHealthStorage) throws -> [SampleRecord] {
        let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
        let records = (0 ..< count).map { index in
            SampleRecord(uuid: UUID(), kind: .quantity, type: [heartRate, steps, bodyMass][index % 3],
                         startDate: Date(timeIntervalSince1970: Double(index)), endDate: Date(timeIntervalSince1970: Double(index)),
                         quantity: Double(index), source: source)
        }
        _ = try storage.save(records)
        return records
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
            try SampleQuery.select(filter, FilterSQL(for: filter, storage.identities, db), sort: [SampleSort(.startDate, ascending: false)],
                                   limit: 100)
        }
        #expect(plan.contains { $0.contains("USING INDEX sample_type_start (type=? AND start<?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func latestOfSeveralTypesMergesOneIndexScanPerType() throws {
        let storage = try Self.storage()
        let window = DateWindow(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 86400))
        let filter = SampleFilter.or([.and([.types([Self.heartRate]), .window(window)]), .and([.types([Self.steps]), .window(window)])])
        func plan(_ sort: [SampleSort], _ filter: SampleFilter = filter) throws -> [String] {
            try Self.plan(storage) { db in
                try SampleQuery.select(filter, FilterSQL(for: filter, storage.identities, db), sort: sort, limit: 100)
            }
        }
        // Each arm gets its own type's window, so the date term bounds the index scan.
        let latest = try plan([SampleSort(.startDate, ascending: false)])
        #expect(latest.filter { $0.contains("USING INDEX sample_type_start (type=? AND start<?)") }.count == 2, "\(latest)")
        #expect(!latest.contains { $0.contains("TEMP B-TREE") }, "\(latest)")
        let saved = try plan([], .types([Self.heartRate, Self.steps]))
        #expect(saved.filter { $0.contains("USING INDEX sample_type (type=?)") }.count == 2, "\(saved)")
        #expect(!saved.contains { $0.contains("TEMP B-TREE") }, "\(saved)")
        // Sorting by a metadata field has no per-type index order to merge: one arm, sorted.
        let byField = try plan([SampleSort(.field("HKMetadataKeyHeartRateMotionContext"), ascending: true)])
        #expect(!byField.contains { $0.contains("MERGE") }, "\(byField)")
    }

    @Test(arguments: [[SampleSort](), [SampleSort(.startDate, ascending: false)], [SampleSort(.startDate, ascending: true)],
                      [SampleSort(.endDate, ascending: false)], [SampleSort(.endDate, ascending: true)]])
    func mergedReadsSortAndBreakTiesAsOneQuery(sort: [SampleSort]) throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
        let types = [Self.heartRate, Self.steps, "HKQuantityTypeIdentifierBodyMass"]
        // Dates repeat across types (ties broken by position), ends differ from starts.
        let records = (0 ..< 90).map { index in
            SampleRecord(uuid: UUID(), kind: .quantity, type: types[index % 3], startDate: Date(timeIntervalSince1970: Double(index / 4 * 60)),
                         endDate: Date(timeIntervalSince1970: Double(index / 4 * 60 + (index % 5) * 7)), quantity: Double(index), source: source)
        }
        _ = try storage.save(records)
        func key(_ record: SampleRecord) -> Double {
            switch sort.first?.key {
            case .startDate: record.startDate.timeIntervalSince1970
            case .endDate: record.endDate.timeIntervalSince1970
            default: 0
            }
        }
        let ascending = sort.first?.ascending ?? true
        let position = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($0.element.uuid, $0.offset) })
        let expected = records.filter { $0.type != types[2] }.sorted {
            key($0) != key($1) ? (key($0) < key($1)) == ascending : (position[$0.uuid]! < position[$1.uuid]!) == ascending
        }.map(\.uuid)
        let both = SampleFilter.types([Self.heartRate, Self.steps])
        #expect(try storage.records(matching: both, sort: sort, limit: nil).map(\.uuid) == expected)
        #expect(try storage.records(matching: both, sort: sort, limit: 25).map(\.uuid) == Array(expected.prefix(25)))
    }

    @Test func mergedReadsApplyEachTypesOwnConditions() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let records = try Self.saveCycling(120, in: storage)
        // Heart rates above 40, step counts not above 60, body mass never (it is not named).
        let filter = SampleFilter.or([.and([.types([Self.heartRate]), .quantity(.greaterThan, 40)]),
                                      .and([.types([Self.steps, "HKQuantityTypeIdentifierNeverStored"]), .not(.quantity(.greaterThan, 60))])])
        let expected = records.filter { record in
            record.type == Self.heartRate ? record.quantity! > 40 : record.type == Self.steps ? record.quantity! <= 60 : false
        }
        #expect(try storage.records(matching: filter, sort: [], limit: nil).map(\.uuid) == expected.map(\.uuid))
        #expect(try storage.records(matching: filter, sort: [SampleSort(.startDate, ascending: false)], limit: 10).map(\.uuid)
            == expected.reversed().prefix(10).map(\.uuid))
        let changes = try storage.changes(after: 0, matching: filter, limit: nil).changes.compactMap { change -> UUID? in
            if case .saved(let record) = change { record.uuid } else { nil }
        }
        #expect(changes == expected.map(\.uuid))
        #expect(SampleFilter.not(.types([Self.steps])).restricted(toType: Self.steps) == .none)
        #expect(SampleFilter.and([.types([Self.steps]), .hasChild(.types([Self.steps]))]).restricted(toType: Self.steps)
            == .hasChild(.types([Self.steps])))
    }

    @Test func anchoredReadOfOneTypeMergesIndexOrderedScans() throws {
        let storage = try Self.storage()
        let plan = try Self.plan(storage) { db in
            try ChangeLog.select(after: 0, through: nil, matching: .types([Self.steps]), limit: 1000, storage.identities, db)
        }
        #expect(plan.contains { $0.contains("USING INDEX sample_type (type=? AND rowid>? AND rowid<?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test(arguments: [
        SampleFilter.types([heartRate, steps]),
        .or([.and([.types([heartRate]), .sources(["com.example.app"])]), .types([steps])]),
        .and([.types([heartRate, steps, "HKQuantityTypeIdentifierNeverStored"]), .not(.sources(["com.example.other"]))]),
    ])
    func anchoredReadOfSeveralTypesMergesOneIndexScanPerType(filter: SampleFilter) throws {
        let storage = try Self.storage()
        let plan = try Self.plan(storage) { db in
            try ChangeLog.select(after: 0, through: nil, matching: filter, limit: 1000, storage.identities, db)
        }
        #expect(plan.filter { $0.contains("USING INDEX sample_type (type=? AND rowid>? AND rowid<?)") }.count == 2, "\(plan)")
        #expect(plan.filter { $0.contains("USING INDEX tombstone_type (type=? AND rowid>? AND rowid<?)") }.count == 2, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func anchoredReadOfSeveralTypesReturnsEveryChangeOnceInOrder() throws {
        let storage = try Self.storage()
        let seeds = try storage.records(matching: .all, sort: [], limit: nil).map(\.uuid)
        let bodyMass = Self.bodyMass
        let records = try Self.saveCycling(30, in: storage)
        _ = try storage.delete(uuids: [records[3].uuid, records[4].uuid, records[5].uuid], source: nil)
        // Position order: the two seeds, the surviving heart rates and step counts, then the two deletions of those types.
        let surviving = records.enumerated().filter { $0.element.type != bodyMass && ![3, 4].contains($0.offset) }.map(\.element.uuid)
        let expected = (seeds + surviving).map { "saved \($0)" } + [records[3].uuid, records[4].uuid].map { "deleted \($0)" }
        func described(_ batch: ChangeBatch) -> [String] {
            batch.changes.map { change in
                switch change {
                case .saved(let record): "saved \(record.uuid)"
                case .deleted(let tombstone): "deleted \(tombstone.uuid)"
                }
            }
        }
        let both: SampleFilter = .types([Self.heartRate, Self.steps])
        #expect(described(try storage.changes(after: 0, matching: both, limit: nil)) == expected)
        let first = try storage.changes(after: 0, matching: both, limit: 5)
        #expect(described(first) == Array(expected.prefix(5)))
        let rest = try storage.changes(after: first.anchor, matching: both, limit: nil)
        #expect(described(rest) == Array(expected.dropFirst(5)))
    }

    @Test func unlimitedReadOfTypesFillingMostPositionsWalksTheTable() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let bodyMass = Self.bodyMass
        _ = try Self.saveCycling(12_000, in: storage)
        func plan(_ filter: SampleFilter, limit: Int?) throws -> [String] {
            try Self.plan(storage) { db in try ChangeLog.select(after: 0, through: nil, matching: filter, limit: limit, storage.identities, db) }
        }
        let dense = try plan(.types([Self.heartRate, Self.steps]), limit: nil)   // two thirds of the positions
        #expect(dense.contains { $0.contains("SEARCH s USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)") }, "\(dense)")
        #expect(!dense.contains { $0.contains("sample_type") || $0.contains("TEMP B-TREE") }, "\(dense)")
        let sparse = try plan(.types([bodyMass]), limit: nil)   // one third
        #expect(sparse.contains { $0.contains("USING INDEX sample_type (type=? AND rowid>? AND rowid<?)") }, "\(sparse)")
        let limited = try plan(.types([Self.heartRate, Self.steps]), limit: 500)
        #expect(limited.filter { $0.contains("USING INDEX sample_type") }.count == 2, "\(limited)")
        // Both plans give the same changes.
        let whole = try storage.changes(after: 0, matching: .types([Self.heartRate, Self.steps]), limit: nil).changes
        var pieces: [Change] = [], anchor: Int64 = 0
        while true {
            let batch = try storage.changes(after: anchor, matching: .types([Self.heartRate, Self.steps]), limit: 1_000)
            if batch.changes.isEmpty { break }
            pieces += batch.changes
            anchor = batch.anchor
        }
        #expect(whole.count == 8_000)
        #expect(whole == pieces)
    }

    @Test func unknownTypesMatchNothing() throws {
        let storage = try Self.storage()
        #expect(try storage.count(matching: .types(["HKQuantityTypeIdentifierNeverStored"])) == 0)
        #expect(try storage.count(matching: .not(.types(["HKQuantityTypeIdentifierNeverStored"]))) == 2)
        #expect(try storage.count(matching: .types([Self.steps, "HKQuantityTypeIdentifierNeverStored"])) == 1)
    }

    /// `health records show UUID` reads every clinical type for one UUID, newest first: each type's arm seeks the UUID
    /// index instead of walking its `(type, start)` index for the order.
    @Test func aUUIDOfSeveralTypesSeeksTheUUIDIndex() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let target = try Self.saveCycling(300, in: storage)[123]
        let filter = SampleFilter.or([Self.heartRate, Self.steps, Self.bodyMass].map { .and([.types([$0]), .uuids([target.uuid])]) })
        let sort = [SampleSort(.startDate, ascending: false)]
        let plan = try Self.plan(storage) { db in try SampleQuery.select(filter, FilterSQL(for: filter, storage.identities, db), sort: sort, limit: nil) }
        #expect(plan.filter { $0.contains("(uuid=?)") }.count == 3, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") || $0.contains("sample_type_start") }, "\(plan)")
        #expect(try storage.records(matching: filter, sort: sort, limit: nil).map(\.uuid) == [target.uuid])
    }

    /// An ingestion looks up the stored versions of a page of resources (about 100 sync identifiers) of one source: the
    /// lookup seeks the sync identifier index, never walks the source's records (which made each page's lookup cost
    /// grow with everything the source had stored).
    @Test func storedVersionsOfABatchSeekTheSyncIdentifierIndex() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let source = SourceRecord(bundleIdentifier: "org.example.institution", name: "Example Hospital")
        let records = (0 ..< 300).map { index in
            SampleRecord(uuid: UUID(), kind: .clinical, type: "HKClinicalTypeIdentifierLabResultRecord",
                         startDate: Date(timeIntervalSince1970: Double(index)), endDate: Date(timeIntervalSince1970: Double(index)),
                         source: source, syncIdentifier: "Observation/\(index)", syncVersion: 1)
        }
        _ = try storage.save(records)
        let wanted = Set((250 ..< 350).map { "Observation/\($0)" })
        let filter = SampleFilter.and([.syncIdentifiers(wanted), .sources([source.bundleIdentifier]), .kinds([.clinical])])
        let plan = try Self.plan(storage) { db in try SampleQuery.select(filter, FilterSQL(for: filter, storage.identities, db), sort: [], limit: nil) }
        #expect(plan.contains { $0.contains("sample_sync (sync_identifier=?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("sample_source") || $0.hasPrefix("SCAN s") }, "\(plan)")
        let found = try storage.recordsBeforeWriting(matching: filter).compactMap(\.syncIdentifier)
        #expect(Set(found) == Set((250 ..< 300).map { "Observation/\($0)" }))
        #expect(try storage.recordsBeforeWriting(matching: .and([.syncIdentifiers(wanted), .sources(["org.example.other"])])).isEmpty)
        #expect(try storage.recordsBeforeWriting(matching: .syncIdentifiers([])).isEmpty)
    }
}
