public import Foundation

/// A sample that groups related quantity and category samples: a blood pressure reading (systolic and
/// diastolic) or a food (its nutrients).
open class HKCorrelation: HKSample, @unchecked Sendable {
    /// The correlation's type.
    public let correlationType: HKCorrelationType
    /// The member samples: quantity and category samples only.
    public let objects: Set<HKSample>

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.correlationType = type
        self.objects = objects
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the correlation and its members.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(NSArray(array: Array(objects)), forKey: "objects")
    }

    /// Unarchives a correlation; fails when the type is not a correlation type or the members are missing.
    public required init?(coder: NSCoder) {
        guard let type = ObjectCoding.sampleType(coder, forKey: "sampleType") as? HKCorrelationType,
              let members = coder.decodeObject(of: ObjectCoding.archivableClasses, forKey: "objects") as? NSArray else { return nil }
        correlationType = type
        objects = Set(members.compactMap { $0 as? HKSample })
        super.init(coder: coder)
    }

    /// Creates a correlation; traps like HealthKit if a member is not a quantity or category sample.
    public convenience init(type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>) {
        self.init(type: correlationType, start: startDate, end: endDate, objects: objects, device: nil, metadata: nil)
    }

    /// Creates a correlation with metadata; traps like HealthKit on invalid input.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
        objects: Set<HKSample>, metadata: [String: Any]?
    ) {
        self.init(type: correlationType, start: startDate, end: endDate, objects: objects, device: nil, metadata: metadata)
    }

    /// Creates a correlation with a device and metadata; traps like HealthKit on invalid input.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
        objects: Set<HKSample>, device: HKDevice?, metadata: [String: Any]?
    ) {
        trapIfInvalid { () throws(HKError) in
            try Self.validate(type: correlationType, start: startDate, end: endDate, objects: objects, metadata: metadata)
        }
        self.init(type: correlationType, start: startDate, end: endDate, objects: objects,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialisers (OpenHealthKit extension), for untrusted input.
    public static func checked(
        type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKCorrelation {
        try validate(type: type, start: start, end: end, objects: objects, metadata: metadata)
        return HKCorrelation(type: type, start: start, end: end, objects: objects,
                             uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// The members whose type is `objectType`.
    public func objects(for objectType: HKObjectType) -> Set<HKSample> {
        objects.filter { $0.sampleType == objectType }
    }

    private static func validate(
        type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>, metadata: [String: Any]?
    ) throws(HKError) {
        for member in objects {
            guard member is HKQuantitySample || member is HKCategorySample else {
                throw HKError(.errorInvalidArgument,
                              "\(type.identifier) may contain only quantity and category samples, not \(Swift.type(of: member))")
            }
            guard type.allowsMember(member.sampleType) else {
                throw HKError(.errorInvalidArgument,
                              "\(member.sampleType.identifier) samples cannot be part of a \(type.identifier) correlation")
            }
        }
        try SampleValidation.sample(start: start, end: end, metadata: metadata)
    }
}

extension HKCorrelationType {
    /// The types whose samples a correlation of this type groups (OpenHealthKit extension): blood pressure
    /// takes systolic and diastolic readings, food takes the dietary quantity types. Apps request
    /// authorization for these, never for the correlation type itself.
    public var memberTypes: [HKSampleType] {
        switch identifier {
        case HKCorrelationTypeIdentifier.bloodPressure.rawValue:
            [HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic)]
        case HKCorrelationTypeIdentifier.food.rawValue:
            HKCorrelationMemberTypes.dietary
        default:
            []
        }
    }

    /// Whether samples of `memberType` may belong to a correlation of this type (OpenHealthKit extension).
    public func allowsMember(_ memberType: HKSampleType) -> Bool {
        memberTypes.contains(memberType)
    }
}

/// The dietary quantity types, computed once.
private enum HKCorrelationMemberTypes {
    static let dietary: [HKSampleType] = HKObjectType.allQuantityTypes
        .filter { $0.identifier.hasPrefix("HKQuantityTypeIdentifierDietary") }
}

/// Key path of the correlation a sample belongs to, for predicates.
public let HKPredicateKeyPathCorrelation = "correlation"
