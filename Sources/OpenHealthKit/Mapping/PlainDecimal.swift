/// Decimal numbers written the plain way (`72`, `-0.5`, `02.34`), read from their bytes without `strtod`: the import
/// reads several million of them (values, GPX coordinates, beat times), and `strtod` was a tenth of a route file's cost.
package enum PlainDecimal {
    /// The value of `-?digits[.digits]` (digits on at least one side of the point) with at most 19 digits whose value
    /// is at most 2^53; nil for anything else (an exponent, a `+`, more digits), which the caller reads the general way.
    ///
    /// Exactly the double `strtod` and `Double(_:)` give for the same text: the digits as an integer and the power of
    /// ten are both exact doubles, and one IEEE division rounds their quotient correctly (Clinger's fast path).
    @inlinable
    package static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        guard count > 0, count <= 21 else { return nil }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        // 10 to the number of digits after the point, exact (at most 10^19 here).
        var scale = 1.0
        var sawPoint = false
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                if sawPoint { scale *= 10 }
            } else if bytes[index] == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 19, mantissa <= 1 << 53 else { return nil }
        let value = Double(mantissa) / scale
        return negative ? -value : value
    }
}
