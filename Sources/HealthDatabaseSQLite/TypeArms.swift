import GRDB
import HealthDatabase

/// Reads over a few types, one arm per type.
///
/// The `(type, …)` indexes deliver one type's records in position or date order. A single `type IN (…)` condition
/// reads them type after type, so SQLite must sort everything it finds before the first row comes out: the latest
/// 100 samples of two types in a 10,000,000-sample store took 5.5 s that way. One arm per type (`s.type = ?`,
/// the filter simplified for that type so its date terms still bound the index) gives SQLite ordered scans it merges,
/// stopping at the limit: under a millisecond.
extension FilterSQL {
    /// One arm of a read: the type's id and the filter as it applies to that type's records, or (``whole(_:)``) no
    /// type of its own and the whole filter.
    struct TypeArm {
        var type: Int64?
        var filter: SampleFilter

        /// The one arm of a read that is not split by type.
        static func whole(_ filter: SampleFilter) -> TypeArm { TypeArm(type: nil, filter: filter) }

        /// `compiled` (this arm's filter compiled for its table) led by `typeColumn = ?` for the arm's type, so the
        /// arm reads that type's `(type, …)` index in order; `compiled` alone for a whole arm.
        func condition(_ compiled: SQLPart, typeColumn: String) -> SQLPart {
            guard let type else { return compiled }
            let lead: StatementArguments = [type]
            return SQLPart("\(typeColumn) = ? AND (\(compiled.sql))", lead + compiled.arguments)
        }
    }

    /// The most types a read merges arm by arm; a filter over more types reads them in one arm. Merging ordered arms
    /// is never more work than sorting one scan, and a read with a limit stops early only when merged: HealthKit's nine
    /// clinical types read together (`health records list`, a clinical query over every type) paged 200,000 records in
    /// 384 s as one sorted arm per page (each page sorted everything after its boundary) and in 87 s merged, side by
    /// side on a busy machine (29 s merged on a quieter one).
    static let maxMergedTypes = 16

    /// The arms of a merged read of `filter`, in type id order, when the filter confines its matches to two to
    /// ``maxMergedTypes`` types the store knows; nil otherwise (read in one arm).
    func typeArms(_ filter: SampleFilter) -> [TypeArm]? {
        guard let names = filter.confiningTypes else { return nil }
        let arms = names.compactMap { name in typeIDs[name].map { TypeArm(type: $0, filter: filter.restricted(toType: name)) } }
        return (2 ... Self.maxMergedTypes).contains(arms.count) ? arms.sorted { $0.type! < $1.type! } : nil
    }

    /// The ids of the types every record and tombstone matching `filter` has, ascending, when the filter confines them
    /// (a type set, an AND with one, an OR of such filters); nil when it does not. Types the store has no id for
    /// match nothing and are left out.
    func confinedTypeIDs(_ filter: SampleFilter) -> [Int64]? {
        filter.confiningTypes.map { $0.compactMap { typeIDs[$0] }.sorted() }
    }
}
