import Foundation
import GRDB
import HealthDatabase

/// A piece of SQL and the values bound to its `?` placeholders. Values are never spliced into the text.
struct SQLPart {
    var sql: String
    var arguments: StatementArguments

    init(_ sql: String, _ arguments: StatementArguments = StatementArguments()) {
        self.sql = sql
        self.arguments = arguments
    }

    static let always = SQLPart("1")
    static let never = SQLPart("0")

    /// `?, ?, ?` for `count` values.
    static func placeholders(_ count: Int) -> String {
        String(repeating: "?, ", count: max(count - 1, 0)) + (count > 0 ? "?" : "")
    }

    /// `column IN (?, ...)`, or false for an empty set.
    static func isIn(_ column: String, _ values: [some DatabaseValueConvertible]) -> SQLPart {
        values.isEmpty ? .never : SQLPart("\(column) IN (\(placeholders(values.count)))", StatementArguments(values))
    }

    /// The SELECT statements `arms` as one compound `UNION ALL`, their arguments in order.
    static func unionAll(_ arms: [SQLPart]) -> SQLPart {
        var result = SQLPart(arms.map(\.sql).joined(separator: "\nUNION ALL\n"))
        for arm in arms { result.arguments += arm.arguments }
        return result
    }

    /// The parts joined by `separator`, each in parentheses.
    static func joined(_ parts: [SQLPart], _ separator: String) -> SQLPart {
        var result = SQLPart(parts.map { "(\($0.sql))" }.joined(separator: " \(separator) "))
        for part in parts { result.arguments += part.arguments }
        return result
    }
}

/// Compiles a ``SampleFilter`` into a SQL condition on the `sample` table (alias `s`), or on the
/// `tombstone` table (alias `t`) for the change log.
///
/// Conditions are two-valued: a leaf that SQL evaluates to NULL (a missing value) counts as false, and
/// `not` coalesces before negating, so `not(quantity > 5)` matches records without a quantity.
///
/// Type names are bound as their `object_type` ids, resolved before the SQL is built (a `type = ?` on an
/// integer keeps the `(type, start)` index usable for a sorted, limited read); a name with no id is stored
/// nowhere and matches nothing.
struct FilterSQL {
    /// The ids of the type names the compiled filters mention, as far as the store has them.
    let typeIDs: [String: Int64]

    /// A compiler for `filter` (and its parts), its type names resolved through `identities`. Call it before the
    /// transaction writes anything, so only committed type rows are read.
    init(for filter: SampleFilter, _ identities: IdentityCache, _ db: Database) throws {
        typeIDs = try identities.typeIDs(filter.typeNames, db)
    }

    /// The condition selecting the stored records that match `filter`, compiled for `identities` in `db`.
    static func samples(_ filter: SampleFilter, _ identities: IdentityCache, _ db: Database) throws -> SQLPart {
        try FilterSQL(for: filter, identities, db).samples(filter)
    }

