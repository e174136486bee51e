import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// The runs of mixed slots are computed from samples read a few days at a time (``RunSampleReads``): their figures
/// must not depend on how the samples were read — in one read for many runs, a read per day, or in whichever order the
/// rows were saved.
@Suite struct RunSampleReadsTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    static let options: HKStatisticsOptions = [.cumulativeSum, .separateBySource]

    /// A store in a file of its own, as two apps see it.
    static func stores() async throws -> (phone: HKHealthStore, watch: HKHealthStore, storage: SQLiteHealthStorage) {
        let storage = try SQLiteHealthStorage(path: F.temporaryDatabasePath())
        return (try await Q.store(app: "org.example.phone", storage: storage),
                try await Q.store(app: "org.example.watch", storage: storage), storage)
    }

    /// Merged and per-source sums of each interval, by start.
    static func figures(_ collection: HKStatisticsCollection) -> [Date: [String: Double]] { FiguresNoteTests.figures(collection) }

    /// Whether every figure of `lhs` is within 1e-12 (relative) of the same figure of `rhs`.
    static func close(_ lhs: [Date: [String: Double]], _ rhs: [Date: [String: Double]]) -> Bool {
        lhs.keys == rhs.keys && lhs.allSatisfy { date, values in
            values.keys == rhs[date]!.keys && values.allSatisfy { abs($1 - rhs[date]![$0]!) <= 1e-12 * max(1, abs($1)) }
        }
    }

    @Test func runFiguresDoNotDependOnTheOrderTheSamplesWereSaved() async throws {
        // On each of five days, in one quarter hour, the phone has three samples over the same ten minutes, worth 0.1,
        // 0.2 and 0.3 (added in that order 0.6000000000000001, the other way round 0.6), and the watch one inside
        // them: the slot is mixed, so each day's figures are those of one run computed from the samples. One store
        // gets the phone's samples in one order, the other in the reverse order.
        var forward: [HKQuantitySample] = [], watchSamples: [HKQuantitySample] = []
        for day in 4...8 {
            let start = C.date(2024, 3, day, 10)
            forward += [0.1, 0.2, 0.3].map { C.steps($0, start, minutes: 10, device: C.device("iPhone")) }
            watchSamples.append(C.steps(1.7, start.addingTimeInterval(180), minutes: 4, device: C.device("Watch")))
        }
        var answers: [[Date: [String: Double]]] = []
        for phoneSamples in [forward, forward.reversed()] {
            let (phone, watch, _) = try await Self.stores()
            try await watch.save(watchSamples)
            for sample in phoneSamples { try await phone.save(sample) }
            answers.append(Self.figures(try await C.run(phone, C.query(options: Self.options))))
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].count == 5)
        #expect(answers[0].values.allSatisfy { abs($0["org.example.phone"]! - 0.6) < 1e-12 })
    }

    @Test func runsComputedADayAtATimeEqualRunsComputedInOneQuery() async throws {
        // Six days of samples of a non-whole number of steps (so the order of the additions shows): in each quarter
        // hour a phone and a watch sample (every third phone sample crosses into the next quarter: runs of one and of
        // two slots), except every sixth hour (clean gaps between the runs, so there are several reads), and each
        // evening a phone sample from 23:50 to 00:10 (a raw sample reaching into the next day's first run from before).
        var phoneSamples: [HKQuantitySample] = [], watchSamples: [HKQuantitySample] = []
        for quarter in 0..<(6 * 96) where (quarter / 4) % 6 != 5 {
            let start = C.date(2024, 3, 4).addingTimeInterval(Double(quarter) * 900)
            let crossing = quarter % 3 == 0
            phoneSamples.append(C.steps(Double(quarter % 7) + 0.1, start.addingTimeInterval(crossing ? 420 : 120),
                                        minutes: crossing ? 13 : 10, device: C.device("iPhone")))
            watchSamples.append(C.steps(Double(quarter % 5) + 0.3, start.addingTimeInterval(60), minutes: 5,
                                        device: C.device("Watch")))
        }
        for day in 4...9 {
            phoneSamples.append(C.steps(2.5, C.date(2024, 3, day, 23, 50), minutes: 20, device: C.device("iPhone")))
        }
        var answers: [[Date: [String: Double]]] = []
        for byDay in [false, true] {
            let (phone, watch, storage) = try await Self.stores()
            try await phone.save(phoneSamples)
            try await watch.save(watchSamples)
            if byDay {
                for day in 3...10 {
                    let window = HKQuery.predicateForSamples(withStart: C.date(2024, 3, day), end: C.date(2024, 3, day + 1))
                    _ = try await C.run(phone, C.query(options: Self.options, predicate: window))
                }
            }
            let before = SlotSumStatistics.runsComputed(in: storage, type: F.stepCount.identifier)
            answers.append(Self.figures(try await C.run(phone, C.query(options: Self.options))))
            let computed = SlotSumStatistics.runsComputed(in: storage, type: F.stepCount.identifier) - before
            // One query computed every run (two in three mixed quarters start one); a day at a time left none to the
            // query over everything.
            #expect(byDay ? computed == 0 : computed >= 6 * 40, "computed \(computed) runs")
            if !byDay {
                let fromSamples = Self.figures(try await C.run(phone, C.query(options: Self.options,
                    predicate: HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo,
                                                                   quantity: HKQuantity(unit: .count(), doubleValue: 0)))))
                #expect(Self.close(answers[0], fromSamples))
            }
        }
        #expect(answers[0] == answers[1])
    }
}
