import Foundation
import HealthDatabase
import Testing

/// Every part of a record comes back as it was saved.
enum RoundTripChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("round trip", "every record field, every FieldValue kind and the payload", everyField),
        ConformanceCheck("round trip", "every record kind", everyKind),
        ConformanceCheck("round trip", "a device without properties differs from no device", emptyDevice),
        ConformanceCheck("round trip", "an empty store", emptyStore),
    ]

    static func everyField(_ storage: any HealthStorage) throws {
        let parent = F.correlation(at: 0)[0]
        let record = SampleRecord(
            uuid: UUID(), kind: .quantity, type: F.heartRate, startDate: F.date(0.25), endDate: F.date(60.5),
            quantity: 1.25, unit: "count/min", originalQuantity: 75, count: 3, categoryValue: nil,
            source: F.watch, device: F.watchDevice,
            fields: ["text": .text("héllo ✓"), "number": .number(-2.5), "yes": .bool(true), "no": .bool(false),
                     "when": .date(F.date(-3600.5)), "mass": .quantity(base: 0.07, text: "70 g"), "empty": .text("")],
            syncIdentifier: "sync-1", syncVersion: 7, parent: parent.uuid, payload: Data([0, 1, 2, 255, 0]))
        let category = SampleRecord(uuid: UUID(), kind: .category, type: F.sleep, startDate: F.date(0), endDate: F.date(10),
                                    categoryValue: 3, source: F.app, payload: Data())
        let outcome = try storage.save([parent, record, category])
        #expect(outcome.stored == [parent.uuid, record.uuid, category.uuid])
        #expect(outcome.ignored.isEmpty && outcome.replaced.isEmpty)

        let back = try storage.records(matching: .uuids([record.uuid]), sort: [], limit: nil)
        #expect(back == [record])
        let backCategory = try storage.records(matching: .uuids([category.uuid]), sort: [], limit: nil)
        #expect(backCategory == [category])
        if case .bool(let value)? = back.first?.fields["yes"] { #expect(value) } else { Issue.record("a bool came back as \(String(describing: back.first?.fields["yes"]))") }
    }

    static func everyKind(_ storage: any HealthStorage) throws {
        let records = RecordKind.allCases.enumerated().map { index, kind in
            SampleRecord(uuid: UUID(), kind: kind, type: "type.\(kind.rawValue)", startDate: F.date(Double(index)),
                         endDate: F.date(Double(index) + 1), source: F.app, payload: Data(kind.rawValue.utf8))
        }
        _ = try storage.save(records)
        let back = try storage.records(matching: .all, sort: [], limit: nil)
        #expect(back == records, "unsorted reads come in save order")
    }

    static func emptyDevice(_ storage: any HealthStorage) throws {
        let bare = F.quantity(1, 0, device: DeviceRecord(properties: [:]))
        let none = F.quantity(2, 0)
        _ = try storage.save([bare, none])
        #expect(try storage.records(matching: .uuids([bare.uuid]), sort: [], limit: nil).first?.device == DeviceRecord(properties: [:]))
        #expect(try storage.records(matching: .uuids([none.uuid]), sort: [], limit: nil).first?.device == nil)
    }

    static func emptyStore(_ storage: any HealthStorage) throws {
        #expect(try storage.records(matching: .all, sort: [], limit: nil).isEmpty)
        #expect(try storage.count(matching: .all) == 0)
        #expect(try storage.latestChangePosition() == 0)
        let batch = try storage.changes(after: 0, matching: .all, limit: nil)
        #expect(batch.changes.isEmpty && batch.anchor == 0)
        #expect(try storage.sources(matching: .all).isEmpty)
        #expect(try storage.save([]) == SaveOutcome())
        #expect(try storage.delete(uuids: [UUID()], source: nil).isEmpty)
        #expect(try storage.latestChangePosition() == 0)
    }
}
