import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite struct AuthorizationRequiredTypesTests {
    typealias F = StoreFixture

    static let required: Set<HKObjectType> = [F.allergies, F.conditions, F.immunizations]

    static func denying(_ denied: HKObjectType) -> RecordingPrompt {
        RecordingPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare,
                                          allowedToRead: request.typesToRead.subtracting([denied]))
        }
    }

    @Test func requiredTypesJoinARequestThatReadsClinicalRecords() async throws {
        let prompt = RecordingPrompt()
        let store = try F.store(prompt: prompt)
        store.setRequiredReadAuthorizationTypes(Self.required)
        try await store.requestAuthorization(toShare: [], read: [F.labResults])
        #expect(prompt.requests.first?.typesToRead == Self.required.union([F.labResults]))
        #expect(prompt.requests.first?.requiredTypesToRead == Self.required)
    }

    @Test func requiredTypesStayOutOfRequestsWithoutClinicalTypes() async throws {
        let prompt = RecordingPrompt()
        let store = try F.store(prompt: prompt)
        store.setRequiredReadAuthorizationTypes(Self.required)
        try await store.requestAuthorization(toShare: [F.stepCount], read: [F.stepCount])
        #expect(prompt.requests.first?.typesToRead == [F.stepCount])
    }

    @Test func denyingARequiredTypeFailsTheRequestEveryTime() async throws {
        let prompt = Self.denying(F.conditions)
        let store = try F.store(prompt: prompt)
        store.setRequiredReadAuthorizationTypes(Self.required)
        await expectHKError(.errorRequiredAuthorizationDenied) {
            try await store.requestAuthorization(toShare: [], read: [F.allergies])
        }
        await expectHKError(.errorRequiredAuthorizationDenied) {
            try await store.requestAuthorization(toShare: [], read: [F.allergies])
        }
        #expect(prompt.requests.count == 1)
    }

    @Test func theEnvironmentDeclaresRequiredTypesByName() async throws {
        let environment = [HKHealthStore.requiredReadTypesEnvironmentVariable: "allergyRecord, conditionRecord HKClinicalTypeIdentifierImmunizationRecord"]
        let store = HKHealthStore(storage: try HealthDatabaseFixture.memory(), app: F.app(), environment: environment)
        #expect(store.requiredReadAuthorizationTypes == Self.required)
    }

    @Test func anInvalidDeclarationFailsRequestsWithInvalidArgument() async throws {
        for declaration in ["allergyRecord,conditionRecord", "allergyRecord,conditionRecord,stepCount", "allergyRecord,nonsense,x"] {
            let environment = [HKHealthStore.requiredReadTypesEnvironmentVariable: declaration]
            let store = HKHealthStore(storage: try HealthDatabaseFixture.memory(), app: F.app(), environment: environment)
            store.authorizationPrompt = FixedAuthorizationPrompt(allows: true)
            await expectHKError(.errorInvalidArgument) { try await store.requestAuthorization(toShare: [], read: [F.allergies]) }
        }
    }

    @Test func declaringFewerThanThreeThrowsInTheCheckedTwin() throws {
        let store = try F.store()
        #expect(throws: HKError.self) { try store.checkedSetRequiredReadAuthorizationTypes([F.allergies, F.conditions]) }
        #expect(throws: HKError.self) {
            try store.checkedSetRequiredReadAuthorizationTypes([F.allergies, F.conditions, F.stepCount])
        }
        try store.checkedSetRequiredReadAuthorizationTypes([])
    }
}

/// In-memory SQLite storage for tests that build stores themselves.
enum HealthDatabaseFixture {
    static func memory() throws -> any HealthStorage { try SQLiteHealthStorage.inMemory() }
}
