// Anchored and observer queries written the way Apple's "Executing anchored object queries", "Executing
// observer queries" and "Running queries with Swift concurrency" articles use them: anchors kept across
// launches with NSKeyedArchiver, deletions reported with their sync identifiers, paging with limits, the
// observer-wakes-anchored-reads sync pattern with its completion handler, and the async descriptors.
import Foundation
import TestSupport
import HealthKit
import Testing

/// Where an app keeps its anchor between launches (UserDefaults in most apps; a file here).
private struct AnchorFile {
    let url: URL

    func save(_ anchor: HKQueryAnchor) throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
        try data.write(to: url)
    }

    func load() throws -> HKQueryAnchor? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
    }
}

extension HKHealthStore {
    fileprivate func changes(of type: HKSampleType, since anchor: HKQueryAnchor?, limit: Int = HKObjectQueryNoLimit)
        async throws -> (samples: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor) {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: anchor, limit: limit) { _, samplesOrNil, deletedOrNil, newAnchor, errorOrNil in
                if let error = errorOrNil {
                    continuation.resume(throwing: error)
                    return
                }
                guard let samples = samplesOrNil, let deleted = deletedOrNil, let newAnchor else {
                    continuation.resume(throwing: HKError(.errorInvalidArgument))
                    return
                }
                continuation.resume(returning: (samples, deleted, newAnchor))
            }
            execute(query)
        }
    }
}

/// The documented background sync: an observer query says "something changed", an anchored query reads
/// exactly what changed since the saved anchor, the anchor is saved, and the observer's completion handler
/// tells HealthKit the update was handled.
private final class StepUploader: @unchecked Sendable {
    private let healthStore: HKHealthStore
    private let anchorFile: AnchorFile
    private let lock = NSLock()
    private var uploaded: [UUID] = []
    private var removed: [UUID] = []
    private var wakeUps = 0
    private var completions = 0
    let stepType = HKQuantityType(.stepCount)

    init(healthStore: HKHealthStore, anchorFile: AnchorFile) {
        self.healthStore = healthStore
        self.anchorFile = anchorFile
    }

    var uploadedIDs: [UUID] { lock.withLock { uploaded } }
    var removedIDs: [UUID] { lock.withLock { removed } }
    var counts: (wakeUps: Int, completions: Int) { lock.withLock { (wakeUps, completions) } }
    /// One element per change of the counts and lists above, to wait on.
    let progress = Deliveries<Void>()

    /// Waits (at most ten seconds) until `condition` holds for the uploader; returns whether it did.
    func wait(until condition: @escaping @Sendable () -> Bool) async -> Bool {
        await progress.wait { _ in condition() }
    }

    func start() -> HKObserverQuery {
        let query = HKObserverQuery(sampleType: stepType, predicate: nil) { [self] _, completionHandler, errorOrNil in
            lock.withLock { wakeUps += 1 }
            progress.append(())
            if errorOrNil != nil {
                completionHandler()
                return
            }
            let anchor = try? anchorFile.load()
            let read = HKAnchoredObjectQuery(type: stepType, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit) { [self] _, samples, deleted, newAnchor, _ in
                lock.withLock {
                    uploaded += (samples ?? []).map(\.uuid)
                    removed += (deleted ?? []).map(\.uuid)
                }
                if let newAnchor { try? anchorFile.save(newAnchor) }
                lock.withLock { completions += 1 }
                progress.append(())
                completionHandler()
            }
            healthStore.execute(read)
        }
        healthStore.execute(query)
        return query
    }
}

@Suite("Query scenarios: anchored and observer queries, anchors across launches")
struct QueryAnchoredScenarios {
    let morning = Date(timeIntervalSince1970: 1_710_057_600)
    let stepType = HKQuantityType(.stepCount)

    private func store(_ device: ScenarioDevice, app: String = ScenarioDevice.stepCounterApp) async throws -> HKHealthStore {
        let healthStore = device.healthStore(app: app)
        try await healthStore.requestAuthorization(toShare: [stepType, HKQuantityType(.heartRate)],
                                                   read: [stepType, HKQuantityType(.heartRate)])
        return healthStore
    }

    private func relaunch(_ device: ScenarioDevice, app: String = ScenarioDevice.stepCounterApp) async throws -> HKHealthStore {
        let healthStore = try device.relaunch(app: app)
        try await healthStore.requestAuthorization(toShare: [stepType, HKQuantityType(.heartRate)],
                                                   read: [stepType, HKQuantityType(.heartRate)])
        return healthStore
    }

