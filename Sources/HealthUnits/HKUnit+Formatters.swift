public import Foundation

/// Bridges between HKUnit and Foundation's `MassFormatter`, `LengthFormatter` and `EnergyFormatter` units.
/// Unmapped units trap with HealthKit's "No mapping for unit … to NS…FormatterUnit" message.
extension HKUnit {
    /// The unit of a `MassFormatter.Unit` (gram, kilogram, ounce, pound, stone).
    public convenience init(from massFormatterUnit: MassFormatter.Unit) {
        let unit: HKUnit = switch massFormatterUnit {
        case .gram: .gram()
        case .kilogram: .gramUnit(with: .kilo)
        case .ounce: .ounce()
        case .pound: .pound()
        case .stone: .stone()
        @unknown default: raiseInvalidArgument("No mapping for NSMassFormatterUnit \(massFormatterUnit.rawValue)")
        }
        self.init(representation: unit.representation)
    }

    /// The `MassFormatter.Unit` of `unit`; traps when there is none.
    public static func massFormatterUnit(from unit: HKUnit) -> MassFormatter.Unit {
        let table: [(HKUnit, MassFormatter.Unit)] = [
            (.gram(), .gram), (.gramUnit(with: .kilo), .kilogram), (.ounce(), .ounce), (.pound(), .pound), (.stone(), .stone),
        ]
        guard let match = table.first(where: { $0.0 == unit }) else {
            raiseInvalidArgument("No mapping for unit \(unit) to NSMassFormatterUnit")
        }
        return match.1
    }

    /// The unit of a `LengthFormatter.Unit` (millimeter, centimeter, meter, kilometer, inch, foot, yard, mile).
    public convenience init(from lengthFormatterUnit: LengthFormatter.Unit) {
        let unit: HKUnit = switch lengthFormatterUnit {
        case .millimeter: .meterUnit(with: .milli)
        case .centimeter: .meterUnit(with: .centi)
        case .meter: .meter()
        case .kilometer: .meterUnit(with: .kilo)
        case .inch: .inch()
        case .foot: .foot()
        case .yard: .yard()
        case .mile: .mile()
        @unknown default: raiseInvalidArgument("No mapping for NSLengthFormatterUnit \(lengthFormatterUnit.rawValue)")
        }
        self.init(representation: unit.representation)
    }

    /// The `LengthFormatter.Unit` of `unit`; traps when there is none.
    public static func lengthFormatterUnit(from unit: HKUnit) -> LengthFormatter.Unit {
        let table: [(HKUnit, LengthFormatter.Unit)] = [
            (.meterUnit(with: .centi), .centimeter), (.foot(), .foot), (.inch(), .inch),
            (.meterUnit(with: .kilo), .kilometer), (.meter(), .meter), (.mile(), .mile),
            (.meterUnit(with: .milli), .millimeter), (.yard(), .yard),
        ]
        guard let match = table.first(where: { $0.0 == unit }) else {
            raiseInvalidArgument("No mapping for unit \(unit) to NSLengthFormatterUnit")
        }
        return match.1
    }

    /// The unit of an `EnergyFormatter.Unit` (joule, kilojoule, calorie → `cal`, kilocalorie → `kcal`).
    public convenience init(from energyFormatterUnit: EnergyFormatter.Unit) {
        let unit: HKUnit = switch energyFormatterUnit {
        case .joule: .joule()
        case .kilojoule: .jouleUnit(with: .kilo)
        case .calorie: .smallCalorie()
        case .kilocalorie: .kilocalorie()
        @unknown default: raiseInvalidArgument("No mapping for NSEnergyFormatterUnit \(energyFormatterUnit.rawValue)")
        }
        self.init(representation: unit.representation)
    }

    /// The `EnergyFormatter.Unit` of `unit` (`kcal` and `Cal` both give `.kilocalorie`); traps when there is none.
    public static func energyFormatterUnit(from unit: HKUnit) -> EnergyFormatter.Unit {
        let table: [(HKUnit, EnergyFormatter.Unit)] = [
            (.smallCalorie(), .calorie), (.joule(), .joule), (.kilocalorie(), .kilocalorie),
            (.largeCalorie(), .kilocalorie), (.jouleUnit(with: .kilo), .kilojoule),
        ]
        guard let match = table.first(where: { $0.0 == unit }) else {
            raiseInvalidArgument("No mapping for unit \(unit) to NSEnergyFormatterUnit")
        }
        return match.1
    }
}
