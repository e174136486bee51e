import Foundation

/// A value guarded by a lock: the package's one idiom for mutable state shared between threads.
///
/// The state lives inside, so it cannot be touched without the lock: a class keeps its mutable fields in one small
/// private struct held in a `Locked`, and reads or writes them in ``withLock(_:)``. Nothing blocking (I/O, a callback
/// into user code) should run in the closure unless the type says why. `@unchecked Sendable`: every access to `value`
/// is under `lock`; a value that is not itself `Sendable` must not be handed out to be mutated elsewhere.
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
