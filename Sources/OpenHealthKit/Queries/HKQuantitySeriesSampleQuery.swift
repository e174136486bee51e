public import Foundation
import HealthDatabase
public import HealthKitModel
import HealthLocking

/// Reads the quantities of the quantity samples of one type matching a predicate, one call of the handler per
/// quantity (iOS 13).
///
/// A series sample (made by `HKQuantitySeriesSampleBuilder`, `count` > 1) gives one call per quantity it holds, each
/// with its own date interval; any other sample gives one call with its quantity and interval. Quantities come in
/// ascending order of their own start dates across all samples, or, with ``orderByQuantitySampleStartDate``, sample by
/// sample (samples by start date, each sample's quantities in order). Each call carries the sample too when
/// ``includeSample`` is set. The last quantity comes with `done` true; when nothing matches, one call carries no
/// quantity and `done` true. (HealthKit's header does not say whether the final call also carries a quantity; this
/// is the heartbeat series query's rule, and apps that act on `done` after using a non-nil quantity work either way.)
/// The app sees the samples it may read, as with ``HKSampleQuery``.
open class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, a quantity and its date interval, its sample (when ``includeSample`` is
    /// set), whether this is the last call, an error.
    public typealias QuantityHandler = @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?,
                                                  Bool, (any Error)?) -> Void

    private let quantityType: HKQuantityType
    private let quantityHandler: QuantityHandler
    private let settings = Locked((includeSample: false, orderByStart: false))

    /// Reads the quantities of the samples of `quantityType` matching `predicate`.
    public init(quantityType: HKQuantityType, predicate: NSPredicate?, quantityHandler: @escaping QuantityHandler) {
        self.quantityType = quantityType
        self.quantityHandler = quantityHandler
        super.init(objectType: quantityType, predicate: predicate)
    }

    /// Reads the quantities of one sample (iOS 12): each call has a quantity, its start date and `done`.
    @available(*, deprecated, message: "Use init(quantityType:predicate:quantityHandler:)")
    public convenience init(sample: HKQuantitySample,
                            quantityHandler: @escaping @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, Date?, Bool, (any Error)?) -> Void) {
        self.init(quantityType: sample.quantityType, predicate: HKQuery.predicateForObject(with: sample.uuid)) { query, quantity, interval, _, done, error in
            quantityHandler(query, quantity, interval?.start, done, error)
        }
    }

    /// Whether each call carries the sample the quantity belongs to (default false). Set it before executing the
    /// query: setting it afterwards traps, as HealthKit raises.
    public var includeSample: Bool {
        get { settings.current.includeSample }
        set { change { $0.includeSample = newValue } }
    }

    /// Whether quantities come grouped by their sample, samples in start date order (default false: every quantity in
    /// the order of its own start date). Set it before executing the query.
    public var orderByQuantitySampleStartDate: Bool {
        get { settings.current.orderByStart }
        set { change { $0.orderByStart = newValue } }
    }

    private func change(_ body: (inout (includeSample: Bool, orderByStart: Bool)) -> Void) {
        if execution.hasStarted { raiseInvalidArgument("Query settings cannot be changed once the query has been executed") }
        settings.withLock { body(&$0) }
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
        let quantities = Self.quantities(of: samples, bySample: orderByQuantitySampleStartDate)
        guard !quantities.isEmpty else {
            execution.finish()
            return quantityHandler(self, nil, nil, nil, true, nil)
        }
        let withSample = includeSample
        for (index, item) in quantities.enumerated() {
            guard !run.isCancelled else { return }
            let done = index == quantities.count - 1
            if done { execution.finish() }
            quantityHandler(self, item.quantity, item.interval, withSample ? item.sample : nil, done, nil)
        }
    }

    /// Every quantity of `samples` (given in start date order) with its interval and sample: sample by sample, or
    /// all by their own start dates (ties keep the samples' order).
    private static func quantities(of samples: [HKQuantitySample], bySample: Bool)
        -> [(quantity: HKQuantity, interval: DateInterval, sample: HKQuantitySample)] {
        let all = samples.flatMap { sample in sample.seriesQuantities.map { ($0.quantity, $0.dateInterval, sample) } }
        guard !bySample else { return all }
        return all.enumerated().sorted { ($0.element.1.start, $0.offset) < ($1.element.1.start, $1.offset) }.map(\.element)
    }

    package override func fail(_ error: HKError) {
        execution.finish()
        quantityHandler(self, nil, nil, nil, true, error)
    }
}
