import Foundation
import HealthKitModel
import HealthServer
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
import TestSupport

/// Audiograms, vision prescriptions, states of mind and scored assessments saved over real HTTP, compared with the same
/// samples saved through the library (`HKHealthStore.save`) into another person's store: the library reads both alike,
/// and the API reads both alike, field by field, with the library's values.
@Suite struct SampleKindAPITests {
    typealias Fixtures = SampleKindFixtures

    /// The samples of every fixture type the API gives `token`, oldest first.
    static func read(_ harness: ServerHarness, token: String) async throws -> [WireSample] {
        var samples: [WireSample] = []
        for type in Fixtures.types {
            let reply = try await harness.send("GET", "/v1/samples?type=\(type)", token: token)
            #expect(reply.status == 200, "\(type): \(reply.text)")
            struct Page: Decodable { var samples: [WireSample] }
            samples += try PayloadAPITests.decode(Page.self, reply).samples
        }
        return samples
    }

    /// `samples` without what differs between two stores' copies: UUIDs and sources.
    static func anonymous(_ samples: [WireSample]) -> [WireSample] {
        samples.map { sample in
            var copy = sample
            copy.uuid = nil
            copy.source = nil
            return copy
        }
    }

    @Test("each kind saved over HTTP reads back, through the library and the API, equal to the same sample saved through the library; a retry stores nothing; a read sample saves back")
    func sameAsLibrary() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (token, path) = try await harness.personWithStore("alice")
        let (libraryToken, libraryPath) = try await harness.personWithStore("library")
        let sent = Fixtures.all()
        let body = try Fixtures.batch(sent)
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(saved.status == 200, "\(saved.text)")
        #expect((saved.json["saved"] as? [String]) == sent.map { $0.uuid!.uuidString })
        let again = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect((again.json["saved"] as? [String]) == [] && (again.json["alreadyStored"] as? [String])?.count == sent.count, "\(again.text)")

        let built = try Fixtures.library()
        try await HKHealthStore.owner(databasePath: libraryPath).save(built)

        // The library's reads of both stores: every HealthKit field alike.
        let alice = try HKHealthStore.owner(databasePath: path), library = try HKHealthStore.owner(databasePath: libraryPath)
        for (wire, made) in zip(sent, built) {
            let ours: HKSample = try await PayloadAPITests.stored(alice, made.sampleType, wire.uuid!)
            let theirs: HKSample = try await PayloadAPITests.stored(library, made.sampleType, made.uuid)
            try SampleKindComparison.same(ours, theirs)
        }

        // The API's reads of both stores: the same JSON, apart from UUIDs and sources; and the library's values in it.
        let ours = try await Self.read(harness, token: token), theirs = try await Self.read(harness, token: libraryToken)
        #expect(ours.count == sent.count)
        #expect(Self.anonymous(ours) == Self.anonymous(theirs))
        for wire in ours {
            let object: HKSample = try await PayloadAPITests.stored(alice, try #require(HKObjectType.type(named: wire.type) as? HKSampleType), wire.uuid!)
            try SampleKindComparison.wire(wire, describes: object)
        }

        // What a read gives saves back as it is (computed values and both prism forms included).
        let copies = Self.anonymous(ours).map { sample in
            var copy = sample
            copy.uuid = UUID()
            return copy
        }
        let resaved = try await harness.send("POST", "/v1/samples", token: token, json: try Fixtures.batch(copies))
        #expect(resaved.status == 200, "\(resaved.text)")
        let both = try await Self.read(harness, token: token)
        #expect(Set(Self.anonymous(both)) == Set(Self.anonymous(ours)) && both.count == 2 * ours.count)
    }
}
