import Foundation

/// A Bloom filter over UUIDs stored during this import: fixed memory (8 MB), so the importer asks the
/// store whether a UUID is taken only for the few UUIDs the filter may have seen, whatever the export's size.
struct SeenFilter {
    private var bits: [UInt64]
    private let mask: UInt64

    /// A filter of 2^26 bits (4 probes: about 0.01% false positives at 1 million UUIDs, 5% at 10 million).
    init(log2Bits: Int = 26) {
        bits = [UInt64](repeating: 0, count: 1 << (log2Bits - 6))
        mask = (1 << UInt64(log2Bits)) - 1
    }

    /// Whether `uuid` may have been inserted (false means certainly not).
    func mayContain(_ uuid: UUID) -> Bool {
        let (a, b) = uuid.halves
        for index in 0..<UInt64(4) {
            let probe = (a &+ index &* (b | 1)) & mask
            if bits[Int(probe >> 6)] & (1 << (probe & 63)) == 0 { return false }
        }
        return true
    }

    /// Records `uuid`.
    mutating func insert(_ uuid: UUID) {
        let (a, b) = uuid.halves
        for index in 0..<UInt64(4) {
            let probe = (a &+ index &* (b | 1)) & mask
            bits[Int(probe >> 6)] |= 1 << (probe & 63)
        }
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
