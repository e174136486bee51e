// Saving and deleting written the way Apple's "Saving data to HealthKit" article and WWDC's sync
// identifier session show them: build samples with metadata, save one or many (completion handler or
// async), delete your own objects, delete by predicate, and let sync identifiers and versions replace
// stale copies instead of duplicating them.
import Foundation
import HealthKit
import Testing

extension HKHealthStore {
    /// The app's sample query wrapper, as most HealthKit apps write one.
    fileprivate func fetchSamples(_ type: HKSampleType, predicate: NSPredicate? = nil,
                                  limit: Int = HKObjectQueryNoLimit) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            let sort = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)
            let query = HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: [sort]) { _, samples, error in
                if let error { continuation.resume(throwing: error); return }
                continuation.resume(returning: samples ?? [])
            }
            execute(query)
        }
    }

    /// Every change after `anchor` (no update handler).
    fileprivate func fetchChanges(_ type: HKSampleType, after anchor: HKQueryAnchor?)
        async throws -> (added: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor) {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit) { _, added, deleted, newAnchor, error in
                if let error { continuation.resume(throwing: error); return }
                continuation.resume(returning: (added ?? [], deleted ?? [], newAnchor!))
            }
            execute(query)
        }
    }
}

@Suite("Store scenarios: saving and deleting as Apple's articles show")
struct StoreSaveDeleteScenarios {
    let morning = Date(timeIntervalSince1970: 1_710_057_600) // 2024-03-10 08:00:00 UTC
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    private func authorizedStore(_ device: ScenarioDevice, app: String = ScenarioDevice.stepCounterApp) async throws -> HKHealthStore {
        let store = device.healthStore(app: app)
        try await store.requestAuthorization(toShare: [steps, heartRate, HKQuantityType(.bodyMass)],
                                             read: [steps, heartRate, HKQuantityType(.bodyMass)])
        return store
    }

