public import Foundation

/// How a filter compares a stored value with the filter's value.
public enum Comparison: String, Sendable, Hashable, Codable, CaseIterable {
    /// Stored value < filter value.
    case lessThan
    /// Stored value ≤ filter value.
    case lessThanOrEqual
    /// Stored value = filter value.
    case equal
    /// Stored value ≠ filter value (records without the value do not match).
    case notEqual
    /// Stored value > filter value.
    case greaterThan
    /// Stored value ≥ filter value.
    case greaterThanOrEqual
}

/// A time window a record's interval is tested against. Bounds are optional; an absent bound does not limit.
public struct DateWindow: Sendable, Hashable {
    /// Inclusive lower bound.
    public var start: Date?
    /// Exclusive upper bound.
    public var end: Date?
    /// The record must start inside the window (otherwise, overlapping it is enough).
    public var strictStart: Bool
    /// The record must end inside the window (otherwise, overlapping it is enough).
    public var strictEnd: Bool

    /// Creates a window `[start, end)`. The rules are HealthKit's `HKQueryOptions`:
    /// - With neither flag a record matches when it overlaps the window: `record.end >= start` and
    ///   `record.start < end` (so a record that ends exactly at `start` matches, one that starts exactly at `end`
    ///   does not).
    /// - `strictStart`: `start <= record.start < end`.
    /// - `strictEnd`: `start <= record.end < end` (a record ending exactly at a day's midnight belongs to the next
    ///   day's window, as in HealthKit).
    /// - Both flags: both rules.
    public init(start: Date?, end: Date?, strictStart: Bool = false, strictEnd: Bool = false) {
        self.start = start
        self.end = end
        self.strictStart = strictStart
        self.strictEnd = strictEnd
    }
}

/// Where a sorted read stopped: the last record it returned (by UUID) and its order, by start or end date, then by
/// change position, ascending or descending (see ``SampleSort``). The next page is ``SampleFilter/tiesAfter(_:)``
/// followed by ``SampleFilter/datesAfter(_:)``, each read through the same sort, so paging costs an index seek
/// however many records share a date.
public struct PageBoundary: Sendable, Hashable {
    /// The last record read.
    public var uuid: UUID
    /// Sorted by end date (otherwise by start date).
    public var byEnd: Bool
    /// Ascending (otherwise descending).
    public var ascending: Bool

    /// Creates a boundary after the record `uuid` in the order sorted by `byEnd ? end : start`, then change position.
    public init(after uuid: UUID, byEnd: Bool = false, ascending: Bool) {
        self.uuid = uuid
        self.byEnd = byEnd
        self.ascending = ascending
    }

    /// The sort the boundary's order is.
    public var sort: SampleSort { SampleSort(byEnd ? .endDate : .startDate, ascending: ascending) }
}

/// A source revision pattern: a bundle identifier and, optionally, the exact version, product type
/// and OS version (a `nil` part matches any).
public struct RevisionPattern: Sendable, Hashable {
    /// The source's bundle identifier.
    public var bundleIdentifier: String
    /// The version to match, or `nil` for any.
    public var version: String?
    /// The product type to match, or `nil` for any.
    public var productType: String?
    /// The OS version to match (`major.minor.patch`), or `nil` for any.
    public var operatingSystemVersion: String?

    /// Creates a pattern.
    public init(bundleIdentifier: String, version: String? = nil, productType: String? = nil, operatingSystemVersion: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }
}

/// A text pattern for ``SampleFilter/text(_:_:)``: a literal value (no wildcards) and where it must occur.
public struct TextMatch: Sendable, Hashable {
    /// Where the value must occur in the stored text.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Anywhere (an empty value matches every text).
        case contains
        /// At the start.
        case beginsWith
        /// At the end.
        case endsWith
    }

    /// Where the value must occur.
    public var kind: Kind
    /// The literal text to find; every character, `%` and `_` included, stands for itself.
    public var value: String
    /// Compare ignoring case (Unicode simple case folding, as far as the engine supports it; at least ASCII).
    public var caseInsensitive: Bool

    /// Creates a pattern.
    public init(_ kind: Kind, _ value: String, caseInsensitive: Bool = false) {
        self.kind = kind
        self.value = value
        self.caseInsensitive = caseInsensitive
    }
}

