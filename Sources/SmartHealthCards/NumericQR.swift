import Foundation

/// `shc:/` numeric QR content: each pair of digits is one character of the JWS, offset by 45. The
/// deprecated multi-chunk form `shc:/<index>/<total>/<digits>` splits one JWS over several QR codes.
public enum NumericQR {
    /// The most chunks one card may be split into. A chunk holds at most 1,191 characters of JWS (QR version 22) and a
    /// card's JWS at most a few thousand, so real cards use one to three; the bound keeps a header such as
    /// `shc:/1/3000000000000000/…` from making the reader count to its total.
    public static let maximumChunks = 99

    /// The JWS encoded by one or more `shc:/` strings (the chunks of one card, in any order).
    public static func jws(fromChunks chunks: [String]) throws(SmartHealthCardError) -> String {
        guard !chunks.isEmpty else { throw SmartHealthCardError(.qrNumeric, "no QR content") }
        var parts: [Int: String] = [:], expectedTotal: Int?
        for chunk in chunks {
            let (index, total, digits) = try split(chunk)
            if chunks.count > 1 || (total ?? 1) > 1 {
                guard let index, let total else { throw SmartHealthCardError(.qrNumeric, "several QR codes given, but \"\(prefix(chunk))\" is not a chunk (shc:/N/M/...)") }
                if let expectedTotal, expectedTotal != total {
                    throw SmartHealthCardError(.qrNumeric, "chunks disagree on the number of chunks (\(expectedTotal) and \(total))")
                }
                expectedTotal = total
                guard (1...total).contains(index) else { throw SmartHealthCardError(.qrNumeric, "chunk index \(index) is outside 1...\(total)") }
                guard parts[index] == nil else { throw SmartHealthCardError(.qrNumeric, "chunk \(index) is given twice") }
                parts[index] = try decode(digits)
            } else {
                guard total == nil else {
                    throw SmartHealthCardError(.qrNumeric, "a card in one QR code has no chunk header: shc:/<digits>, not shc:/1/1/")
                }
                parts[1] = try decode(digits)
            }
        }
        let total = expectedTotal ?? 1
        let missing = (1...total).filter { parts[$0] == nil }
        guard missing.isEmpty else {
            throw SmartHealthCardError(.qrNumeric, "missing chunk(s) \(missing.map(String.init).joined(separator: ", ")) of \(total)")
        }
        return (1...total).map { parts[$0]! }.joined()
    }

    /// Splits `shc:/[N/M/]digits`; total is 1 for the single form.
    private static func split(_ raw: String) throws(SmartHealthCardError) -> (Int?, Int?, Substring) {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("shc:/") else {
            throw SmartHealthCardError(.qrNumeric, "QR content must start with \"shc:/\", found \"\(prefix(text))\"")
        }
        let rest = text.dropFirst(5)
        let fields = rest.split(separator: "/", omittingEmptySubsequences: false)
        switch fields.count {
        case 1: return (nil, nil, fields[0])
        case 3:
            guard let index = Int(fields[0]), let total = Int(fields[1]), total >= 1 else {
                throw SmartHealthCardError(.qrNumeric, "malformed chunk header \"shc:/\(fields[0])/\(fields[1])/\"")
            }
            guard total <= maximumChunks else {
                throw SmartHealthCardError(.qrNumeric, "chunk header \"shc:/\(fields[0])/\(fields[1])/\" claims \(total) chunks; a card has at most \(maximumChunks)")
            }
            return (index, total, fields[2])
        default:
            throw SmartHealthCardError(.qrNumeric, "expected shc:/<digits> or shc:/<index>/<total>/<digits>")
        }
    }

    /// The characters the digit pairs encode.
    private static func decode(_ digits: Substring) throws(SmartHealthCardError) -> String {
        let bytes = Array(digits.utf8)
        guard !bytes.isEmpty else { throw SmartHealthCardError(.qrNumeric, "the QR content has no digits") }
        guard bytes.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw SmartHealthCardError(.qrNumeric, "the QR content has characters other than digits after the header")
        }
        guard bytes.count % 2 == 0 else { throw SmartHealthCardError(.qrNumeric, "the QR content has an odd number of digits (\(bytes.count))") }
        var scalars = String.UnicodeScalarView()
        for offset in stride(from: 0, to: bytes.count, by: 2) {
            let value = Int(bytes[offset] - 0x30) * 10 + Int(bytes[offset + 1] - 0x30)
            guard value <= 77 else {
                throw SmartHealthCardError(.qrNumeric, "digit pair \(value) at position \(offset) is above 77")
            }
            scalars.append(Unicode.Scalar(UInt8(value + 45)))
        }
        return String(scalars)
    }

    private static func prefix(_ text: String) -> String { String(text.prefix(12)) }
}
