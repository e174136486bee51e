import GRDB
import HealthDatabase
import HealthLocking

/// The last few record selects a store built (``SampleQuery/select(_:_:sort:limit:parts:)``), by what they were built
/// from, so a read that repeats (an app re-running the same query or query descriptor, a poll) reuses the SQL text
/// and its arguments instead of compiling the filter again: building them was about a twentieth of the CPU of reading
/// the latest 100 heart-rate samples. GRDB then finds its prepared statement by the same text.
///
/// The select depends only on the filter, the sort, the limit, the parts and the ids the type names resolved to
/// (``FilterSQL/typeIDs``, which are part of the key, so a type stored since is a different key); every other name a
/// filter holds is bound as it is and resolved by the SQL itself. Only selects with few arguments are kept (as in
/// ``Database/filterStatement(sql:)``), so comparing keys stays cheap and a filter over a long list of UUIDs or ids is
/// neither kept nor compared at length.
final class SelectMemo: Sendable {
    /// What a select is built from.
    private struct Key: Equatable {
        let filter: SampleFilter
        let typeIDs: [String: Int64]
        let sort: [SampleSort]
        let limit: Int?
        let parts: RecordParts
    }

    /// The entries, newest first.
    private let recent = Locked<[(key: Key, select: SQLPart)]>([])

    /// How many selects are kept.
    static let capacity = 8

    /// The select ``SampleQuery/select(_:_:sort:limit:parts:)`` builds for these, remembered or built now.
    func select(_ filter: SampleFilter, _ compiler: FilterSQL, sort: [SampleSort], limit: Int?, parts: RecordParts) -> SQLPart {
        let key = Key(filter: filter, typeIDs: compiler.typeIDs, sort: sort, limit: limit, parts: parts)
        if let hit = recent.withLock({ $0.first { $0.key == key }?.select }) { return hit }
        let select = SampleQuery.select(filter, compiler, sort: sort, limit: limit, parts: parts)
        guard Database.cachesStatement(sql: select.sql) else { return select }
        recent.withLock { entries in
            entries.insert((key, select), at: 0)
            if entries.count > Self.capacity { entries.removeLast() }
        }
        return select
    }
}
