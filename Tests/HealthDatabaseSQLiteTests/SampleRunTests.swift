import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing

/// Plain records saved together by multi-row statements (`SampleRun`): the same rows, positions, errors and summary
/// updates as one statement per record.
struct SampleRunTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let app = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
    static let watch = DeviceRecord(properties: ["HKDevicePropertyName": "Watch"])

    /// Step samples one minute apart from minute `first` on, every other one from the watch, every 7th with a note.
    /// With `mixed`, every 300th is user-entered and every 400th has a sync identifier (each ends a run of plain
    /// records), so runs of every length up to a few hundred occur.
    static func samples(_ count: Int, first: Int = 0, mixed: Bool = false) -> [SampleRecord] {
        (first ..< first + count).map { minute in
            let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60)
            var fields: [String: FieldValue] = minute % 7 == 3 ? ["note": .text("entry \(minute)"), "level": .number(2)] : [:]
            if mixed, minute % 300 == 3 { fields["HKWasUserEntered"] = .bool(true) }
            let sync = mixed && minute % 400 == 5 ? "sync-\(minute)" : nil
            return SampleRecord(uuid: UUID(), kind: .quantity, type: steps, startDate: start, endDate: start.addingTimeInterval(60),
                                quantity: Double(minute), unit: "count", originalQuantity: Double(minute), source: app,
                                device: minute % 2 == 0 ? watch : nil, fields: fields, syncIdentifier: sync,
                                syncVersion: sync == nil ? nil : 1)
        }
    }

    @Test func aLongMixedBatchIsStoredInOrderAtConsecutivePositions() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let records = Self.samples(1_000, mixed: true)
        let outcome = try storage.save(records)
        #expect(outcome.stored == records.map(\.uuid))
        let changes = try storage.changes(after: 0, through: nil, matching: .all, limit: nil)
        #expect(changes.anchor == 1_000)
        let saved = changes.changes.compactMap { change -> SampleRecord? in
            if case .saved(let record) = change { return record } else { return nil }
        }
        #expect(saved == records, "every record back, with its fields and device, in the order saved")
    }

    /// The first record whose insert fails alone is named, whether its UUID is stored already or given earlier in
    /// the batch, and nothing of the batch is stored. 600 plain records go in as 256 + 256 + 64 rows, then 24 alone.
    @Test(arguments: [(stored: 10, repeated: 20, original: 15, named: 10), (stored: 20, repeated: 12, original: 5, named: 12),
                      (stored: 300, repeated: 280, original: 100, named: 280), (stored: 590, repeated: 595, original: 2, named: 590),
                      (stored: 540, repeated: 530, original: 529, named: 530)])
    func theFirstDuplicateIsNamed(_ places: (stored: Int, repeated: Int, original: Int, named: Int)) throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let earlier = Self.samples(1, first: 1_000)
        _ = try storage.save(earlier)
        var records = Self.samples(600)
        records[places.stored].uuid = earlier[0].uuid
        records[places.repeated].uuid = records[places.original].uuid
        #expect(throws: StorageError.duplicateUUID(records[places.named].uuid)) { try storage.save(records) }
        #expect(try storage.count(matching: .all) == 1)
        #expect(try storage.latestChangePosition() == 1)
    }

    /// A user-entered sample leaves its slot before the next sample of the slot is added, as with one statement per
    /// record: with 1e16 and 1 in one slot, adding both first would lose the 1 (1e16 + 1 == 1e16 in doubles).
    @Test func aUserEnteredSampleLeavesItsSlotBeforeTheNextArrives() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        try storage.prepareSlotSums()
        var records = Self.samples(2)
        records[0].quantity = 1e16
        records[0].fields = ["HKWasUserEntered": .bool(true)]
        records[1].quantity = 1
        records[1].device = records[0].device
        (records[1].startDate, records[1].endDate) = (records[0].startDate, records[0].endDate)
        _ = try storage.save(records)
        let sums = try storage.slotSums(type: Self.steps, slots: nil)
        #expect(sums.map(\.total) == [1] && sums.map(\.count) == [1])
    }
}
