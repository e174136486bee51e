import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// Two people in one database never see or touch each other's store.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct OwnerIsolationTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let app = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")

    static func sample(_ value: Double, fields: [String: FieldValue] = [:], sync: String? = nil) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: steps, startDate: Date(timeIntervalSince1970: 1_700_000_000 + value),
                     endDate: Date(timeIntervalSince1970: 1_700_000_000 + value), quantity: value, unit: "count", originalQuantity: value,
                     source: app, device: DeviceRecord(properties: ["HKDevicePropertyName": "Watch"]), fields: fields,
                     syncIdentifier: sync, syncVersion: sync.map { _ in 1 })
    }

    @Test("each owner has their own records, positions, sources, devices, settings and grants")
    func isolated() throws {
        let alice = try TestServer.freshStorage(), bob = try TestServer.freshStorage()
        #expect(alice.ownerID != bob.ownerID)
        let hers = (0..<5).map { Self.sample(Double($0), fields: ["note": .text("alice")], sync: "day-\($0)") }
        _ = try alice.save(hers)
        try alice.setSetting("dateOfBirth", to: "1990-01-01")
        try alice.setGrants([AuthorizationGrant(app: "x", type: Self.steps, access: .read, allowed: true, decidedAt: Date())])

        #expect(try bob.count(matching: .all) == 0)
        #expect(try bob.latestChangePosition() == 0)
        #expect(try bob.changes(after: 0, matching: .all, limit: nil).changes.isEmpty)
        #expect(try bob.sources(matching: .all).isEmpty)
        #expect(try bob.setting("dateOfBirth") == nil)
        #expect(try bob.grants(for: nil).isEmpty)
        #expect(try bob.records(matching: .fieldExists("note"), sort: [], limit: nil).isEmpty)
        #expect(try bob.records(matching: .devices([hers[0].device!]), sort: [], limit: nil).isEmpty)

        // The same UUIDs and sync identifiers are free for the other owner, and stay apart.
        let his = hers.map { record -> SampleRecord in
            var copy = record
            copy.quantity = 100
            copy.syncVersion = 1
            return copy
        }
        let outcome = try bob.save(his)
        #expect(outcome.stored == his.map(\.uuid) && outcome.replaced.isEmpty, "her sync identifiers replace nothing of his")
        #expect(try bob.delete(matching: .all).count == 5)
        #expect(try alice.count(matching: .all) == 5)
        #expect(try alice.records(matching: .all, sort: [], limit: nil).allSatisfy { $0.quantity! < 100 })
        #expect(try alice.latestChangePosition() == 5)
        #expect(try bob.latestChangePosition() == 10)
    }

    @Test("one person opened twice in a process is one instance; the owner name maps to one id for good")
    func oneInstancePerOwner() throws {
        let database = try TestServer.database()
        let name = "same-" + UUID().uuidString
        let first = try database.storage(owner: name)
        let second = try database.storage(owner: name)
        #expect(first === second)
        let other = try TestServer.separateDatabase()
        #expect(try other.storage(owner: name).ownerID == first.ownerID)
    }
}
