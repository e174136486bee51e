import Foundation
import HealthDatabase
import Testing

/// Keyset paging: ``PageBoundary``'s filters and ``KeysetPager``.
enum PagingChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("paging", "pages continued after their last record are one sorted read, however many records share a date", pagesAreOneRead),
        ConformanceCheck("paging", "a boundary of an unknown record matches nothing", unknownBoundary),
    ]

    /// 121 records of two types (and 60 of a third, not read) on four start dates, most on one; ends 0-2 s later.
    static func saveTies(_ storage: any HealthStorage) throws {
        let seconds: [TimeInterval] = [100, 100, 100, 40, 100, 7, 100, 40]
        let records = (0 ..< 181).map { index in
            let start = seconds[(index * 5) % seconds.count]
            return F.quantity(Double(index), start, start + Double(index % 3), type: [F.steps, F.heartRate, "HKQuantityTypeIdentifierBodyMass"][index % 3])
        }
        for batch in stride(from: 0, to: records.count, by: 50) { _ = try storage.save(Array(records[batch ..< min(batch + 50, records.count)])) }
    }

    static func pagesAreOneRead(_ storage: any HealthStorage) throws {
        try saveTies(storage)
        let filter = SampleFilter.types([F.steps, F.heartRate])
        for (byEnd, ascending) in [(false, false), (false, true), (true, false), (true, true)] {
            let whole = try storage.records(matching: filter, sort: [SampleSort(byEnd ? .endDate : .startDate, ascending: ascending)],
                                            limit: nil).map(\.uuid)
            #expect(whole.count == 121)
            for size in [1, 7, 50, 121, 500] {
                var pager = KeysetPager(filter: filter, byEnd: byEnd, ascending: ascending)
                var paged: [UUID] = []
                var pages = 0
                while let page = try pager.next(storage, size: size) {
                    #expect(page.count <= size)
                    paged += page.map(\.uuid)
                    pages += 1
                }
                #expect(paged == whole, "by \(byEnd ? "end" : "start"), ascending \(ascending), pages of \(size)")
                #expect(pages == (whole.count + size - 1) / size)
            }
        }
    }

    static func unknownBoundary(_ storage: any HealthStorage) throws {
        try saveTies(storage)
        let boundary = PageBoundary(after: UUID(), ascending: false)
        #expect(try storage.count(matching: .tiesAfter(boundary)) == 0)
        #expect(try storage.count(matching: .datesAfter(boundary)) == 0)
    }
}