    /// The condition selecting the stored records that match `filter`.
    func samples(_ filter: SampleFilter) -> SQLPart {
        switch filter {
        case .all: return .always
        case .none: return .never
        case .types(let types): return typeIn(types, column: "s.type")
        case .kinds(let kinds): return .isIn("s.kind", kinds.map(\.code).sorted())
        case .window(let window): return Self.window(window)
        // Each UUID's text is made once: made inside the comparison, a batch of 1,000 cost some 20,000 `sprintf`s.
        case .uuids(let uuids): return .isIn("s.uuid", uuids.map { ($0, $0.uuidString) }.sorted { $0.1 < $1.1 }.map(\.0))
        // Through the sync identifier index, as a set of row ids: written as `s.sync_identifier IN (…)` beside a
        // source condition, SQLite (no statistics) took the source's index for lists of 100 or so and read every
        // record of the source for each batch (an ingestion's stored-version lookup grew with the source).
        case .syncIdentifiers(let identifiers):
            let list = SQLPart.isIn("sync_identifier", identifiers.sorted())
            return identifiers.isEmpty ? .never : SQLPart("s.id IN (SELECT id FROM sample WHERE \(list.sql))", list.arguments)
        case .sources(let bundles): return Self.sourceIn(bundles, column: "s.source_id")
        case .revisions(let patterns): return Self.revisions(patterns, column: "s.source_id")
        case .devices(let devices):
            let keys = devices.map(\.storageKey).sorted()
            guard !keys.isEmpty else { return .never }
            return SQLPart("s.device_id IN (SELECT id FROM device WHERE key IN (\(SQLPart.placeholders(keys.count))))",
                           StatementArguments(keys))
        case .deviceProperty(let key, let values):
            if values.isEmpty {
                return SQLPart("s.device_id IS NULL OR s.device_id NOT IN (SELECT device_id FROM device_property WHERE key = ?)", [key])
            }
            var part = SQLPart("s.device_id IN (SELECT device_id FROM device_property WHERE key = ? AND value IN (\(SQLPart.placeholders(values.count))))", [key])
            part.arguments += StatementArguments(values.sorted())
            return part
        case .fieldExists(let key):
            return SQLPart("EXISTS (SELECT 1 FROM field f WHERE f.sample_id = s.id AND f.key = ?)", [key])
        case .field(let key, let comparison, let value):
            let (column, bound): (String, any DatabaseValueConvertible) =
                value.comparableNumber.map { ("num", $0) } ?? ("text", value.comparableText ?? "")
            return SQLPart("EXISTS (SELECT 1 FROM field f WHERE f.sample_id = s.id AND f.key = ? AND f.\(column) \(comparison.sqlOperator) ?)",
                           [key, bound])
        case .fieldIn(let key, let values):
            let numbers = values.compactMap(\.comparableNumber)
            let texts = values.compactMap(\.comparableText)
            let inner = SQLPart.joined([.isIn("f.num", numbers), .isIn("f.text", texts)], "OR")
            var part = SQLPart("EXISTS (SELECT 1 FROM field f WHERE f.sample_id = s.id AND f.key = ? AND (\(inner.sql)))", [key])
            part.arguments += inner.arguments
            return part
        case .text(let key, let match):
            let condition = Self.textCondition(match)
            var part = SQLPart("EXISTS (SELECT 1 FROM field f WHERE f.sample_id = s.id AND f.key = ? AND f.text IS NOT NULL AND \(condition.sql))", [key])
            part.arguments += condition.arguments
            return part
        case .quantity(let comparison, let value):
            return SQLPart("s.quantity \(comparison.sqlOperator) ?", [value])
        case .categoryValue(let comparison, let value):
            return SQLPart("s.category_value \(comparison.sqlOperator) ?", [value])
        case .categoryValues(let values): return .isIn("s.category_value", values.sorted())
        case .parent(let uuid):
            return SQLPart("s.parent_id = (SELECT id FROM sample WHERE uuid = ?)", [uuid])
        case .noParent(let kind):
            return SQLPart("s.parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM sample p WHERE p.id = s.parent_id AND p.kind = ?)", [kind.code])
        case .hasChild(let child): return hasChild(child)
        case .hasParent(let parent): return hasParent(parent)
        case .tiesAfter(let boundary): return Self.ties(after: boundary)
        case .datesAfter(let boundary): return Self.dates(after: boundary)
        case .and(let filters): return filters.isEmpty ? .always : .joined(filters.map(samples), "AND")
        case .or(let filters): return filters.isEmpty ? .never : .joined(filters.map(samples), "OR")
        case .not(let filter): return Self.negate(samples(filter))
        }
    }

    /// The condition selecting the tombstones that match `filter`: only type and source filters
    /// (types, sources, revisions) constrain a tombstone; any other part of the filter is treated as
    /// unknown, and an unknown part lets the tombstone through (anchored sync must not miss a deletion).
    func tombstones(_ filter: SampleFilter) -> SQLPart {
        tombstoneCondition(filter.tombstoneFilter)
    }

    /// A filter of ``SampleFilter/tombstoneFilter``'s kinds (types, sources, revisions, combined) on `tombstone`.
    private func tombstoneCondition(_ filter: SampleFilter) -> SQLPart {
        switch filter {
        case .none: return .never
        case .types(let types): return typeIn(types, column: "t.type")
        case .sources(let bundles): return Self.sourceIn(bundles, column: "t.source_id")
        case .revisions(let patterns): return Self.revisions(patterns, column: "t.source_id")
        case .and(let filters): return filters.isEmpty ? .always : .joined(filters.map(tombstoneCondition), "AND")
        case .or(let filters): return filters.isEmpty ? .never : .joined(filters.map(tombstoneCondition), "OR")
        case .not(let filter): return Self.negate(tombstoneCondition(filter))
        default: return .always
        }
    }

    /// `EXISTS` over the record's children (the partial `sample_parent` index finds them), the child
    /// filter compiled for the inner alias. Inner aliases nest (`c1`, `c2`, ...) by rewriting `s.`
    /// references of the child condition, so the condition never sees the outer row by mistake.
    private func hasChild(_ child: SampleFilter) -> SQLPart {
        let inner = samples(child)
        let alias = "c\(Self.depth(child) + 1)"
        let condition = Self.renamed(inner.sql, to: alias)
        return SQLPart("EXISTS (SELECT 1 FROM sample \(alias) WHERE \(alias).parent_id = s.id AND (\(condition)))", inner.arguments)
    }

    /// `EXISTS` over the record's parent (by its primary key), the parent filter compiled for the inner alias
    /// (`p1`, `p2`, ..., as for ``hasChild(_:)``).
    private func hasParent(_ parent: SampleFilter) -> SQLPart {
        let inner = samples(parent)
        let alias = "p\(Self.depth(parent) + 1)"
        let condition = Self.renamed(inner.sql, to: alias)
        return SQLPart("EXISTS (SELECT 1 FROM sample \(alias) WHERE \(alias).id = s.parent_id AND (\(condition)))", inner.arguments)
    }

    /// How deeply `hasChild` and `hasParent` nest inside `filter` (0 when they do not).
    private static func depth(_ filter: SampleFilter) -> Int {
        switch filter {
        case .hasChild(let child), .hasParent(let child): return depth(child) + 1
        case .and(let filters), .or(let filters): return filters.map(depth).max() ?? 0
        case .not(let filter): return depth(filter)
        default: return 0
        }
    }

