import Foundation

/// A positive multiplier kept as `mantissa × 10^exponent`, so that metric prefixes and decimal factors
/// (`g` = 10⁻³ kg, `lb` = 453592 × 10⁻⁶ kg) stay exact when units are combined and compared.
///
/// Prefixes and SI atoms only move ``exponent``; the mantissa carries what is not a power of ten
/// (60 s per minute, π/180 rad per degree, a molar mass). Converting between two units then divides
/// the mantissas once and shifts by an exact power of ten, so 2 L is exactly 2000 mL.
struct DecimalScale: Sendable, Hashable {
    /// The part of the multiplier that is not a power of ten; an integer whenever the factor is a short decimal.
    let mantissa: Double
    /// The power of ten.
    let exponent: Int

    /// The multiplier 1.
    static let one = DecimalScale(mantissa: 1, exponent: 0)

    /// `mantissa × 10^exponent`, with trailing decimal zeros of an integral mantissa moved into the exponent
    /// (so `3600` and `36 × 10²` compare equal).
    init(mantissa: Double, exponent: Int = 0) {
        var mantissa = mantissa, exponent = exponent
        while mantissa != 0, mantissa.isFinite, mantissa.truncatingRemainder(dividingBy: 10) == 0 {
            mantissa /= 10
            exponent += 1
        }
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The exact decimal that `value` was written as (its shortest round-trip form), split into an integer
    /// mantissa and an exponent: `453.592` becomes `453592 × 10⁻³`. Values whose digits do not fit a `Double`
    /// integer exactly (`π/180`, `5/9`) keep `value` as the mantissa.
    init(decimal value: Double) {
        guard value.isFinite, value != 0, let (digits, exponent) = Self.decimalDigits(of: value) else {
            self.init(mantissa: value)
            return
        }
        self.init(mantissa: digits, exponent: exponent)
    }

    /// The value as a `Double` (what `factorToBase` reports).
    var value: Double { Self.shift(mantissa, by: exponent) }

    /// The product of two scales.
    func multiplied(by other: DecimalScale) -> DecimalScale {
        DecimalScale(mantissa: mantissa * other.mantissa, exponent: exponent + other.exponent).renormalized()
    }

    /// This scale raised to an integer power; exact for integer mantissas while the result fits 2⁵³.
    func raised(to power: Int) -> DecimalScale {
        guard abs(power) <= 16 else {
            // Very large powers: work in logarithms so the mantissa cannot overflow (never exact anyway).
            let digits = Double(power) * log10(mantissa)
            let whole = digits.rounded(.down)
            return DecimalScale(mantissa: pow(10, digits - whole), exponent: exponent * power + Int(whole))
        }
        var result = DecimalScale.one
        for _ in 0..<abs(power) { result = result.multiplied(by: self) }
        return power < 0 ? DecimalScale(mantissa: 1 / result.mantissa, exponent: -result.exponent).renormalized() : result
    }

    /// `value × self / other`: one division of mantissas, then one exact shift by the difference of exponents.
    func convert(_ value: Double, to other: DecimalScale) -> Double {
        let ratio = mantissa == other.mantissa ? value : value * (mantissa / other.mantissa)
        return Self.shift(ratio, by: exponent - other.exponent)
    }

    /// `value × 10^power`, multiplying or dividing by exactly representable powers of ten (10²² at most per step),
    /// so a single step is correctly rounded.
    static func shift(_ value: Double, by power: Int) -> Double {
        var result = value, remaining = power
        while remaining != 0, result != 0, result.isFinite {
            let step = min(abs(remaining), exactPowersOfTen.count - 1)
            result = remaining > 0 ? result * exactPowersOfTen[step] : result / exactPowersOfTen[step]
            remaining += remaining > 0 ? -step : step
        }
        return result
    }

    /// 10⁰ … 10²², every power of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { Double("1e\($0)")! }

    /// Keeps the mantissa within 10^±200 so products of many factors cannot overflow it.
    private func renormalized() -> DecimalScale {
        if abs(mantissa) > 1e200 { return DecimalScale(mantissa: mantissa / 1e200, exponent: exponent + 200) }
        if mantissa != 0, abs(mantissa) < 1e-200 { return DecimalScale(mantissa: mantissa * 1e200, exponent: exponent - 200) }
        return self
    }

    /// The digits of `value`'s shortest round-trip decimal as an exactly representable integer, and the power of
    /// ten that places the decimal point; `nil` when there are more than 15 significant digits.
    private static func decimalDigits(of value: Double) -> (Double, Int)? {
        let text = "\(value)".lowercased()
        let parts = text.split(separator: "e", maxSplits: 1)
        var exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        var digits = ""
        var seenPoint = false
        for character in parts[0] {
            if character == "." { seenPoint = true; continue }
            if character == "-" { digits.append(character); continue }
            digits.append(character)
            if seenPoint { exponent -= 1 }
        }
        let significant = digits.drop { $0 == "-" || $0 == "0" }
        guard significant.count <= 15, let integer = Double(digits) else { return nil }
        return (integer, exponent)
    }
}
