/// Finds where bytes stop being UTF-8: shared by the readers of outside text (CDA XML, FHIR JSON), so that nothing
/// with an invalid sequence reaches a parser or the store.
package enum UTF8Validation {
    /// The offset of the first byte of the first invalid sequence in `bytes[start...]` (an unexpected continuation
    /// byte, a truncated or overlong sequence, a surrogate, a value above U+10FFFF), or nil when all of it is UTF-8.
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }

    /// ``firstInvalidByte(in:from:)`` over an array.
    package static func firstInvalidByte(in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidByte(in: $0, from: start) }
    }
}
