import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// Input PostgreSQL cannot take is refused with a message naming it, and nothing of the call is stored.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct HostileInputTests {
    @Test("a NUL in any text of a record fails the batch, naming the record and the part")
    func nulInRecords() throws {
        let storage = try TestServer.freshStorage()
        let kept = OwnerIsolationTests.sample(1)
        _ = try storage.save([kept])
        let parts: [(String, (inout SampleRecord) -> Void)] = [
            ("unit", { $0.unit = "co\u{0}unt" }),
            ("sync identifier", { $0.syncIdentifier = "a\u{0}" }),
            ("source", { $0.source = SourceRecord(bundleIdentifier: "com.\u{0}x", name: "X") }),
            ("device property HKDevicePropertyName", { $0.device = DeviceRecord(properties: ["HKDevicePropertyName": "\u{0}"]) }),
            ("metadata value note", { $0.fields = ["note": .text("a\u{0}b")] }),
            ("metadata key", { $0.fields = ["k\u{0}": .number(1)] }),
            ("metadata value q", { $0.fields = ["q": .quantity(base: 1, text: "1\u{0} kg")] }),
        ]
        for (part, spoil) in parts {
            var bad = OwnerIsolationTests.sample(2)
            spoil(&bad)
            #expect(throws: StorageError.unavailable("record \(bad.uuid): its \(part) holds a NUL character, which PostgreSQL cannot store")) {
                _ = try storage.save([OwnerIsolationTests.sample(3), bad])
            }
        }
        #expect(try storage.records(matching: .all, sort: [], limit: nil) == [kept], "nothing of the failed batches was stored")
        #expect(try storage.latestChangePosition() == 1)
        #expect(throws: StorageError.self) { try storage.setSetting("k", to: "v\u{0}") }
        #expect(try storage.setting("k") == nil)
        #expect(throws: StorageError.self) { _ = try TestServer.database().storage(owner: "nul\u{0}") }
    }

    @Test("text the SQL must not read as SQL is stored as it is")
    func injection() throws {
        let storage = try TestServer.freshStorage()
        let nasty = "x'); DROP TABLE sample; -- ? $1 \\ % _"
        var record = OwnerIsolationTests.sample(1, fields: [nasty: .text(nasty)])
        record.unit = nasty
        record.syncIdentifier = nasty
        record.source = SourceRecord(bundleIdentifier: nasty, name: nasty, version: nasty)
        _ = try storage.save([record])
        try storage.setSetting(nasty, to: nasty)
        #expect(try storage.records(matching: .and([.sources([nasty]), .text(nasty, TextMatch(.contains, "? $1 \\ %"))]),
                                    sort: [SampleSort(.field(nasty))], limit: nil) == [record])
        #expect(try storage.setting(nasty) == nasty)
        #expect(try storage.sources(matching: .all).map(\.name) == [nasty])
    }
}