    private func walk(_ count: Double, minutesAfterMorning minutes: Double, metadata: [String: Any]? = nil) -> HKQuantitySample {
        let start = morning.addingTimeInterval(minutes * 60)
        return HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
                                start: start, end: start.addingTimeInterval(600), metadata: metadata)
    }

    @Test func savingOneSampleWithTheCompletionHandler() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await authorizedStore(device)
        let reading = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 72), start: morning, end: morning,
                                       metadata: [HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.sedentary.rawValue,
                                                  HKMetadataKeyWasUserEntered: true])
        let (success, error): (Bool, (any Error)?) = await withCheckedContinuation { continuation in
            healthStore.save(reading) { success, error in continuation.resume(returning: (success, error)) }
        }
        #expect(success && error == nil)

        let stored = try await healthStore.fetchSamples(heartRate, predicate: HKQuery.predicateForObject(with: reading.uuid))
        let sample = try #require(stored.first as? HKQuantitySample)
        #expect(stored.count == 1)
        #expect(sample.uuid == reading.uuid)
        #expect(sample.quantity.doubleValue(for: bpm) == 72)
        #expect(sample.startDate == morning && sample.endDate == morning)
        #expect(sample.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
        #expect((sample.metadata?[HKMetadataKeyHeartRateMotionContext] as? NSNumber)?.intValue == HKHeartRateMotionContext.sedentary.rawValue)
        #expect(sample.sourceRevision.source.bundleIdentifier == ScenarioDevice.stepCounterApp)
    }

    @Test func savingABatchIsAllOrNothing() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await authorizedStore(device)
        let walks = [walk(800, minutesAfterMorning: 0), walk(1200, minutesAfterMorning: 30), walk(450, minutesAfterMorning: 60)]

        // The same object twice in one batch is an invalid argument, and nothing is saved.
        do {
            try await healthStore.save(walks + [walks[0]])
            Issue.record("a batch with a repeated object was saved")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
        }
        #expect(try await healthStore.fetchSamples(steps).isEmpty)

        try await healthStore.save(walks)
        let stored = try await healthStore.fetchSamples(steps)
        #expect(stored.map(\.uuid) == walks.map(\.uuid))
        let total = stored.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) }.reduce(0, +)
        #expect(total == 2450)

        // Saving an object that is already stored fails too.
        await #expect(throws: HKError.self) { try await healthStore.save(walks[1]) }
        #expect(try await healthStore.fetchSamples(steps).count == 3)
    }

    @Test func errorsCaughtAsNSErrorsInTheHealthKitDomain() async throws {
        let device = try ScenarioDevice()
        let denied = device.healthStore(policy: "deny")
        try await denied.requestAuthorization(toShare: [steps], read: [])
        do {
            try await denied.save(walk(10, minutesAfterMorning: 0))
            Issue.record("saving a denied type succeeded")
        } catch let error as NSError where error.domain == HKErrorDomain && error.code == HKError.Code.errorAuthorizationDenied.rawValue {
            #expect(!error.localizedDescription.isEmpty)
        } catch {
            Issue.record("unexpected \(error)")
        }
        // The same failure through the completion handler, as an HKError.
        let error: (any Error)? = await withCheckedContinuation { continuation in
            denied.delete([walk(10, minutesAfterMorning: 0)]) { _, error in continuation.resume(returning: error) }
        }
        #expect((error as? HKError)?.code == .errorAuthorizationDenied)
    }

    @Test func aSampleBeforeTheEarliestPermittedDateIsRejected() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await authorizedStore(device)
        let earliest = healthStore.earliestPermittedSampleDate()
        let tooOld = HKQuantitySample(type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70),
                                      start: earliest.addingTimeInterval(-86_400), end: earliest.addingTimeInterval(-86_400))
        do {
            try await healthStore.save(tooOld)
            Issue.record("a sample before earliestPermittedSampleDate was saved")
        } catch HKError.errorInvalidArgument {
            // expected
        }
    }

    @Test func deletingTheAppsOwnSamples() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await authorizedStore(device)
        let walks: [HKQuantitySample] = [walk(100, minutesAfterMorning: 0), walk(200, minutesAfterMorning: 15),
                                          walk(300, minutesAfterMorning: 30), walk(400, minutesAfterMorning: 45)]
        try await healthStore.save(walks)

        let deleted: Bool = try await withCheckedThrowingContinuation { continuation in
            healthStore.delete(walks[0]) { success, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: success) }
            }
        }
        #expect(deleted)
        try await healthStore.delete([walks[1], walks[2]])
        let left = try await healthStore.fetchSamples(steps)
        #expect(left.map(\.uuid) == [walks[3].uuid])

        // Each deletion is reported to anchored queries.
        let changes = try await healthStore.fetchChanges(steps, after: nil)
        #expect(changes.added.map(\.uuid) == [walks[3].uuid])
        #expect(Set(changes.deleted.map(\.uuid)) == [walks[0].uuid, walks[1].uuid, walks[2].uuid])
    }

    @Test func deletingObjectsMatchingAPredicate() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await authorizedStore(device)
        // Six walks, one every 20 minutes from 08:00; the window 08:30..<09:30 (strict start) holds 08:40, 09:00, 09:20.
        try await healthStore.save((0..<6).map { walk(500, minutesAfterMorning: Double($0 * 20)) })
        let window = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(30 * 60), end: morning.addingTimeInterval(90 * 60),
                                                 options: .strictStartDate)
        let (success, count): (Bool, Int) = try await withCheckedThrowingContinuation { continuation in
            healthStore.deleteObjects(of: steps, predicate: window) { success, deletedObjectCount, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: (success, deletedObjectCount)) }
            }
        }
        #expect(success)
        #expect(count == 3)
        #expect(try await healthStore.fetchSamples(steps).count == 3)

        // The async form returns the count too; nothing left in the window now.
        #expect(try await healthStore.deleteObjects(of: steps, predicate: window) == 0)
        let userEntered = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered)
        try await healthStore.save([walk(10, minutesAfterMorning: 200, metadata: [HKMetadataKeyWasUserEntered: true])])
        #expect(try await healthStore.deleteObjects(of: steps, predicate: userEntered) == 1)
        #expect(try await healthStore.fetchSamples(steps).count == 3)
    }

    @Test func anotherAppsSamplesCannotBeDeleted() async throws {
        let device = try ScenarioDevice()
        let coach = try await authorizedStore(device, app: ScenarioDevice.coachApp)
        let counter = try await authorizedStore(device)
        let theirs = walk(900, minutesAfterMorning: 0)
        let mine = walk(300, minutesAfterMorning: 30)
        try await coach.save(theirs)
        try await counter.save(mine)

        // The counter may read the coach's sample, but not delete it: the whole call fails.
        let visible = try await counter.fetchSamples(steps)
        #expect(Set(visible.map(\.uuid)) == [theirs.uuid, mine.uuid])
        do {
            try await counter.delete(visible)
            Issue.record("deleting another app's sample succeeded")
        } catch let error as HKError {
            #expect(error.code == .errorAuthorizationDenied)
        }
        #expect(try await counter.fetchSamples(steps).count == 2)
        // deleteObjects(of:predicate:) only ever touches the app's own samples.
        let everything = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(-3600), end: morning.addingTimeInterval(7200))
        #expect(try await counter.deleteObjects(of: steps, predicate: everything) == 1)
        #expect(try await counter.fetchSamples(steps).map(\.uuid) == [theirs.uuid])
    }

    @Test func syncIdentifierAndVersionReplaceTheStoredCopy() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await authorizedStore(device)
        func dailySteps(_ count: Double, version: Int) -> HKQuantitySample {
            walk(count, minutesAfterMorning: 0, metadata: [HKMetadataKeySyncIdentifier: "steps-2024-03-10",
                                                           HKMetadataKeySyncVersion: version])
        }
        let first = dailySteps(4000, version: 1)
        try await healthStore.save(first)
        let afterFirst = try await healthStore.fetchChanges(steps, after: nil)
        #expect(afterFirst.added.map(\.uuid) == [first.uuid])

        // A higher version replaces the stored copy: still one sample, with the new value.
        let second = dailySteps(6500, version: 2)
        try await healthStore.save(second)
        let stored = try await healthStore.fetchSamples(steps)
        #expect(stored.count == 1)
        #expect((stored.first as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 6500)
        #expect(stored.first?.metadata?[HKMetadataKeySyncVersion] as? Int == 2)

        // The replaced copy shows up as deleted, still carrying its sync identifier and version.
        let changes = try await healthStore.fetchChanges(steps, after: afterFirst.anchor)
        #expect(changes.added.map(\.uuid) == [second.uuid])
        let gone = try #require(changes.deleted.first)
        #expect(changes.deleted.count == 1)
        #expect(gone.uuid == first.uuid)
        #expect(gone.metadata?[HKMetadataKeySyncIdentifier] as? String == "steps-2024-03-10")
        #expect(gone.metadata?[HKMetadataKeySyncVersion] as? Int == 1)

        // An older version arriving late does not replace the newer one.
        try await healthStore.save(dailySteps(3000, version: 1))
        let afterStale = try await healthStore.fetchSamples(steps)
        #expect(afterStale.map(\.uuid) == [second.uuid])

        // The same identifier from another app is that app's own record.
        let coach = try await authorizedStore(device, app: ScenarioDevice.coachApp)
        try await coach.save(dailySteps(100, version: 1))
        #expect(try await healthStore.fetchSamples(steps).count == 2)
    }
}
