import Foundation
import HealthLocking

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
///
/// `@unchecked`: the keys and values are immutable (see above) and `matches` is `===` or `==`, neither of which the
/// compiler can see; the list itself is only touched inside its lock.
final class RecentMemo<Key, Value>: @unchecked Sendable {
    private let matches: (Key, Key) -> Bool
    private let recent: Locked<RecentList<Key, Value>>

    private init(capacity: Int, matches: @escaping (Key, Key) -> Bool) {
        self.recent = Locked(RecentList(capacity: capacity))
        self.matches = matches
    }

    /// The value remembered for `key`, or `make(key)` remembered now.
    func value(for key: Key, make: (Key) -> Value) -> Value {
        if let hit = recent.withLock({ $0.value { matches($0, key) } }) { return hit }
        let value = make(key)
        recent.withLock { $0.remember(key, value) }
        return value
    }
}

/// The last few keys looked up and their values, newest first: the list behind ``RecentMemo`` (shared,
/// locked) and ``ReadMemo`` (one read's, unlocked).
struct RecentList<Key, Value> {
    private let capacity: Int
    // Keys and values apart, so a lookup compares keys in place without copying entries.
    private var keys: [Key] = []
    private var values: [Value] = []

    /// An empty list keeping at most `capacity` entries.
    init(capacity: Int) { self.capacity = capacity }

    /// The value of the newest entry whose key `matches`, or nil.
    func value(where matches: (Key) -> Bool) -> Value? {
        keys.firstIndex(where: matches).map { values[$0] }
    }

    /// Remembers `value` for `key` as the newest entry, forgetting the oldest beyond the capacity.
    mutating func remember(_ key: Key, _ value: Value) {
        keys.insert(key, at: 0)
        values.insert(value, at: 0)
        if keys.count > capacity {
            keys.removeLast()
            values.removeLast()
        }
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
