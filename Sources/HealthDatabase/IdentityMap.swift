import Foundation
import HealthLocking

/// A two-way map between an engine's integer ids and the values of rows that are never changed or deleted (type
/// identifiers, source revisions, devices), so an id once seen stays valid. Shared by every reader and writer of one
/// store; thread-safe. Engines cache committed rows only.
package final class IdentityMap<Value: Hashable & Sendable>: Sendable {
    private struct Entries {
        var ids: [Value: Int64] = [:]
        var values: [Int64: Value] = [:]
    }

    private let entries = Locked(Entries())
    /// The most values kept: past it the map starts over (every id stays valid; a forgotten one is looked up again).
    private let capacity: Int

    /// An empty map holding at most `capacity` values (a store can hold a million distinct devices: an export whose
    /// device descriptions differ from record to record kept every one in memory, 400 MB at 1,000,000).
    package init(capacity: Int = .max) { self.capacity = capacity }

    /// The id of `value`, if cached.
    package func id(_ value: Value) -> Int64? {
        entries.withLock { $0.ids[value] }
    }

    /// How many values are cached: at most the capacity, or the rows of the last ``insert(_:)`` when they alone
    /// are more.
    package var count: Int { entries.withLock { $0.ids.count } }

    /// The value of `id`, if cached.
    package func value(_ id: Int64) -> Value? {
        entries.withLock { $0.values[id] }
    }

    /// Caches committed rows.
    package func insert(_ rows: [(id: Int64, value: Value)]) {
        entries.withLock { entries in
            if entries.ids.count + rows.count > capacity { entries = Entries() }
            for row in rows { entries.ids[row.value] = row.id; entries.values[row.id] = row.value }
        }
    }
}

extension IdentityMap where Value == String {
    /// The ids of those of the type identifiers `types` that have a row, calling `loadAll` (every row of the small
    /// type table) once on a miss; a name without a row is stored nowhere.
    package func ids(_ types: Set<String>, loadAll: () throws -> [(id: Int64, value: String)]) rethrows -> [String: Int64] {
        guard !types.isEmpty else { return [:] }
        let known = { types.reduce(into: [String: Int64]()) { $0[$1] = self.id($1) } }
        let found = known()
        if found.count == types.count { return found }
        insert(try loadAll())
        return known()
    }

    /// The type identifier of `id`, calling `loadAll` once on a miss.
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` when the table has no such row.
    package func name(_ id: Int64, loadAll: () throws -> [(id: Int64, value: String)]) throws -> String {
        if let name = value(id) { return name }
        insert(try loadAll())
        guard let name = value(id) else {
            throw StorageError.unavailable("the database names type \(id), which is missing from object_type")
        }
        return name
    }
}
