import Foundation
import HealthDatabase
import PostgresNIO

/// Compiles a ``SampleFilter`` into a condition on one owner's `sample` rows (alias `s`), or on `tombstone` rows
/// (alias `t`, which has the same `type_id` and `source_id` columns) for the change log.
///
/// Conditions are two-valued: a leaf SQL evaluates to NULL (a missing value) counts as false, and `not` coalesces
/// before negating, so `not(quantity > 5)` matches records without a quantity. Every subquery names the owner, so
/// each statement stays on the owner's shard. Type names are bound as their `object_type` ids, resolved before the
/// SQL is built; a name with no id is stored nowhere and matches nothing.
struct FilterSQL {
    /// The owner every subquery is confined to (an integer of the engine's, written into the SQL text).
    let owner: Int64
    /// The ids of the type names the filter mentions, as far as the database has them.
    let typeIDs: [String: Int64]
    /// The ids of the owner's source rows (revisions) of each bundle identifier the filter names. They are bound as
    /// constants, not looked up in a subquery, so the planner's statistics on `(owner_id, source_id)` apply.
    let sourceIDs: [String: [Int64]]

    /// A compiler for `filter` (and its parts), its type names resolved through `identities`.
    init(for filter: SampleFilter, _ identities: Identities, _ session: Session) throws {
        owner = identities.ownerID
        typeIDs = try identities.typeIDs(filter.typeNames, session)
        let bundles = Self.bundles(in: filter)
        var sourceIDs: [String: [Int64]] = [:]
        if !bundles.isEmpty {
            let rows = try session.rows(SQL("SELECT bundle_id, id FROM source WHERE owner_id = \(owner) AND bundle_id = ANY(?::text[])",
                                            [.texts(bundles.sorted())]))
            for row in rows {
                let (bundle, id) = try row.decode((String, Int64).self)
                sourceIDs[bundle, default: []].append(id)
            }
        }
        self.sourceIDs = sourceIDs
    }

    /// Rows with the boundary record's sort date that come after it in the boundary's order: by change position, the
    /// order's tie-breaker (the date indexes end with `change_seq`, so this is one index range).
    private func ties(after boundary: PageBoundary, _ a: String) -> SQL {
        let column = boundary.byEnd ? "end_time" : "start_time"
        return SQL("\(a).\(column) = (SELECT b.\(column) FROM sample b WHERE b.owner_id = \(owner) AND b.uuid = ?::uuid) AND \(a).change_seq "
                   + "\(boundary.ascending ? ">" : "<") (SELECT b.change_seq FROM sample b WHERE b.owner_id = \(owner) AND b.uuid = ?::uuid)",
                   [.uuid(boundary.uuid), .uuid(boundary.uuid)])
    }

    /// Rows whose sort date lies beyond the boundary record's.
    private func dates(after boundary: PageBoundary, _ a: String) -> SQL {
        let column = boundary.byEnd ? "end_time" : "start_time"
        return SQL("\(a).\(column) \(boundary.ascending ? ">" : "<") (SELECT b.\(column) FROM sample b WHERE b.owner_id = \(owner) AND b.uuid = ?::uuid)",
                   [.uuid(boundary.uuid)])
    }

