import Foundation

/// Reads the records matching a filter page by page in date order (start or end date, then change position, as the
/// store sorts), each page continuing after the last record of the one before (``PageBoundary``): first the rest of
/// that record's date, then the dates beyond it. Memory holds one page, and each page is an index seek however many
/// records share a date (an import stores thousands of clinical records with one date; paging them by excluding the
/// UUIDs already read grew with every page, and bound one SQL variable per UUID).
///
/// The pages are separate reads: a record saved meanwhile shows up if it sorts after the boundary; should the last
/// record of a page be deleted before the next page is read, nothing sorts after it and the read ends there.
public struct KeysetPager: Sendable {
    /// The records to read.
    public let filter: SampleFilter
    /// Sorted by end date (otherwise by start date).
    public let byEnd: Bool
    /// Oldest first (otherwise newest first).
    public let ascending: Bool
    /// Whether the records carry their payloads (a FHIR resource, a route's points); a reader of their fields alone
    /// spares memory without them.
    public let includePayload: Bool
    private var last: UUID?
    private var done = false

    /// A pager over the records matching `filter`, by end date when `byEnd` (else start date), oldest first when
    /// `ascending`, with their payloads unless `includePayload` is false.
    public init(filter: SampleFilter, byEnd: Bool, ascending: Bool, includePayload: Bool = true) {
        self.filter = filter
        self.byEnd = byEnd
        self.ascending = ascending
        self.includePayload = includePayload
    }

    /// The next page of at most `size` records, or nil when every record was read.
    public mutating func next(_ storage: any HealthStorage, size: Int) throws -> [SampleRecord]? {
        guard !done, size > 0 else { return nil }
        let sort = [SampleSort(byEnd ? .endDate : .startDate, ascending: ascending)]
        var page: [SampleRecord]
        if let last {
            let boundary = PageBoundary(after: last, byEnd: byEnd, ascending: ascending)
            page = try storage.records(matching: .and([filter, .tiesAfter(boundary)]), sort: sort, limit: size, includePayload: includePayload)
            if page.count < size {
                page += try storage.records(matching: .and([filter, .datesAfter(boundary)]), sort: sort, limit: size - page.count,
                                            includePayload: includePayload)
            }
        } else {
            page = try storage.records(matching: filter, sort: sort, limit: size, includePayload: includePayload)
        }
        if page.count < size { done = true }
        guard let final = page.last else { return nil }
        last = final.uuid
        return page
    }
}
