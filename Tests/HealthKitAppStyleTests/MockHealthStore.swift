// A test double as public apps write them: a subclass of HKHealthStore that overrides the methods the app's code calls,
// records the calls and answers without a database.
import HealthKit

/// What an app's tests usually declare: `class MockHealthStore: HKHealthStore { override ... }`.
final class MockHealthStore: HKHealthStore, @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String] = []
    /// The samples the mock answers sample queries with.
    var stubbedSamples: [HKSample] = []
    /// The error `requestAuthorization` reports, if any.
    var authorizationError: (any Error)?
    /// What the mock saved.
    private(set) var saved: [HKObject] = []
    /// Its own `anchor`, as query doubles often have; HealthKit's classes declare no such member.
    var anchor: HKQueryAnchor?

    override init() {
        super.init()
    }

    /// The calls made so far, in order.
    var recorded: [String] { lock.withLock { calls } }

    private func record(_ call: String) { lock.withLock { calls.append(call) } }

    override class func isHealthDataAvailable() -> Bool { true }

    override func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        record("authorizationStatus")
        return .sharingAuthorized
    }

    override func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
                                       completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        record("requestAuthorization(completion)")
        completion(authorizationError == nil, authorizationError)
    }

    override func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        record("save(completion)")
        lock.withLock { saved.append(object) }
        completion(true, nil)
    }

    override func execute(_ query: HKQuery) {
        record("execute(\(type(of: query)))")
        if let query = query as? HKSampleQuery, let handler = (query as? SampleQueryDouble)?.handler {
            handler(query, stubbedSamples, nil)
        }
    }

    override func stop(_ query: HKQuery) {
        record("stop")
    }

    override func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        record("preferredUnits(async)")
        return Dictionary(uniqueKeysWithValues: quantityTypes.map { ($0, HKUnit.count()) })
    }

    override func biologicalSex() throws -> HKBiologicalSexObject {
        record("biologicalSex")
        return HKBiologicalSexObject(biologicalSex: .female)
    }

    /// As vital-ios's double does: an object made with `init()`, which is "not set" on Apple platforms.
    override func bloodType() throws -> HKBloodTypeObject {
        record("bloodType")
        return HKBloodTypeObject()
    }
}
