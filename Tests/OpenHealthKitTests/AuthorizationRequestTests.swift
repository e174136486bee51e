import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

@Suite struct AuthorizationRequestTests {
    typealias F = StoreFixture

    @Test func statusIsNotDeterminedUntilTheAppAsks() throws {
        let store = try F.store()
        #expect(store.authorizationStatus(for: F.stepCount) == .notDetermined)
    }

    @Test func allowedAndDeniedSharingAreReportedPerType() async throws {
        let prompt = RecordingPrompt { _ in AuthorizationPromptResponse(allowedToShare: [F.stepCount], allowedToRead: []) }
        let store = try F.store(prompt: prompt)
        try await store.requestAuthorization(toShare: [F.stepCount, F.heartRate], read: [F.stepCount])
        #expect(store.authorizationStatus(for: F.stepCount) == .sharingAuthorized)
        #expect(store.authorizationStatus(for: F.heartRate) == .sharingDenied)
        #expect(store.authorizationStatus(for: F.bodyMass) == .notDetermined)
    }

    @Test func readOnlyTypesReportSharingDeniedOnceReadIsDecided() async throws {
        let store = try F.store()
        #expect(store.authorizationStatus(for: F.allergies) == .notDetermined)
        try await store.requestAuthorization(toShare: [], read: [F.allergies])
        #expect(store.authorizationStatus(for: F.allergies) == .sharingDenied)
    }

    @Test func thePromptIsAskedOnlyAboutUndecidedTypes() async throws {
        let prompt = RecordingPrompt()
        let store = try F.store(prompt: prompt)
        try await store.requestAuthorization(toShare: [F.stepCount], read: [F.heartRate])
        try await store.requestAuthorization(toShare: [F.stepCount, F.bodyMass], read: [F.heartRate, F.stepCount])
        try await store.requestAuthorization(toShare: [F.stepCount], read: [F.heartRate])
        #expect(prompt.requests.count == 2)
        #expect(prompt.requests.last?.typesToShare == [F.bodyMass])
        #expect(prompt.requests.last?.typesToRead == [F.stepCount])
    }

    @Test func requestStatusSaysWhetherTheSheetWouldShow() async throws {
        let store = try F.store()
        #expect(try await store.statusForAuthorizationRequest(toShare: [F.stepCount], read: []) == .shouldRequest)
        try await store.requestAuthorization(toShare: [F.stepCount], read: [])
        #expect(try await store.statusForAuthorizationRequest(toShare: [F.stepCount], read: []) == .unnecessary)
        #expect(try await store.statusForAuthorizationRequest(toShare: [F.stepCount], read: [F.stepCount]) == .shouldRequest)
    }

    @Test func completionReportsSuccessEvenWhenEverythingIsDeniedAndRunsOffTheCallersThread() throws {
        let store = try F.store(prompt: FixedAuthorizationPrompt(allows: false))
        let caller = ObjectIdentifier(Thread.current)
        let outcome = ScriptedLines([])
        let done = DispatchSemaphore(value: 0)
        store.requestAuthorization(toShare: [F.stepCount], read: nil) { success, error in
            outcome.append("\(success) \(error == nil) \(ObjectIdentifier(Thread.current) != caller)")
            done.signal()
        }
        done.wait()
        #expect(outcome.joined == "true true true")
        #expect(store.authorizationStatus(for: F.stepCount) == .sharingDenied)
    }

    @Test func getRequestStatusCompletesWithTheStatus() async throws {
        let store = try F.store()
        let status = await withCheckedContinuation { continuation in
            store.getRequestStatusForAuthorization(toShare: [F.stepCount], read: []) { status, _ in continuation.resume(returning: status) }
        }
        #expect(status == .shouldRequest)
    }

    @Test func aThrowingPromptDecidesNothing() async throws {
        let store = try F.store(prompt: ClosureAuthorizationPrompt { _ in throw HKError(.errorUserCanceled) })
        await expectHKError(.errorUserCanceled) { try await store.requestAuthorization(toShare: [F.stepCount], read: []) }
        #expect(store.authorizationStatus(for: F.stepCount) == .notDetermined)
    }

    @Test func decisionsPersistAcrossReopeningTheDatabaseFile() async throws {
        let path = F.temporaryDatabasePath()
        let first = try HKHealthStore(databasePath: path, app: F.app())
        first.authorizationPrompt = ClosureAuthorizationPrompt { _ in
            AuthorizationPromptResponse(allowedToShare: [F.stepCount], allowedToRead: [])
        }
        try await first.requestAuthorization(toShare: [F.stepCount, F.heartRate], read: [])
        let reopened = try HKHealthStore(databasePath: path, app: F.app())
        let prompt = RecordingPrompt()
        reopened.authorizationPrompt = prompt
        #expect(reopened.authorizationStatus(for: F.stepCount) == .sharingAuthorized)
        #expect(reopened.authorizationStatus(for: F.heartRate) == .sharingDenied)
        try await reopened.requestAuthorization(toShare: [F.stepCount, F.heartRate], read: [])
        #expect(prompt.requests.isEmpty)
    }

    @Test func decisionsBelongToOneApp() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        try await F.store(storage: storage).requestAuthorization(toShare: [F.stepCount], read: [])
        let other = try F.store(app: F.otherAppID, storage: storage)
        #expect(other.authorizationStatus(for: F.stepCount) == .notDetermined)
    }

    @Test func correlationSharingFollowsItsMemberTypes() async throws {
        let store = try F.store()
        #expect(store.authorizationStatus(for: F.bloodPressure) == .notDetermined)
        try await store.requestAuthorization(toShare: [F.systolic, F.diastolic], read: [])
        #expect(store.authorizationStatus(for: F.bloodPressure) == .sharingAuthorized)
    }

    @Test func checkedTwinsThrowInsteadOfTrapping() async throws {
        let store = try F.store()
        await expectHKError(.errorInvalidArgument) { try await store.checkedRequestAuthorization(toShare: [], read: []) }
        await expectHKError(.errorInvalidArgument) {
            try await store.checkedRequestAuthorization(toShare: [F.allergies], read: [])
        }
        await expectHKError(.errorInvalidArgument) {
            _ = try await store.checkedStatusForAuthorizationRequest(toShare: [], read: [F.bloodPressure])
        }
    }
}
