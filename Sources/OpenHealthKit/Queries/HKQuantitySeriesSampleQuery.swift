import Foundation
import HealthDatabase
import HealthKitModel

/// Reads the quantities of the quantity samples of one type matching a predicate, one call of the handler per
/// quantity (iOS 13).
///
/// OpenHealthKit stores every quantity sample as one quantity (its `count` is 1; there is no
/// `HKQuantitySeriesSampleBuilder`), so each matching sample gives one call: its quantity and its date interval, in
/// ascending start date order (``orderByQuantitySampleStartDate`` gives the same order), with the sample itself when
/// ``includeSample`` is set. The last quantity comes with `done` true; when nothing matches, one call carries no
/// quantity and `done` true. (HealthKit's header does not say whether the final call also carries a quantity; this
/// is the heartbeat series query's rule, and apps that act on `done` after using a non-nil quantity work either way.)
/// The app sees the samples it may read, as with ``HKSampleQuery``.
public final class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, a quantity and its date interval, its sample (when ``includeSample`` is
    /// set), whether this is the last call, an error.
    public typealias QuantityHandler = @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?,
                                                  Bool, (any Error)?) -> Void

    private let quantityType: HKQuantityType
    private let quantityHandler: QuantityHandler
    private let settingsLock = NSLock()
    private var settings = (includeSample: false, orderByStart: false)

    /// Reads the quantities of the samples of `quantityType` matching `predicate`.
    public init(quantityType: HKQuantityType, predicate: NSPredicate?, quantityHandler: @escaping QuantityHandler) {
        self.quantityType = quantityType
        self.quantityHandler = quantityHandler
        super.init(objectType: quantityType, predicate: predicate)
    }

    /// Whether each call carries the sample the quantity belongs to (default false). Set it before executing the
    /// query: setting it afterwards traps, as HealthKit raises.
    public var includeSample: Bool {
        get { settingsLock.withLock { settings.includeSample } }
        set { change { $0.includeSample = newValue } }
    }

    /// Whether quantities come grouped by their sample's start date (default false). Every sample holds one quantity,
    /// so both orders are the samples' start dates. Set it before executing the query.
    public var orderByQuantitySampleStartDate: Bool {
        get { settingsLock.withLock { settings.orderByStart } }
        set { change { $0.orderByStart = newValue } }
    }

    private func change(_ body: (inout (includeSample: Bool, orderByStart: Bool)) -> Void) {
        if execution.hasStarted { raiseInvalidArgument("Query settings cannot be changed once the query has been executed") }
        settingsLock.withLock { body(&settings) }
    }

    package override func start(_ run: QueryRun) {
        let result = Result { () throws -> [HKQuantitySample] in
            let context = run.context
            let records = try context.storage.records(
                matching: try context.filter(types: [quantityType], predicate: predicate),
                sort: [SampleSort(.startDate), SampleSort(.endDate)], limit: nil)
            return try QueryMapping.samples(from: records, storage: context.storage).compactMap { $0 as? HKQuantitySample }
        }
        let samples: [HKQuantitySample]
        switch result {
        case .success(let found): samples = found
        case .failure(let error): return fail(HKError.from(error))
        }
        guard !samples.isEmpty else {
            execution.finish()
            return quantityHandler(self, nil, nil, nil, true, nil)
        }
        let withSample = includeSample
        for (index, sample) in samples.enumerated() {
            guard !run.isCancelled else { return }
            let done = index == samples.count - 1
            if done { execution.finish() }
            quantityHandler(self, sample.quantity, DateInterval(start: sample.startDate, end: sample.endDate),
                            withSample ? sample : nil, done, nil)
        }
    }

    package override func fail(_ error: HKError) {
        execution.finish()
        quantityHandler(self, nil, nil, nil, true, error)
    }
}
