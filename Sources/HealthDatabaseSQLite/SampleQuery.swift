import GRDB
import HealthDatabase

/// The SELECT statements that read records and sources.
enum SampleQuery {
    /// Records matching `filter` (compiled by `compiler`), sorted, limited in SQL; the columns of the parts not in
    /// `parts` are NULL (``RecordReader/columns(_:)``).
    ///
    /// Ties are broken by change position, in the direction of the last criterion (save order when
    /// ascending or unsorted), so `start DESC, id DESC` reads the `(type, start)` index backwards with
    /// no sort step. A filter over a few types sorted by position or by one date reads one arm per type
    /// (``FilterSQL/typeArms(_:)``), which SQLite merges in order and stops at the limit: the latest 100
    /// samples of two types in a 10,000,000-sample store took 5.5 s through one `type IN (…)` arm, which sorted every
    /// sample of both types, and under a millisecond merged.
    static func select(_ filter: SampleFilter, _ compiler: FilterSQL, sort: [SampleSort], limit: Int?,
                       parts: RecordParts = .all) -> SQLPart {
        let columns = RecordReader.columns(parts)
        let from = "FROM sample s \(RecordReader.parentJoin(parts))"
        var query: SQLPart
        if let arms = compiler.typeArms(filter), let order = resultOrder(sort) {
            query = .unionAll(arms.map { arm in
                let condition = arm.condition(compiler.samples(arm.filter), typeColumn: "s.type")
                return SQLPart("SELECT \(columns) \(from) WHERE \(condition.sql)", condition.arguments)
            })
            query.sql += " ORDER BY " + order
        } else {
            let condition = compiler.samples(filter)
            query = SQLPart("SELECT \(columns) \(from) WHERE \(condition.sql) ORDER BY ", condition.arguments)
            for criterion in sort {
                let direction = criterion.ascending ? "ASC" : "DESC"
                switch criterion.key {
                case .startDate: query.sql += "s.start \(direction), "
                case .endDate: query.sql += "s.end \(direction), "
                case .field(let key):
                    query.sql += "(SELECT f.num FROM field f WHERE f.sample_id = s.id AND f.key = ?) \(direction), "
                    query.arguments += [key]
                }
            }
            query.sql += "s.id " + ((sort.last?.ascending ?? true) ? "ASC" : "DESC")
        }
        if let limit {
            query.sql += " LIMIT ?"
            query.arguments += [max(limit, 0)]
        }
        return query
    }

    /// The ORDER BY of a merged read, by result column (a compound SELECT sorts by its columns): position, or one date
    /// then position. Nil for sorts a per-type index does not deliver in order (several criteria, a metadata field).
    private static func resultOrder(_ sort: [SampleSort]) -> String? {
        guard sort.count <= 1 else { return nil }
        let direction = (sort.first?.ascending ?? true) ? "ASC" : "DESC"
        let position = "\(RecordReader.idColumn) \(direction)"
        switch sort.first?.key {
        case nil: return position
        case .startDate: return "\(RecordReader.startColumn) \(direction), \(position)"
        case .endDate: return "\(RecordReader.endColumn) \(direction), \(position)"
        case .field: return nil
        }
    }

    /// The ids of the source rows to report for the records matching `filter`: one per bundle
    /// identifier, the revision of that source's most recently saved record matching `condition` (so the latest
    /// name wins), ordered by bundle identifier. Relies on SQLite's rule that a bare column next to
    /// `max()` comes from the row holding the maximum.
    static func sources(_ condition: SQLPart) -> SQLPart {
        var query = condition
        query.sql = """
            SELECT source_id, max(last) FROM (
                SELECT s.source_id AS source_id, max(s.id) AS last FROM sample s WHERE \(query.sql) GROUP BY s.source_id
            ) JOIN source o ON o.id = source_id
            GROUP BY o.bundle_id ORDER BY o.bundle_id
            """
        return query
    }
}
