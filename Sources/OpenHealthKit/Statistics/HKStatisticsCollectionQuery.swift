public import Foundation
import HealthDatabase
public import HealthKitModel
import HealthLocking

/// A query for the statistics of one quantity type over fixed-length intervals: buckets laid out from
/// ``anchorDate`` in steps of ``intervalComponents``, in both directions, with calendar arithmetic (a day that
/// crosses a daylight-saving change lasts 23 or 25 hours).
///
/// ``initialResultsHandler`` receives the collection once. With a ``statisticsUpdateHandler`` the query keeps
/// running and delivers a recomputed collection after every commit that saves or deletes samples of its type —
/// including commits by other stores and other processes on the same database — until
/// ``HKHealthStore/stop(_:)``. Sums are merged by the store's source priority (``HKHealthStore/sourcePriority()``).
/// Reads only what the app may read, as ``HKSampleQuery``.
open class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
    /// The initial results handler's signature: the query, the collection (nil on error), the error.
    public typealias InitialResultsHandler = (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void
    /// The update handler's signature: the query, the statistics of the interval of the newest saved sample (nil
    /// when only deletions changed), the recomputed collection, the error.
    public typealias UpdateHandler = (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void

    /// The origin of the intervals: one interval starts exactly here.
    public let anchorDate: Date
    /// The figures to compute.
    public let options: HKStatisticsOptions
    /// The length of one interval.
    public let intervalComponents: DateComponents
    /// The quantity type (OpenHealthKit extension; HealthKit exposes it as ``HKQuery/objectType``).
    let quantityType: HKQuantityType

    /// The settings an app may change until the query runs.
    private struct Settings {
        var initialHandler: InitialResultsHandler?
        var updateHandler: UpdateHandler?
        var calendar = Calendar.current
    }
    private let settings = Locked(Settings())

    /// Receives the collection once, when the query has computed it.
    open var initialResultsHandler: InitialResultsHandler? {
        get { settings[\.initialHandler] }
        set { settings[\.initialHandler] = newValue }
    }

    /// Receives a recomputed collection after every later save or deletion of the type; setting it (before
    /// executing) makes the query long-running.
    open var statisticsUpdateHandler: UpdateHandler? {
        get { settings[\.updateHandler] }
        set { settings[\.updateHandler] = newValue }
    }

    /// The calendar, with its time zone, that lays out the intervals (OpenHealthKit extension; HealthKit uses the
    /// current calendar). Set it before executing the query. Not named `calendar`, so that it does not clash with a
    /// test double's own `calendar`.
    public var intervalCalendar: Calendar {
        get { settings[\.calendar] }
        set {
            if execution.hasStarted { raiseInvalidArgument("calendar cannot be changed once the query has been executed") }
            settings[\.calendar] = newValue
        }
    }

    /// A query for `options`' figures of `quantityType` over intervals of `intervalComponents` anchored at
    /// `anchorDate`. Traps like HealthKit when an option does not fit the type or the components describe no
    /// positive length; ``checked(quantityType:quantitySamplePredicate:options:anchorDate:intervalComponents:)``
    /// throws instead.
    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                anchorDate: Date, intervalComponents: DateComponents) {
        do throws(HKError) {
            try Self.validate(quantityType, options, intervalComponents)
        } catch {
            raiseInvalidArgument(error.localizedDescription)
        }
        self.anchorDate = anchorDate
        self.options = options
        self.intervalComponents = intervalComponents
        self.quantityType = quantityType
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension): throws `errorInvalidArgument` when an option
    /// does not fit the type or the interval components describe no positive length.
    public static func checked(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?,
                               options: HKStatisticsOptions = [], anchorDate: Date,
                               intervalComponents: DateComponents) throws(HKError) -> HKStatisticsCollectionQuery {
        try validate(quantityType, options, intervalComponents)
        return HKStatisticsCollectionQuery(quantityType: quantityType, quantitySamplePredicate: quantitySamplePredicate,
                                           options: options, anchorDate: anchorDate, intervalComponents: intervalComponents)
    }

    private static func validate(_ type: HKQuantityType, _ options: HKStatisticsOptions,
                                 _ components: DateComponents) throws(HKError) {
        try options.validate(for: type)
        guard StatisticsBuckets(anchor: Date(), components: components, calendar: .current, timeZone: .current) != nil else {
            throw HKError(.errorInvalidArgument, "intervalComponents must describe a positive length of time")
        }
    }

    package override func start(_ run: QueryRun) {
        let updates = statisticsUpdateHandler != nil
        let position = RunState<Int64>((try? run.context.storage.latestChangePosition()) ?? 0)
        let first = Result { try self.snapshot(self.reader(run.context)) }
        if !updates { execution.finish() }
        switch first {
        case .success(let snapshot): initialResultsHandler?(self, snapshot.collection(of: quantityType, options: options), nil)
        case .failure(let error): initialResultsHandler?(self, nil, HKError.from(error))
        }
        guard updates else { return }
        let snapshot = RunState<CollectionSnapshot?>(try? first.get())
        ChangeFollower(run: run, after: position.value) { [self] _, latest, _ in
            deliverUpdate(after: position, upTo: latest, snapshot: snapshot, run: run)
        }.start()
    }

    package override func fail(_ error: HKError) {
        initialResultsHandler?(self, nil, error)
    }

    /// Brings the collection up to date when a change after `position` (up to at least `latest`, the newest change the
    /// store's monitor saw) concerns the query, and reports it.
    private func deliverUpdate(after position: RunState<Int64>, upTo latest: Int64, snapshot: RunState<CollectionSnapshot?>,
                               run: QueryRun) {
        do {
            let reader = try self.reader(run.context)
            let batch = try run.context.storage.changes(after: position.value, matching: reader.filter, limit: 1_000)
            position.value = max(latest, batch.anchor)
            guard !batch.changes.isEmpty, !run.isCancelled else { return }
            let next = try snapshot.value.map { try updated($0, reader) } ?? self.snapshot(reader)
            snapshot.value = next
            let collection = next.collection(of: quantityType, options: options)
            let newest = batch.changes.compactMap { change -> Date? in
                if case .saved(let record) = change { return record.startDate }
                return nil
            }.max()
            if !run.isCancelled { statisticsUpdateHandler?(self, newest.flatMap(collection.statistics(for:)), collection, nil) }
        } catch {
            if !run.isCancelled { statisticsUpdateHandler?(self, nil, nil, HKError.from(error)) }
        }
    }
}
