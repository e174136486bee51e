import Foundation
import GRDB
import HealthDatabase
import HealthLocking
@testable import HealthDatabaseSQLite
import Testing
import TestSupport

/// Summaries totalled while saving into an empty store (`collectSlotSums`, what imports do) install exactly the rows
/// the SQL install reads from the samples, bit for bit; anything that makes the totals wrong leaves the install to the
/// samples.
struct SlotSumTotalsTests {
    static let types = ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierActiveEnergyBurned",
                        "HKQuantityTypeIdentifierHeartRate"]
    static let sources = [SourceRecord(bundleIdentifier: "com.example.phone", name: "Phone"),
                          SourceRecord(bundleIdentifier: "com.example.watch", name: "Watch")]
    static let devices: [DeviceRecord?] = [nil, DeviceRecord(properties: ["HKDevicePropertyName": "Watch"]),
                                           DeviceRecord(properties: ["HKDevicePropertyName": "Ring"])]

    /// 6,000 records of several types, sources and devices in batches, with values whose sums depend on their order
    /// (thirds), samples crossing slot edges, before 1970 and on slot edges, without a quantity, user-entered ones
    /// (`HKWasUserEntered` true, 1, 2 and 0), and a few category samples, which are not summarised.
    static func batches(seed: UInt64) -> [[SampleRecord]] {
        var random = SeededGenerator(seed: seed)
        var batches: [[SampleRecord]] = []
        for _ in 0..<6 {
            var batch: [SampleRecord] = []
            for _ in 0..<1000 {
                let start = Double(Int(random.next() % 4_000_000) - 1_000_000) + [0, 0.5, 1 / 3][Int(random.next() % 3)]
                let length = [0, 30, 60, 600, 901, 3600][Int(random.next() % 6)]
                let pick = random.next() % 100
                var fields: [String: FieldValue] = [:]
                switch pick {
                case 0: fields["HKWasUserEntered"] = .bool(true)
                case 1: fields["HKWasUserEntered"] = .number(1)
                case 2: fields["HKWasUserEntered"] = .number(2)
                case 3: fields["HKWasUserEntered"] = .bool(false)
                case 4: fields["HKMetadataKeyOther"] = .text("x")
                default: break
                }
                let category = pick == 5
                batch.append(SampleRecord(
                    uuid: UUID(), kind: category ? .category : .quantity,
                    type: category ? "HKCategoryTypeIdentifierMindfulSession" : types[Int(random.next() % 3)],
                    startDate: Date(timeIntervalSince1970: start), endDate: Date(timeIntervalSince1970: start + Double(length)),
                    quantity: category || pick == 6 ? nil : Double(random.next() % 1000) / 3, unit: category ? nil : "count",
                    categoryValue: category ? 0 : nil, source: sources[Int(random.next() % 2)],
                    device: devices[Int(random.next() % 3)], fields: fields))
            }
            batches.append(batch)
        }
        return batches
    }

    /// Every summary row of the store at `path`: `stat_slot` with each total's bits, then `stat_raw`.
    static func summaries(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let slots = try Row.fetchAll(db, sql: "SELECT type, slot, source_id, device_id, total, n FROM stat_slot ORDER BY 1, 2, 3, 4")
                .map { "\($0[0] as Int64) \($0[1] as Int64) \($0[2] as Int64) \($0[3] as Int64) \(($0[4] as Double).bitPattern) \($0[5] as Int64)" }
            let raw = try Row.fetchAll(db, sql: "SELECT sample_id, type, start, end FROM stat_raw ORDER BY 1")
                .map { "raw \($0[0] as Int64) \($0[1] as Int64) \(($0[2] as Double).bitPattern) \(($0[3] as Double).bitPattern)" }
            return slots + raw
        }
    }

    /// Expects the same summary rows, naming the first that differs (the whole lists are thousands of rows).
    static func expectSame(_ found: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let first = zip(found, expected).first { $0 != $1 }
        #expect(found.count == expected.count && first == nil,
                "\(found.count) rows, \(expected.count) expected; first difference: \(first.map { "\($0.0) against \($0.1)" } ?? "none")",
                sourceLocation: sourceLocation)
    }

    /// Saves `batches` into a new store at `path`, collecting first when asked; `between` runs after the first batch.
    /// Returns whether the totals described the store just before the install.
    static func store(_ batches: [[SampleRecord]], at path: String, collecting: Bool,
                      between: (SQLiteHealthStorage) throws -> Void = { _ in }) throws -> Bool {
        let storage = try SQLiteHealthStorage(path: path)
        if collecting { try storage.collectSlotSums() }
        for (index, batch) in batches.enumerated() {
            _ = try storage.save(batch)
            if index == 0 { try between(storage) }
        }
        let totals = storage.slotSumTotals.current
        let describes = try totals.map { totals in
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { db in try totals.describes(db) }
        } ?? false
        try storage.prepareSlotSums()
        #expect(storage.slotSumTotals.current == nil, "the install ends the collection")
        return describes
    }

    @Test func collectedSummariesAreTheRowsTheSamplesGive() throws {
        let folder = try TemporaryFolder()
        let batches = Self.batches(seed: 15)
        #expect(try Self.store(batches, at: folder.path("collected.sqlite"), collecting: true), "the totals were used")
        #expect(try !Self.store(batches, at: folder.path("read.sqlite"), collecting: false))
        let collected = try Self.summaries(folder.path("collected.sqlite"))
        let read = try Self.summaries(folder.path("read.sqlite"))
        #expect(collected.count > 5000 && collected.contains { $0.hasPrefix("raw") })
        Self.expectSame(collected, read)
    }

    @Test func aDeletionOrAnotherWriterLeavesTheInstallToTheSamples() throws {
        let folder = try TemporaryFolder()
        let batches = Self.batches(seed: 16)
        let first = batches[0][0].uuid
        #expect(try !Self.store(batches, at: folder.path("deleted.sqlite"), collecting: true) { storage in
            _ = try storage.delete(uuids: [first], source: nil)
        })
        #expect(try !Self.store(batches, at: folder.path("deleted-read.sqlite"), collecting: false) { storage in
            _ = try storage.delete(uuids: [first], source: nil)
        })
        Self.expectSame(try Self.summaries(folder.path("deleted.sqlite")), try Self.summaries(folder.path("deleted-read.sqlite")))

        // Another connection's save is a row the totals never saw.
        let other = batches[1].map { record in
            SampleRecord(uuid: UUID(), kind: record.kind, type: record.type, startDate: record.startDate, endDate: record.endDate,
                         quantity: record.quantity, unit: record.unit, categoryValue: record.categoryValue,
                         source: record.source, device: record.device, fields: record.fields)
        }
        #expect(try !Self.store(batches, at: folder.path("shared.sqlite"), collecting: true) { storage in
            _ = try SQLiteHealthStorage(path: folder.path("shared.sqlite")).save(other)
        })
        let summaries = try Self.summaries(folder.path("shared.sqlite"))
        #expect(summaries.count > 5000)
        // The same rows read by the SQL install (same order of saves).
        #expect(try !Self.store(batches, at: folder.path("shared-read.sqlite"), collecting: false) { storage in
            _ = try SQLiteHealthStorage(path: folder.path("shared-read.sqlite")).save(other)
        })
        Self.expectSame(summaries, try Self.summaries(folder.path("shared-read.sqlite")))
    }

    /// The totals grow with the distinct slots, sources and devices (an export naming a new device on every record
    /// makes one total per record): past the table's limit they are given up, and the install reads the rows.
    @Test func moreSlotTotalsThanTheTableHoldsLeaveTheInstallToTheSamples() {
        let totals = SlotSumTotals()
        var id: Int64 = 0
        func add(_ slots: Range<Int>) {
            for slot in slots {
                id += 1
                totals.add(id: id, kind: .quantity, typeID: 1, start: Double(slot) * 900, end: Double(slot) * 900, quantity: 1,
                           sourceID: 1, deviceID: Int64(slot), userEntered: false)
            }
        }
        add(0..<500_000)
        #expect(totals.isValid, "the 1,000,000-record demo export has 518,153 slot totals")
        add(500_000..<1_000_000)
        #expect(!totals.isValid)
        #expect(totals.raw.isEmpty, "given up, not kept")
    }

    @Test func aStoreWithRowsOrSummariesCollectsNothing() throws {
        let folder = try TemporaryFolder()
        let storage = try SQLiteHealthStorage(path: folder.path("store.sqlite"))
        _ = try storage.save(Array(Self.batches(seed: 17)[0].prefix(10)))
        try storage.collectSlotSums()
        #expect(storage.slotSumTotals.current == nil)
        let summarised = try SQLiteHealthStorage.inMemory()
        try summarised.prepareSlotSums()
        try summarised.collectSlotSums()
        #expect(summarised.slotSumTotals.current == nil)
        let empty = try SQLiteHealthStorage.inMemory()
        try empty.collectSlotSums()
        #expect(empty.slotSumTotals.current != nil)
        empty.stopCollectingSlotSums()
        #expect(empty.slotSumTotals.current == nil)
    }
}
