public import Foundation

/// The eye-alignment (prism) part of a glasses prescription for one eye (iOS 16).
///
/// A prism is given either as an amount and an angle or as vertical and horizontal components; each form
/// is computed from the other. Angles follow the usual 360° base notation seen from the examiner: 90° is base
/// up, 270° base down, 0° points to the patient's right (base out for the right eye, base in for the left).
public final class HKVisionPrism: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The strength of the correction, in prism diopters.
    public let amount: HKQuantity
    /// The direction of the base, in degrees.
    public let angle: HKQuantity
    /// The vertical component, in prism diopters.
    public let verticalAmount: HKQuantity
    /// Where the vertical component's base sits: up, down, or none.
    public let verticalBase: HKPrismBase
    /// The horizontal component, in prism diopters.
    public let horizontalAmount: HKQuantity
    /// Where the horizontal component's base sits: in, out, or none.
    public let horizontalBase: HKPrismBase
    /// The eye the prism is for.
    public let eye: HKVisionEye

    /// Creates a prism from an amount (prism diopters) and a base angle (degrees); traps on other units.
    public convenience init(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) {
        self.init(Self.trapping { () throws(HKError) in try Self.polar(amount: amount, angle: angle, eye: eye) })
    }

    /// Creates a prism from vertical and horizontal components (prism diopters); traps on other units or a
    /// base on the wrong axis.
    public convenience init(verticalAmount: HKQuantity, verticalBase: HKPrismBase, horizontalAmount: HKQuantity,
                            horizontalBase: HKPrismBase, eye: HKVisionEye) {
        self.init(Self.trapping { () throws(HKError) in
            try Self.components(vertical: verticalAmount, verticalBase, horizontal: horizontalAmount, horizontalBase, eye: eye)
        })
    }

    /// Throwing twin of ``init(amount:angle:eye:)`` (OpenHealthKit extension), for untrusted input.
    public static func checked(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) throws(HKError) -> HKVisionPrism {
        HKVisionPrism(try polar(amount: amount, angle: angle, eye: eye))
    }

    /// Throwing twin of ``init(verticalAmount:verticalBase:horizontalAmount:horizontalBase:eye:)`` (OpenHealthKit extension).
    public static func checked(verticalAmount: HKQuantity, verticalBase: HKPrismBase, horizontalAmount: HKQuantity,
                               horizontalBase: HKPrismBase, eye: HKVisionEye) throws(HKError) -> HKVisionPrism {
        HKVisionPrism(try components(vertical: verticalAmount, verticalBase, horizontal: horizontalAmount, horizontalBase, eye: eye))
    }

    /// Prisms archive securely, as HealthKit's adopt NSSecureCoding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the prism as its polar form (amount, angle, eye), from which the other properties follow.
    public func encode(with coder: NSCoder) {
        coder.encode(amount, forKey: "amount")
        coder.encode(angle, forKey: "angle")
        coder.encode(eye.rawValue, forKey: "eye")
    }

    /// Unarchives a prism; fails when its amount, angle or eye is missing or invalid.
    public convenience init?(coder: NSCoder) {
        guard let amount = coder.decodeObject(of: HKQuantity.self, forKey: "amount"),
              let angle = coder.decodeObject(of: HKQuantity.self, forKey: "angle"),
              let eye = HKVisionEye(rawValue: coder.decodeInteger(forKey: "eye")),
              let parts = try? Self.polar(amount: amount, angle: angle, eye: eye) else { return nil }
        self.init(parts)
    }

    /// Every property, computed by one of the two forms.
    private struct Parts {
        var amount: HKQuantity, angle: HKQuantity
        var vertical: Double, verticalBase: HKPrismBase, horizontal: Double, horizontalBase: HKPrismBase
        var eye: HKVisionEye
    }

    private init(_ parts: Parts) {
        amount = parts.amount
        angle = parts.angle
        verticalAmount = HKQuantity(unit: .prismDiopter(), doubleValue: parts.vertical)
        verticalBase = parts.verticalBase
        horizontalAmount = HKQuantity(unit: .prismDiopter(), doubleValue: parts.horizontal)
        horizontalBase = parts.horizontalBase
        eye = parts.eye
        super.init()
    }

    private static func trapping(_ make: () throws(HKError) -> Parts) -> Parts {
        do { return try make() } catch { raiseInvalidArgument(error.localizedDescription) }
    }

    private static func polar(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) throws(HKError) -> Parts {
        try QuantityValidation.quantity(amount, "prism amount", compatibleWith: .prismDiopter())
        try QuantityValidation.quantity(angle, "prism angle", compatibleWith: .degreeAngle())
        let size = amount.doubleValue(for: .prismDiopter())
        let radians = angle.doubleValue(for: .degreeAngle()) * .pi / 180
        let vertical = rounded(size * sin(radians)), rightward = rounded(size * cos(radians))
        let towardNose = eye == .left ? rightward : -rightward
        return Parts(amount: amount, angle: angle,
                     vertical: abs(vertical), verticalBase: vertical == 0 ? .none : vertical > 0 ? .up : .down,
                     horizontal: abs(rightward), horizontalBase: rightward == 0 ? .none : towardNose > 0 ? .in : .out, eye: eye)
    }

    private static func components(vertical: HKQuantity, _ verticalBase: HKPrismBase, horizontal: HKQuantity,
                                   _ horizontalBase: HKPrismBase, eye: HKVisionEye) throws(HKError) -> Parts {
        try QuantityValidation.quantity(vertical, "vertical prism amount", compatibleWith: .prismDiopter())
        try QuantityValidation.quantity(horizontal, "horizontal prism amount", compatibleWith: .prismDiopter())
        guard [.none, .up, .down].contains(verticalBase), [.none, .in, .out].contains(horizontalBase) else {
            throw HKError(.errorInvalidArgument, "A vertical prism base must be up, down or none and a horizontal one in, out or none")
        }
        let up = vertical.doubleValue(for: .prismDiopter()) * (verticalBase == .down ? -1 : 1)
        let inward = horizontal.doubleValue(for: .prismDiopter()) * (horizontalBase == .out ? -1 : 1)
        let rightward = eye == .left ? inward : -inward
        var degrees = atan2(up, rightward) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        return Parts(amount: HKQuantity(unit: .prismDiopter(), doubleValue: rounded((up * up + inward * inward).squareRoot())),
                     angle: HKQuantity(unit: .degreeAngle(), doubleValue: rounded(degrees)),
                     vertical: abs(up), verticalBase: verticalBase, horizontal: abs(inward), horizontalBase: horizontalBase, eye: eye)
    }

    /// Rounds away floating-point noise from the trigonometry (to 1e-9).
    private static func rounded(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }

    /// Prisms are equal when amount, angle and eye are (the components follow from them).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Self else { return false }
        return other.amount == amount && other.angle == angle && other.eye == eye
    }

    /// Hash of amount, angle and eye, consistent with `isEqual(_:)`.
    public override var hash: Int { Hasher.combined(amount, angle, eye) }
}
