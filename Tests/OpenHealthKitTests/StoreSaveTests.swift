import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

@Suite struct StoreSaveTests {
    typealias F = StoreFixture

    static func authorizedStore(storage: (any HealthStorage)? = nil, app: String = F.appID) async throws -> HKHealthStore {
        let store = try F.store(app: app, storage: storage)
        try await store.requestAuthorization(toShare: [F.stepCount, F.systolic, F.diastolic], read: [F.stepCount])
        return store
    }

    @Test func savingNeedsADecisionAndThenAGrant() async throws {
        let store = try F.store(prompt: FixedAuthorizationPrompt(allows: false))
        await expectHKError(.errorAuthorizationNotDetermined) { try await store.save(F.steps()) }
        try await store.requestAuthorization(toShare: [F.stepCount], read: [])
        await expectHKError(.errorAuthorizationDenied) { try await store.save(F.steps()) }
    }

    @Test func savedObjectsKeepTheirUUIDAndCarryTheAppsSource() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Self.authorizedStore(storage: storage)
        let sample = F.steps()
        try await store.save(sample)
        let records = try storage.records(matching: .uuids([sample.uuid]), sort: [], limit: nil)
        #expect(records.map(\.uuid) == [sample.uuid])
        #expect(records.first?.source.bundleIdentifier == F.appID)
    }

    @Test func saveIsAtomic() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Self.authorizedStore(storage: storage)
        let heart = HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 70),
                                     start: Date(timeIntervalSince1970: 1_700_000_000), end: Date(timeIntervalSince1970: 1_700_000_000))
        await expectHKError(.errorAuthorizationNotDetermined) { try await store.save([F.steps(), heart]) }
        #expect(try storage.count(matching: .all) == 0)
    }

    @Test func aUUIDAlreadyStoredOrGivenTwiceIsInvalid() async throws {
        let store = try await Self.authorizedStore()
        let sample = F.steps()
        try await store.save(sample)
        await expectHKError(.errorInvalidArgument) { try await store.save(sample) }
        let fresh = F.steps()
        await expectHKError(.errorInvalidArgument) { try await store.save([fresh, fresh]) }
    }

    @Test func samplesEndingBeforeTheEarliestPermittedDateAreInvalid() async throws {
        let store = try await Self.authorizedStore()
        #expect(store.earliestPermittedSampleDate() == ISO8601DateFormatter().date(from: "1900-01-01T00:00:00Z"))
        await expectHKError(.errorInvalidArgument) { try await store.save(F.steps(start: Date(timeIntervalSince1970: -2_300_000_000))) }
    }

    @Test func aCorrelationNeedsItsMemberTypes() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Self.authorizedStore(storage: storage)
        try await store.save(F.bloodPressureReading())
        #expect(try storage.count(matching: .all) == 3)
        let other = try F.store(app: F.otherAppID, storage: storage)
        try await other.requestAuthorization(toShare: [F.systolic], read: [])
        await expectHKError(.errorAuthorizationNotDetermined) { try await other.save(F.bloodPressureReading()) }
    }

    @Test func aHigherSyncVersionReplacesAndALowerOneIsIgnoredSilently() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Self.authorizedStore(storage: storage)
        try await store.save(F.syncedSteps(10, id: "day-1", version: 2))
        try await store.save(F.syncedSteps(20, id: "day-1", version: 1))
        try await store.save(F.syncedSteps(30, id: "day-1", version: 2))
        #expect(try storage.records(matching: .all, sort: [], limit: nil).map(\.quantity) == [10])
        try await store.save(F.syncedSteps(40, id: "day-1", version: 3))
        #expect(try storage.records(matching: .all, sort: [], limit: nil).map(\.quantity) == [40])
    }

    @Test func completionHandlersReportSuccess() async throws {
        let store = try await Self.authorizedStore()
        let saved = await withCheckedContinuation { continuation in
            store.save(F.steps()) { success, error in continuation.resume(returning: success && error == nil) }
        }
        #expect(saved)
    }

    @Test func anUnopenableDatabaseFailsEveryOperation() async throws {
        #expect(throws: HKError.self) { try HKHealthStore(databasePath: "/proc/no/such/place/health.sqlite", app: F.app()) }
    }
}
