import Foundation
import HealthDatabase
import Testing

/// Sorting and limits.
enum SortChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("sort", "by start date, ties by change position in the sort's direction", byStart),
        ConformanceCheck("sort", "by end date, then start", byEnd),
        ConformanceCheck("sort", "by a numeric field; records without it first when ascending", byField),
        ConformanceCheck("sort", "limit applies after filter and sort", limit),
        ConformanceCheck("sort", "every record comes back with its own fields, in any order and in the change log", fieldsFollowRecords),
    ]

    static func fieldsFollowRecords(_ storage: any HealthStorage) throws {
        // Saved out of time order, so each order below meets the records with fields in a different id order.
        let saved: [SampleRecord] = (1 ... 40).map { (n: Int) -> SampleRecord in
            let fields: [String: FieldValue] = n % 3 == 0 ? [:] : ["n": .number(Double(n)), "t": .text("record \(n)")]
            return F.quantity(Double(n), TimeInterval((n * 7) % 40), fields: fields)
        }
        _ = try storage.save(saved)
        var fields: [UUID: [String: FieldValue]] = [:]
        for record in saved { fields[record.uuid] = record.fields }
        for sort in [[SampleSort(.startDate, ascending: false)], [SampleSort(.startDate)], []] {
            let read = try storage.records(matching: .all, sort: sort, limit: nil)
            #expect(read.count == saved.count)
            for record in read { #expect(record.fields == fields[record.uuid], "record \(record.quantity ?? 0) sorted by \(sort)") }
        }
        let changes = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(changes.count == saved.count)
        for case .saved(let record) in changes { #expect(record.fields == fields[record.uuid], "record \(record.quantity ?? 0) in the change log") }
    }

    static func byStart(_ storage: any HealthStorage) throws {
        let late = F.quantity(1, 30), early = F.quantity(2, 10), tieA = F.quantity(3, 20), tieB = F.quantity(4, 20)
        _ = try storage.save([late, early, tieA, tieB])
        let ascending = try storage.records(matching: .all, sort: [SampleSort(.startDate)], limit: nil)
        #expect(ascending.map(\.uuid) == [early, tieA, tieB, late].map(\.uuid))
        let descending = try storage.records(matching: .all, sort: [SampleSort(.startDate, ascending: false)], limit: nil)
        #expect(descending.map(\.uuid) == [late, tieB, tieA, early].map(\.uuid))
    }

    static func byEnd(_ storage: any HealthStorage) throws {
        let a = F.quantity(1, 0, 50), b = F.quantity(2, 10, 20), c = F.quantity(3, 5, 50)
        _ = try storage.save([a, b, c])
        let sorted = try storage.records(matching: .all, sort: [SampleSort(.endDate), SampleSort(.startDate, ascending: false)], limit: nil)
        #expect(sorted.map(\.uuid) == [b, c, a].map(\.uuid))
    }

    static func byField(_ storage: any HealthStorage) throws {
        let long = F.quantity(1, 0, fields: ["@workout.duration": .number(3600)])
        let short = F.quantity(2, 0, fields: ["@workout.duration": .number(60)])
        let none = F.quantity(3, 0)
        let mid = F.quantity(4, 0, fields: ["@workout.duration": .quantity(base: 600, text: "10 min")])
        _ = try storage.save([long, short, none, mid])
        let ascending = try storage.records(matching: .all, sort: [SampleSort(.field("@workout.duration"))], limit: nil)
        #expect(ascending.map(\.uuid) == [none, short, mid, long].map(\.uuid))
        let descending = try storage.records(matching: .all, sort: [SampleSort(.field("@workout.duration"), ascending: false)], limit: nil)
        #expect(descending.map(\.uuid) == [long, mid, short, none].map(\.uuid))
    }

    static func limit(_ storage: any HealthStorage) throws {
        let records = (0..<20).map { F.quantity(Double($0), Double($0 * 10)) }
        let heart = (0..<5).map { F.quantity(60, Double($0 * 10) + 5, type: F.heartRate) }
        _ = try storage.save(records + heart)
        let latest = try storage.records(matching: .types([F.steps]), sort: [SampleSort(.startDate, ascending: false)], limit: 3)
        #expect(latest.map(\.uuid) == records.suffix(3).reversed().map(\.uuid))
        let windowed = try storage.records(
            matching: .and([.types([F.steps]), .window(DateWindow(start: F.date(50), end: F.date(100)))]),
            sort: [SampleSort(.startDate)], limit: 2)
        #expect(windowed.map(\.uuid) == [records[5].uuid, records[6].uuid])
        #expect(try storage.records(matching: .all, sort: [], limit: 0).isEmpty)
        #expect(try storage.records(matching: .all, sort: [], limit: 100).count == 25)
        #expect(try storage.records(matching: .all, sort: [], limit: 4).map(\.uuid) == records.prefix(4).map(\.uuid),
                "without a sort, save order")
    }
}
