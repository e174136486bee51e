import Foundation

/// Remembers what the last few objects mapped to, by object identity (save-path performance).
///
/// A batch of samples almost always shares a handful of `HKDevice` and `HKSourceRevision` instances
/// (apps reuse `HKDevice.local()`), and those classes are immutable, so the record built for one instance
/// holds for as long as the instance lives; the memo keeps a strong reference, so an identity is never reused
/// while it is remembered. Profiling a 100,000-sample save put building the device's property dictionary and
/// formatting the revision's OS version for every sample at about a quarter of the mapping's time; a hit
/// here is a lock and a pointer comparison, and equal records then share their storage, so the storage
/// layer's identity lookup compares them without hashing.
final class IdentityMemo<Object: AnyObject, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var entries: [(object: Object, value: Value)] = []

    init(capacity: Int = 4) { self.capacity = capacity }

    /// The value remembered for `object`, or `make(object)` remembered now.
    func value(for object: Object, make: (Object) -> Value) -> Value {
        if let hit = lock.withLock({ entries.first { $0.object === object }?.value }) { return hit }
        let value = make(object)
        lock.withLock {
            entries.insert((object, value), at: 0)
            if entries.count > capacity { entries.removeLast() }
        }
        return value
    }
}
