import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Samples read together whose metadata Swift calls equal each get back their own, byte for byte: a guard for any
/// sharing of mapped metadata among the samples of a read (a memo keyed by `==` on the fields fails it; one was tried
/// for the latest-100 benchmark and cost more than it saved).
@Suite struct QueryMetadataSharingTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    /// Text that Swift's `==` calls equal (canonically equivalent) but whose bytes differ: a precomposed and a
    /// decomposed "é", as a value and as a key, then samples whose fields are equal and differ in one value's kind.
    @Test func samplesWithEquivalentButDifferentTextKeepTheirOwnBytes() async throws {
        let store = try await Q.store(storage: try SQLiteHealthStorage(path: F.temporaryDatabasePath()))
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed && Array(precomposed.utf8) != Array(decomposed.utf8))
        let metadata: [[String: Any]] = [
            ["Place": precomposed], ["Place": decomposed], ["Place": precomposed],
            [precomposed: "key"], [decomposed: "key"],
            ["Count": 1], ["Count": true], ["Count": 1], ["Dose": HKQuantity(unit: HKUnit(from: "mg"), doubleValue: 5)],
        ]
        let saved = metadata.enumerated().map { Q.steps(Double($0.offset + 1), minutes: Double($0.offset), metadata: $0.element) }
        try await store.save(saved)
        let read = try await Q.samples(store, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
        try #require(read.map(\.uuid) == saved.map(\.uuid))
        for (sample, expected) in zip(read, metadata) {
            let got = try #require(sample.metadata)
            #expect(got.keys.map { Array($0.utf8) } == expected.keys.map { Array($0.utf8) })
            for (key, value) in expected {
                let back = got.first { Array($0.key.utf8) == Array(key.utf8) }?.value
                switch value {
                case let text as String: #expect((back as? String).map { Array($0.utf8) } == Array(text.utf8), "\(key)")
                case let flag as Bool: #expect((back as? NSNumber).map { String(cString: $0.objCType) } == "c" && back as? Bool == flag)
                case let number as Int: #expect((back as? NSNumber).map { String(cString: $0.objCType) } != "c" && back as? Int == number)
                default: #expect(back as? HKQuantity == value as? HKQuantity)
                }
            }
        }
    }
}
