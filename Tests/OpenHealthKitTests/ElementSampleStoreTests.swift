import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite("Audiograms and vision prescriptions in the store")
struct ElementSampleStoreTests {
    typealias F = StoreFixture
    typealias E = ElementSampleFixture
    typealias Q = QueryFixture

    /// An app store over `storage` that may share both types and read audiograms.
    static func store(_ storage: any HealthStorage, app: String = F.appID) async throws -> HKHealthStore {
        let store = try F.store(app: app, storage: storage)
        try await store.requestAuthorization(toShare: [E.audiogramType, E.visionType], read: [E.audiogramType])
        return store
    }

    @Test("saved audiograms and prescriptions read back equal, from a second store on the same SQLite file too")
    func saveAndQuery() async throws {
        let path = F.temporaryDatabasePath()
        let store = try await Self.store(try SQLiteHealthStorage(path: path))
        let audiogram = try E.audiogram()
        let prescriptions = [E.glasses(), E.contacts(days: 1), E.imageOnly(days: 2), E.brandOnly(days: 3)]
        try await store.save([audiogram] + prescriptions)

        for reader in [store, try await Self.store(try SQLiteHealthStorage(path: path))] {
            let audiograms = try await Q.samples(reader, E.audiogramType).compactMap { $0 as? HKAudiogramSample }
            #expect(audiograms.count == 1)
            #expect(audiograms.first.map { E.same($0, audiogram) } == true)
            #expect(audiograms.first?.sensitivityPoints[0].tests.count == 3)
            #expect(audiograms.first?.sourceRevision.source.bundleIdentifier == F.appID)
            let sort = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
            let read = try await Q.samples(reader, E.visionType, sort: sort).compactMap { $0 as? HKVisionPrescription }
            #expect(read.count == 4)
            for (saved, found) in zip(prescriptions, read) { #expect(E.same(saved, found), "\(found)") }
            #expect((read.first as? HKGlassesPrescription)?.rightEye?.prism?.verticalBase == .down)
        }
    }

    @Test("records an earlier importer wrote (element JSON, no fields, no device) read back as objects")
    func legacyRecords() async throws {
        let storage = try SQLiteHealthStorage(path: F.temporaryDatabasePath())
        let json = #"{"attributes":{"endDate":"2021-01-22 20:30:50 -0800","sourceName":"Hearing Test","startDate":"2021-01-22 20:30:50 -0800","#
            + #""type":"HKDataTypeIdentifierAudiogram"},"children":[{"attributes":{"key":"HKMetadataKeySyncVersion","value":"1"},"children":[],"#
            + #""name":"MetadataEntry"},{"attributes":{"frequencyUnit":"Hz","frequencyValue":"250","leftEarUnit":"dBHL","leftEarValue":"35.0459"},"#
            + #""children":[],"name":"SensitivityPoint"}],"name":"Audiogram"}"#
        let start = Date(timeIntervalSince1970: 1_611_376_250)
        let source = SourceRecord(bundleIdentifier: "com.apple.health.import", name: "Hearing Test")
        let uuid = UUID()
        _ = try storage.save([SampleRecord(uuid: uuid, kind: .other, type: HKDataTypeIdentifierAudiogram, startDate: start, endDate: start,
                                           source: source, payload: Data(json.utf8))])
        let read = try await Q.samples(HKHealthStore.owner(storage: storage), E.audiogramType)
        let audiogram = try #require(read.first as? HKAudiogramSample)
        #expect(audiogram.uuid == uuid && audiogram.startDate == start)
        #expect(audiogram.sensitivityPoints.first?.tests.first?.sensitivity == E.dB(35.0459))
        #expect(audiogram.metadata?[HKMetadataKeySyncVersion] as? String == "1")
    }

    @Test("descriptors: .audiogram and .visionPrescription are typed; anchored queries report saves and deletions")
    func descriptorsAndAnchors() async throws {
        let store = try await Self.store(try SQLiteHealthStorage.inMemory())
        let audiogram = try E.audiogram(), glasses = E.glasses()
        try await store.save([audiogram, glasses])
        let audiograms: [HKAudiogramSample] = try await HKSampleQueryDescriptor(predicates: [.audiogram()], sortDescriptors: []).result(for: store)
        #expect(audiograms.map(\.uuid) == [audiogram.uuid])
        let prescriptions: [HKVisionPrescription] = try await HKSampleQueryDescriptor(predicates: [.visionPrescription()], sortDescriptors: []).result(for: store)
        #expect(prescriptions.map(\.uuid) == [glasses.uuid])
        let (added, _, anchor) = try await Q.changes(store, E.audiogramType, anchor: nil)
        #expect(added.map(\.uuid) == [audiogram.uuid])
        try await store.delete(audiogram)
        let (again, deleted, _) = try await Q.changes(store, E.audiogramType, anchor: anchor)
        #expect(again.isEmpty && deleted.map(\.uuid) == [audiogram.uuid])
        #expect(try await Q.samples(store, E.audiogramType).isEmpty)
    }

    @Test("an app denied reading audiograms sees only its own; allowed, it sees everyone's")
    func readDenied() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let writer = try await Self.store(storage, app: F.otherAppID)
        try await writer.save(try E.audiogram())
        let reader = try F.store(storage: storage, prompt: ClosureAuthorizationPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare, allowedToRead: [])
        })
        try await reader.requestAuthorization(toShare: [E.audiogramType], read: [E.audiogramType])
        #expect(try await Q.samples(reader, E.audiogramType).isEmpty)
        let own = try E.audiogram(hours: 5)
        try await reader.save(own)
        #expect(try await Q.samples(reader, E.audiogramType).map(\.uuid) == [own.uuid])
        let owner = HKHealthStore.owner(storage: storage)
        #expect(try await Q.samples(owner, E.audiogramType).count == 2)
    }

    @Test("vision prescriptions: no type-wide read; the app reads exactly the ones the person picks, asked every time")
    func perObjectAuthorization() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let writer = try await Self.store(storage, app: F.otherAppID)
        let saved = [E.glasses(), E.contacts(days: 10), E.imageOnly(days: 20)]
        try await writer.save(saved)

        let asked = RequestLog()
        let reader = try F.store(storage: storage, prompt: ClosureAuthorizationPrompt({ .allowAll($0) }, objects: { request in
            asked.append(request)
            return [request.objects[0].uuid]
        }))
        await expectHKError(.errorInvalidArgument) { try await reader.requestAuthorization(toShare: [], read: [E.visionType]) }
        #expect(try await Q.samples(reader, E.visionType).isEmpty)

        try await reader.requestPerObjectReadAuthorization(for: E.visionType, predicate: nil)
        #expect(asked.requests.last?.objects.map(\.uuid) == saved.map(\.uuid))
        #expect(try await Q.samples(reader, E.visionType).map(\.uuid) == [saved[0].uuid])

        let later = HKQuery.predicateForSamples(withStart: E.day.addingTimeInterval(5 * 86_400), end: nil, options: .strictStartDate)
        try await reader.requestPerObjectReadAuthorization(for: E.visionType, predicate: later)
        #expect(asked.requests.count == 2)
        #expect(asked.requests.last?.objects.map(\.uuid) == [saved[1].uuid, saved[2].uuid])
        #expect(asked.requests.last?.previouslyAllowed == [])
        let visible = try await Q.samples(reader, E.visionType).map(\.uuid)
        #expect(Set(visible) == [saved[0].uuid, saved[1].uuid])
        let read = try await Q.samples(reader, E.visionType).compactMap { $0 as? HKContactsPrescription }
        #expect(read.first.map { E.same($0, saved[1]) } == true)

        let done: Bool = await withCheckedContinuation { continuation in
            reader.requestPerObjectReadAuthorization(for: E.audiogramType, predicate: nil) { success, error in
                continuation.resume(returning: !success && (error as? HKError)?.code == .errorInvalidArgument)
            }
        }
        #expect(done)
    }

    @Test("the fixed prompts pick all or nothing; the owner reads every prescription without asking")
    func fixedPrompts() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let writer = try await Self.store(storage, app: F.otherAppID)
        try await writer.save([E.glasses(), E.contacts(days: 1)])
        let denied = try F.store(storage: storage, prompt: FixedAuthorizationPrompt(allows: false))
        try await denied.requestPerObjectReadAuthorization(for: E.visionType, predicate: nil)
        #expect(try await Q.samples(denied, E.visionType).isEmpty)
        let allowed = try F.store(app: "org.example.third", storage: storage, prompt: FixedAuthorizationPrompt(allows: true))
        try await allowed.requestPerObjectReadAuthorization(for: E.visionType, predicate: nil)
        #expect(try await Q.samples(allowed, E.visionType).count == 2)
        #expect(try await Q.samples(HKHealthStore.owner(storage: storage), E.visionType).count == 2)
    }
}

/// Per-object requests a prompt was asked, from any thread.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [PerObjectAuthorizationPromptRequest] = []

    func append(_ request: PerObjectAuthorizationPromptRequest) { lock.withLock { recorded.append(request) } }
    var requests: [PerObjectAuthorizationPromptRequest] { lock.withLock { recorded } }
}
