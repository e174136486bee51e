import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// A read that repeats reuses its select (``SelectMemo``), and still answers as a fresh one would: a type stored
/// since, another limit, sort or window each read what they name.
struct SelectMemoTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")

    /// A quantity record of `type` at second `at`, holding `at`.
    static func record(_ type: String, at second: Double) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: type, startDate: Date(timeIntervalSince1970: second),
                     endDate: Date(timeIntervalSince1970: second), quantity: second, source: source)
    }

    /// The quantities of the records `filter` reads through both record reads, newest first, at most `limit`.
    static func quantities(_ storage: SQLiteHealthStorage, _ filter: SampleFilter, limit: Int?) throws -> [Double] {
        let sort = [SampleSort(.startDate, ascending: false)]
        var streamed: [Double] = []
        try storage.forEachRecord(matching: filter, sort: sort, limit: limit, parts: []) { streamed.append($0.quantity ?? -1) }
        let listed = try storage.records(matching: filter, sort: sort, limit: limit).map { $0.quantity ?? -1 }
        #expect(streamed == listed)
        return listed
    }

    @Test func aTypeStoredAfterTheFirstReadIsReadTheNextTime() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        _ = try storage.save([Self.record(Self.heartRate, at: 1)])
        let filter = SampleFilter.types([Self.steps])
        // The steps type has no id yet: the select matches nothing.
        #expect(try Self.quantities(storage, filter, limit: 10) == [])
        _ = try storage.save([Self.record(Self.steps, at: 2), Self.record(Self.steps, at: 3)])
        #expect(try Self.quantities(storage, filter, limit: 10) == [3, 2])
    }

    @Test func repeatedReadsSeeNewSamplesAndTheirOwnLimitSortAndWindow() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        _ = try storage.save((1 ... 5).map { Self.record(Self.heartRate, at: Double($0)) })
        let window = SampleFilter.and([.types([Self.heartRate]),
                                       .window(DateWindow(start: Date(timeIntervalSince1970: 2), end: Date(timeIntervalSince1970: 4.5)))])
        #expect(try Self.quantities(storage, window, limit: 10) == [4, 3, 2])
        #expect(try Self.quantities(storage, window, limit: 2) == [4, 3])
        let later = SampleFilter.and([.types([Self.heartRate]),
                                      .window(DateWindow(start: Date(timeIntervalSince1970: 3), end: Date(timeIntervalSince1970: 6)))])
        #expect(try Self.quantities(storage, later, limit: 10) == [5, 4, 3])
        var ascending: [Double] = []
        try storage.forEachRecord(matching: window, sort: [SampleSort(.startDate, ascending: true)], limit: 10, parts: []) {
            ascending.append($0.quantity ?? -1)
        }
        #expect(ascending == [2, 3, 4])
        _ = try storage.save([Self.record(Self.heartRate, at: 4.25)])
        #expect(try Self.quantities(storage, window, limit: 10) == [4.25, 4, 3, 2])
    }

    @Test func aRepeatedSelectIsTheOneBuiltFirst() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        _ = try storage.save([Self.record(Self.heartRate, at: 1)])
        let memo = SelectMemo()
        let filter = SampleFilter.types([Self.heartRate])
        let compiler = try storage.writer.read { db in try FilterSQL(for: filter, storage.identities, db) }
        let first = memo.select(filter, compiler, sort: [], limit: 5, parts: .all)
        let again = memo.select(filter, compiler, sort: [], limit: 5, parts: .all)
        let fresh = SampleQuery.select(filter, compiler, sort: [], limit: 5, parts: .all)
        #expect(again.sql == fresh.sql && again.arguments == fresh.arguments)
        // The same string instance: nothing was built the second time.
        #expect(first.sql.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
                == again.sql.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
        let other = memo.select(filter, compiler, sort: [], limit: 6, parts: .all)
        #expect(other.arguments == SampleQuery.select(filter, compiler, sort: [], limit: 6, parts: .all).arguments)
    }
}
