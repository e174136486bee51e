import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Incremental updates of collection queries (``CollectionSnapshot``): an update recomputes only the intervals a
/// change touched, reuses every other interval's statistics, and equals a fresh computation after every kind of change.
@Suite struct CollectionUpdateTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    /// Each computed interval's merged sum (under "") and per-source sums, by interval start.
    static func figures(_ snapshot: CollectionSnapshot) -> [Date: [String: Double]] {
        var figures: [Date: [String: Double]] = [:]
        for case let statistics? in snapshot.computed {
            var values = ["": statistics.sumQuantity()?.doubleValue(for: .count()) ?? -1]
            for source in statistics.sources ?? [] {
                values[source.bundleIdentifier] = statistics.sumQuantity(for: source)?.doubleValue(for: .count()) ?? -1
            }
            figures[statistics.startDate] = values
        }
        return figures
    }

    /// How many intervals of `updated` kept the very statistics object of `previous` (not recomputed).
    static func reused(_ updated: CollectionSnapshot, from previous: CollectionSnapshot) -> Int {
        var old: [Date: HKStatistics] = [:]
        for case let statistics? in previous.computed { old[statistics.startDate] = statistics }
        return updated.computed.filter { statistics in statistics.map { old[$0.startDate] === $0 } ?? false }.count
    }

    @Test func everyUpdateEqualsAFreshComputationAndReusesUntouchedIntervals() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Q.store(storage: storage)
        let other = try await Q.store(app: "org.example.other", storage: storage)
        let context = try QueryContext(store: store)
        let query = C.query(options: [.cumulativeSum, .separateBySource])
        let doomed = C.steps(5, C.date(2024, 3, 8, 12), minutes: 10)
        let last = C.steps(8, C.date(2024, 3, 12, 12), minutes: 10)
        let pastEnd = C.steps(4, C.date(2024, 3, 15, 10), minutes: 5)
        try await store.save((1...12).map { C.steps(Double(10 * $0), C.date(2024, 3, $0, 8), minutes: 30) } + [doomed, last])
        var snapshot = try query.snapshot(query.reader(context))
        #expect(snapshot.stamp != nil, "the collection must come from the summaries")
        #expect(snapshot.intervals.count == 12)

        // (what changes, the change, how many intervals an update may recompute at most: nil = any number)
        let steps: [(String, () async throws -> Void, Int?)] = [
            ("save inside a day", { try await store.save(C.steps(10, C.date(2024, 3, 3, 9), minutes: 5)) }, 1),
            ("save across midnight", { try await store.save(C.steps(60, C.date(2024, 3, 6, 23, 30), minutes: 60)) }, 2),
            ("save on two distant days", {
                try await store.save([C.steps(7, C.date(2024, 3, 2, 10), minutes: 5), C.steps(3, C.date(2024, 3, 11, 10), minutes: 5)])
            }, 2),
            ("save past the end", { try await store.save(pastEnd) }, 3),
            ("save before the start", { try await store.save(C.steps(2, C.date(2024, 2, 27, 10), minutes: 5)) }, 3),
            ("user-entered, outranking the app", {
                try await store.save(C.steps(20, C.date(2024, 3, 3, 8, 5), minutes: 10, metadata: [HKMetadataKeyWasUserEntered: true]))
            }, 1),
            ("watch overlapping the phone", {
                try await store.save(C.steps(90, C.date(2024, 3, 4, 8), minutes: 10, device: C.device("Watch", hardware: "Watch7,1")))
            }, 1),
            ("delete in the middle", { try await store.delete(doomed) }, 1),
            ("delete one of two samples of a day", { try await store.delete(last) }, 1),
            ("delete past the end (the range shrinks)", { try await store.delete(pastEnd) }, 0),
            ("a second source overlapping the first (the merge order gains it)", {
                try await other.save(C.steps(33, C.date(2024, 3, 5, 8, 10), minutes: 10))
            }, 1),
            ("a custom order reversing the default (other apps rank by bundle identifier)", {
                try C.owner(storage).setSourcePriority(bundleIdentifiers: [F.appID, "org.example.other"])
            }, 1),
            ("the default order again", { try C.owner(storage).resetSourcePriority() }, 1),
        ]
        for (label, change, most) in steps {
            try await change()
            let updated = try query.updated(snapshot, query.reader(context))
            let fresh = try query.snapshot(query.reader(context))
            #expect(updated.stamp != nil, "\(label): from the summaries")
            #expect(updated.intervals == fresh.intervals, "\(label): intervals")
            #expect(updated.firstIndex == fresh.firstIndex, "\(label): first interval")
            #expect(Self.figures(updated) == Self.figures(fresh), "\(label): figures")
            if let most {
                let recomputed = updated.computed.compactMap { $0 }.count - Self.reused(updated, from: snapshot)
                #expect(recomputed <= most, "\(label): recomputed \(recomputed) intervals")
                #expect(Self.reused(updated, from: snapshot) > 0, "\(label): reused nothing")
            }
            snapshot = updated
        }
    }

    @Test func theMergeOrderFollowsEachSourcesNewestSampleAcrossSavesAndDeletions() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let first = try await Q.store(app: "org.example.a", storage: storage)
        let second = try await Q.store(app: "org.example.b", storage: storage)
        let context = try QueryContext(store: first)
        let options: HKStatisticsOptions = [.cumulativeSum, .separateBySource]
        let query = C.query(options: options)
        // Every sample matches it, and the summaries do not serve it: the answer from the samples.
        let everything = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
        let day = C.date(2024, 3, 5, 12)
        // Both phones: a ranks first by bundle identifier, and its 50 steps cover b's 40 (merged 50).
        try await first.save(C.steps(50, C.date(2024, 3, 5, 8), minutes: 30, device: C.device("iPhone")))
        try await second.save(C.steps(40, C.date(2024, 3, 5, 8, 10), minutes: 10, device: C.device("iPhone")))
        var snapshot = try query.snapshot(query.reader(context))
        #expect(C.sum(snapshot.collection(of: F.stepCount, options: options), day) == 50)
        // b's newest sample now comes from a watch: b outranks a (40 + two thirds of 50); deleting it undoes that.
        let fromWatch = C.steps(5, C.date(2024, 3, 9, 8), minutes: 5, device: C.device("Watch"))
        let steps: [(String, () async throws -> Void, Double)] = [
            ("b's newest sample from a watch", { try await second.save(fromWatch) }, 40 + 50 * 2 / 3),
            ("that sample deleted", { try await second.delete(fromWatch) }, 50),
        ]
        for (label, change, expected) in steps {
            try await change()
            snapshot = try query.updated(snapshot, query.reader(context))
            let fromSamples = try await C.run(first, C.query(options: options, predicate: everything))
            #expect(C.close(C.sum(snapshot.collection(of: F.stepCount, options: options), day), expected), "\(label)")
            #expect(C.close(C.sum(fromSamples, day), expected), "\(label): from the samples")
        }
    }

    /// A predicate the summaries do not serve recomputes from the samples; a date window is served from the summaries
    /// and updated incrementally, with its edges computed from the samples. Either way the update equals a fresh
    /// computation.
    @Test(arguments: [false, true])
    func aFilteredCollectionUpdatesToAFreshComputation(window: Bool) async throws {
        let store = try await Q.store()
        let context = try QueryContext(store: store)
        let predicate = window
            ? HKQuery.predicateForSamples(withStart: C.date(2024, 3, 1), end: C.date(2024, 4, 1), options: .strictStartDate)
            : HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: .count(), doubleValue: 1))
        let query = C.query(options: .cumulativeSum, predicate: predicate)
        try await store.save((1...5).map { C.steps(10, C.date(2024, 3, $0, 8), minutes: 30) })
        // Crosses the window's start: left out by strictStartDate, and by the quantity predicate (one step).
        try await store.save(C.steps(1, C.date(2024, 2, 29, 23, 30), minutes: 60))
        let snapshot = try query.snapshot(query.reader(context))
        #expect((snapshot.stamp != nil) == window)
        try await store.save(C.steps(5, C.date(2024, 3, 2, 9), minutes: 5))
        let updated = try query.updated(snapshot, query.reader(context))
        #expect(Self.figures(updated) == Self.figures(try query.snapshot(query.reader(context))))
        #expect(C.sum(updated.collection(of: F.stepCount, options: .cumulativeSum), C.date(2024, 3, 2, 12)) == 15)
        #expect(C.sum(updated.collection(of: F.stepCount, options: .cumulativeSum), C.date(2024, 3, 1, 12)) == 10)
    }
}
