public import Foundation

/// What every lens specification holds: the correction for one eye (iOS 16).
///
/// Abstract: create an ``HKGlassesLensSpecification`` or an ``HKContactsLensSpecification``.
open class HKLensSpecification: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The spherical correction (near- or farsightedness), in diopters.
    public let sphere: HKQuantity
    /// The cylindrical (astigmatism) strength, in diopters.
    public let cylinder: HKQuantity?
    /// The orientation of the astigmatism correction, in degrees.
    public let axis: HKQuantity?
    /// The added power for reading (multifocal lenses), in diopters.
    public let addPower: HKQuantity?

    /// Designated initialiser for the subclasses (package access); the values are already validated.
    package init(sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?) {
        self.sphere = sphere
        self.cylinder = cylinder
        self.axis = axis
        self.addPower = addPower
        super.init()
    }

    /// Specifications archive securely, as HealthKit's adopt NSSecureCoding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the four values every lens has; subclasses add theirs.
    public func encode(with coder: NSCoder) {
        for (key, value) in [("sphere", sphere), ("cylinder", cylinder), ("axis", axis), ("addPower", addPower)] {
            coder.encode(value, forKey: key)
        }
    }

    /// Unarchives the four values every lens has; fails without a sphere.
    public required init?(coder: NSCoder) {
        guard let sphere = Self.quantity(coder, "sphere") else { return nil }
        self.sphere = sphere
        cylinder = Self.quantity(coder, "cylinder")
        axis = Self.quantity(coder, "axis")
        addPower = Self.quantity(coder, "addPower")
        super.init()
    }

    /// The quantity archived under `key` (package access, for the subclasses and prisms).
    package static func quantity(_ coder: NSCoder, _ key: String) -> HKQuantity? {
        coder.decodeObject(of: HKQuantity.self, forKey: key)
    }

    /// The unit checks (package access, for both subclasses): diopters for sphere, cylinder and add power,
    /// an angle for the axis, and a length for each of the subclass's named `lengths`.
    package static func validate(sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
                                 lengths: [(String, HKQuantity?)]) throws(HKError) {
        try QuantityValidation.quantity(sphere, "sphere", compatibleWith: .diopter())
        try QuantityValidation.quantity(cylinder, "cylinder", compatibleWith: .diopter())
        try QuantityValidation.quantity(axis, "axis", compatibleWith: .degreeAngle())
        try QuantityValidation.quantity(addPower, "addPower", compatibleWith: .diopter())
        for (name, length) in lengths { try QuantityValidation.quantity(length, name, compatibleWith: .meter()) }
    }

    /// Specifications are equal when they are of the same class and their values are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKLensSpecification, type(of: other) == type(of: self) else { return false }
        return other.values == values
    }

    /// Hash of the values, consistent with `isEqual(_:)`.
    public override var hash: Int { values.hashValue }

    /// The values that make up equality; subclasses add theirs.
    var values: [AnyHashable?] { [sphere, cylinder, axis, addPower] }
}
