import HealthDatabase

/// The SELECT statements that read records and sources.
enum SampleQuery {
    /// The most types a sorted read merges arm by arm; a filter over more types reads them in one arm.
    static let maxMergedTypes = 8

    /// The records matching `filter` (compiled by `compiler`), sorted, limited in SQL; without `includePayload` the
    /// payload column is NULL. Ties are broken by change position in the direction of the last criterion (save order
    /// when ascending or unsorted).
    ///
    /// A filter confined to two to ``maxMergedTypes`` types, sorted by position or by one date, reads one arm per type
    /// (`type_id = ?` and the filter as it applies to that type), each along its `(owner_id, type_id, …)` index in
    /// order and limited, and a Merge Append of the arms stops at the limit: one `type_id = ANY(…)` read would sort
    /// every sample of those types first.
    static func select(owner: Int64, _ filter: SampleFilter, _ compiler: FilterSQL, sort: [SampleSort], limit: Int?,
                       includePayload: Bool) -> SQL {
        let limited = SQL(" LIMIT ?::int8", [.int(limit.map { Int64(max($0, 0)) })])
        let arms = (filter.confiningTypes ?? []).compactMap { name in compiler.typeIDs[name].map { (id: $0, name: name) } }
            .sorted { $0.id < $1.id }
        guard let merged = mergedOrder(sort), (2 ... maxMergedTypes).contains(arms.count) else {
            return select(owner: owner, compiler.samples(filter), sort: sort, includePayload: includePayload) + limited
        }
        let parts = arms.map { arm in
            SQL("(") + select(owner: owner, SQL("s.type_id = ?::int8 AND (", [.int(arm.id)])
                              + compiler.samples(filter.restricted(toType: arm.name)) + SQL(")"),
                              sort: sort, includePayload: includePayload) + limited + SQL(")")
        }
        return SQL("SELECT * FROM (") + SQL(parts.map(\.text).joined(separator: " UNION ALL "), parts.flatMap(\.values))
            + SQL(") r ORDER BY \(merged)") + limited
    }

    /// The records of `owner` meeting `condition`, sorted (one arm of a read).
    private static func select(owner: Int64, _ condition: SQL, sort: [SampleSort], includePayload: Bool) -> SQL {
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
        return query
    }

    /// The ORDER BY of a merged read, by result column (change_seq is column 1, start_time 5, end_time 6): position,
    /// or one date then position. Nil for sorts one index per type does not deliver (several criteria, a field).
    private static func mergedOrder(_ sort: [SampleSort]) -> String? {
        guard sort.count <= 1 else { return nil }
        let direction = (sort.first?.ascending ?? true) ? "ASC" : "DESC"
        switch sort.first?.key {
        case nil: return "1 \(direction)"
        case .startDate: return "5 \(direction), 1 \(direction)"
        case .endDate: return "6 \(direction), 1 \(direction)"
        case .field: return nil
        }
    }

    /// The columns ``PostgresHealthStorage/quantityValues(matching:type:starts:)`` reads of `owner`'s samples matching
    /// `filter`, and with `starts`, of type `type` (an id) starting in that range: start, end, quantity, original
    /// quantity and unit, source id, and whether it was entered by the person.
    ///
    /// It reads `sample` alone: joining `source` for the bundle identifier let the planner drive the read from
    /// `source` into `(owner_id, source_id)`. Among many people it takes `owner_id` and `source_id` for independent
    /// and expects a person's source to own a few rows (a millionth of 1,000 people's table) where it owns all of
    /// the person's samples, so every window of a daily collection read all of them instead of its range of
    /// `(owner_id, type_id, start_time, …)`.
    static func quantityValues(owner: Int64, _ filter: SampleFilter, _ compiler: FilterSQL, type: Int64?, starts: Range<Double>?) -> SQL {
        var condition = compiler.samples(filter)
        if let type, let starts {
            condition = SQL("s.type_id = ?::int8 AND s.start_time >= ?::float8 AND s.start_time < ?::float8 AND (",
                            [.int(type), .double(starts.lowerBound), .double(starts.upperBound)]) + condition + SQL(")")
        }
        return SQL("""
            SELECT s.start_time, s.end_time, coalesce(s.quantity, 0), s.original_quantity, s.unit, s.source_id,
                   s.has_fields AND EXISTS (SELECT 1 FROM field f WHERE f.owner_id = s.owner_id AND f.sample_uuid = s.uuid
                                            AND f.key = 'HKWasUserEntered' AND f.num = 1)
            FROM sample s WHERE s.owner_id = \(owner) AND (
            """) + condition + SQL(")")
    }

    /// The ids of the source rows to report for `owner`'s records meeting `condition`: one per bundle identifier, the
    /// revision of that source's most recently saved matching record (so the latest name wins), by bundle identifier.
    /// The matching records are grouped by source first (one row per source, its newest position), so only those few
    /// rows are sorted: sorting every matching record spilled to disk beyond a few thousand and took most of a daily
    /// collection's time.
    static func sources(owner: Int64, _ condition: SQL) -> SQL {
        SQL("""
            SELECT DISTINCT ON (o.bundle_id COLLATE "C") o.id
            FROM (SELECT s.source_id, max(s.change_seq) AS newest FROM sample s WHERE s.owner_id = \(owner) AND (
            """) + condition + SQL("""
            ) GROUP BY s.source_id) m JOIN source o ON o.owner_id = \(owner) AND o.id = m.source_id
            ORDER BY o.bundle_id COLLATE "C", m.newest DESC
            """)
    }
}
