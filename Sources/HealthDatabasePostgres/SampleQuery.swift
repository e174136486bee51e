import HealthDatabase

/// The SELECT statements that read records and sources.
enum SampleQuery {
    /// Records of `owner` meeting `condition`, sorted, limited in SQL; without `includePayload` the payload column is
    /// NULL. Ties are broken by change position in the direction of the last criterion (save order when ascending or
    /// unsorted).
    static func select(owner: Int64, _ condition: SQL, sort: [SampleSort], limit: Int?, includePayload: Bool) -> SQL {
        var query = SQL("SELECT \(RecordReader.columns(includePayload: includePayload)) FROM sample s WHERE s.owner_id = \(owner) AND (")
            + condition + SQL(") ORDER BY ")
        for criterion in sort {
            // Dates are never NULL: plain ASC/DESC, so the date indexes deliver the order. A missing field sorts
            // first ascending and last descending, as in SQLite.
            let direction = criterion.ascending ? "ASC" : "DESC"
            switch criterion.key {
            case .startDate: query.text += "s.start_time \(direction), "
            case .endDate: query.text += "s.end_time \(direction), "
            case .field(let key):
                let nulls = criterion.ascending ? "NULLS FIRST" : "NULLS LAST"
                query = query + SQL("(SELECT f.num FROM field f WHERE f.owner_id = \(owner) AND f.sample_uuid = s.uuid AND f.key = ?::text) \(direction) \(nulls), ",
                                    [.text(key)])
            }
        }
        query.text += "s.change_seq " + ((sort.last?.ascending ?? true) ? "ASC" : "DESC")
        if let limit { query = query + SQL(" LIMIT ?::int8", [.int(Int64(max(limit, 0)))]) }
        return query
    }

    /// The ids of the source rows to report for `owner`'s records meeting `condition`: one per bundle identifier, the
    /// revision of that source's most recently saved matching record (so the latest name wins), by bundle identifier.
    static func sources(owner: Int64, _ condition: SQL) -> SQL {
        SQL("""
            SELECT DISTINCT ON (o.bundle_id COLLATE "C") o.id FROM sample s JOIN source o ON o.owner_id = s.owner_id AND o.id = s.source_id
            WHERE s.owner_id = \(owner) AND (
            """) + condition + SQL(") ORDER BY o.bundle_id COLLATE \"C\", s.change_seq DESC")
    }
}
