import Foundation

/// Remembers what attribute bytes turned into (a type, a unit, a source, a device), so the thousands of
/// records that repeat the same strings cost one `memcmp` each instead of a parse. Bounded in size.
///
/// The last few keys are checked first (records of one type from a phone and a watch alternate between two or
/// three sources and devices); other keys are found by a 64-bit FNV-1a hash of their bytes, compared with
/// `memcmp`. A hit allocates nothing and hashes at most once (`[UInt8]` as a dictionary key is hashed one byte
/// at a time and copied per lookup, which showed up in the import's profile). Keys live in one byte arena and the
/// recent list holds entry numbers, so reordering it moves integers, not values (whose copies were reference
/// counted).
struct ByteMemo<Value> {
    private var values: [Value] = []
    /// Where each entry's key lies in `keyBytes`.
    private var keys: [Range<Int>] = []
    private var keyBytes: [UInt8] = []
    /// The entries by hash (an entry per hash; colliding keys go on in `collisions`).
    private var table: [UInt64: Int] = [:]
    /// The entry after each entry with the same hash, or -1.
    private var collisions: [Int] = []
    /// Entry numbers of the last keys asked for, most recent first.
    private var recent: [Int] = []
    private let capacity: Int
    private static var recentCount: Int { 4 }

    /// A memo holding at most `capacity` distinct keys (it starts over when full).
    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The value for `bytes`, made by `make` the first time.
    mutating func value(for bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if let known = cached(bytes) { return known }
        let value = make(bytes)
        insert(value, for: bytes)
        return value
    }

    /// The value remembered for `bytes`, or nil.
    mutating func cached(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        for position in recent.indices where keyEquals(recent[position], bytes) {
            let entry = recent[position]
            if position > 0 { recent.swapAt(position, position - 1) }
            return values[entry]
        }
        var found = table[Self.hash(bytes)] ?? -1
        while found >= 0, !keyEquals(found, bytes) { found = collisions[found] }
        guard found >= 0 else { return nil }
        remember(found)
        return values[found]
    }

    /// Remembers `value` for `bytes` (which ``cached(_:)`` just did not find).
    mutating func insert(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>) {
        if values.count >= capacity { removeAll() }
        let hash = Self.hash(bytes)
        let entry = values.count
        values.append(value)
        keys.append(keyBytes.count..<(keyBytes.count + bytes.count))
        keyBytes.append(contentsOf: bytes)
        collisions.append(table[hash] ?? -1)
        table[hash] = entry
        remember(entry)
    }

    private mutating func remember(_ entry: Int) {
        recent.insert(entry, at: 0)
        if recent.count > Self.recentCount { recent.removeLast() }
    }

    private mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
        table.removeAll(keepingCapacity: true)
        collisions.removeAll(keepingCapacity: true)
        recent.removeAll(keepingCapacity: true)
    }

    private func keyEquals(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = keys[entry]
        guard key.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return keyBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + key.lowerBound, bytes.baseAddress!, bytes.count) == 0 }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
