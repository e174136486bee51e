import Foundation

// What every SQL engine needs from a filter before compiling it, whatever its SQL dialect.

extension SampleFilter {
    /// Every type name the filter mentions, at any depth (an engine resolves them to its type ids first).
    package var typeNames: Set<String> {
        switch self {
        case .types(let types): types
        case .and(let filters), .or(let filters): filters.reduce(into: []) { $0.formUnion($1.typeNames) }
        case .not(let filter), .hasChild(let filter), .hasParent(let filter): filter.typeNames
        default: []
        }
    }
}

extension Comparison {
    /// The SQL operator.
    package var sqlOperator: String {
        switch self {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .equal: "="
        case .notEqual: "<>"
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
    }
}

extension TextMatch {
    /// The pattern for `LIKE … ESCAPE '\'`: the value with `\`, `%` and `_` escaped, and `%` where any text may stand.
    package var likePattern: String {
        let literal = value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return switch kind {
        case .contains: "%" + literal + "%"
        case .beginsWith: literal + "%"
        case .endsWith: "%" + literal
        }
    }
}

extension SampleFilter {
    /// The part of the filter a tombstone can be tested against: only type and source filters (types, sources,
    /// revisions) constrain a tombstone; any other part is unknown, and an unknown part lets the tombstone through
    /// (anchored sync must not miss a deletion). See ``HealthStorage/changes(after:through:matching:limit:)``.
    package var tombstoneFilter: SampleFilter { tombstonePart ?? .all }

    /// The tombstone part, nil where unknown.
    private var tombstonePart: SampleFilter? {
        switch self {
        case .all, .none, .types, .sources, .revisions: return self
        case .and(let filters):
            let known = filters.compactMap(\.tombstonePart)
            return known.isEmpty ? (filters.isEmpty ? .all : nil) : .and(known)
        case .or(let filters):
            var known: [SampleFilter] = []
            for filter in filters {
                guard let part = filter.tombstonePart else { return nil }
                known.append(part)
            }
            return .or(known)
        case .not(let filter): return filter.tombstonePart.map(SampleFilter.not)
        default: return nil
        }
    }
}
