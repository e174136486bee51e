public import Foundation

/// A sample whose value is one of a small set of options: a sleep stage, a symptom's severity.
///
/// `value` is the raw value of the category type's value enumeration (for example
/// `HKCategoryValueSleepAnalysis.asleepCore.rawValue`); HealthKit rejects values the enumeration lacks.
open class HKCategorySample: HKSample, @unchecked Sendable {
    /// The sample's category type.
    public let categoryType: HKCategoryType
    /// The category value: a raw value of the type's value enumeration.
    public let value: Int

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        type: HKCategoryType, value: Int, start: Date, end: Date,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.categoryType = type
        self.value = value
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the sample and its value.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(value, forKey: "value")
    }

    /// Unarchives a category sample; fails when the type is not a category type.
    public required init?(coder: NSCoder) {
        guard let type = ObjectCoding.sampleType(coder, forKey: "sampleType") as? HKCategoryType else { return nil }
        categoryType = type
        value = coder.decodeInteger(forKey: "value")
        super.init(coder: coder)
    }

    /// Creates a category sample; traps like HealthKit on an invalid value or interval.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a category sample with metadata; traps like HealthKit on invalid input.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, metadata: [String: Any]?) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a category sample with a device and metadata; traps like HealthKit on invalid input.
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        trapIfInvalid { () throws(HKError) in
            try Self.validate(type: type, value: value, start: startDate, end: endDate, metadata: metadata)
        }
        self.init(type: type, value: value, start: startDate, end: endDate,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialisers (OpenHealthKit extension), for untrusted input.
    public static func checked(
        type: HKCategoryType, value: Int, start: Date, end: Date,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKCategorySample {
        try validate(type: type, value: value, start: start, end: end, metadata: metadata)
        return HKCategorySample(type: type, value: value, start: start, end: end,
                                uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    private static func validate(
        type: HKCategoryType, value: Int, start: Date, end: Date, metadata: [String: Any]?
    ) throws(HKError) {
        try SampleValidation.categoryValue(value, for: type)
        try SampleValidation.sample(start: start, end: end, metadata: metadata)
    }
}

/// Key path of a category sample's value, for predicates.
public let HKPredicateKeyPathCategoryValue = "value"
