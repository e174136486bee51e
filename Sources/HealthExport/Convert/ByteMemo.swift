import Foundation

/// Remembers what attribute bytes turned into (a type, a unit, a source, a device), so the thousands of
/// records that repeat the same strings cost one `memcmp` each instead of a parse. Bounded in size.
///
/// The last few keys are checked first (records of one type from a phone and a watch alternate between two or
/// three sources and devices); other keys are found by a 64-bit FNV-1a hash of their bytes, compared with
/// `memcmp`. A hit allocates nothing and hashes at most once (`[UInt8]` as a dictionary key is hashed one byte
/// at a time and copied per lookup, which showed up in the import's profile).
struct ByteMemo<Value> {
    private struct Entry {
        let key: [UInt8]
        let value: Value
    }

    private var recent: [Entry] = []
    private var table: [UInt64: [Entry]] = [:]
    private var count = 0
    private let capacity: Int
    private static var recentCount: Int { 4 }

    /// A memo holding at most `capacity` distinct keys (it starts over when full).
    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The value for `bytes`, made by `make` the first time.
    mutating func value(for bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if let index = recent.firstIndex(where: { Self.equal($0.key, bytes) }) {
            if index > 0 { recent.swapAt(index, index - 1) }
            return recent[max(index - 1, 0)].value
        }
        let hash = Self.hash(bytes)
        let entry: Entry
        if let known = table[hash]?.first(where: { Self.equal($0.key, bytes) }) {
            entry = known
        } else {
            entry = Entry(key: Array(bytes), value: make(bytes))
            if count >= capacity {
                table.removeAll(keepingCapacity: true)
                count = 0
            }
            table[hash, default: []].append(entry)
            count += 1
        }
        recent.insert(entry, at: 0)
        if recent.count > Self.recentCount { recent.removeLast() }
        return entry.value
    }

    private static func equal(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        key.count == bytes.count && (bytes.isEmpty || key.withUnsafeBufferPointer {
            memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        })
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
