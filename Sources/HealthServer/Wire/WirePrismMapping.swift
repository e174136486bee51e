import Foundation
import HealthKitModel

/// A glasses lens's prism from its JSON form: HealthKit's two initialisers, `HKVisionPrism(amount:angle:eye:)` and
/// `HKVisionPrism(verticalAmount:verticalBase:horizontalAmount:horizontalBase:eye:)`, whichever form was sent. A
/// prism read back carries both forms, so when both are sent the components must be the ones amount and angle give.
extension WireMapping {
    /// The largest difference, in prism diopters, between a component sent and the one amount and angle give.
    private static let prismTolerance = 1e-6

    /// The prism `wire` describes, for the lens of `eye`.
    static func prism(_ wire: WirePrism, eye: HKVisionEye, place: String) throws(HKError) -> HKVisionPrism {
        if let raw = wire.eye, raw != eye.rawValue {
            guard HKVisionEye(rawValue: raw) != nil else { throw HKError.invalidArgument("\(place).eye: \(raw) is not an HKVisionEye (1 left, 2 right)") }
            throw HKError.invalidArgument("\(place).eye: \(raw) is not the eye of its lens (\(eye.rawValue), the \(eye == .left ? "left" : "right") eye)")
        }
        let hasComponents = wire.verticalAmount != nil || wire.verticalBase != nil || wire.horizontalAmount != nil || wire.horizontalBase != nil
        if wire.amount != nil || wire.angle != nil {
            guard let amount = wire.amount, let angle = wire.angle else { throw HKError.invalidArgument("\(place): give both amount and angle") }
            let (size, diopters) = try measured(amount, unit: .prismDiopter(), place: "\(place).amount")
            guard diopters >= 0 else { throw HKError.invalidArgument("\(place).amount: \(diopters) prism diopters is negative") }
            let (direction, degrees) = try measured(angle, unit: .degreeAngle(), place: "\(place).angle")
            guard degrees >= 0, degrees < 360 else { throw HKError.invalidArgument("\(place).angle: \(degrees)° is not from 0 to below 360 degrees") }
            let prism = try HKVisionPrism.checked(amount: size, angle: direction, eye: eye)
            if hasComponents { try agree(wire, with: prism, place: place) }
            return prism
        }
        guard hasComponents else {
            throw HKError.invalidArgument("\(place): give amount and angle, or verticalAmount, verticalBase, horizontalAmount and horizontalBase")
        }
        guard let vertical = wire.verticalAmount, let verticalBase = wire.verticalBase, let horizontal = wire.horizontalAmount,
              let horizontalBase = wire.horizontalBase else {
            throw HKError.invalidArgument("\(place): the components need all of verticalAmount, verticalBase, horizontalAmount and horizontalBase")
        }
        let up = try component(vertical, base: verticalBase, allowed: [.up, .down], names: "0 (none), 1 (up) or 2 (down)", place: place, field: "vertical")
        let side = try component(horizontal, base: horizontalBase, allowed: [.in, .out], names: "0 (none), 3 (in) or 4 (out)", place: place, field: "horizontal")
        return try HKVisionPrism.checked(verticalAmount: up.0, verticalBase: up.1, horizontalAmount: side.0, horizontalBase: side.1, eye: eye)
    }

    /// One component and its base: an amount not negative, a base on the component's axis, and a base when the amount
    /// is not 0 (without one the direction is unknown).
    private static func component(_ wire: WireQuantity, base raw: Int, allowed: [HKPrismBase], names: String, place: String,
                                  field: String) throws(HKError) -> (HKQuantity, HKPrismBase) {
        let (amount, diopters) = try measured(wire, unit: .prismDiopter(), place: "\(place).\(field)Amount")
        guard diopters >= 0 else { throw HKError.invalidArgument("\(place).\(field)Amount: \(diopters) prism diopters is negative") }
        guard let base = HKPrismBase(rawValue: raw), base == .none || allowed.contains(base) else {
            throw HKError.invalidArgument("\(place).\(field)Base: \(raw) is not \(names)")
        }
        if base == .none, diopters > 0 {
            throw HKError.invalidArgument("\(place).\(field)Base: a \(field) amount of \(diopters) prism diopters needs a base, not 0 (none)")
        }
        return (amount, base)
    }

    /// Throws naming the first component sent that differs from `prism`'s (computed from amount and angle).
    private static func agree(_ wire: WirePrism, with prism: HKVisionPrism, place: String) throws(HKError) {
        let amounts: [(String, WireQuantity?, HKQuantity)] = [("verticalAmount", wire.verticalAmount, prism.verticalAmount),
                                                               ("horizontalAmount", wire.horizontalAmount, prism.horizontalAmount)]
        for case let (name, sent?, computed) in amounts {
            let value = try measured(sent, unit: .prismDiopter(), place: "\(place).\(name)").1
            let expected = computed.doubleValue(for: .prismDiopter())
            guard abs(value - expected) <= prismTolerance else {
                throw HKError.invalidArgument("\(place).\(name): \(value) is not the \(expected) prism diopters amount and angle give")
            }
        }
        let bases: [(String, Int?, HKPrismBase)] = [("verticalBase", wire.verticalBase, prism.verticalBase),
                                                    ("horizontalBase", wire.horizontalBase, prism.horizontalBase)]
        for case let (name, sent?, computed) in bases where sent != computed.rawValue {
            throw HKError.invalidArgument("\(place).\(name): \(sent) is not the base amount and angle give (\(computed.rawValue))")
        }
    }
}
