import HealthUnits

/// One expected conversion: `value` in `from` equals `expected` in `to`.
struct Conversion: Sendable, CustomStringConvertible {
    let value: Double
    let from: String
    let to: String
    let expected: Double

    var description: String { "\(value) \(from) → \(expected) \(to)" }
}

/// Every ordered pair of a family of units whose factors to a common reference were entered by hand
/// from HealthKit's header (reference §3.2), converting the value 2.5.
func allPairs(_ factors: [(String, Double)]) -> [Conversion] {
    factors.flatMap { from in
        factors.map { to in Conversion(value: 2.5, from: from.0, to: to.0, expected: 2.5 * from.1 / to.1) }
    }
}

/// Converts `value` from one unit string to another through the public API.
func convert(_ value: Double, _ from: String, _ to: String) throws -> Double {
    try HKQuantity(unit: .checked(from: from), doubleValue: value).checkedDoubleValue(for: .checked(from: to))
}

/// Relative closeness (absolute near zero).
func isClose(_ actual: Double, _ expected: Double, tolerance: Double = 1e-12) -> Bool {
    let scale = max(abs(actual), abs(expected))
    return scale < 1e-9 ? abs(actual - expected) < 1e-9 : abs(actual - expected) <= tolerance * scale
}