    /// `sql` with the outer row's alias `s.` (as a whole word) replaced by `alias.`.
    private static func renamed(_ sql: String, to alias: String) -> String {
        var result = ""
        var previous: Character = " "
        var index = sql.startIndex
        while index < sql.endIndex {
            let character = sql[index]
            let next = sql.index(after: index)
            if character == "s", next < sql.endIndex, sql[next] == ".", !(previous.isLetter || previous.isNumber || previous == "_") {
                result += alias
            } else {
                result.append(character)
            }
            previous = character
            index = next
        }
        return result
    }

    /// The condition on `f.text` for a text pattern, the value always bound. Case-insensitive matching uses
    /// `LIKE` (ASCII case folding) with `%`, `_` and the escape character `\` escaped; case-sensitive matching
    /// uses `instr`/`substr`, since `LIKE` ignores ASCII case.
    private static func textCondition(_ match: TextMatch) -> SQLPart {
        let value = match.value
        if value.isEmpty { return .always }
        if match.caseInsensitive {
            return SQLPart("f.text LIKE ? ESCAPE '\\'", [match.likePattern])
        }
        switch match.kind {
        case .contains: return SQLPart("instr(f.text, ?) > 0", [value])
        case .beginsWith: return SQLPart("substr(f.text, 1, length(?)) = ?", [value, value])
        case .endsWith: return SQLPart("length(f.text) >= length(?) AND substr(f.text, -length(?)) = ?", [value, value, value])
        }
    }

    /// `column IN` the ids of `types` that the store has (false when it has none of them).
    private func typeIn(_ types: Set<String>, column: String) -> SQLPart {
        .isIn(column, types.compactMap { typeIDs[$0] }.sorted())
    }

    private static func negate(_ part: SQLPart) -> SQLPart {
        SQLPart("NOT coalesce((\(part.sql)), 0)", part.arguments)
    }

    private static func sourceIn(_ bundles: Set<String>, column: String) -> SQLPart {
        guard !bundles.isEmpty else { return .never }
        return SQLPart("\(column) IN (SELECT id FROM source WHERE bundle_id IN (\(SQLPart.placeholders(bundles.count))))",
                       StatementArguments(bundles.sorted()))
    }

    private static func revisions(_ patterns: Set<RevisionPattern>, column: String) -> SQLPart {
        guard !patterns.isEmpty else { return .never }
        let each: [SQLPart] = patterns.map { pattern in
            var part = SQLPart("bundle_id = ?", [pattern.bundleIdentifier])
            for (name, value) in [("version", pattern.version), ("product_type", pattern.productType),
                                  ("os_version", pattern.operatingSystemVersion)] {
                if let value { part.sql += " AND \(name) = ?"; part.arguments += [value] }
            }
            return part
        }.sorted { $0.sql < $1.sql }
        let any = SQLPart.joined(each, "OR")
        return SQLPart("\(column) IN (SELECT id FROM source WHERE \(any.sql))", any.arguments)
    }

    /// The boundary record's date equal and its change position (the row id) passed: with the type, a seek in the
    /// `(type, start)` or `(type, end)` index, whose entries end in the row id.
    private static func ties(after boundary: PageBoundary) -> SQLPart {
        let column = boundary.byEnd ? "end" : "start"
        return SQLPart("s.\(column) = (SELECT b.\(column) FROM sample b WHERE b.uuid = ?) AND s.id \(boundary.ascending ? ">" : "<") "
                       + "(SELECT b.id FROM sample b WHERE b.uuid = ?)", [boundary.uuid, boundary.uuid])
    }

    /// The boundary record's date passed.
    private static func dates(after boundary: PageBoundary) -> SQLPart {
        let column = boundary.byEnd ? "end" : "start"
        return SQLPart("s.\(column) \(boundary.ascending ? ">" : "<") (SELECT b.\(column) FROM sample b WHERE b.uuid = ?)", [boundary.uuid])
    }

    /// DateWindow's rules (see its doc comment); the overlap rule's `end >= start` bound lets SQLite range-scan
    /// the `(type, end)` index.
    private static func window(_ window: DateWindow) -> SQLPart {
        var parts: [SQLPart] = []
        let start = window.start?.timeIntervalSince1970
        let end = window.end?.timeIntervalSince1970
        if window.strictStart {
            if let start { parts.append(SQLPart("s.start >= ?", [start])) }
            if let end { parts.append(SQLPart("s.start < ?", [end])) }
        }
        if window.strictEnd {
            if let start { parts.append(SQLPart("s.end >= ?", [start])) }
            if let end { parts.append(SQLPart("s.end < ?", [end])) }
        }
        if !window.strictStart && !window.strictEnd {
            if let end { parts.append(SQLPart("s.start < ?", [end])) }
            if let start { parts.append(SQLPart("s.end >= ?", [start])) }
        }
        return parts.isEmpty ? .always : .joined(parts, "AND")
    }
}
