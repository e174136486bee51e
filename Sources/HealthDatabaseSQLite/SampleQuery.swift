import GRDB
import HealthDatabase

/// The SELECT statements that read records and sources.
enum SampleQuery {
    /// Records matching `condition` (a compiled filter, see ``FilterSQL``), sorted, limited in SQL; without
    /// `includePayload` the payload column is NULL.
    ///
    /// Ties are broken by change position, in the direction of the last criterion (save order when
    /// ascending or unsorted), so `start DESC, id DESC` reads the `(type, start)` index backwards with
    /// no sort step.
    static func select(_ condition: SQLPart, sort: [SampleSort], limit: Int?, includePayload: Bool = true) -> SQLPart {
        var query = condition
        query.sql = "SELECT \(includePayload ? RecordReader.columns : RecordReader.columnsWithoutPayload) FROM sample s \(RecordReader.parentJoin) WHERE \(query.sql) ORDER BY "
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
        if let limit {
            query.sql += " LIMIT ?"
            query.arguments += [max(limit, 0)]
        }
        return query
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
