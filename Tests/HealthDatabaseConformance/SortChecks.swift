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
        ConformanceCheck("sort", "forEachRecord hands over what records returns, one by one, every part asked for, of every kind; a record kept stays as it was", forEachRecord),
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

    /// A failure of the body of ``forEachRecord(_:)``, which must come out of the read unchanged.
    struct BodyFailure: Error, Equatable { let position: Int }

    static func forEachRecord(_ storage: any HealthStorage) throws {
        // Types, sources, devices and fields change from record to record in runs of different lengths, so a reader
        // that carries anything over from the row before (SQLite rewrites one record) must change just what differs.
        let saved: [SampleRecord] = (1 ... 30).map { (n: Int) -> SampleRecord in
            let fields: [String: FieldValue] = n % 4 == 0 ? [:] : ["n": .number(Double(n))]
            if n % 7 == 0 { return F.category(n, TimeInterval(n), TimeInterval(n + 1), source: F.other, fields: fields) }
            var record = F.quantity(Double(n), TimeInterval(n), type: n % 5 < 2 ? F.heartRate : F.steps,
                                    source: n % 3 == 0 ? F.watch : F.app, device: n % 6 < 3 ? F.watchDevice : n % 2 == 0 ? F.scale : nil,
                                    fields: fields, sync: n % 9 == 0 ? ("sync \(n)", Int64(n)) : nil)
            if n % 8 == 1 { record.payload = Data("payload \(n)".utf8) }
            return record
        } + F.correlation(at: 31) + everyOtherKind(from: 40)
        _ = try storage.save(saved)
        for (filter, sort, limit) in [(SampleFilter.all, [SampleSort(.startDate, ascending: false)], Int?.none),
                                      (.all, [], 20), (.types([F.heartRate, F.steps]), [SampleSort(.startDate)], 100)] {
            let expected = try storage.records(matching: filter, sort: sort, limit: limit)
            // Every set of parts: those asked for come back as stored (the others may too, or at their defaults).
            for parts in (0 ... RecordParts.all.rawValue).map(RecordParts.init(rawValue:)) {
                var kept: [SampleRecord] = []
                try storage.forEachRecord(matching: filter, sort: sort, limit: limit, parts: parts) { kept.append($0) }
                #expect(kept.count == expected.count, "sorted by \(sort), limit \(limit.map(String.init) ?? "none"), parts \(parts.rawValue)")
                for (record, stored) in zip(kept, expected) {
                    #expect(record.keeping(parts) == stored.keeping(parts),
                            "\(stored.kind) \(stored.type) \(stored.quantity ?? 0) of \(stored.source.bundleIdentifier), parts \(parts.rawValue)")
                }
                if parts == .all { #expect(kept == expected, "the whole records, sorted by \(sort)") }
            }
        }
        var seen = 0
        #expect(throws: BodyFailure(position: 3)) {
            try storage.forEachRecord(matching: .all, sort: [], limit: nil, parts: .all) { _ in
                seen += 1
                if seen == 3 { throw BodyFailure(position: seen) }
            }
        }
        #expect(seen == 3, "the read ends at the body's error")
    }

    /// One record of each kind the other checks of ``forEachRecord(_:)`` do not save (a workout and its activity, a
    /// document, clinical and verifiable records, an element kept from an export), from `time` on, each holding the
    /// parts its kind has: payloads, sync columns, the activity's parent.
    static func everyOtherKind(from time: TimeInterval) -> [SampleRecord] {
        let workout = SampleRecord(uuid: UUID(), kind: .workout, type: "HKWorkoutTypeIdentifier", startDate: F.date(time),
                                   endDate: F.date(time + 60), quantity: 300, unit: "kcal", source: F.watch,
                                   device: F.watchDevice, fields: ["HKIndoorWorkout": .number(0)],
                                   syncIdentifier: "workout", syncVersion: 2, payload: Data("workout payload".utf8))
        let others: [(RecordKind, String)] = [(.part, "HKWorkoutActivity"), (.document, "HKDocumentTypeIdentifierCDA"),
                                              (.clinical, "HKClinicalTypeIdentifierLabResultRecord"),
                                              (.verifiableRecord, "HKVerifiableClinicalRecordTypeIdentifier"),
                                              (.other, "HKDataTypeIdentifierAudiogram")]
        return [workout] + others.enumerated().map { index, entry in
            SampleRecord(uuid: UUID(), kind: entry.0, type: entry.1, startDate: F.date(time + Double(index + 1)),
                         endDate: F.date(time + Double(index + 2)), source: index % 2 == 0 ? F.app : F.other,
                         syncIdentifier: index % 2 == 0 ? "\(entry.1) \(index)" : nil, syncVersion: index % 2 == 0 ? 1 : nil,
                         parent: entry.0 == .part ? workout.uuid : nil, payload: Data("\(entry.1) payload".utf8))
        }
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
