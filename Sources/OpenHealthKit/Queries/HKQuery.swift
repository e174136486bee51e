public import Foundation

/// Pass as a query's `limit` to receive every matching object.
public let HKObjectQueryNoLimit: Int = 0

/// The abstract superclass of every HealthKit query.
///
/// A query describes what to read; ``HKHealthStore/execute(_:)`` runs it. As in HealthKit, a query runs
/// once: executing it a second time traps (HealthKit raises `NSInvalidArgumentException`); the store's
/// `checkedExecute(_:)` is the throwing twin. Handlers run on a background queue, never on the thread
/// that called `execute(_:)`. Long-running queries (observer queries, anchored queries with an update
/// handler) keep running until ``HKHealthStore/stop(_:)``.
open class HKQuery: NSObject, @unchecked Sendable {
    /// The type of object the query reads, or nil for queries over several types (query descriptors).
    public let objectType: HKObjectType?

    /// The predicate that restricts which objects the query reads (nil: every object of the type).
    public let predicate: NSPredicate?

    /// The query's execution state; every query owns one.
    package let execution = QueryExecution()

    /// The sample type the query reads, if it reads samples.
    @available(*, deprecated, renamed: "objectType")
    public var sampleType: HKSampleType? { objectType as? HKSampleType }

    /// Designated initialiser for the query classes (OpenHealthKit, package access).
    package init(objectType: HKObjectType?, predicate: NSPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
        super.init()
    }

    /// Unavailable, as in HealthKit: create one of the concrete query classes.
    @available(*, unavailable, message: "Create a concrete query such as HKSampleQuery")
    public override init() {
        fatalError("HKQuery.init() is unavailable")
    }

    /// Starts the query's work on `run`: subclasses override. Called on a background queue, once.
    package func start(_ run: QueryRun) {
        preconditionFailure("\(Swift.type(of: self)) does not implement start(_:)")
    }

    /// Reports `error` (the store's database could not be opened) to the query's handler: subclasses override.
    /// Called on a background queue, once, instead of ``start(_:)``.
    package func fail(_ error: HKError) {
        preconditionFailure("\(Swift.type(of: self)) does not implement fail(_:)")
    }
}
