import Foundation

/// A value guarded by a lock: the store's few mutable settings, the UUID sequence.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The current value.
    package var current: Value { withLock { $0 } }

    /// One part of the value, read or written under the lock.
    package subscript<Part>(_ part: WritableKeyPath<Value, Part>) -> Part {
        get { withLock { $0[keyPath: part] } }
        set { withLock { $0[keyPath: part] = newValue } }
    }
}
