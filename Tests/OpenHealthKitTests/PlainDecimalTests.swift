import Foundation
import OpenHealthKit
import Testing

/// Plain decimals read without `strtod` must be the very doubles `strtod` reads.
@Suite("Plain decimals read from bytes")
struct PlainDecimalTests {
    /// `strtod`'s reading of all of `text`, or nil when it stops early.
    private func strtodValue(_ text: String) -> Double? {
        text.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            return end == UnsafeMutablePointer(mutating: start) + text.utf8.count && !text.isEmpty ? value : nil
        }
    }

    private func plain(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { PlainDecimal.double($0) }
    }

    @Test("every text it reads, it reads as strtod does, bit for bit; other texts it leaves to strtod")
    func agreesWithStrtod() {
        var texts = ["0", "-0", "72", "0.132", "-0.5", ".5", "5.", "-.5", "02.34", "9007199254740992", "9007199254740993",
                     "1234567890.123456789", "0.1", "0.30000000000000004", "-", ".", "-.", "", "1.2.3", "1e5", "+5", " 5", "5 ",
                     "12345678901234567890", "0000000000000000000001", "0.0000000000000000001", "1.7976931348623157"]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789.-")
        for _ in 0..<20_000 {
            texts.append(String((0..<Int.random(in: 1...22, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            // Well-formed decimals with up to 19 digits, the shape export values have.
            let digits = (0..<Int.random(in: 1...19, using: &random)).map { _ in "0123456789".randomElement(using: &random)! }
            let point = Int.random(in: 0...digits.count, using: &random)
            texts.append((Bool.random(using: &random) ? "-" : "") + String(digits[..<point]) + "." + String(digits[point...]))
        }
        var read = 0
        for text in texts {
            guard let value = plain(text) else { continue }
            read += 1
            let expected = strtodValue(text)
            #expect(expected?.bitPattern == value.bitPattern, "\"\(text)\": \(value) vs \(String(describing: expected))")
        }
        #expect(read > 20_000)
        for text in ["1e5", "+5", "1.2.3", "-", ".", "", " 5", "12345678901234567890", "9007199254740993"] {
            #expect(plain(text) == nil, "\"\(text)\"")
        }
    }
}
