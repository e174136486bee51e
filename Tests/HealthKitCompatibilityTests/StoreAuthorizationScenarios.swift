// Authorization written the way Apple's "Authorizing access to health data" and "Protecting user
// privacy" articles describe it: check availability, build the share and read sets, ask (async or with a
// completion handler), then rely on sharing status only, because read access is never revealed.
import Foundation
import HealthKit
import Testing

// An app's health manager in the usual shape: the types it writes and reads, and one call to ask.
private struct StepCounterPermissions {
    static let share: Set<HKSampleType> = [
        HKQuantityType(.stepCount),
        HKQuantityType(.heartRate),
        HKWorkoutType.workoutType(),
    ]
    static let read: Set<HKObjectType> = [
        HKQuantityType(.stepCount),
        HKQuantityType(.heartRate),
        HKWorkoutType.workoutType(),
        HKObjectType.quantityType(forIdentifier: .bodyMass)!,
        HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!,
    ]
}

@Suite("Store scenarios: authorization as Apple's articles describe it")
struct StoreAuthorizationScenarios {
    let start = Date(timeIntervalSince1970: 1_710_000_000)

    @Test func askingWithAsyncAwaitThenCheckingSharingStatus() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        #expect(HKHealthStore.isHealthDataAvailable())

        // Before asking: nothing is decided and a request should be made.
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.stepCount)) == .notDetermined)
        let before = try await healthStore.statusForAuthorizationRequest(toShare: StepCounterPermissions.share,
                                                                         read: StepCounterPermissions.read)
        #expect(before == .shouldRequest)

        try await healthStore.requestAuthorization(toShare: StepCounterPermissions.share, read: StepCounterPermissions.read)

        #expect(healthStore.authorizationStatus(for: HKQuantityType(.stepCount)) == .sharingAuthorized)
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.heartRate)) == .sharingAuthorized)
        #expect(healthStore.authorizationStatus(for: HKObjectType.workoutType()) == .sharingAuthorized)
        // Body mass was asked for reading only: its *sharing* status is still undetermined.
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.bodyMass)) == .notDetermined)
        // Never asked at all.
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.bloodGlucose)) == .notDetermined)

        let after = try await healthStore.statusForAuthorizationRequest(toShare: StepCounterPermissions.share,
                                                                        read: StepCounterPermissions.read)
        #expect(after == .unnecessary)
        // Adding one new type makes the request worth showing again.
        let more = try await healthStore.statusForAuthorizationRequest(toShare: StepCounterPermissions.share,
                                                                       read: [HKQuantityType(.bloodGlucose)])
        #expect(more == .shouldRequest)
    }

    @Test func askingWithTheCompletionHandler() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()

        let status: HKAuthorizationRequestStatus = try await withCheckedThrowingContinuation { continuation in
            healthStore.getRequestStatusForAuthorization(toShare: StepCounterPermissions.share,
                                                         read: StepCounterPermissions.read) { status, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: status) }
            }
        }
        #expect(status == .shouldRequest)

        let (success, error): (Bool, (any Error)?) = await withCheckedContinuation { continuation in
            healthStore.requestAuthorization(toShare: StepCounterPermissions.share, read: StepCounterPermissions.read) { success, error in
                continuation.resume(returning: (success, error))
            }
        }
        #expect(success)
        #expect(error == nil)
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.heartRate)) == .sharingAuthorized)

        // Asking again for decided types completes at once with success and changes nothing.
        let again: Bool = await withCheckedContinuation { continuation in
            healthStore.requestAuthorization(toShare: [HKQuantityType(.heartRate)], read: nil) { success, _ in
                continuation.resume(returning: success)
            }
        }
        #expect(again)
    }

    @Test func aPersonWhoSaysNoStillCompletesTheRequest() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore(policy: "deny")
        // success means "the request completed", not "the person allowed it".
        try await healthStore.requestAuthorization(toShare: StepCounterPermissions.share, read: StepCounterPermissions.read)
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.stepCount)) == .sharingDenied)
        let status = try await healthStore.statusForAuthorizationRequest(toShare: StepCounterPermissions.share,
                                                                         read: StepCounterPermissions.read)
        #expect(status == .unnecessary)

        let steps = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1200),
                                     start: start, end: start.addingTimeInterval(600))
        var caught: HKError.Code?
        do {
            try await healthStore.save(steps)
        } catch let error as HKError where error.code == .errorAuthorizationDenied {
            caught = error.code
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(caught == .errorAuthorizationDenied)
    }

    @Test func savingBeforeAskingIsNotDetermined() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        let weight = HKQuantitySample(type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 72.5),
                                      start: start, end: start)
        // The pattern-matching form apps use with HealthKit's error codes.
        do {
            try await healthStore.save(weight)
            Issue.record("saving an undecided type succeeded")
        } catch HKError.errorAuthorizationNotDetermined {
            // expected
        } catch {
            Issue.record("unexpected \(error)")
        }
        // The NSError view older code uses.
        let nsError: NSError? = await withCheckedContinuation { continuation in
            healthStore.save(weight) { _, error in continuation.resume(returning: error.map { $0 as NSError }) }
        }
        #expect(nsError?.domain == HKErrorDomain)
        #expect(nsError?.code == 5) // HKErrorAuthorizationNotDetermined
        #expect(HKError.Code.errorAuthorizationNotDetermined.rawValue == 5)
        #expect(HKError.Code.errorAuthorizationDenied.rawValue == 4)
        #expect(HKError.Code.errorInvalidArgument.rawValue == 3)
    }

    @Test func readOnlyRequestsNeverRevealTheAnswer() async throws {
        let device = try ScenarioDevice()
        let allowed = device.healthStore(app: "com.example.scenarios.reader.allowed", policy: "allow")
        let denied = device.healthStore(app: "com.example.scenarios.reader.denied", policy: "deny")
        let readOnly: Set<HKObjectType> = [HKQuantityType(.restingHeartRate), HKObjectType.characteristicType(forIdentifier: .bloodType)!]
        try await allowed.requestAuthorization(toShare: [], read: readOnly)
        try await denied.requestAuthorization(toShare: [], read: readOnly)
        // Neither app can tell from the status whether reading was allowed.
        #expect(allowed.authorizationStatus(for: HKQuantityType(.restingHeartRate))
                == denied.authorizationStatus(for: HKQuantityType(.restingHeartRate)))
        // A read-only type (a characteristic) reports sharing denied once its read access is decided.
        #expect(allowed.authorizationStatus(for: HKObjectType.characteristicType(forIdentifier: .bloodType)!) == .sharingDenied)
        #expect(denied.authorizationStatus(for: HKObjectType.characteristicType(forIdentifier: .bloodType)!) == .sharingDenied)
        // A denied characteristic reads as "not set", not as an error.
        #expect(try denied.bloodType().bloodType == .notSet)
        #expect(try allowed.bloodType().bloodType == .notSet)
    }

    @Test func readingACharacteristicNeverAskedForThrowsNotDetermined() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        #expect(throws: HKError.self) { _ = try healthStore.dateOfBirthComponents() }
        do {
            _ = try healthStore.biologicalSex()
            Issue.record("reading an undecided characteristic succeeded")
        } catch let error as HKError {
            #expect(error.code == .errorAuthorizationNotDetermined)
        }
    }

    @Test func grantsArePerAppAndSurviveARelaunch() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let first = device.healthStore()
        try await first.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [HKQuantityType(.stepCount)])
        let relaunched = try device.relaunch()
        #expect(relaunched.authorizationStatus(for: HKQuantityType(.stepCount)) == .sharingAuthorized)
        let otherApp = device.healthStore(app: ScenarioDevice.coachApp)
        #expect(otherApp.authorizationStatus(for: HKQuantityType(.stepCount)) == .notDetermined)
    }

    @Test func anUnknownPolicyFailsTheRequestAndDecidesNothing() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore(policy: "sometimes")
        do {
            try await healthStore.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
            Issue.record("the request succeeded")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
        }
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.stepCount)) == .notDetermined)
    }
}
