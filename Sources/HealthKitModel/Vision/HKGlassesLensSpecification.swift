public import Foundation

/// The glasses prescription for one eye (iOS 16).
open class HKGlassesLensSpecification: HKLensSpecification, @unchecked Sendable {
    /// The distance from the back of the lens to the eye (a length, usually 12 to 14 mm).
    public let vertexDistance: HKQuantity?
    /// The eye-alignment correction, if any.
    public let prism: HKVisionPrism?
    /// The distance between the pupils when looking far (a length).
    public let farPupillaryDistance: HKQuantity?
    /// The distance between the pupils when reading (a length).
    public let nearPupillaryDistance: HKQuantity?

    /// Creates a specification; traps when a quantity has the wrong unit (diopters for sphere, cylinder and
    /// add power, an angle for the axis, lengths for the distances).
    public init(sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
                vertexDistance: HKQuantity?, prism: HKVisionPrism?,
                farPupillaryDistance: HKQuantity?, nearPupillaryDistance: HKQuantity?) {
        trapIfInvalid { () throws(HKError) in
            try Self.validate(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower,
                              lengths: [("vertexDistance", vertexDistance), ("farPupillaryDistance", farPupillaryDistance),
                                        ("nearPupillaryDistance", nearPupillaryDistance)])
        }
        self.vertexDistance = vertexDistance
        self.prism = prism
        self.farPupillaryDistance = farPupillaryDistance
        self.nearPupillaryDistance = nearPupillaryDistance
        super.init(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower)
    }

    /// Archives the lens: the common values, the distances and the prism.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(vertexDistance, forKey: "vertexDistance")
        coder.encode(prism, forKey: "prism")
        coder.encode(farPupillaryDistance, forKey: "farPupillaryDistance")
        coder.encode(nearPupillaryDistance, forKey: "nearPupillaryDistance")
    }

    /// Unarchives the lens; fails without a sphere.
    public required init?(coder: NSCoder) {
        vertexDistance = Self.quantity(coder, "vertexDistance")
        prism = coder.decodeObject(of: HKVisionPrism.self, forKey: "prism")
        farPupillaryDistance = Self.quantity(coder, "farPupillaryDistance")
        nearPupillaryDistance = Self.quantity(coder, "nearPupillaryDistance")
        super.init(coder: coder)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension), for untrusted input.
    public static func checked(sphere: HKQuantity, cylinder: HKQuantity? = nil, axis: HKQuantity? = nil, addPower: HKQuantity? = nil,
                               vertexDistance: HKQuantity? = nil, prism: HKVisionPrism? = nil,
                               farPupillaryDistance: HKQuantity? = nil, nearPupillaryDistance: HKQuantity? = nil) throws(HKError) -> HKGlassesLensSpecification {
        try validate(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower,
                     lengths: [("vertexDistance", vertexDistance), ("farPupillaryDistance", farPupillaryDistance),
                               ("nearPupillaryDistance", nearPupillaryDistance)])
        return HKGlassesLensSpecification(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower, vertexDistance: vertexDistance,
                    prism: prism, farPupillaryDistance: farPupillaryDistance, nearPupillaryDistance: nearPupillaryDistance)
    }

    override var values: [AnyHashable?] { super.values + [vertexDistance, prism, farPupillaryDistance, nearPupillaryDistance] }
}
