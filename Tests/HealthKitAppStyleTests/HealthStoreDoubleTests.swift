// Test doubles that subclass HKHealthStore: overriding HealthKit's methods works, and the async forms reach an
// overridden completion form, as on Apple platforms where the async forms are bridges to the completion forms.
import HealthKit
import Testing

@Suite("Subclassing HKHealthStore")
struct HealthStoreDoubleTests {
    @Test func dataLayerRunsOnTheMock() async throws {
        let mock = MockHealthStore()
        let repository = StepRepository(store: mock)
        try await repository.connect()
        try await repository.record(120, at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(mock.recorded == ["requestAuthorization(completion)", "save(completion)"])
        #expect(mock.saved.count == 1)
        #expect((mock.saved.first as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 120)
    }

    @Test func theRefinedAsyncFormAsBackDeployedAppsCallIt() async throws {
        let store = try HKHealthStore(databasePath: temporaryStorePath(), app: testApp, environment: allowEverything)
        let steps = HKQuantityType(.stepCount)
        #expect(try await store.__requestAuthorization(toShare: [steps], read: [steps]))
        #expect(store.authorizationStatus(for: steps) == .sharingAuthorized)
        let mock = MockHealthStore()
        mock.authorizationError = HKError(.errorAuthorizationDenied)
        await #expect(throws: HKError.self) { _ = try await mock.__requestAuthorization(toShare: nil, read: [steps]) }
        #expect(mock.recorded == ["requestAuthorization(completion)"])
    }

    @Test func asyncFormsReachOverriddenCompletionForms() async throws {
        let mock = MockHealthStore()
        mock.authorizationError = HKError(.errorAuthorizationDenied)
        await #expect(throws: HKError.self) {
            try await mock.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
        }
        #expect(mock.recorded == ["requestAuthorization(completion)"])
    }

    @Test func overriddenExecuteAndOtherMembers() async throws {
        let mock = MockHealthStore()
        let sample = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 7),
                                      start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60))
        mock.stubbedSamples = [sample]
        let answered = Locked<[HKSample]?>(nil)
        let query = SampleQueryDouble(descriptors: [HKQueryDescriptor(sampleType: HKQuantityType(.stepCount), predicate: nil)],
                                      limit: 3) { _, samples, _ in answered.set(samples) }
        mock.execute(query)
        mock.stop(query)
        #expect(answered.value?.map(\.uuid) == [sample.uuid])
        #expect(try mock.biologicalSex().biologicalSex == .female)
        #expect(try mock.bloodType().bloodType == .notSet)
        #expect(HKActivityMoveModeObject().activityMoveMode == .activeEnergy && HKWheelchairUseObject().wheelchairUse == .notSet)
        #expect(mock.authorizationStatus(for: HKQuantityType(.stepCount)) == .sharingAuthorized)
        let units = try await mock.preferredUnits(for: [HKQuantityType(.stepCount)])
        #expect(units[HKQuantityType(.stepCount)] == .count())
        #expect(MockHealthStore.isHealthDataAvailable())
        #expect(mock.recorded == ["execute(SampleQueryDouble)", "stop", "biologicalSex", "bloodType", "authorizationStatus", "preferredUnits(async)"])
    }

    @Test func dataLayerRunsOnTheRealStore() async throws {
        let store = try HKHealthStore(databasePath: temporaryStorePath(), app: testApp, environment: allowEverything)
        let repository = StepRepository(store: store)
        try await repository.connect()
        for (index, count) in [10.0, 20, 30].enumerated() {
            try await repository.record(count, at: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60))
        }
        let latest = try await repository.latest(2)
        #expect(latest.map { $0.quantity.doubleValue(for: .count()) } == [30, 20])
    }

    @Test func spyThatOverridesOnlyTheCompletionFormSeesAsyncCallers() async throws {
        let spy = try SavingSpy(databasePath: temporaryStorePath(), app: testApp, environment: allowEverything)
        let steps = HKQuantityType(.stepCount)
        try await spy.requestAuthorization(toShare: [steps], read: [steps])
        let sample = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5),
                                      start: Date(timeIntervalSince1970: 1_700_000_000), end: Date(timeIntervalSince1970: 1_700_000_060))
        let later = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 6),
                                     start: Date(timeIntervalSince1970: 1_700_000_060), end: Date(timeIntervalSince1970: 1_700_000_120))
        try await spy.save(sample)
        try await spy.save([later])
        #expect(spy.completionSaves.value == 2)
        let stored = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: []).result(for: spy)
        #expect(Set(stored.map(\.uuid)) == [sample.uuid, later.uuid])
    }

    @Test func overridingOnlyTheAsyncFormLeavesCompletionCallersWithHealthKitsBehaviour() async throws {
        let store = try AsyncOnlyStore(databasePath: temporaryStorePath(), app: testApp, environment: allowEverything)
        let steps = HKQuantityType(.stepCount)
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        let sample = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5),
                                      start: Date(timeIntervalSince1970: 1_700_000_000), end: Date(timeIntervalSince1970: 1_700_000_060))
        try await store.save(sample)
        #expect(store.asyncSaves.value == 1)
        let saved: Bool = await withCheckedContinuation { continuation in
            store.save(sample) { success, _ in continuation.resume(returning: success) }
        }
        #expect(saved, "the completion form keeps HealthKit's behaviour and stores the sample")
        #expect(store.asyncSaves.value == 1)
        let stored = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: []).result(for: store)
        #expect(stored.map(\.uuid) == [sample.uuid])
    }
}

/// Counts the completion-form saves, then saves for real.
final class SavingSpy: HKHealthStore, @unchecked Sendable {
    let completionSaves = Locked(0)

    override func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completionSaves.update { $0 += 1 }
        super.save(objects, withCompletion: completion)
    }

    override func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completionSaves.update { $0 += 1 }
        super.save(object, withCompletion: completion)
    }
}

/// Overrides only the async form of `save`; it records and does not store.
final class AsyncOnlyStore: HKHealthStore, @unchecked Sendable {
    let asyncSaves = Locked(0)

    override func save(_ object: HKObject) async throws {
        asyncSaves.update { $0 += 1 }
    }
}

/// A value behind a lock, for handlers that run on other threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