    /// The condition selecting `alias`'s rows (a `sample` alias) that match `filter`.
    func samples(_ filter: SampleFilter, _ a: String = "s") -> SQL {
        switch filter {
        case .all: return .always
        case .none: return .never
        case .types(let types): return typeIn(types, "\(a).type_id")
        case .kinds(let kinds): return SQL("\(a).kind = ANY(?::int8[])", [.ints(kinds.map(\.code).sorted())])
        case .window(let window): return Self.window(window, a)
        case .uuids(let uuids): return SQL("\(a).uuid = ANY(?::uuid[])", [.uuids(uuids.sorted { $0.uuidString < $1.uuidString })])
        case .syncIdentifiers(let identifiers): return SQL("\(a).sync_identifier = ANY(?::text[])", [.texts(identifiers.sorted())])
        case .sources(let bundles): return sourceIn(bundles, "\(a).source_id")
        case .revisions(let patterns): return revisions(patterns, "\(a).source_id")
        case .devices(let devices):
            return SQL("\(a).device_id IN (SELECT id FROM device WHERE owner_id = \(owner) AND key = ANY(?::text[]))",
                       [.texts(devices.map(\.storageKey).sorted())])
        case .deviceProperty(let key, let values):
            if values.isEmpty {
                return SQL("\(a).device_id IS NULL OR \(a).device_id NOT IN (SELECT id FROM device WHERE owner_id = \(owner) AND properties ->> ?::text IS NOT NULL)",
                           [.text(key)])
            }
            return SQL("\(a).device_id IN (SELECT id FROM device WHERE owner_id = \(owner) AND properties ->> ?::text = ANY(?::text[]))",
                       [.text(key), .texts(values.sorted())])
        case .fieldExists(let key):
            return field(a, SQL("TRUE"), key)
        case .field(let key, let comparison, let value):
            if let number = value.comparableNumber {
                return field(a, SQL("f.num \(comparison.sqlOperator) ?::float8", [.double(number)]), key)
            }
            return field(a, SQL("f.text \(comparison.sqlOperator) ?::text", [.text(value.comparableText ?? "")]), key)
        case .fieldIn(let key, let values):
            return field(a, SQL("f.num = ANY(?::float8[]) OR f.text = ANY(?::text[])",
                                [.doubles(values.compactMap(\.comparableNumber)), .texts(values.compactMap(\.comparableText))]), key)
        case .text(let key, let match):
            guard !match.value.isEmpty else { return field(a, SQL("f.text IS NOT NULL"), key) }
            let operation = match.caseInsensitive ? "ILIKE" : "LIKE"
            return field(a, SQL("f.text \(operation) ?::text ESCAPE '\\'", [.text(match.likePattern)]), key)
        case .quantity(let comparison, let value):
            return SQL("\(a).quantity \(comparison.sqlOperator) ?::float8", [.double(value)])
        case .categoryValue(let comparison, let value):
            return SQL("\(a).category_value \(comparison.sqlOperator) ?::int8", [.int(Int64(value))])
        case .categoryValues(let values):
            return SQL("\(a).category_value = ANY(?::int8[])", [.ints(values.map(Int64.init).sorted())])
        case .parent(let uuid):
            return SQL("\(a).parent_uuid = ?::uuid", [.uuid(uuid)])
        case .noParent(let kind):
            return SQL("\(a).parent_uuid IS NULL OR NOT EXISTS (SELECT 1 FROM sample p WHERE p.owner_id = \(owner) AND p.uuid = \(a).parent_uuid AND p.kind = ?::int8)",
                       [.int(kind.code)])
        case .hasChild(let child):
            let inner = Self.nested("c", in: a)
            return SQL("EXISTS (SELECT 1 FROM sample \(inner) WHERE \(inner).owner_id = \(owner) AND \(inner).parent_uuid = \(a).uuid AND (")
                + samples(child, inner) + SQL("))")
        case .hasParent(let parent):
            let inner = Self.nested("p", in: a)
            return SQL("EXISTS (SELECT 1 FROM sample \(inner) WHERE \(inner).owner_id = \(owner) AND \(inner).uuid = \(a).parent_uuid AND (")
                + samples(parent, inner) + SQL("))")
        case .tiesAfter(let boundary): return ties(after: boundary, a)
        case .datesAfter(let boundary): return dates(after: boundary, a)
        case .and(let filters): return filters.isEmpty ? .always : .joined(filters.map { samples($0, a) }, "AND")
        case .or(let filters): return filters.isEmpty ? .never : .joined(filters.map { samples($0, a) }, "OR")
        case .not(let filter): return Self.negate(samples(filter, a))
        }
    }

    /// The condition selecting the tombstones (`t`) that match `filter`: its type and source parts, any other part
    /// letting them through (``SampleFilter/tombstoneFilter``).
    func tombstones(_ filter: SampleFilter) -> SQL {
        samples(filter.tombstoneFilter, "t")
    }

