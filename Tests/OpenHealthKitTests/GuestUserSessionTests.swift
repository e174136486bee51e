import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing
import TestSupport

/// HealthKit's Guest User mode: a guest reads what the owner authorized, asks nothing, and writes nothing.
@Suite struct GuestUserSessionTests {
    typealias F = StoreFixture
    static let guest = [HKHealthStore.guestUserEnvironmentVariable: "1"]

    /// A store on `storage` for the fixture's app in a Guest User session, with a prompt that records every request.
    static func guestStore(_ storage: any HealthStorage, app: String = F.appID) -> (HKHealthStore, RecordingPrompt) {
        let store = HKHealthStore(storage: storage, app: F.app(app), environment: guest)
        let prompt = RecordingPrompt()
        store.authorizationPrompt = prompt
        return (store, prompt)
    }

    @Test func theEnvironmentTurnsItOn() throws {
        for value in ["1", "true", "YES", " yes "] {
            #expect(HKHealthStore(storage: try SQLiteHealthStorage.inMemory(), app: F.app(),
                                  environment: [HKHealthStore.guestUserEnvironmentVariable: value]).isGuestUserSession)
        }
        for environment in [[:], [HKHealthStore.guestUserEnvironmentVariable: "0"], [HKHealthStore.guestUserEnvironmentVariable: ""]] {
            #expect(!HKHealthStore(storage: try SQLiteHealthStorage.inMemory(), app: F.app(), environment: environment).isGuestUserSession)
        }
    }

    @Test func aGuestReadsWhatTheOwnerAuthorizedAndWritesNothing() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let owner = try F.store(storage: storage)
        try await owner.requestAuthorization(toShare: [F.stepCount], read: [F.stepCount])
        let saved = F.steps(100)
        try await owner.save(saved)

        let (guest, prompt) = Self.guestStore(storage)
        let read = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)], sortDescriptors: []).result(for: guest)
        #expect(read.map(\.uuid) == [saved.uuid])
        #expect(guest.authorizationStatus(for: F.stepCount) == .sharingAuthorized)

        await expectGuestError { try await guest.save(F.steps(5)) }
        await expectGuestError { try await guest.delete(saved) }
        await expectGuestError { _ = try await guest.deleteObjects(of: F.stepCount, predicate: HKQuery.predicateForObjects(from: [HKSource(name: F.appID, bundleIdentifier: F.appID)])) }
        let after = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)], sortDescriptors: []).result(for: owner)
        #expect(after.map(\.uuid) == [saved.uuid])
        #expect(prompt.requests.isEmpty)
    }

    @Test func aGuestsAuthorizationRequestCompletesAndDecidesNothing() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let (guest, prompt) = Self.guestStore(storage)
        try await guest.requestAuthorization(toShare: [F.heartRate], read: [F.heartRate, F.bodyMass])
        #expect(prompt.requests.isEmpty)
        #expect(guest.authorizationStatus(for: F.heartRate) == .notDetermined)
        let owner = try F.store(storage: storage, prompt: RecordingPrompt())
        #expect(try await owner.statusForAuthorizationRequest(toShare: [F.heartRate], read: [F.bodyMass]) == .shouldRequest)
    }

    @Test func theCompletionFormReportsTheGuestError() async throws {
        let (guest, _) = Self.guestStore(try SQLiteHealthStorage.inMemory())
        let done = DispatchSemaphore(value: 0)
        let outcome = ScriptedLines([])
        guest.save(F.steps(1)) { success, error in
            outcome.append("\(success) \((error as? HKError)?.code == .errorNotPermissibleForGuestUserMode)")
            done.signal()
        }
        await BlockingWork.run { done.wait() }
        #expect(outcome.joined == "false true")
    }

    @Test func thePersonsOwnSettingsCannotBeChangedByAGuest() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let owner = HKHealthStore.owner(storage: storage, environment: Self.guest)
        #expect(owner.isOwner)
        #expect(throws: HKError.self) { try owner.setCharacteristic(HKBloodType.aPositive) }
        #expect(throws: HKError.self) { try owner.setDateOfBirthComponents(DateComponents(year: 1980, month: 1, day: 2)) }
        #expect(throws: HKError.self) { try owner.setSourcePriority(bundleIdentifiers: ["a.b"]) }
        #expect(try owner.storedCharacteristic(HKBloodType.self) == nil)
    }

    private func expectGuestError(_ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("the write succeeded in a Guest User session")
        } catch let error as HKError {
            #expect(error.code == .errorNotPermissibleForGuestUserMode)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
