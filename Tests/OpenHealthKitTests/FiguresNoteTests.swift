import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Computed runs kept in the store (``FiguresNote``): a second opening of the store answers from them, only after
/// applying the changes made since, also for caches of some sources, devices or samples (those compute only the runs
/// their left-out samples touch), and a damaged note changes nothing but speed.
@Suite struct FiguresNoteTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    static let options: HKStatisticsOptions = [.cumulativeSum, .separateBySource]
    /// Every sample matches it, and the summaries do not serve it: the answer from the samples.
    static var everything: NSPredicate {
        HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
    }

    /// Three days on which a phone app and a watch app both have a sample in every quarter hour (288 mixed slots).
    static func overlappingDays(_ phone: HKHealthStore, _ watch: HKHealthStore) async throws -> [HKQuantitySample] {
        var phoneSamples: [HKQuantitySample] = [], watchSamples: [HKQuantitySample] = []
        for quarter in 0..<(3 * 96) {
            let start = C.date(2024, 3, 4).addingTimeInterval(Double(quarter) * 900)
            phoneSamples.append(C.steps(Double(10 + quarter % 7), start, minutes: 10, device: C.device("iPhone")))
            watchSamples.append(C.steps(Double(5 + quarter % 5), start.addingTimeInterval(300), minutes: 8, device: C.device("Watch")))
        }
        try await phone.save(phoneSamples)
        try await watch.save(watchSamples)
        return phoneSamples
    }

    /// Merged and per-source sums of each day, by day start.
    static func figures(_ collection: HKStatisticsCollection) -> [Date: [String: Double]] {
        var figures: [Date: [String: Double]] = [:]
        for statistics in collection.statistics() {
            var values = ["": statistics.sumQuantity()?.doubleValue(for: .count()) ?? -1]
            for source in statistics.sources ?? [] {
                values[source.bundleIdentifier] = statistics.sumQuantity(for: source)?.doubleValue(for: .count()) ?? -1
            }
            figures[statistics.startDate] = values
        }
        return figures
    }

    /// A fresh opening of the file at `path`, as another process would have: its own storage and caches.
    static func open(_ path: String) async throws -> (HKHealthStore, SQLiteHealthStorage) {
        let storage = try SQLiteHealthStorage(path: path)
        return (try await Q.store(app: "org.example.phone", storage: storage), storage)
    }

    @Test func aSecondOpeningAnswersFromTheNoteAndAppliesTheChangesSince() async throws {
        let path = F.temporaryDatabasePath()
        let (phone, firstStorage) = try await Self.open(path)
        let watch = try await Q.store(app: "org.example.watch", storage: firstStorage)
        let phoneSamples = try await Self.overlappingDays(phone, watch)
        let first = Self.figures(try await C.run(phone, C.query(options: Self.options)))
        #expect(SlotSumStatistics.runsComputed(in: firstStorage, type: F.stepCount.identifier) >= 288)

        // Another opening: same answer, no run computed from samples.
        let (second, secondStorage) = try await Self.open(path)
        #expect(Self.figures(try await C.run(second, C.query(options: Self.options))) == first)
        #expect(SlotSumStatistics.runsComputed(in: secondStorage, type: F.stepCount.identifier) == 0)

        // Changes through that opening (a save into a mixed slot, a deletion), then a third opening: it must apply
        // them to the note's runs — equal to the samples' own answer, recomputing only the touched runs.
        try await second.save(C.steps(40, C.date(2024, 3, 5, 10, 2), minutes: 3, device: C.device("iPhone")))
        try await second.delete(phoneSamples[200])
        let (third, thirdStorage) = try await Self.open(path)
        let fromNote = Self.figures(try await C.run(third, C.query(options: Self.options)))
        let fromSamples = Self.figures(try await C.run(third, C.query(options: Self.options, predicate: Self.everything)))
        #expect(fromNote == fromSamples)
        #expect(fromNote != first)
        let recomputed = SlotSumStatistics.runsComputed(in: thirdStorage, type: F.stepCount.identifier)
        #expect(recomputed >= 1 && recomputed <= 4, "recomputed \(recomputed) runs")
    }

    @Test func cachesOfSomeSourcesDevicesOrSamplesTakeTheNotesRunsTheirLeftOutSamplesDoNotTouch() async throws {
        let path = F.temporaryDatabasePath()
        let (phone, storage) = try await Self.open(path)
        let watch = try await Q.store(app: "org.example.watch", storage: storage)
        _ = try await Self.overlappingDays(phone, watch)
        // A third app's samples without a device in one hour (four mixed slots), and a user-entered one in another.
        let other = try await Q.store(app: "org.example.other", storage: storage)
        try await other.save((0..<4).map { C.steps(3, C.date(2024, 3, 5, 10, 15 * $0 + 1), minutes: 4) })
        try await phone.save(C.steps(9, C.date(2024, 3, 6, 15, 2), minutes: 3, device: C.device("iPhone"),
                                     metadata: [HKMetadataKeyWasUserEntered: true]))
        _ = try await C.run(phone, C.query(options: Self.options))
        #expect(try storage.figuresNote(type: F.stepCount.identifier) != nil)

        // Another opening (a new process): each shape's first query computes only the runs its left-out samples touch.
        let (reopened, reopenedStorage) = try await Self.open(path)
        func source(_ app: String) -> HKSource { HKSource(name: app, bundleIdentifier: app) }
        let phoneAndWatch: Set = [source("org.example.phone"), source("org.example.watch")]
        let shapes: [(predicate: NSPredicate, recomputed: Int)] = [
            (HKQuery.predicateForObjects(from: phoneAndWatch.union([source("org.example.other")])), 0),
            (NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: source("org.example.absent"))), 0),
            (HKQuery.predicateForObjects(from: phoneAndWatch), 4),
            (NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: source("org.example.other"))), 4),
            (HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["iPhone", "Watch"]), 4),
            (HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered, operatorType: .notEqualTo, value: true), 1),
        ]
        for (predicate, recomputed) in shapes {
            let before = SlotSumStatistics.runsComputed(in: reopenedStorage, type: F.stepCount.identifier)
            let answer = Self.figures(try await C.run(reopened, C.query(options: Self.options, predicate: predicate)))
            let computed = SlotSumStatistics.runsComputed(in: reopenedStorage, type: F.stepCount.identifier) - before
            let fromSamples = Self.figures(try await C.run(reopened, C.query(
                options: Self.options, predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [predicate, Self.everything]))))
            #expect(answer == fromSamples, "\(predicate)")
            #expect(answer.count == 3, "\(predicate)")
            #expect(computed == recomputed, "\(predicate): \(computed) runs from the samples")
        }
    }

    @Test func aChangedMergeOrderIsCheckedAgainstTheNote() async throws {
        let path = F.temporaryDatabasePath()
        let (phone, storage) = try await Self.open(path)
        let watch = try await Q.store(app: "org.example.watch", storage: storage)
        _ = try await Self.overlappingDays(phone, watch)
        _ = try await C.run(phone, C.query(options: Self.options))
        // The person puts the phone first (by default the watch ranks first): every run's order flips.
        try C.owner(storage).setSourcePriority(bundleIdentifiers: ["org.example.phone", "org.example.watch"])
        let (reopened, _) = try await Self.open(path)
        let fromNote = Self.figures(try await C.run(reopened, C.query(options: Self.options)))
        let fromSamples = Self.figures(try await C.run(reopened, C.query(options: Self.options, predicate: Self.everything)))
        #expect(fromNote == fromSamples)
    }

    @Test func aDamagedNoteIsIgnored() async throws {
        let path = F.temporaryDatabasePath()
        let (phone, storage) = try await Self.open(path)
        let watch = try await Q.store(app: "org.example.watch", storage: storage)
        _ = try await Self.overlappingDays(phone, watch)
        let expected = Self.figures(try await C.run(phone, C.query(options: Self.options)))
        let note = try #require(try storage.figuresNote(type: F.stepCount.identifier))
        var damaged = note
        damaged.data = note.data.prefix(note.data.count / 2)
        try storage.setFiguresNote(damaged, type: F.stepCount.identifier)
        let (reopened, reopenedStorage) = try await Self.open(path)
        #expect(Self.figures(try await C.run(reopened, C.query(options: Self.options))) == expected)
        #expect(SlotSumStatistics.runsComputed(in: reopenedStorage, type: F.stepCount.identifier) >= 288)
    }
}
