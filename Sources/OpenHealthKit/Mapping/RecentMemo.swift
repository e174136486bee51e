import Foundation

/// Remembers what the last few keys mapped to (mapping performance), in both directions of the mapping.
///
/// - Save side, keyed by object identity (``byIdentity(capacity:)``): a batch of samples almost always
///   shares a handful of `HKDevice` and `HKSourceRevision` instances (apps reuse `HKDevice.local()`), and
///   those classes are immutable, so the record built for one instance holds for as long as the instance
///   lives; the memo keeps a strong reference, so an identity is never reused while it is remembered.
///   Profiling a 100,000-sample save put building the device's property dictionary and formatting the
///   revision's OS version for every sample at about a quarter of the mapping's time; equal records then
///   share their storage, so the storage layer's identity lookup compares them without hashing.
/// - Read side, keyed by record value (``byValue(capacity:)``): a read of a million samples names a
///   handful of distinct source and device records, and the storage layer hands out the same record (shared
///   storage) for the same row, so `==` on a hit is a few pointer comparisons. Sharing the resulting
///   `HKSourceRevision`/`HKDevice` among samples is safe because they are immutable; rebuilding them (and
///   parsing the OS version string) per sample was 12% of an anchored read's CPU time.
///
/// A hit costs a lock and at most `capacity` comparisons; a miss builds the value and evicts the oldest.
final class RecentMemo<Key, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private let matches: (Key, Key) -> Bool
    private var entries: [(key: Key, value: Value)] = []

    private init(capacity: Int, matches: @escaping (Key, Key) -> Bool) {
        self.capacity = capacity
        self.matches = matches
    }

    /// The value remembered for `key`, or `make(key)` remembered now.
    func value(for key: Key, make: (Key) -> Value) -> Value {
        if let hit = lock.withLock({ entries.first { matches($0.key, key) }?.value }) { return hit }
        let value = make(key)
        lock.withLock {
            entries.insert((key, value), at: 0)
            if entries.count > capacity { entries.removeLast() }
        }
        return value
    }
}

extension RecentMemo where Key: AnyObject {
    /// A memo that finds keys by object identity (`===`), for immutable objects.
    static func byIdentity(capacity: Int = 4) -> RecentMemo { RecentMemo(capacity: capacity, matches: ===) }
}

extension RecentMemo where Key: Equatable {
    /// A memo that finds keys by value (`==`), for value types whose equal instances usually share storage.
    static func byValue(capacity: Int = 8) -> RecentMemo { RecentMemo(capacity: capacity, matches: ==) }
}
