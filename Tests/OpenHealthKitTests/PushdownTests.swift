import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing
@testable import OpenHealthKit
import OpenHealthKitTestSupport

/// What queries ask storage for: correlation member predicates as `hasChild`, documents without their XML.
@Suite struct PushdownTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    @Test func correlationQueryAsksForCorrelationsByTheirMembersInOneRead() async throws {
        let storage = try RecordingStorage(SQLiteHealthStorage.inMemory())
        let store = try await Q.store(storage: storage)
        let morning = Date(timeIntervalSince1970: 1_700_000_000)
        let normal = F.bloodPressureReading(at: morning), high = QueryKindsTests.reading(systolic: 150, at: morning.addingTimeInterval(60))
        try await store.save([normal, high])
        storage.reads.removeAll()
        let above = HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 140))
        let below = HKQuery.predicateForQuantitySamples(with: .lessThan, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 100))
        let found = EventRecorder<[HKCorrelation]>()
        store.execute(HKCorrelationQuery(type: F.bloodPressure, predicate: nil, samplePredicates: [F.systolic: above, F.diastolic: below]) {
            _, correlations, _ in found.record(correlations ?? [])
        })
        let result = try #require(await found.wait(for: 1).first)
        #expect(result.map(\.uuid) == [high.uuid])
        #expect(result.first?.objects.count == 2)
        let reads = storage.reads.all
        #expect(reads.count == 2, "the correlations, then their members: \(reads.map(\.filter))")
        let first = try #require(reads.first?.filter)
        #expect(Self.hasChildCount(first) == 2, "one hasChild per member type")
        #expect(reads.dropFirst().allSatisfy { Self.hasChildCount($0.filter) == 0 })
    }

    @Test func documentQueryWithoutDataNeverReadsPayloads() async throws {
        let cda = HKDocumentType(.CDA)
        let storage = try RecordingStorage(SQLiteHealthStorage.inMemory())
        let store = try await Q.store(storage: storage, types: [cda])
        try await store.save((0..<3).map { _ in QueryKindsTests.document() })
        for includeData in [false, true] {
            storage.reads.removeAll()
            let calls = EventRecorder<([HKDocumentSample], Bool)>()
            store.execute(HKDocumentQuery(documentType: cda, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil,
                                          includeDocumentData: includeData) { _, samples, done, _ in calls.record((samples ?? [], done)) })
            let delivered = await calls.wait { $0.last?.1 == true }.flatMap(\.0).compactMap { $0 as? HKCDADocumentSample }
            #expect(delivered.count == 3)
            #expect(delivered.allSatisfy { ($0.document?.documentData != nil) == includeData })
            #expect(delivered.allSatisfy { $0.document?.title == "Visit" && $0.document?.custodianName == "Clinic" })
            #expect(storage.reads.all.map(\.includePayload) == [includeData])
        }
    }

    static func hasChildCount(_ filter: SampleFilter) -> Int {
        switch filter {
        case .hasChild(let child): 1 + hasChildCount(child)
        case .and(let filters), .or(let filters): filters.map(hasChildCount).reduce(0, +)
        case .not(let filter): hasChildCount(filter)
        default: 0
        }
    }
}

/// A storage that records the record reads it forwards to another (thread-safe).
final class RecordingStorage: HealthStorage, @unchecked Sendable {
    /// One `records(matching:…)` call.
    struct Read: Sendable { var filter: SampleFilter; var includePayload: Bool }

    /// The reads so far.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var reads: [Read] = []
        var all: [Read] { lock.withLock { reads } }
        func append(_ read: Read) { lock.withLock { reads.append(read) } }
        func removeAll() { lock.withLock { reads.removeAll() } }
    }

    let base: any HealthStorage
    let reads = Log()

    init(_ base: any HealthStorage) { self.base = base }

    func records(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, includePayload: Bool) throws -> [SampleRecord] {
        reads.append(Read(filter: filter, includePayload: includePayload))
        return try base.records(matching: filter, sort: sort, limit: limit, includePayload: includePayload)
    }

    func save(_ records: [SampleRecord], associating association: SampleAssociation?) throws -> SaveOutcome {
        try base.save(records, associating: association)
    }
    func delete(uuids: [UUID], source: String?) throws -> [Tombstone] { try base.delete(uuids: uuids, source: source) }
    func delete(matching filter: SampleFilter) throws -> [Tombstone] { try base.delete(matching: filter) }
    func count(matching filter: SampleFilter) throws -> Int { try base.count(matching: filter) }
    func changes(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?) throws -> ChangeBatch {
        try base.changes(after: after, through: through, matching: filter, limit: limit)
    }
    func latestChangePosition() throws -> Int64 { try base.latestChangePosition() }
    var changeFeed: ChangeFeed { base.changeFeed }
    let attachments = StorageAttachments()
    func sources(matching filter: SampleFilter) throws -> [SourceRecord] { try base.sources(matching: filter) }
    func setting(_ key: String) throws -> String? { try base.setting(key) }
    func setSetting(_ key: String, to value: String?) throws { try base.setSetting(key, to: value) }
    func grants(for app: String?) throws -> [AuthorizationGrant] { try base.grants(for: app) }
    func setGrants(_ grants: [AuthorizationGrant]) throws { try base.setGrants(grants) }
    func removeGrants(for app: String, types: Set<String>?) throws { try base.removeGrants(for: app, types: types) }
}
