import Foundation

/// A prefixed atom raised to an integer power, e.g. `mL^-1`, `mmol<180.15588000005408>`.
struct UnitFactor: Sendable, Equatable {
    let atom: UnitAtom
    let prefix: HKMetricPrefix
    /// Grams per mole for `mol` atoms, `nil` otherwise.
    let molarMass: Double?
    var exponent: Int

    init(_ atom: UnitAtom, prefix: HKMetricPrefix = .none, molarMass: Double? = nil, exponent: Int = 1) {
        self.atom = atom
        self.prefix = prefix
        self.molarMass = molarMass
        self.exponent = exponent
    }

    /// The factor's symbol without exponent, as written in `unitString`: prefix, atom, `<molar mass>`.
    /// Factors with equal symbols are the same factor and their exponents add.
    var symbol: String {
        guard let molarMass else { return prefix.symbol + atom.symbol }
        return prefix.symbol + atom.symbol + "<" + Self.format(molarMass) + ">"
    }

    /// The multiplier of one (prefixed) factor to base SI inside a compound unit, before the exponent.
    /// Prefixes only move the power of ten, so `mL` is exactly 10⁻⁶ m³.
    var compoundScale: DecimalScale {
        let prefixed = atom.compoundScale.multiplied(by: DecimalScale(mantissa: 1, exponent: prefix.decimalExponent))
        guard let molarMass else { return prefixed }
        return prefixed.multiplied(by: DecimalScale(decimal: molarMass))
    }

    /// The shortest decimal that reads back as the same `Double`, without a trailing `.0` (`180.15588000005408`, `180`).
    static func format(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension Array where Element == UnitFactor {
    /// Merges factors with the same symbol (adding exponents) and drops those whose exponent becomes 0.
    func merged() -> [UnitFactor] {
        var order: [String] = []
        var bySymbol: [String: UnitFactor] = [:]
        for factor in self {
            let key = factor.symbol
            if var existing = bySymbol[key] {
                existing.exponent += factor.exponent
                bySymbol[key] = existing
            } else {
                order.append(key)
                bySymbol[key] = factor
            }
        }
        return order.compactMap { bySymbol[$0] }.filter { $0.exponent != 0 }
    }
}
