public import Foundation
import HealthDatabase
import HealthUnits

/// Tell HealthKit you have processed an observer notification (background delivery).
public typealias HKObserverQueryCompletionHandler = () -> Void

/// A long-running query that calls its handler after every commit that saves or deletes samples it matches.
///
/// Commits by this store, other stores and other processes on the same database all count: the store's
/// change monitor polls the change log (see ``HKHealthStore/changePollingInterval``). As on an iPhone, the
/// handler is called once as soon as the query starts (apps use that call for their first sync), and then
/// once per poll that found matching changes, however many there were.
/// When background delivery is enabled for a type (``HKHealthStore/enableBackgroundDelivery(for:frequency:withCompletion:)``)
/// notifications for it are at least the frequency's interval apart; changes in between are reported
/// together when the interval has passed. Runs until ``HKHealthStore/stop(_:)``.
/// Deletions match on type (and on source, for apps that may not read the type).
open class HKObserverQuery: HKQuery, @unchecked Sendable {
    /// The handler of the descriptor form: the query, the types that changed, the completion handler, an error.
    public typealias DescriptorsUpdateHandler = (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void

    /// The query descriptors (OpenHealthKit extension).
    let queryDescriptors: [HKQueryDescriptor]
    private let handler: DescriptorsUpdateHandler

    /// Observes samples of `sampleType` matching `predicate`.
    public init(sampleType: HKSampleType, predicate: NSPredicate?,
                updateHandler: @escaping (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void) {
        queryDescriptors = [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]
        handler = { query, _, completion, error in updateHandler(query, completion, error) }
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// Observes samples matching any of `queryDescriptors`; the handler receives the types that changed (iOS 15).
    public init(queryDescriptors: [HKQueryDescriptor], updateHandler: @escaping DescriptorsUpdateHandler) {
        if queryDescriptors.isEmpty { raiseInvalidArgument("queryDescriptors must not be empty") }
        self.queryDescriptors = queryDescriptors
        handler = updateHandler
        let single = queryDescriptors.count == 1 ? queryDescriptors[0] : nil
        super.init(objectType: single?.sampleType, predicate: single?.predicate)
    }

    /// What the query remembers between polls: types with undelivered changes, and when each type was last delivered.
    private struct State {
        var pending: Set<HKSampleType> = []
        var lastDelivered: [String: Date] = [:]
    }

    package override func start(_ run: QueryRun) {
        let context = run.context
        let state = RunState(State())
        let start: Int64
        do {
            start = try context.storage.latestChangePosition()
        } catch {
            execution.finish()
            handler(self, nil, {}, HKError.from(error))
            return
        }
        // iOS calls the handler once when an observer query starts; apps rely on it for their first read.
        if !run.isCancelled { handler(self, Set(queryDescriptors.map(\.sampleType)), {}, nil) }
        let follower = ChangeFollower(run: run, after: start)
        follower.handler = { [self, unowned follower] seen, latest, now in
            do {
                if latest > seen { state.value.pending.formUnion(try changedTypes(after: seen, upTo: latest, context: context)) }
            } catch {
                handler(self, nil, {}, HKError.from(error))
            }
            let due = state.value.pending.filter { type in
                let last = state.value.lastDelivered[type.identifier] ?? .distantPast
                return now.timeIntervalSince(last) >= context.center.delivery.minimumInterval(for: type.identifier, context: context)
            }
            state.value.pending.subtract(due)
            follower.wantsTicks = !state.value.pending.isEmpty
            guard !due.isEmpty, !run.isCancelled else { return }
            for type in due { state.value.lastDelivered[type.identifier] = now }
            handler(self, due, {}, nil)
        }
        follower.start()
    }

    /// The types of the descriptors with a matching change after `seen`, at or before `latest`.
    private func changedTypes(after seen: Int64, upTo latest: Int64, context: QueryContext) throws -> Set<HKSampleType> {
        var changed = Set<HKSampleType>()
        for descriptor in queryDescriptors where !changed.contains(descriptor.sampleType) {
            let filter = try context.filter(types: [descriptor.sampleType], predicate: descriptor.predicate)
            let first = try context.storage.changes(after: seen, matching: filter, limit: 1)
            if !first.changes.isEmpty && first.anchor <= latest { changed.insert(descriptor.sampleType) }
        }
        return changed
    }

    package override func fail(_ error: HKError) {
        handler(self, nil, {}, error)
    }
}
