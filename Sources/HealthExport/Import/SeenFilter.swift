import Foundation

/// A Bloom filter over UUIDs stored during this import: fixed memory (8 MB), so the importer asks the
/// store whether a UUID is taken only for the few UUIDs the filter may have seen, whatever the export's size.
/// Blocked: a UUID's four bits lie in one 64-byte line, so looking it up or recording it touches one cache line, not
/// four (the filter is far larger than the caches; its four misses per lookup and per insert were about 0.3 s of the
/// parsing thread's CPU on a 1,000,000-record import).
struct SeenFilter {
    private var bits: [UInt64]
    /// The shift that turns a hash into a line number.
    private let lineShift: UInt64

    /// A filter of 2^26 bits in 512-bit lines (4 probes: well under 0.1% false positives at 1 million UUIDs, about 6%
    /// at 10 million).
    init(log2Bits: Int = 26) {
        bits = [UInt64](repeating: 0, count: 1 << (log2Bits - 6))
        lineShift = UInt64(64 - (log2Bits - 9))
    }

    /// Whether `uuid` may have been inserted (false means certainly not).
    func mayContain(_ uuid: UUID) -> Bool {
        let (line, probes) = place(uuid)
        var rest = probes
        for _ in 0..<4 {
            let bit = Int(rest & 511)
            if bits[line + (bit >> 6)] & (1 << UInt64(bit & 63)) == 0 { return false }
            rest >>= 9
        }
        return true
    }

    /// Records `uuid`.
    mutating func insert(_ uuid: UUID) {
        let (line, probes) = place(uuid)
        var rest = probes
        for _ in 0..<4 {
            let bit = Int(rest & 511)
            bits[line + (bit >> 6)] |= 1 << UInt64(bit & 63)
            rest >>= 9
        }
    }

    /// The first word of `uuid`'s line, and 36 bits naming its four bits in the line (9 bits each).
    private func place(_ uuid: UUID) -> (line: Int, probes: UInt64) {
        let (a, b) = uuid.halves
        var hash = (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        return (Int(hash >> lineShift) << 3, hash)
    }
}

/// A UUID as a set key that hashes its 128 bits as two words (Foundation's `UUID` feeds the hasher 16 single
/// bytes, a measurable cost at millions of records).
struct UUIDKey: Hashable {
    let high: UInt64
    let low: UInt64

    init(_ uuid: UUID) { (high, low) = uuid.halves }

    func hash(into hasher: inout Hasher) { hasher.combine(high ^ (low &* 0x9E37_79B9_7F4A_7C15)) }
}
