import Foundation
import HealthDatabaseSQLite
@testable import OpenHealthKit
import Testing
import TestSupport

/// Collection sums (hourly, daily, weekly, monthly, yearly) under the predicate shapes apps use equal the sums computed from the
/// matching samples, exactly.
///
/// Random overlapping step samples from four apps (two watches, a phone and no device; some user-entered; instants; samples
/// crossing slot, hour, day and window edges) on the Berlin days around the October 2024 DST change, read by an app
/// with read permission, the owner, and an app that may not read (it sees its own samples only). Each shape is run
/// as is (date windows, sources, devices, user-entered left out: from the summaries) and ANDed with a predicate every sample matches but the
/// summaries do not serve (`quantity >= 0`), which computes it from the samples; the same for `HKStatisticsQuery`
/// (one interval over the data, not slot-aligned: the summaries serve its whole slots). Monthly and yearly
/// intervals hold every window edge, so they check the parts a cut interval is split into. Values are whole steps per whole minute, so every
/// prorated part of an hour is a whole number and the collections must agree exactly; a single query's window may cut a
/// sample at any second, so its figures must agree up to the order of additions.
@Suite struct StatisticsPredicateSlotSumTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    static let apps = ["com.a.phone", "com.z.watch", "com.m.app", "com.p.own"]
    static let base = C.date(2024, 10, 26)
    /// Every step sample matches it; the summaries do not serve it.
    static var alwaysTrue: NSPredicate { HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo,
                                                               quantity: HKQuantity(unit: .count(), doubleValue: 0)) }

    /// A random sample: whole-minute start and length, a whole number of steps per minute.
    static func randomSample(_ random: inout SeededGenerator) -> HKQuantitySample {
        let start = base.addingTimeInterval(Double(Int.random(in: 0..<(72 * 60), using: &random)) * 60)
        let minutes = [0, 1, 1, 3, 15, 20, 95, 700].randomElement(using: &random)!
        let rate = Double(Int.random(in: 0...20, using: &random))
        let metadata: [String: Any]? = Int.random(in: 0..<6, using: &random) == 0 ? [HKMetadataKeyWasUserEntered: true] : nil
        let device = [nil, C.device("Watch"), C.device("Watch", hardware: "Watch7,1"), C.device("iPhone")].randomElement(using: &random)!
        return C.steps(minutes == 0 ? rate : rate * Double(minutes), start, minutes: Double(minutes), device: device, metadata: metadata)
    }

    /// A random date near the data: a Berlin midnight, a quarter hour, a minute or any second; sometimes none.
    static func randomDate(_ random: inout SeededGenerator) -> Date? {
        let second = Int.random(in: -3600..<(76 * 3600), using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return nil
        case 1, 2: return C.date(2024, 10, 26 + Int.random(in: 0...3, using: &random))
        case 3, 4: return base.addingTimeInterval(Double(second / 900 * 900))
        case 5, 6: return base.addingTimeInterval(Double(second / 60 * 60))
        default: return base.addingTimeInterval(Double(second))
        }
    }

    static func randomWindow(_ random: inout SeededGenerator) -> NSPredicate {
        let options = [[], HKQueryOptions.strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate]]
            .randomElement(using: &random)!
        var start = randomDate(&random), end = randomDate(&random)
        if let first = start, let last = end, last < first { (start, end) = (last, first) }
        return HKQuery.predicateForSamples(withStart: start, end: end, options: options)
    }

    /// The shapes of one round: windows of each option, an AND of two, sources (one, several, with a window),
    /// user-entered samples left out, devices (one, several, by property, excluded), and their ANDs. The flag says
    /// whether the summaries serve it.
    static func shapes(_ random: inout SeededGenerator, sources: [HKSource]) -> [(NSPredicate, Bool)] {
        var shapes: [(NSPredicate, Bool)] = (0..<6).map { _ in (randomWindow(&random), true) }
        shapes.append((NSCompoundPredicate(andPredicateWithSubpredicates: [randomWindow(&random), randomWindow(&random)]), true))
        let window = randomWindow(&random)
        let notEntered = NSPredicate(format: "metadata.%K != YES", HKMetadataKeyWasUserEntered)
        shapes += [
            (HKQuery.predicateForObjects(from: sources[0]), true),
            (HKQuery.predicateForObjects(from: Set(sources.prefix(2))), true),
            (HKQuery.predicateForObjects(from: [sources[3]]), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [randomWindow(&random), HKQuery.predicateForObjects(from: Set(sources.suffix(2)))]), true),
            (HKQuery.predicateForObjects(from: [C.device("Watch")]), true),
            (HKQuery.predicateForObjects(from: [C.device("Watch", hardware: "Watch7,1"), C.device("iPhone")]), true),
            (HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["Watch"]), true),
            (HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyHardwareVersion, allowedValues: []), true),
            (NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: [C.device("iPhone")])), true),
            (notEntered, true),
            (HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered, operatorType: .notEqualTo, value: true), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [window, HKQuery.predicateForObjects(from: sources[1]), notEntered]), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [window, HKQuery.predicateForObjects(from: [C.device("iPhone")])]), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [randomWindow(&random), HKQuery.predicateForObjects(from: Set(sources.prefix(3))),
                                                                 HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["Watch"]),
                                                                 notEntered]), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [HKQuery.predicateForObjects(from: [C.device("Watch")]),
                                                                 HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyHardwareVersion,
                                                                                             allowedValues: [])]), true),
            // ORs of sources (their union) and NOTs of sources (as an app leaving out its own samples), alone and ANDed.
            (NSCompoundPredicate(orPredicateWithSubpredicates: [HKQuery.predicateForObjects(from: sources[0]),
                                                                HKQuery.predicateForObjects(from: sources[2])]), true),
            (NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: sources[1])), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [randomWindow(&random), notEntered, NSCompoundPredicate(
                notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: Set([sources[0], sources[3]])))]), true),
            (NSCompoundPredicate(notPredicateWithSubpredicate: NSCompoundPredicate(orPredicateWithSubpredicates: [
                HKQuery.predicateForObjects(from: sources[2]), HKQuery.predicateForObjects(from: sources[3])])), true),
            (NSCompoundPredicate(andPredicateWithSubpredicates: [HKQuery.predicateForObjects(from: Set(sources.prefix(3))),
                                                                 NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: sources[0])),
                                                                 HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["Watch"])]), true),
            // Not served: a device condition ORed with a source.
            (NSCompoundPredicate(orPredicateWithSubpredicates: [HKQuery.predicateForObjects(from: [C.device("Watch")]),
                                                                HKQuery.predicateForObjects(from: sources[0])]), false),
        ]
        return shapes
    }

    /// Daily, hourly, weekly (from Monday), monthly and yearly Berlin sums, merged and per source, keyed by interval
    /// length, start and source (a window edge inside a month or year cuts it into parts, ``SlotSumStatistics``).
    static func sums(_ store: HKHealthStore, _ predicate: NSPredicate?) async throws -> [String: Double] {
        var figures: [String: Double] = [:]
        for components in [DateComponents(day: 1), DateComponents(hour: 1), DateComponents(weekOfYear: 1), DateComponents(month: 1),
                           DateComponents(year: 1)] {
            let query = C.query(options: [.cumulativeSum, .separateBySource], components: components, predicate: predicate)
            for statistics in try await C.run(store, query).statistics() {
                let key = "\(components) \(statistics.startDate.timeIntervalSince1970)"
                figures[key] = statistics.sumQuantity()?.doubleValue(for: .count())
                for source in statistics.sources ?? [] {
                    figures[key + source.bundleIdentifier] = statistics.sumQuantity(for: source)?.doubleValue(for: .count())
                }
            }
        }
        return figures
    }

    /// One `HKStatisticsQuery`'s sum, per-source sums and dates, keyed by name; "no data" when it has none.
    static func single(_ store: HKHealthStore, _ predicate: NSPredicate?) async throws -> [String: Double] {
        let statistics: HKStatistics? = try await withCheckedThrowingContinuation { continuation in
            store.execute(HKStatisticsQuery(quantityType: F.stepCount, quantitySamplePredicate: predicate,
                                            options: [.cumulativeSum, .separateBySource]) { _, statistics, error in
                if let error = error as? HKError, error.code == .errorNoData { return continuation.resume(returning: nil) }
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: statistics)
            })
        }
        guard let statistics else { return ["no data": 1] }
        var figures = ["start": statistics.startDate.timeIntervalSince1970, "end": statistics.endDate.timeIntervalSince1970]
        figures["sum"] = statistics.sumQuantity()?.doubleValue(for: .count())
        for source in statistics.sources ?? [] {
            figures[source.bundleIdentifier] = statistics.sumQuantity(for: source)?.doubleValue(for: .count())
        }
        return figures
    }

    /// Whether two `single` answers have the same keys and figures equal up to the order of additions: a window edge
    /// at any second cuts a sample into fractional parts, which the parts of one interval add in another order.
    static func agree(_ answer: [String: Double], _ samples: [String: Double]) -> Bool {
        answer.keys.sorted() == samples.keys.sorted()
            && answer.allSatisfy { key, value in abs(value - samples[key]!) <= 1e-9 * max(1, abs(value)) }
    }

    /// The keys whose figures differ, with the answer's and the samples' figure.
    static func differences(_ answer: [String: Double], _ samples: [String: Double]) -> String {
        var lines: [String] = []
        for key in Set(answer.keys).union(samples.keys).sorted() where answer[key] != samples[key] {
            let mine = answer[key].map { "\($0)" } ?? "none", theirs = samples[key].map { "\($0)" } ?? "none"
            lines.append("\(key): \(mine) vs \(theirs)")
        }
        return lines.joined(separator: ", ")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func everyShapeFromSummariesEqualsTheSamples(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let storage = try SQLiteHealthStorage.inMemory()
        // Three writers that may read, and one that may not (it sees its own samples only).
        var writers: [HKHealthStore] = []
        for app in Self.apps.dropLast() { writers.append(try await Q.store(app: app, storage: storage, types: [F.stepCount])) }
        let partial = try F.store(app: Self.apps[3], storage: storage, prompt: ClosureAuthorizationPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare, allowedToRead: [])
        })
        try await partial.requestAuthorization(toShare: [F.stepCount], read: [F.stepCount])
        for writer in writers + [partial] {
            try await writer.save((0..<Int.random(in: 20...60, using: &random)).map { _ in Self.randomSample(&random) })
        }
        let reader = try await Q.store(app: "com.reader", storage: storage, types: [F.stepCount])
        if seed.isMultiple(of: 2) { try C.owner(storage).setSourcePriority(bundleIdentifiers: ["com.m.app", "com.z.watch"]) }
        let sources = Self.apps.map { HKSource(name: $0, bundleIdentifier: $0) }
        for (label, store) in [("reader", reader), ("owner", C.owner(storage)), ("partial", partial)] {
            for (predicate, served) in Self.shapes(&random, sources: sources) {
                let context = try QueryContext(store: store)
                let statistics = try StatisticsReader(context: context, type: F.stepCount, predicate: predicate,
                                                      options: [.cumulativeSum, .separateBySource])
                #expect((SlotSumStatistics.storage(for: statistics, intervals: []) != nil) == served,
                        "\(predicate)")
                let fromSamples = try await Self.sums(store, NSCompoundPredicate(andPredicateWithSubpredicates: [predicate, Self.alwaysTrue]))
                let answer = try await Self.sums(store, predicate)
                #expect(answer == fromSamples, "seed \(seed) \(label) \(predicate): \(Self.differences(answer, fromSamples))")
                let one = try await Self.single(store, predicate)
                let oneFromSamples = try await Self.single(store, NSCompoundPredicate(andPredicateWithSubpredicates: [predicate, Self.alwaysTrue]))
                #expect(Self.agree(one, oneFromSamples), "HKStatisticsQuery seed \(seed) \(label) \(predicate): \(Self.differences(one, oneFromSamples))")
            }
        }
    }

    /// A window edge inside a month or a year recomputes from the samples the days it falls in, not the interval:
    /// the days the window leaves whole come from the summaries, those wholly outside it from the samples crossing
    /// into it. Samples on the days before, inside and after a window starting and ending inside days, each way.
    @Test(arguments: [[], HKQueryOptions.strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate]])
    func aWindowEdgeInsideAMonthOrYearRecomputesItsDayOnly(options: HKQueryOptions) async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Q.store(storage: storage, types: [F.stepCount])
        var samples: [HKQuantitySample] = []
        for day in 1...30 {
            for hour in [3, 9, 14, 23] {
                samples.append(C.steps(Double(day + hour) * 50, C.date(2024, 6, day, hour, 37), minutes: 50))
            }
        }
        // Crossing both window edges, and a day edge.
        samples += [C.steps(600, C.date(2024, 6, 10, 12), minutes: 300), C.steps(900, C.date(2024, 6, 20, 22), minutes: 180)]
        try await store.save(samples)
        let window = HKQuery.predicateForSamples(withStart: C.date(2024, 6, 10, 14, 37), end: C.date(2024, 6, 21, 0, 13),
                                                 options: options)
        for components in [DateComponents(month: 1), DateComponents(year: 1), DateComponents(day: 40)] {
            let before = SlotSumStatistics.windowEdgeSeconds(in: storage, type: F.stepCount.identifier)
            let query = C.query(options: [.cumulativeSum, .separateBySource], components: components, predicate: window)
            let answer = try await C.run(store, query).statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) }
            let computed = SlotSumStatistics.windowEdgeSeconds(in: storage, type: F.stepCount.identifier) - before
            let check = C.query(options: [.cumulativeSum, .separateBySource], components: components,
                                predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [window, Self.alwaysTrue]))
            let fromSamples = try await C.run(store, check).statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) }
            #expect(answer == fromSamples, "\(components) \(options)")
            #expect(!answer.isEmpty)
            // The two days holding the edges (and the next, which the sample crossing the start reaches into).
            #expect(computed <= 3 * 86_400, "\(components) \(options): \(computed / 86_400) days from the samples")
        }
    }

    @Test func aSampleStraddlingAStrictWindowEdgeIsLeftOutOfTheIntervalsItReaches() async throws {
        let store = try await Q.store(types: [F.stepCount])
        // 00:00 in Berlin is a slot edge; the walk from 23:00 to 02:00 crosses it and is not in a strict-start window.
        try await store.save([C.steps(180, C.date(2024, 3, 4, 23), minutes: 180), C.steps(10, C.date(2024, 3, 5, 1), minutes: 1),
                              C.steps(7, C.date(2024, 3, 5, 5), minutes: 1)])
        let strict = HKQuery.predicateForSamples(withStart: C.date(2024, 3, 5), end: C.date(2024, 3, 6), options: .strictStartDate)
        let hours = C.query(options: .cumulativeSum, components: DateComponents(hour: 1), predicate: strict)
        let sums = try await C.run(store, hours).statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) }
        #expect(sums == [10, 7])
        let overlapping = HKQuery.predicateForSamples(withStart: C.date(2024, 3, 5), end: C.date(2024, 3, 6))
        let all = try await C.run(store, C.query(options: .cumulativeSum, components: DateComponents(hour: 1), predicate: overlapping))
        #expect(all.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [60, 70, 7])
    }
}
