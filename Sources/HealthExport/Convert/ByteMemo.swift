import Foundation

/// Remembers what attribute bytes turned into (a type, a unit, a source, a device), so the thousands of
/// records that repeat the same strings cost one `memcmp` each instead of a parse. Bounded in size.
struct ByteMemo<Value> {
    private var lastKey: [UInt8] = []
    private var lastValue: Value?
    private var table: [[UInt8]: Value] = [:]
    private let capacity: Int

    /// A memo holding at most `capacity` distinct keys (it starts over when full).
    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The value for `bytes`, made by `make` the first time.
    mutating func value(for bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if let lastValue, lastKey.count == bytes.count,
           lastKey.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) || bytes.isEmpty {
            return lastValue
        }
        let key = Array(bytes)
        let value: Value
        if let known = table[key] {
            value = known
        } else {
            value = make(bytes)
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
        lastKey = key
        lastValue = value
        return value
    }
}