    /// `EXISTS` a field `key` of `alias`'s record meeting `condition` (on `f`).
    private func field(_ a: String, _ condition: SQL, _ key: String) -> SQL {
        SQL("EXISTS (SELECT 1 FROM field f WHERE f.owner_id = \(owner) AND f.sample_uuid = \(a).uuid AND f.key = ?::text AND (",
            [.text(key)]) + condition + SQL("))")
    }

    /// `column` among the ids of `types`; one type as `column = ?`, which PostgreSQL reads along an index in order
    /// (`= ANY(…)` makes it sort: the latest 100 heart rates of an owner sorted all of the owner's samples).
    private func typeIn(_ types: Set<String>, _ column: String) -> SQL {
        let ids = types.compactMap { typeIDs[$0] }.sorted()
        if ids.count == 1 { return SQL("\(column) = ?::int8", [.int(ids[0])]) }
        return ids.isEmpty ? .never : SQL("\(column) = ANY(?::int8[])", [.ints(ids)])
    }

    /// `column` among the ids of the sources of `bundles` (bound as constants; see ``sourceIDs``).
    private func sourceIn(_ bundles: Set<String>, _ column: String) -> SQL {
        let ids = bundles.flatMap { sourceIDs[$0] ?? [] }.sorted()
        return ids.isEmpty ? .never : SQL("\(column) = ANY(?::int8[])", [.ints(ids)])
    }

    /// The bundle identifiers `filter`'s `.sources` parts name.
    private static func bundles(in filter: SampleFilter) -> Set<String> {
        switch filter {
        case .sources(let bundles): bundles
        case .and(let filters), .or(let filters): filters.reduce(into: []) { $0.formUnion(bundles(in: $1)) }
        case .not(let filter), .hasChild(let filter), .hasParent(let filter): bundles(in: filter)
        default: []
        }
    }

    private func revisions(_ patterns: Set<RevisionPattern>, _ column: String) -> SQL {
        guard !patterns.isEmpty else { return .never }
        let each: [SQL] = patterns.map { pattern in
            var part = SQL("bundle_id = ?::text", [.text(pattern.bundleIdentifier)])
            for (name, value) in [("version", pattern.version), ("product_type", pattern.productType),
                                  ("os_version", pattern.operatingSystemVersion)] {
                if let value { part = part + SQL(" AND \(name) = ?::text", [.text(value)]) }
            }
            return part
        }.sorted { $0.text < $1.text }
        return SQL("\(column) IN (SELECT id FROM source WHERE owner_id = \(owner) AND (") + .joined(each, "OR") + SQL("))")
    }

    /// The alias of a subquery one level inside `alias` (`s` → `c1`, `c1` → `p2`, …), so no condition sees an outer
    /// row by mistake.
    private static func nested(_ prefix: String, in alias: String) -> String {
        prefix + String((Int(alias.dropFirst()) ?? 0) + 1)
    }

    private static func negate(_ part: SQL) -> SQL {
        SQL("NOT coalesce((") + part + SQL("), false)")
    }

    /// DateWindow's rules (see its doc comment).
    private static func window(_ window: DateWindow, _ a: String) -> SQL {
        var parts: [SQL] = []
        let start = window.start?.timeIntervalSince1970
        let end = window.end?.timeIntervalSince1970
        func bound(_ column: String, _ operation: String, _ value: Double?) {
            if let value { parts.append(SQL("\(a).\(column) \(operation) ?::float8", [.double(value)])) }
        }
        if window.strictStart { bound("start_time", ">=", start); bound("start_time", "<", end) }
        if window.strictEnd { bound("end_time", ">=", start); bound("end_time", "<", end) }
        if !window.strictStart && !window.strictEnd { bound("start_time", "<", end); bound("end_time", ">=", start) }
        return parts.isEmpty ? .always : .joined(parts, "AND")
    }
}
