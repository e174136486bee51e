import Foundation
@testable import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite struct QueryAnchoredTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    @Test func nilAnchorReadsFromTheBeginningAndTheAnchorResumes() async throws {
        let store = try await Q.store()
        let first = [Q.steps(1), Q.steps(2)]
        try await store.save(first)
        let (samples, deleted, anchor) = try await Q.changes(store, anchor: nil)
        #expect(samples.map(\.uuid) == first.map(\.uuid))
        #expect(deleted.isEmpty)
        let later = Q.steps(3)
        try await store.save(later)
        try await store.delete(first[0])
        let (newSamples, newDeleted, newAnchor) = try await Q.changes(store, anchor: anchor)
        #expect(newSamples.map(\.uuid) == [later.uuid])
        #expect(newDeleted.map(\.uuid) == [first[0].uuid])
        let (none, noneDeleted, same) = try await Q.changes(store, anchor: newAnchor)
        #expect(none.isEmpty && noneDeleted.isEmpty)
        #expect(same == newAnchor)
    }

    @Test func savedThenDeletedAppearsOnlyAsDeleted() async throws {
        let store = try await Q.store()
        let sample = Q.steps(1)
        try await store.save(sample)
        try await store.delete(sample)
        let (samples, deleted, _) = try await Q.changes(store, anchor: nil)
        #expect(samples.isEmpty)
        #expect(deleted.map(\.uuid) == [sample.uuid])
    }

    @Test func limitCountsSamplesAndDeletions() async throws {
        let store = try await Q.store()
        let (_, _, start) = try await Q.changes(store, anchor: nil)
        let old = Q.steps(1)
        try await store.save(old)
        let (_, _, afterOld) = try await Q.changes(store, anchor: start)
        try await store.delete(old)
        try await store.save([Q.steps(2), Q.steps(3)])
        let (page, deletedPage, next) = try await Q.changes(store, anchor: afterOld, limit: 2)
        #expect(deletedPage.map(\.uuid) == [old.uuid])
        #expect(page.count == 1)
        let (rest, restDeleted, _) = try await Q.changes(store, anchor: next, limit: 2)
        #expect(rest.count == 1 && restDeleted.isEmpty)
    }

    @Test func syncVersionReplacementReportsTheOldObjectDeletedWithItsSyncMetadata() async throws {
        let store = try await Q.store()
        let version1 = F.syncedSteps(10, id: "day-1", version: 1)
        try await store.save(version1)
        let (_, _, anchor) = try await Q.changes(store, anchor: nil)
        let version2 = F.syncedSteps(12, id: "day-1", version: 2)
        try await store.save(version2)
        let (samples, deleted, _) = try await Q.changes(store, anchor: anchor)
        #expect(samples.map(\.uuid) == [version2.uuid])
        let gone = try #require(deleted.first)
        #expect(gone.uuid == version1.uuid)
        #expect(gone.metadata?[HKMetadataKeySyncIdentifier] as? String == "day-1")
        #expect((gone.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.intValue == 1)
    }

    @Test func anchorsPersistAsCodableAndArchives() throws {
        let anchor = HKQueryAnchor(fromValue: 42)
        let json = try JSONEncoder().encode(anchor)
        #expect(String(decoding: json, as: UTF8.self) == "42")
        #expect(try JSONDecoder().decode(HKQueryAnchor.self, from: json) == anchor)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
        let restored = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: archive)
        #expect(restored == anchor)
        #expect(anchor.rawValue == 42)
    }

    @Test func updateHandlerReportsCommitsOfAnotherStoreOnTheSameDatabase() async throws {
        let (reader, writer) = try await Q.twoStores()
        let updates = EventRecorder<([UUID], [UUID])>()
        let initial = EventRecorder<Int>()
        let query = HKAnchoredObjectQuery(type: F.stepCount, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, samples, _, _, _ in
            initial.record(samples?.count ?? -1)
        }
        query.updateHandler = { _, samples, deleted, _, _ in
            updates.record((samples?.map(\.uuid) ?? [], deleted?.map(\.uuid) ?? []))
        }
        reader.execute(query)
        #expect(await initial.wait(for: 1) == [0])
        let sample = Q.steps(4)
        try await writer.save(sample)
        let rate = HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 60),
                                    start: Date(), end: Date())
        try await writer.save(rate)
        await updates.wait { events in events.flatMap(\.0).contains(sample.uuid) }
        try await writer.delete(sample)
        let events = await updates.wait { events in events.flatMap(\.1).contains(sample.uuid) }
        #expect(events.flatMap(\.0) == [sample.uuid])
        #expect(events.flatMap(\.1) == [sample.uuid])
        reader.stop(query)
        let count = updates.events.count
        // From here the reader's monitor polls only when the test says: a poll after the save, handled, delivers nothing.
        let driven = try DrivenMonitor(reader)
        try await writer.save(Q.steps(5))
        driven.step()
        #expect(updates.events.count == count)
    }

    @Test func updateHandlerCannotBeSetAfterExecuting() async throws {
        await #expect(processExitsWith: .failure) {
            let store = try StoreFixture.store()
            let query = HKAnchoredObjectQuery(type: StoreFixture.stepCount, predicate: nil, anchor: nil, limit: 0) { _, _, _, _, _ in }
            store.execute(query)
            query.updateHandler = { _, _, _, _, _ in }
        }
    }
    /// A read longer than the concurrent-mapping threshold is mapped in slices on several threads: every
    /// sample comes back once, in change order, with its own value, correlations with their members.
    @Test func longReadsMapInSlicesAndKeepChangeOrder() async throws {
        let store = try await Q.store()
        let count = 25_000
        #expect(count > QueryMapping.concurrentMappingThreshold)
        var saved: [HKObject] = []
        for index in 0 ..< count {
            saved.append(index % 5_000 == 4_999 ? F.bloodPressureReading(at: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
                                                 : Q.steps(Double(index), minutes: Double(index)))
        }
        try await store.save(saved)
        let types: Set<HKSampleType> = [F.stepCount, F.bloodPressure]
        let (samples, _, _) = try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(queryDescriptors: types.map { HKQueryDescriptor(sampleType: $0, predicate: nil) },
                                              anchor: nil, limit: HKObjectQueryNoLimit) { _, samples, deleted, anchor, error in
                if let samples, let deleted, let anchor { continuation.resume(returning: (samples, deleted, anchor)) }
                else { continuation.resume(throwing: error!) }
            }
            store.execute(query)
        }
        #expect(samples.map(\.uuid) == saved.map(\.uuid))
        for (index, sample) in samples.enumerated() {
            if let steps = sample as? HKQuantitySample {
                #expect(steps.quantity.doubleValue(for: .count()) == Double(index), "sample \(index)")
            } else {
                #expect((sample as? HKCorrelation)?.objects.count == 2, "correlation \(index)")
            }
        }
    }
    /// An unlimited read spanning more positions than the concurrent-read threshold is split into stretches
    /// read and mapped on several threads: together they give every change once, in order, up to the newest.
    @Test func longUnlimitedReadsSplitIntoStretches() async throws {
        let store = try await Q.store()
        let saved = (0 ..< 60_000).map { Q.steps(Double($0), minutes: Double($0)) }
        try await store.save(saved)
        let cut = Date(timeIntervalSince1970: 1_700_000_000 + 40_000 * 60)
        let removed = try await store.deleteObjects(of: F.stepCount, predicate: HKQuery.predicateForSamples(withStart: nil, end: cut))
        #expect(removed == 40_000)
        #expect(Int64(100_000) >= AnchoredChanges.concurrentReadThreshold)
        #expect((AnchoredChanges.stretches(after: 0, through: 100_000)?.count ?? 2) == 2 * ProcessInfo.processInfo.activeProcessorCount)
        let (samples, deleted, anchor) = try await Q.changes(store, anchor: nil)
        #expect(samples.map(\.uuid) == saved[40_000...].map(\.uuid))
        #expect(deleted.map(\.uuid) == saved[..<40_000].map(\.uuid))
        for (index, sample) in samples.enumerated() {
            #expect((sample as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == Double(40_000 + index))
        }
        let (none, noneDeleted, same) = try await Q.changes(store, anchor: anchor)
        #expect(none.isEmpty && noneDeleted.isEmpty && same == anchor)
    }
}
