import Foundation
import HealthDatabase
import Testing

/// Records, sources, devices and tombstones keep their properties in shared copy-on-write storage: they must still
/// behave as plain values (a change to a copy never shows in the original) and code as before.
struct RecordValueTests {
    private func record() -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierHeartRate",
                     startDate: Date(timeIntervalSince1970: 1_700_000_000), endDate: Date(timeIntervalSince1970: 1_700_000_060),
                     quantity: 1.2, unit: "count/min", originalQuantity: 72,
                     source: SourceRecord(bundleIdentifier: "com.example.watch", name: "Watch", version: "10.1"),
                     device: DeviceRecord(properties: ["name": "Apple Watch"]), fields: ["HKHeartRateMotionContext": .number(1)])
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = record()
        var copy = original
        #expect(copy == original)
        copy.fields["HKWasUserEntered"] = .bool(true)
        copy.source.name = "Other watch"
        copy.device?.properties["model"] = "Watch6,1"
        copy.quantity = 2
        #expect(original.fields == ["HKHeartRateMotionContext": .number(1)])
        #expect(original.source.name == "Watch")
        #expect(original.device?.properties == ["name": "Apple Watch"])
        #expect(original.quantity == 1.2)
        #expect(copy.fields.count == 2 && copy.source.name == "Other watch" && copy.quantity == 2)
        #expect(copy != original)
    }

    @Test func recordsBuiltApartAreEqualAndHashAlikeWhenTheirValuesAre() {
        let one = record()
        var two = record()
        two.uuid = one.uuid
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(Set([one, two]).count == 1)
        var three = two
        three.source.version = "10.2"
        #expect(three != one)
        let deleted = Tombstone(uuid: one.uuid, type: one.type, sourceBundleIdentifier: "com.example.watch", syncIdentifier: "a")
        var changed = deleted
        changed.syncVersion = 2
        #expect(deleted.syncVersion == nil && changed.syncVersion == 2 && deleted != changed)
    }

    @Test func codingKeepsThePropertyNamesAtTheTopLevel() throws {
        var original = record()
        original.syncIdentifier = nil
        let data = try JSONEncoder().encode(original)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["uuid", "kind", "type", "startDate", "endDate", "quantity", "unit", "originalQuantity",
                                     "count", "source", "device", "fields"])
        let source = try #require(object["source"] as? [String: Any])
        #expect(Set(source.keys) == ["bundleIdentifier", "name", "version"])
        #expect((object["device"] as? [String: Any])?["properties"] as? [String: String] == ["name": "Apple Watch"])
        #expect(try JSONDecoder().decode(SampleRecord.self, from: data) == original)
    }
}
