import Foundation

// Which types a filter confines its matches to, and the filter as it applies to one of them: what an engine needs to
// read a few types one ordered arm per type (the SQLite engine's TypeArms, the PostgreSQL engine's SampleQuery).

extension SampleFilter {
    /// The type names the filter's matches are confined to (a type set, an AND with one, an OR of such filters), or
    /// nil when it does not confine them.
    package var confiningTypes: Set<String>? {
        switch self {
        case .types(let types): return types
        case .none: return []
        case .and(let filters):
            let confined = filters.compactMap(\.confiningTypes)
            return confined.first.map { first in confined.dropFirst().reduce(first) { $0.intersection($1) } }
        case .or(let filters):
            var union: Set<String> = []
            for filter in filters {
                guard let types = filter.confiningTypes else { return nil }
                union.formUnion(types)
            }
            return union
        default: return nil
        }
    }

    /// The filter for records of the type `name`: its type sets become `.all` or `.none` and the ANDs, ORs and NOTs
    /// around them fold, so `or(and(types A, window), and(types B, window))` is just the window for A. Filters on
    /// related records (`hasChild`, `hasParent`) are kept whole: their types are the children's or the parent's.
    package func restricted(toType name: String) -> SampleFilter {
        switch self {
        case .types(let types):
            return types.contains(name) ? .all : .none
        case .and(let filters):
            let parts = filters.map { $0.restricted(toType: name) }.filter { $0 != .all }
            if parts.contains(.none) { return .none }
            return parts.count == 1 ? parts[0] : parts.isEmpty ? .all : .and(parts)
        case .or(let filters):
            let parts = filters.map { $0.restricted(toType: name) }.filter { $0 != .none }
            if parts.contains(.all) { return .all }
            return parts.count == 1 ? parts[0] : parts.isEmpty ? .none : .or(parts)
        case .not(let inner):
            switch inner.restricted(toType: name) {
            case .all: return .none
            case .none: return .all
            case let folded: return .not(folded)
            }
        default:
            return self
        }
    }
}
