import Foundation

/// A Bloom filter over UUIDs stored during this import: fixed memory (16 MB), so the importer asks the
/// store whether a UUID is taken only for the few UUIDs the filter may have seen, whatever the export's size.
struct SeenFilter {
    private var bits: [UInt64]
    private let mask: UInt64

    /// A filter of 2^27 bits (about 1% false positives at 10 million UUIDs).
    init(log2Bits: Int = 27) {
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
