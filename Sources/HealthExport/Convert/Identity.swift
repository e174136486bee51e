import Foundation
import HealthKitModel

/// A 128-bit content hash that becomes an object's UUID, so the same sample imported twice (or from a
/// newer export of the same phone) gets the same UUID and is stored once. See docs/AppleHealthExport.md.
///
/// Every input is a value the store keeps (type, source, device, unit, value, instants, typed metadata),
/// so an export written from the store hashes to the same UUIDs when imported again.
struct IdentityHasher {
    private var low: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var high: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var length: UInt64 = 0

    /// Starts a hash for objects of one element kind (`Record`, `Workout`, ...).
    init(kind: StaticString) { add(kind) }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        low = (low ^ (word &* 0x87C3_7B91_1142_53D5)).rotated(31) &* 0x4CF5_AD43_2745_937F
        high = (high ^ (word &* 0x52DC_E729_DA3E_D5A1)).rotated(27) &+ low &* 0x9FB2_1C65_1E98_DF25
        length &+= 1
    }

    /// Adds a number (by its bits; -0 and 0 alike).
    mutating func add(_ value: Double) { mix(value == 0 ? 0 : value.bitPattern) }

    /// Adds an integer.
    mutating func add(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }

    /// Adds another hash (a memoized part, e.g. a source's).
    mutating func add(_ part: (UInt64, UInt64)) { mix(part.0); mix(part.1) }

    /// Adds a string's UTF-8 bytes and its length (so "ab"+"c" and "a"+"bc" differ).
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: $0) }
    }

    /// Adds a literal.
    mutating func add(_ text: StaticString) {
        add(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Adds raw bytes and their length.
    mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            mix(tail)
        }
        mix(UInt64(count) | 0xA5 << 56)
    }

    /// The two 64-bit halves.
    func finish() -> (UInt64, UInt64) {
        var a = low ^ length, b = high
        a = Self.finalMix(a &+ b)
        b = Self.finalMix(b ^ a)
        return (a, b)
    }

    /// The hash as a UUID ordered by `date` (RFC 9562 version 8, "custom", with the RFC variant bits).
    ///
    /// The first 48 bits are `date` in Unix milliseconds (clamped to 1970...10889), as in a version 7 UUID; the
    /// other 74 free bits come from the hash. The UUID is still a pure function of the content (the date is part
    /// of it), so identity is unchanged; but an export's records, sorted by date within each type, get UUIDs that
    /// land next to each other in the store's UUID index, so a batch dirties a few index pages instead of one
    /// random page per record.
    func uuid(at date: Date) -> UUID {
        let (a, b) = finish()
        let milliseconds = UInt64(min(max(date.timeIntervalSince1970 * 1000, 0), Double(1 << 48 - 1)))
        return ObjectUUID.timeOrdered(milliseconds: milliseconds, version: 8, twelveBits: UInt16(truncatingIfNeeded: a), tail: b)
    }

    private static func finalMix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }
}

extension UInt64 {
    @inline(__always) fileprivate func rotated(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