/// Which records a read or delete touches. Every case can be evaluated by the engine itself (in SQL),
/// so no query loads records only to throw them away.
public indirect enum SampleFilter: Sendable, Hashable {
    /// Every record.
    case all
    /// No record.
    case none
    /// Records whose type identifier is in the set.
    case types(Set<String>)
    /// Records of these kinds.
    case kinds(Set<RecordKind>)
    /// Records whose interval meets the window's rule.
    case window(DateWindow)
    /// Records with these UUIDs.
    case uuids(Set<UUID>)
    /// Records whose sync identifier is in the set (records without one never match): an importer finding the stored
    /// versions of what it brings in, through the engine's sync-identifier index.
    case syncIdentifiers(Set<String>)
    /// Records written by these sources (bundle identifiers).
    case sources(Set<String>)
    /// Records whose source revision matches any of the patterns.
    case revisions(Set<RevisionPattern>)
    /// Records whose device equals one of these exactly (every property, absent ones included).
    case devices(Set<DeviceRecord>)
    /// Records whose device property `key` is one of `values`; an empty set matches an absent property.
    case deviceProperty(key: String, values: Set<String>)
    /// Records that have a field `key`.
    case fieldExists(String)
    /// Records whose field `key` compares to `value` (numbers, dates and quantities by number; text by text).
    case field(String, Comparison, FieldValue)
    /// Records whose field `key` equals one of `values`.
    case fieldIn(String, [FieldValue])
    /// Records whose text field `key` matches (contains, begins with or ends with) the pattern's value.
    /// Records without the field, or whose field is not text, do not match.
    case text(String, TextMatch)
    /// Quantity records whose canonical value compares to the given one.
    case quantity(Comparison, Double)
    /// Category records whose value compares to the given one.
    case categoryValue(Comparison, Int)
    /// Category records whose value is in the set.
    case categoryValues(Set<Int>)
    /// Records that belong to this correlation or workout.
    case parent(UUID)
    /// Records that do not belong to any record of this kind (e.g. not part of a correlation).
    case noParent(of: RecordKind)
    /// Records that have at least one child record (a record whose `parent` is this record) matching the
    /// filter: correlations with a matching member, workouts with a matching activity. Nest it to reach
    /// grandchildren; `not(hasChild(f))` matches records with no such child, childless records included.
    case hasChild(SampleFilter)
    /// Records whose parent (the record they belong to) matches the filter: the inverse of ``hasChild(_:)``, e.g.
    /// samples related to the workouts a predicate selects. Nest it to reach grandparents; `not(hasParent(f))` matches
    /// records with no such parent, top-level records included.
    case hasParent(SampleFilter)
    /// Records with exactly the sort date of the boundary's record that come after it in the boundary's order (saved
    /// after it when ascending, before it when descending). None when no record has the boundary's UUID.
    case tiesAfter(PageBoundary)
    /// Records whose sort date lies beyond the boundary's record's (later when ascending, earlier when descending).
    /// None when no record has the boundary's UUID.
    case datesAfter(PageBoundary)
    /// Records that match every filter.
    case and([SampleFilter])
    /// Records that match any filter.
    case or([SampleFilter])
    /// Records that do not match the filter.
    case not(SampleFilter)
}

/// What a read sorts by.
public enum SortKey: Sendable, Hashable {
    /// The start date.
    case startDate
    /// The end date.
    case endDate
    /// A numeric field (e.g. `@workout.duration`); records without it sort first when ascending.
    case field(String)
}

/// One sort criterion. Ties are broken by the change position (the order records were saved in), in the
/// direction of the last criterion: save order when ascending (or unsorted), newest save first when descending.
public struct SampleSort: Sendable, Hashable {
    /// What to sort by.
    public var key: SortKey
    /// Ascending (oldest, smallest first) or descending.
    public var ascending: Bool

    /// Creates a sort criterion.
    public init(_ key: SortKey, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }
}
