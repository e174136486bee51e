/// One axis of the dimension space every unit reduces to.
///
/// The SI axes (mass … current) let derived units cancel (`kg/(m·s^2)` is a pressure). HealthKit's units that
/// are not SI-reducible get an axis of their own, so they are compatible only with themselves.
enum BaseDimension: Int, CaseIterable, Sendable {
    case mass, length, time, temperature, current, angle, illuminance
    case pharmacology, hearingLevel, soundPressureLevel, refractivePower, prismPower, effort

    /// The name used in ``HKUnit/dimensionDescription``.
    var name: String {
        switch self {
        case .mass: "mass"
        case .length: "length"
        case .time: "time"
        case .temperature: "temperature"
        case .current: "current"
        case .angle: "angle"
        case .illuminance: "illuminance"
        case .pharmacology: "pharmacology"
        case .hearingLevel: "hearingLevel"
        case .soundPressureLevel: "soundPressureLevel"
        case .refractivePower: "refractivePower"
        case .prismPower: "prismPower"
        case .effort: "effort"
        }
    }
}

/// A dimension: an integer exponent for every ``BaseDimension``. Two units are compatible iff their dimensions are equal.
struct UnitDimension: Hashable, Sendable {
    private(set) var exponents: [Int]

    /// The dimensionless dimension (count, percent, the null unit).
    static let none = UnitDimension(exponents: Array(repeating: 0, count: BaseDimension.allCases.count))

    /// A dimension from `(axis, exponent)` pairs, e.g. `[(.mass, 1), (.length, -1), (.time, -2)]` for pressure.
    init(_ pairs: [(BaseDimension, Int)]) {
        self = .none
        for (axis, exponent) in pairs { exponents[axis.rawValue] += exponent }
    }

    private init(exponents: [Int]) { self.exponents = exponents }

    /// The product of two dimensions (exponents add).
    func multiplied(by other: UnitDimension) -> UnitDimension {
        UnitDimension(exponents: zip(exponents, other.exponents).map { $0 + $1 })
    }

    /// The dimension raised to an integer power (exponents scale).
    func raised(to power: Int) -> UnitDimension {
        UnitDimension(exponents: exponents.map { $0 * power })
    }

    /// Text such as `mass·length^-3`, axes in ``BaseDimension`` order; `dimensionless` when every exponent is 0.
    var description: String {
        let parts = BaseDimension.allCases.compactMap { axis -> String? in
            let exponent = exponents[axis.rawValue]
            if exponent == 0 { return nil }
            return exponent == 1 ? axis.name : "\(axis.name)^\(exponent)"
        }
        return parts.isEmpty ? "dimensionless" : parts.joined(separator: "·")
    }
}

extension UnitDimension {
    static let mass = UnitDimension([(.mass, 1)])
    static let length = UnitDimension([(.length, 1)])
    static let volume = UnitDimension([(.length, 3)])
    static let time = UnitDimension([(.time, 1)])
    static let frequency = UnitDimension([(.time, -1)])
    static let temperature = UnitDimension([(.temperature, 1)])
    static let pressure = UnitDimension([(.mass, 1), (.length, -1), (.time, -2)])
    static let energy = UnitDimension([(.mass, 1), (.length, 2), (.time, -2)])
    static let power = UnitDimension([(.mass, 1), (.length, 2), (.time, -3)])
    static let voltage = UnitDimension([(.mass, 1), (.length, 2), (.time, -3), (.current, -1)])
    static let conductance = UnitDimension([(.mass, -1), (.length, -2), (.time, 3), (.current, 2)])
    static let angle = UnitDimension([(.angle, 1)])
    static let illuminance = UnitDimension([(.illuminance, 1)])
    static let pharmacology = UnitDimension([(.pharmacology, 1)])
    static let hearingLevel = UnitDimension([(.hearingLevel, 1)])
    static let soundPressureLevel = UnitDimension([(.soundPressureLevel, 1)])
    static let refractivePower = UnitDimension([(.refractivePower, 1)])
    static let prismPower = UnitDimension([(.prismPower, 1)])
    static let effort = UnitDimension([(.effort, 1)])
}
