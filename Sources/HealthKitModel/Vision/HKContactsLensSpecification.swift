public import Foundation

/// The contact lens prescription for one eye (iOS 16).
open class HKContactsLensSpecification: HKLensSpecification, @unchecked Sendable {
    /// The curvature of the back of the lens (a length).
    public let baseCurve: HKQuantity?
    /// The width of the lens (a length).
    public let diameter: HKQuantity?

    /// Creates a specification; traps when a quantity has the wrong unit (diopters for sphere, cylinder and
    /// add power, an angle for the axis, lengths for base curve and diameter).
    public init(sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
                baseCurve: HKQuantity?, diameter: HKQuantity?) {
        trapIfInvalid { () throws(HKError) in
            try Self.validate(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower,
                              lengths: [("baseCurve", baseCurve), ("diameter", diameter)])
        }
        self.baseCurve = baseCurve
        self.diameter = diameter
        super.init(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower)
    }

    /// Archives the lens: the common values, base curve and diameter.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(baseCurve, forKey: "baseCurve")
        coder.encode(diameter, forKey: "diameter")
    }

    /// Unarchives the lens; fails without a sphere.
    public required init?(coder: NSCoder) {
        baseCurve = Self.quantity(coder, "baseCurve")
        diameter = Self.quantity(coder, "diameter")
        super.init(coder: coder)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension), for untrusted input.
    public static func checked(sphere: HKQuantity, cylinder: HKQuantity? = nil, axis: HKQuantity? = nil, addPower: HKQuantity? = nil,
                               baseCurve: HKQuantity? = nil, diameter: HKQuantity? = nil) throws(HKError) -> HKContactsLensSpecification {
        try validate(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower,
                     lengths: [("baseCurve", baseCurve), ("diameter", diameter)])
        return HKContactsLensSpecification(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower, baseCurve: baseCurve, diameter: diameter)
    }

    override var values: [AnyHashable?] { super.values + [baseCurve, diameter] }
}
