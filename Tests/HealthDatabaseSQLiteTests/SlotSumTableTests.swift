import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing
import TestSupport

/// The summaries as the statistics cache loads them from SQLite (`slotSumTable`, `rawSampleTable`): sources numbered
/// by bundle identifier (a bundle's revisions share a number), the user-entered flag of raw samples with and without
/// fields, and the same rows as `slotSums` and `rawSamples`.
struct SlotSumTableTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let phone = SourceRecord(bundleIdentifier: "com.example.phone", name: "Phone", version: "1")
    static let phoneUpdated = SourceRecord(bundleIdentifier: "com.example.phone", name: "Phone", version: "2")
    static let watch = SourceRecord(bundleIdentifier: "com.example.watch", name: "Watch")
    static let device = DeviceRecord(properties: ["HKDevicePropertyName": "Watch"])

    /// A step sample from minute `from` to minute `to`.
    static func sample(_ quantity: Double, _ from: Double, _ to: Double, source: SourceRecord, device: DeviceRecord? = nil,
                       fields: [String: FieldValue] = [:]) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: steps, startDate: Date(timeIntervalSince1970: from * 60),
                     endDate: Date(timeIntervalSince1970: to * 60), quantity: quantity, unit: "count", originalQuantity: quantity,
                     source: source, device: device, fields: fields)
    }

    @Test func tablesNumberSourcesAndFlagUserEnteredSamples() throws {
        let folder = try TemporaryFolder()
        let storage = try SQLiteHealthStorage(path: folder.path("tables.sqlite"))
        try storage.prepareSlotSums()
        let inside = Self.sample(5, 0, 1, source: Self.phone)
        let insideUpdated = Self.sample(7, 2, 3, source: Self.phoneUpdated)
        let insideWatch = Self.sample(11, 16, 17, source: Self.watch, device: Self.device)
        let crossing = Self.sample(13, 14, 16, source: Self.watch, device: Self.device)
        let crossingWithFields = Self.sample(17, 29, 31, source: Self.phone,
                                             fields: ["HKTimeZone": .text("Europe/Berlin"), "HKWasUserEntered": .number(0)])
        let userEntered = Self.sample(19, 40, 41, source: Self.phoneUpdated, fields: ["HKWasUserEntered": .number(1)])
        _ = try storage.save([inside, insideUpdated, insideWatch, crossing, crossingWithFields, userEntered])

        let sums = try storage.slotSumTable(type: Self.steps, slots: nil)
        #expect(sums.sourceNames == ["com.example.phone", "com.example.watch"], "one number per bundle, in the order met")
        // Slot sums are per source revision: the phone's two versions have a sum each in slot 0, under one number.
        #expect(sums.entries.map(\.slot) == [0, 0, 1])
        #expect(sums.entries.map(\.source) == [0, 0, 1])
        #expect(sums.entries.map(\.total) == [5, 7, 11])
        #expect(sums.entries.map(\.count) == [1, 1, 1])
        #expect(sums.entries.map { $0.device == 0 } == [true, true, false])
        #expect(sums.sums == (try storage.slotSums(type: Self.steps, slots: nil)))
        #expect(try storage.slotSumTable(type: Self.steps, slots: 1 ... 1).entries.map(\.total) == [11])

        let raw = try storage.rawSampleTable(type: Self.steps)
        let byUUID = Dictionary(uniqueKeysWithValues: raw.entries.map { ($0.uuid, $0) })
        #expect(Set(byUUID.keys) == [crossing.uuid, crossingWithFields.uuid, userEntered.uuid])
        #expect(byUUID[crossing.uuid]?.userEntered == false)
        #expect(byUUID[crossingWithFields.uuid]?.userEntered == false, "fields, but not HKWasUserEntered = 1")
        #expect(byUUID[userEntered.uuid]?.userEntered == true)
        #expect(byUUID.mapValues { raw.sourceNames[Int($0.source)] }
                == [crossing.uuid: "com.example.watch", crossingWithFields.uuid: "com.example.phone",
                    userEntered.uuid: "com.example.phone"])
        #expect(byUUID[crossing.uuid]?.device == sums.entries[2].device)
        #expect(byUUID[crossing.uuid].map { DateInterval(start: $0.start, end: $0.end) }
                == DateInterval(start: crossing.startDate, end: crossing.endDate))
        #expect(Set(raw.samples) == Set(try storage.rawSamples(type: Self.steps)))
        #expect(try storage.rawSampleTable(type: "HKQuantityTypeIdentifierNeverSaved").entries.isEmpty)
    }
}
