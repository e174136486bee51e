import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite struct AuthorizationGrantsTests {
    typealias F = StoreFixture

    @Test func thePersonGrantsAndRevokesForAnyApp() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let admin = try F.store(app: "health", storage: storage)
        try admin.setAuthorization(forApp: F.appID, toShare: [F.stepCount], read: [F.heartRate], allowed: true)
        let app = try F.store(storage: storage, prompt: RecordingPrompt())
        #expect(app.authorizationStatus(for: F.stepCount) == .sharingAuthorized)
        #expect(try admin.authorizationGrants(forApp: F.appID).count == 2)
        try admin.revokeAuthorization(forApp: F.appID, types: [F.stepCount])
        #expect(app.authorizationStatus(for: F.stepCount) == .notDetermined)
        try admin.revokeAuthorization(forApp: F.appID)
        #expect(try admin.authorizationGrants().isEmpty)
        #expect(throws: HKError.self) {
            try admin.setAuthorization(forApp: F.appID, toShare: [HKClinicalType(.allergyRecord)], read: [], allowed: true)
        }
    }

    @Test func concurrentRequestsAskOnce() async throws {
        let prompt = RecordingPrompt()
        let store = try F.store(prompt: prompt)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { try await store.requestAuthorization(toShare: [F.stepCount], read: [F.heartRate]) }
            }
            try await group.waitForAll()
        }
        #expect(prompt.requests.count == 1)
    }
}
