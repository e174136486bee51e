import Foundation
import HealthDatabase
import HealthDatabaseSQLite
@testable import OpenHealthKit
import Testing

@Suite struct AuthorizationReadScopeTests {
    typealias F = StoreFixture

    @Test func readScopeIsOwnOnlyUntilReadingIsAllowed() async throws {
        let store = try F.store(prompt: ClosureAuthorizationPrompt { _ in
            AuthorizationPromptResponse(allowedToShare: [], allowedToRead: [F.heartRate])
        })
        #expect(store.readScope(for: F.heartRate) == .ownOnly)
        try await store.requestAuthorization(toShare: [], read: [F.heartRate, F.stepCount])
        #expect(store.readScope(for: F.heartRate) == .all)
        #expect(store.readScope(for: F.stepCount) == .ownOnly)
    }

    @Test func theReadRestrictionLetsDeniedTypesSeeOnlyTheAppsOwnSamples() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let other = try F.store(app: F.otherAppID, storage: storage)
        try await other.requestAuthorization(toShare: [F.stepCount, F.heartRate], read: [])
        try await other.save([F.steps(1), HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 60),
                                                              start: Date(timeIntervalSince1970: 1_700_000_000), end: Date(timeIntervalSince1970: 1_700_000_000))])
        let store = try F.store(storage: storage, prompt: ClosureAuthorizationPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare, allowedToRead: [F.heartRate])
        })
        try await store.requestAuthorization(toShare: [F.stepCount], read: [F.stepCount, F.heartRate])
        try await store.save(F.steps(2))

        let types: [HKObjectType] = [F.stepCount, F.heartRate]
        let restriction = try store.readRestriction(for: types)
        let visible = try storage.records(matching: .and([.types(Set(types.map(\.identifier))), restriction]), sort: [], limit: nil)
        #expect(visible.count == 2)
        #expect(Set(visible.map(\.source.bundleIdentifier)) == [F.appID, F.otherAppID])
        #expect(visible.first { $0.type == F.stepCount.identifier }?.source.bundleIdentifier == F.appID)
        #expect(try store.readRestriction(for: [F.heartRate]) == .all)
        #expect(try store.readRestriction(for: [F.stepCount]) == .sources([F.appID]))
    }

    @Test func aCorrelationIsReadableWhenAMemberTypeIs() async throws {
        let store = try F.store()
        try await store.requestAuthorization(toShare: [], read: [F.systolic])
        #expect(store.readScope(for: F.bloodPressure) == .all)
    }
}
