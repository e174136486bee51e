public import Foundation

/// A sample holding one numeric measurement: steps walked, a heart rate, a body mass.
///
/// In HealthKit the initialisers return the concrete subclass that fits the type's aggregation style
/// (``HKCumulativeQuantitySample`` or ``HKDiscreteQuantitySample``). Swift initialisers cannot do that,
/// so an object made with `HKQuantitySample(type:...)` is of this class; use
/// ``checked(type:quantity:start:end:device:metadata:)``, or the subclass's own initialiser, to get the
/// concrete subclass. Samples read from a store are always of the concrete subclass.
public class HKQuantitySample: HKSample, @unchecked Sendable {
    /// The sample's quantity type: ``HKSample/sampleType``, which every initialiser sets to a quantity type (one
    /// reference kept, not two: a sample read from the store retains and releases its type once).
    public var quantityType: HKQuantityType { unsafeDowncast(sampleType, to: HKQuantityType.self) }
    /// The measured value.
    public let quantity: HKQuantity
    /// How many individual values make up `quantity` (1 unless the sample is a series).
    public let count: Int
    /// The individual values of a series sample (made by `HKQuantitySeriesSampleBuilder`), in start date order, in
    /// `quantity`'s unit; empty for a sample holding one value (package access).
    package let seriesValues: [QuantitySeriesValue]

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package required init(
        type: HKQuantityType, quantity: HKQuantity, count: Int, start: Date, end: Date,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?,
        seriesValues: [QuantitySeriesValue] = []
    ) {
        self.quantity = quantity
        self.count = seriesValues.isEmpty ? count : seriesValues.count
        self.seriesValues = seriesValues
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the sample, its quantity and count, and a series sample's values.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(quantity, forKey: "quantity")
        coder.encode(count, forKey: "count")
        if !seriesValues.isEmpty { ObjectCoding.encode(seriesValues, coder, forKey: "series") }
    }

    /// Unarchives a quantity sample; fails when the type is not a quantity type or the quantity is missing.
    public required init?(coder: NSCoder) {
        // HKSample's own decoding reads the same type back as `sampleType`, which `quantityType` is.
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") is HKQuantityType,
              let quantity = coder.decodeObject(of: HKQuantity.self, forKey: "quantity") else { return nil }
        self.quantity = quantity
        seriesValues = coder.containsValue(forKey: "series") ? ObjectCoding.decode([QuantitySeriesValue].self, coder, forKey: "series") ?? [] : []
        count = seriesValues.isEmpty ? max(1, coder.decodeInteger(forKey: "count")) : seriesValues.count
        super.init(coder: coder)
    }

    /// Creates a sample; traps like HealthKit if the unit does not fit the type or the end precedes the start.
    public convenience init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a sample with metadata; traps like HealthKit on invalid input.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        metadata: [String: Any]?
    ) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a sample with a device and metadata; traps like HealthKit on invalid input.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        trapIfInvalid { () throws(HKError) in
            try Self.validate(type: quantityType, quantity: quantity, start: startDate, end: endDate, metadata: metadata)
        }
        self.init(type: quantityType, quantity: quantity, count: 1, start: startDate, end: endDate,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
        if self is HKCumulativeQuantitySample, quantityType.aggregationStyle != .cumulative {
            raiseInvalidArgument("HKCumulativeQuantitySample requires a cumulative quantity type; \(quantityType.identifier) is not")
        }
        if self is HKDiscreteQuantitySample, quantityType.aggregationStyle == .cumulative {
            raiseInvalidArgument("HKDiscreteQuantitySample requires a discrete quantity type; \(quantityType.identifier) is cumulative")
        }
    }

    /// Throwing twin of the initialisers (OpenHealthKit extension): validates untrusted input and returns
    /// the concrete subclass that fits the type, ``HKCumulativeQuantitySample`` or ``HKDiscreteQuantitySample``.
    public static func checked(
        type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKQuantitySample {
        try validate(type: type, quantity: quantity, start: start, end: end, metadata: metadata)
        return make(type: type, quantity: quantity, count: 1, start: start, end: end,
                    uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Builds the concrete subclass for `type` without validation: for the store, which reads rows it
    /// validated when they were written (package access).
    package static func make(
        type: consuming HKQuantityType, quantity: consuming HKQuantity, count: Int, start: Date, end: Date,
        uuid: UUID, sourceRevision: consuming HKSourceRevision?, device: consuming HKDevice?, metadata: consuming [String: Any]?,
        seriesValues: consuming [QuantitySeriesValue] = []
    ) -> HKQuantitySample {
        let concrete: HKQuantitySample.Type = type.aggregationStyle == .cumulative
            ? HKCumulativeQuantitySample.self : HKDiscreteQuantitySample.self
        return concrete.init(type: type, quantity: quantity, count: count, start: start, end: end,
                             uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata,
                             seriesValues: seriesValues)
    }

    /// The quantities the sample is made of, with their date intervals: a series sample's values, or the sample's
    /// own quantity over its interval (what `HKQuantitySeriesSampleQuery` reads; package access).
    package var seriesQuantities: [(quantity: HKQuantity, dateInterval: DateInterval)] {
        guard !seriesValues.isEmpty else { return [(quantity, DateInterval(start: startDate, end: endDate))] }
        return seriesValues.map { $0.quantity(in: quantity.originalUnit) }.map { ($0.quantity, $0.interval) }
    }

    private static func validate(
        type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, metadata: [String: Any]?
    ) throws(HKError) {
        try SampleValidation.quantity(quantity, fits: type)
        try SampleValidation.sample(start: start, end: end, metadata: metadata)
    }

    /// Type, quantity and interval, as HealthKit prints a sample.
    public override var description: String {
        "\(quantity) \(quantityType.identifier) \(startDate) - \(endDate) (\(uuid))"
    }
}

/// A quantity sample of a cumulative type (steps, energy, distance): its value is a sum.
public final class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum of the values the sample holds; equal to `quantity`.
    public var sumQuantity: HKQuantity { quantity }
}

/// A quantity sample of a discrete type (heart rate, body mass): its value is a measurement.
///
/// A sample built from a single value has that value as its minimum, average, maximum and most recent value; a
/// series sample (`HKQuantitySeriesSampleBuilder`) has its values' minimum, maximum and latest, and `quantity` is
/// their average.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The smallest value in the sample.
    public var minimumQuantity: HKQuantity { seriesQuantity(seriesValues.min { $0.value < $1.value }) }
    /// The average of the values in the sample.
    public var averageQuantity: HKQuantity { quantity }
    /// The largest value in the sample.
    public var maximumQuantity: HKQuantity { seriesQuantity(seriesValues.max { $0.value < $1.value }) }
    /// The latest value in the sample.
    public var mostRecentQuantity: HKQuantity { seriesQuantity(seriesValues.last) }
    /// When the latest value was measured.
    public var mostRecentQuantityDateInterval: DateInterval {
        seriesValues.last.map { DateInterval(start: $0.start, end: $0.end) } ?? DateInterval(start: startDate, end: endDate)
    }

    private func seriesQuantity(_ value: QuantitySeriesValue?) -> HKQuantity {
        value.map { HKQuantity(unit: quantity.originalUnit, doubleValue: $0.value) } ?? quantity
    }
}
