public import Foundation

/// How someone feels at a moment or over a day: a valence from -1 (very unpleasant) to +1 (very pleasant), the words
/// that describe the feeling and the parts of life it concerns (HealthKit's `HKStateOfMind`, iOS 18). Its type is
/// `HKObjectType.stateOfMindType()`; apps save and read it like any sample.
open class HKStateOfMind: HKSample, @unchecked Sendable {
    /// A momentary emotion or a daily mood.
    public let kind: Kind
    /// How pleasant the feeling is, from -1 to +1.
    public let valence: Double
    /// The words chosen to describe the feeling.
    public let labels: [Label]
    /// The parts of life the feeling is associated with.
    public let associations: [Association]

    /// The region of pleasantness ``valence`` falls in.
    public var valenceClassification: ValenceClassification {
        // `valence` was checked on creation, so it always has a classification.
        ValenceClassification(valence: valence) ?? .neutral
    }

    /// Creates a log of a feeling at `date`. Traps, as HealthKit raises, when `valence` is outside -1...1 or the
    /// metadata is invalid; `checked(date:kind:valence:labels:associations:metadata:)` throws instead.
    public convenience init(date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association],
                            metadata: [String: Any]? = [:]) {
        trapIfInvalid { () throws(HKError) in try Self.validate(date: date, valence: valence, metadata: metadata) }
        self.init(date: date, kind: kind, valence: valence, labels: labels, associations: associations, uuid: ObjectUUID.make(),
                  sourceRevision: nil, device: nil, metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension): `errorInvalidArgument` for a valence outside -1...1
    /// or invalid metadata.
    public static func checked(date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association],
                               metadata: [String: Any]? = [:]) throws(HKError) -> HKStateOfMind {
        try validate(date: date, valence: valence, metadata: metadata)
        return HKStateOfMind(date: date, kind: kind, valence: valence, labels: labels, associations: associations,
                             uuid: ObjectUUID.make(), sourceRevision: nil, device: nil, metadata: metadata)
    }

    /// Designated initialiser for the store (package access): no validation.
    package init(date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association], uuid: UUID,
                 sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
        super.init(sampleType: HKObjectType.stateOfMindType(), startDate: date, endDate: date, uuid: uuid,
                   sourceRevision: sourceRevision, device: device, metadata: metadata?.isEmpty == true ? nil : metadata)
    }

    private static func validate(date: Date, valence: Double, metadata: [String: Any]?) throws(HKError) {
        guard ValenceClassification(valence: valence) != nil else {
            throw HKError(.errorInvalidArgument, "A state of mind's valence must lie between -1 and 1, not \(valence)")
        }
        try SampleValidation.sample(start: date, end: date, metadata: metadata)
    }

    /// Archives the state of mind.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(kind.rawValue, forKey: "kind")
        coder.encode(valence, forKey: "valence")
        coder.encode(labels.map(\.rawValue) as NSArray, forKey: "labels")
        coder.encode(associations.map(\.rawValue) as NSArray, forKey: "associations")
    }

    /// Unarchives a state of mind; fails when its type, kind or valence is not one.
    public required init?(coder: NSCoder) {
        let valence = coder.decodeDouble(forKey: "valence")
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKObjectType.stateOfMindType(),
              let kind = Kind(rawValue: coder.decodeInteger(forKey: "kind")), ValenceClassification(valence: valence) != nil else { return nil }
        self.kind = kind
        self.valence = valence
        labels = (ObjectCoding.array(coder, forKey: "labels") as [NSNumber]).compactMap { Label(rawValue: $0.intValue) }
        associations = (ObjectCoding.array(coder, forKey: "associations") as [NSNumber]).compactMap { Association(rawValue: $0.intValue) }
        super.init(coder: coder)
    }
}