    private func walk(_ count: Double, minute: Double, syncID: String? = nil) -> HKQuantitySample {
        let start = morning.addingTimeInterval(minute * 60)
        let metadata: [String: Any]? = syncID.map { [HKMetadataKeySyncIdentifier: $0, HKMetadataKeySyncVersion: 1] }
        return HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: count),
                                start: start, end: start.addingTimeInterval(300), metadata: metadata)
    }

    private func anchorFile() -> AnchorFile {
        AnchorFile(url: TemporaryFiles.folder.appendingPathComponent("anchor-\(UUID().uuidString).data"))
    }

    @Test func anAnchorArchivedInOneLaunchResumesInTheNext() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let file = anchorFile()
        let walks = [walk(400, minute: 0, syncID: "walk-1"), walk(650, minute: 10, syncID: "walk-2"), walk(120, minute: 20, syncID: "walk-3")]

        // First launch: read everything, keep the anchor.
        do {
            let healthStore = try await store(device)
            try await healthStore.save(walks)
            #expect(try file.load() == nil)
            let first = try await healthStore.changes(of: stepType, since: nil)
            #expect(Set(first.samples.map(\.uuid)) == Set(walks.map(\.uuid)))
            #expect(first.deleted.isEmpty)
            try file.save(first.anchor)
        }

        // While the app is not running: its watch companion deletes a walk, another app adds two.
        let companion = try await relaunch(device)
        try await companion.delete(walks[1])
        let coach = try await relaunch(device, app: ScenarioDevice.coachApp)
        let coachWalks = [walk(1000, minute: 30), walk(2000, minute: 40)]
        try await coach.save(coachWalks)

        // Next launch: a new store on the same database, the unarchived anchor.
        let relaunched = try await relaunch(device)
        let anchor = try #require(try file.load())
        let next = try await relaunched.changes(of: stepType, since: anchor)
        #expect(Set(next.samples.map(\.uuid)) == Set(coachWalks.map(\.uuid)))
        #expect(next.deleted.map(\.uuid) == [walks[1].uuid])
        #expect(next.deleted.first?.metadata?[HKMetadataKeySyncIdentifier] as? String == "walk-2")
        #expect(next.deleted.first?.metadata?[HKMetadataKeySyncVersion] as? Int == 1)
        try file.save(next.anchor)

        // Nothing new since.
        let reloaded = try #require(try file.load())
        #expect(reloaded == next.anchor)
        let none = try await relaunched.changes(of: stepType, since: reloaded)
        #expect(none.samples.isEmpty && none.deleted.isEmpty)
        #expect(none.anchor == reloaded)
    }

    @Test func pagingThroughChangesWithALimit() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let walks = (0..<5).map { walk(Double(100 + $0), minute: Double($0)) }
        try await healthStore.save(walks)
        try await healthStore.delete(walks[1])

        // Four samples and one deleted object: pages of two, two, one, then nothing. The limit counts both.
        var anchor: HKQueryAnchor?
        var pageSizes: [Int] = []
        var added: Set<UUID> = [], deleted: Set<UUID> = []
        for _ in 0..<6 {
            let page = try await healthStore.changes(of: stepType, since: anchor, limit: 2)
            pageSizes.append(page.samples.count + page.deleted.count)
            added.formUnion(page.samples.map(\.uuid))
            deleted.formUnion(page.deleted.map(\.uuid))
            anchor = page.anchor
            if page.samples.isEmpty && page.deleted.isEmpty { break }
        }
        #expect(pageSizes == [2, 2, 1, 0])
        // The pre-iOS 9 "no anchor" value starts from the beginning too.
        let fromZero = try await healthStore.changes(of: stepType, since: HKQueryAnchor(fromValue: HKAnchoredObjectQueryNoAnchor))
        #expect(Set(fromZero.samples.map(\.uuid)) == added)
        #expect(added == Set([walks[0], walks[2], walks[3], walks[4]].map(\.uuid)))
        #expect(deleted == [walks[1].uuid])
    }

    @Test func aLongRunningAnchoredQueryDeliversLaterSavesAndDeletions() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let healthStore = try await store(device)
        let existing = walk(500, minute: 0)
        try await healthStore.save(existing)

        let initial = Deliveries<[UUID]>()
        let updates = Deliveries<(added: [UUID], deleted: [UUID])>()
        let query = HKAnchoredObjectQuery(type: stepType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, samples, _, _, _ in
            initial.append((samples ?? []).map(\.uuid))
        }
        query.updateHandler = { _, samples, deleted, _, error in
            guard error == nil else { return }
            updates.append(((samples ?? []).map(\.uuid), (deleted ?? []).map(\.uuid)))
        }
        healthStore.execute(query)
        #expect(await initial.wait(for: 1))
        #expect(initial.all.first == [existing.uuid])

        // Another process (a second store on the same file) saves; then this app deletes.
        let otherProcess = try await relaunch(device)
        let later = walk(800, minute: 30)
        try await otherProcess.save(later)
        #expect(await updates.wait(for: 1))
        #expect(updates.all.flatMap(\.added) == [later.uuid])

        try await healthStore.delete(existing)
        let sawDeletion = await updates.wait { $0.flatMap(\.deleted).contains(existing.uuid) }
        #expect(sawDeletion)

        // Once stopped, nothing more arrives.
        healthStore.stop(query)
        let delivered = updates.all.count
        try await otherProcess.save(walk(10, minute: 60))
        try catchUpWithCommits(healthStore)
        #expect(updates.all.count == delivered)
    }

    @Test func observerWakesTheAppAndAnAnchoredQueryReadsTheChanges() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let healthStore = try await store(device)
        let enabled: Bool = try await withCheckedThrowingContinuation { continuation in
            healthStore.enableBackgroundDelivery(for: stepType, frequency: .immediate) { success, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: success) }
            }
        }
        #expect(enabled)
        let before = [walk(100, minute: 0), walk(200, minute: 5)]
        try await healthStore.save(before)

        let uploader = StepUploader(healthStore: healthStore, anchorFile: anchorFile())
        let observer = uploader.start()
        // HealthKit calls an observer query's handler once when it starts: the first sync reads what is there.
        #expect(await uploader.wait { Set(uploader.uploadedIDs) == Set(before.map(\.uuid)) })

        // A commit by another process wakes the observer; the anchored read gets exactly the new samples.
        let otherProcess = try await relaunch(device, app: ScenarioDevice.coachApp)
        let fromCoach = [walk(1500, minute: 60), walk(1700, minute: 70)]
        try await otherProcess.save(fromCoach)
        #expect(await uploader.wait { uploader.uploadedIDs.count == 4 })
        #expect(Set(uploader.uploadedIDs) == Set((before + fromCoach).map(\.uuid)))
        #expect(uploader.uploadedIDs.count == Set(uploader.uploadedIDs).count) // nothing read twice

        try await healthStore.delete(before[0])
        #expect(await uploader.wait { uploader.removedIDs == [before[0].uuid] })

        // Every wake-up was completed.
        #expect(await uploader.wait { uploader.counts.wakeUps == uploader.counts.completions })
        #expect(uploader.counts.wakeUps >= 3)
        healthStore.stop(observer)
        try await healthStore.disableBackgroundDelivery(for: stepType)
        try await healthStore.disableAllBackgroundDelivery()
    }

    @Test func anObserverOverSeveralTypesSaysWhichChanged() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let changedTypes = Deliveries<Set<HKSampleType>>()
        let query = HKObserverQuery(queryDescriptors: [HKQueryDescriptor(sampleType: stepType, predicate: nil),
                                                       HKQueryDescriptor(sampleType: HKQuantityType(.heartRate), predicate: nil)]) { _, types, completionHandler, error in
            if error == nil, let types { changedTypes.append(types) }
            completionHandler()
        }
        healthStore.execute(query)
        #expect(await changedTypes.wait(for: 1))  // the call at start
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 61),
                                         start: morning, end: morning)
        try await healthStore.save(heartRate)
        #expect(await changedTypes.wait { $0.contains { $0.contains(HKQuantityType(.heartRate)) } })
        #expect(changedTypes.all.allSatisfy { $0.isSubset(of: [stepType, HKQuantityType(.heartRate)]) })
        healthStore.stop(query)
    }

    @Test func batchReadingWithTheAnchoredDescriptor() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let walks = (0..<7).map { walk(Double($0 * 10), minute: Double($0)) }
        try await healthStore.save(walks)

        // The "batch-read all the matching data" use case: a series of descriptors, each from the last anchor.
        var anchor: HKQueryAnchor? = nil
        var batches: [[HKQuantitySample]] = []
        while true {
            let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: stepType)], anchor: anchor, limit: 3)
            let result = try await descriptor.result(for: healthStore)
            if result.addedSamples.isEmpty && result.deletedObjects.isEmpty { break }
            batches.append(result.addedSamples)
            anchor = result.newAnchor
            if batches.count > 5 { break }
        }
        #expect(batches.map(\.count) == [3, 3, 1])
        let total = batches.joined().map { $0.quantity.doubleValue(for: .count()) }.reduce(0, +)
        #expect(total == 210) // 0 + 10 + … + 60
    }

    @Test func monitoringWithTheAnchoredDescriptorsAsyncSequence() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let healthStore = try await store(device)
        let existing = walk(300, minute: 0)
        try await healthStore.save(existing)
        let otherProcess = try await relaunch(device)
        let later = walk(700, minute: 10)

        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: stepType)], anchor: nil)
        let updateQueue = descriptor.results(for: healthStore)
        let received = try await withDeadline {
            var results: [(added: [UUID], deleted: [UUID])] = []
            for try await result in updateQueue {
                results.append((result.addedSamples.map(\.uuid), result.deletedObjects.map(\.uuid)))
                switch results.count {
                case 1: try await otherProcess.save(later)
                case 2: try await otherProcess.delete(later)
                default: break
                }
                if results.count == 3 { break }
            }
            return results.map { "\($0.added.map(\.uuidString))|\($0.deleted.map(\.uuidString))" }
        }
        #expect(received == [
            "\([existing.uuid.uuidString])|[]",
            "\([later.uuid.uuidString])|[]",
            "[]|\([later.uuid.uuidString])",
        ])
    }
}
