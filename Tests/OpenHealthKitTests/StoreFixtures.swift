import Foundation
import TestSupport
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Stores over the real SQLite engine, apps, samples and a recording prompt for the Store and Authorization tests.
enum StoreFixture {
    static let appID = "org.example.tracker"
    static let otherAppID = "org.example.other"

    static func app(_ id: String = appID) -> HKSource { HKSource(name: id, bundleIdentifier: id) }

    /// A store over an in-memory database; the prompt allows everything unless another is given.
    static func store(
        app id: String = appID, storage: (any HealthStorage)? = nil,
        prompt: any AuthorizationPrompt = FixedAuthorizationPrompt(allows: true)
    ) throws -> HKHealthStore {
        let store = HKHealthStore(storage: try storage ?? SQLiteHealthStorage.inMemory(), app: app(id), environment: [:])
        store.authorizationPrompt = prompt
        return store
    }

    /// A fresh path for a database file in a temporary folder.
    static func temporaryDatabasePath() -> String {
        TemporaryFiles.folder
            .appendingPathComponent("openhealthkit-store-tests-\(UUID().uuidString)")
            .appendingPathComponent("health.sqlite").path
    }

    static let stepCount = HKQuantityType(.stepCount)
    static let heartRate = HKQuantityType(.heartRate)
    static let bodyMass = HKQuantityType(.bodyMass)
    static let systolic = HKQuantityType(.bloodPressureSystolic)
    static let diastolic = HKQuantityType(.bloodPressureDiastolic)
    static let bloodPressure = HKCorrelationType(.bloodPressure)
    static let allergies = HKClinicalType(.allergyRecord)
    static let conditions = HKClinicalType(.conditionRecord)
    static let immunizations = HKClinicalType(.immunizationRecord)
    static let labResults = HKClinicalType(.labResultRecord)

    /// A step count sample of `value` steps an hour long, starting `start`.
    static func steps(_ value: Double = 100, start: Date = Date(timeIntervalSince1970: 1_700_000_000),
                      metadata: [String: Any]? = nil) -> HKQuantitySample {
        HKQuantitySample(type: stepCount, quantity: HKQuantity(unit: .count(), doubleValue: value),
                         start: start, end: start.addingTimeInterval(3600), metadata: metadata)
    }

    /// A step count sample carrying a sync identifier and version.
    static func syncedSteps(_ value: Double, id: String, version: Int) -> HKQuantitySample {
        steps(value, metadata: [HKMetadataKeySyncIdentifier: id, HKMetadataKeySyncVersion: NSNumber(value: version)])
    }

    /// A blood pressure correlation of 120/80 mmHg.
    static func bloodPressureReading(at date: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> HKCorrelation {
        let unit = HKUnit.millimeterOfMercury()
        let high = HKQuantitySample(type: systolic, quantity: HKQuantity(unit: unit, doubleValue: 120), start: date, end: date)
        let low = HKQuantitySample(type: diastolic, quantity: HKQuantity(unit: unit, doubleValue: 80), start: date, end: date)
        return HKCorrelation(type: bloodPressure, start: date, end: date, objects: [high, low])
    }
}

/// A prompt that records what it was asked and answers with a closure.
final class RecordingPrompt: AuthorizationPrompt, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [AuthorizationPromptRequest] = []
    private let answer: @Sendable (AuthorizationPromptRequest) throws -> AuthorizationPromptResponse

    init(_ answer: @escaping @Sendable (AuthorizationPromptRequest) throws -> AuthorizationPromptResponse = { .allowAll($0) }) {
        self.answer = answer
    }

    /// Every request asked so far, in order.
    var requests: [AuthorizationPromptRequest] { lock.withLock { recorded } }

    func decide(_ request: AuthorizationPromptRequest) throws -> AuthorizationPromptResponse {
        lock.withLock { recorded.append(request) }
        return try answer(request)
    }
}

/// Expects `body` to throw an `HKError` with `code`.
func expectHKError(_ code: HKError.Code, sourceLocation: SourceLocation = #_sourceLocation,
                   _ body: () async throws -> Void) async {
    do {
        try await body()
        Issue.record("expected HKError \(code), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as HKError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected HKError \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
