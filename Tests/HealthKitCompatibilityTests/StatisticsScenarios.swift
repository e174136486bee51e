// Statistics queries written the way Apple's "Executing Statistics Collection Queries", "HKStatisticsQuery",
// "HKStatisticsOptions" and "HKStatistics" pages and the Swift concurrency descriptors use them: today's steps,
// a week of daily totals drawn as a chart (empty days included), body mass and heart-rate figures, per-source
// sums, the most recent value of either kind of type, and the traps for options that do not fit the type.
import Foundation
import HealthKit
import Testing

extension HKHealthStore {
    /// The classic statistics query, bridged to async as apps do.
    fileprivate func runStatisticsQuery(_ type: HKQuantityType, predicate: NSPredicate?,
                                        options: HKStatisticsOptions) async -> (HKStatistics?, (any Error)?) {
        await withCheckedContinuation { continuation in
            let query = HKStatisticsQuery(quantityType: type, quantitySamplePredicate: predicate, options: options) { _, statistics, error in
                continuation.resume(returning: (statistics, error))
            }
            execute(query)
        }
    }

    /// The classic collection query's initial results, bridged to async.
    fileprivate func runCollectionQuery(_ type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions,
                                        anchorDate: Date, intervalComponents: DateComponents) async throws -> HKStatisticsCollection {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: predicate, options: options,
                                                    anchorDate: anchorDate, intervalComponents: intervalComponents)
            query.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else {
                    continuation.resume(throwing: error ?? HKError(.errorInvalidArgument))
                }
            }
            execute(query)
        }
    }
}

@Suite("Statistics scenarios: sums, discrete figures, collections and options as Apple's pages use them")
struct StatisticsScenarios {
    let steps = HKQuantityType(.stepCount)
    let bodyMass = HKQuantityType(.bodyMass)
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
    /// Monday 2024-03-11 00:00 UTC.
    let monday = Date(timeIntervalSince1970: 1_710_115_200)

    private func store(_ device: ScenarioDevice, app: String = ScenarioDevice.stepCounterApp) async throws -> HKHealthStore {
        let types: Set<HKSampleType> = [steps, bodyMass, heartRate]
        let healthStore = device.healthStore(app: app)
        try await healthStore.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        return healthStore
    }

    private func stepSample(_ count: Double, at start: Date, minutes: Double = 10) -> HKQuantitySample {
        HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
                         end: start.addingTimeInterval(minutes * 60))
    }

    private func hours(_ h: Double, after date: Date) -> Date { date.addingTimeInterval(h * 3600) }

    @Test func todaysStepCountWithAStatisticsQuery() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let yesterdayEvening = hours(-2, after: monday)
        try await healthStore.save([stepSample(500, at: yesterdayEvening), stepSample(1200, at: hours(8, after: monday)),
                                    stepSample(800, at: hours(12, after: monday))])

        let startOfDay = calendar.startOfDay(for: hours(13, after: monday))
        let today = HKQuery.predicateForSamples(withStart: startOfDay, end: hours(24, after: monday), options: .strictStartDate)
        let (statistics, error) = await healthStore.runStatisticsQuery(steps, predicate: today, options: .cumulativeSum)
        #expect(error == nil)
        #expect(statistics?.sumQuantity()?.doubleValue(for: .count()) == 2000)
        // Only the figures asked for are present.
        #expect(statistics?.averageQuantity() == nil)
        #expect(statistics?.mostRecentQuantity() == nil)
        #expect(statistics?.sources == nil)
        #expect(statistics?.quantityType == steps)
    }

    @Test func todaysStepsWithAnOverlapWindowCountOnlyThePartInsideTheDay() async throws {
        // predicateForSamples(withStart:end:) without options matches samples overlapping the day (one ending at
        // midnight included); the statistics query counts each cumulative sample for its part inside the window.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save([stepSample(500, at: hours(-1, after: monday), minutes: 60),   // ends at midnight
                                    stepSample(120, at: hours(-1.0 / 6, after: monday), minutes: 20), // 23:50 - 00:10
                                    stepSample(1000, at: hours(9, after: monday))])
        let today = HKQuery.predicateForSamples(withStart: monday, end: hours(24, after: monday))
        let matching = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps, predicate: today)],
                                                         sortDescriptors: []).result(for: healthStore)
        #expect(matching.count == 3)
        let (statistics, error) = await healthStore.runStatisticsQuery(steps, predicate: today, options: .cumulativeSum)
        #expect(error == nil)
        #expect(statistics?.sumQuantity()?.doubleValue(for: .count()) == 1060)
        // startDate and endDate are the matching samples' earliest start and latest end, as HKStatistics documents.
        #expect(statistics?.startDate == hours(-1, after: monday))
    }

    @Test func noSamplesIsErrorNoDataForTheClassicQueryAndNilForTheDescriptor() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let (statistics, error) = await healthStore.runStatisticsQuery(steps, predicate: nil, options: .cumulativeSum)
        #expect(statistics == nil)
        #expect((error as? HKError)?.code == .errorNoData)
        #expect((error as NSError?)?.domain == HKErrorDomain)

        let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: steps), options: .cumulativeSum)
        #expect(try await descriptor.result(for: healthStore) == nil)
    }

    @Test func bodyMassAverageMinimumMaximumAndMostRecent() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let kg = HKUnit.gramUnit(with: .kilo)
        let weighIns = [(70.0, 0.0), (71.5, 24.0), (69.0, 48.0), (70.5, 72.0)].map { value, hoursLater in
            HKQuantitySample(type: bodyMass, quantity: HKQuantity(unit: kg, doubleValue: value),
                             start: hours(7 + hoursLater, after: monday), end: hours(7 + hoursLater, after: monday))
        }
        try await healthStore.save(weighIns)

        let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: bodyMass),
                                                     options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent])
        let statistics = try #require(try await descriptor.result(for: healthStore))
        #expect(abs(try #require(statistics.averageQuantity()).doubleValue(for: kg) - 70.25) < 1e-9)
        #expect(statistics.minimumQuantity()?.doubleValue(for: kg) == 69)
        #expect(statistics.maximumQuantity()?.doubleValue(for: kg) == 71.5)
        #expect(statistics.mostRecentQuantity()?.doubleValue(for: kg) == 70.5)
        #expect(statistics.mostRecentQuantityDateInterval() == DateInterval(start: hours(79, after: monday), duration: 0))
        // The same figures read in pounds, as a US app shows them.
        #expect(abs(try #require(statistics.maximumQuantity()).doubleValue(for: .pound()) - 157.63) < 0.01)
        #expect(statistics.sumQuantity() == nil)
    }

    @Test func aWeekOfDailyStepsForAChartIncludingEmptyDays() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        // Steps on Monday, Wednesday and Sunday only.
        try await healthStore.save([stepSample(3000, at: hours(9, after: monday)), stepSample(1000, at: hours(18, after: monday)),
                                    stepSample(4500, at: hours(2 * 24 + 10, after: monday)),
                                    stepSample(700, at: hours(6 * 24 + 15, after: monday))])

        let collection = try await healthStore.runCollectionQuery(
            steps, predicate: nil, options: .cumulativeSum, anchorDate: monday, intervalComponents: DateComponents(day: 1))
        let endOfWeek = hours(7 * 24, after: monday)
        var daily: [(Date, Double?)] = []
        collection.enumerateStatistics(from: monday, to: endOfWeek.addingTimeInterval(-1)) { statistics, _ in
            daily.append((statistics.startDate, statistics.sumQuantity()?.doubleValue(for: .count())))
        }
        #expect(daily.map(\.0) == (0..<7).map { hours(Double($0) * 24, after: monday) })
        #expect(daily.map(\.1) == [4000, nil, 4500, nil, nil, nil, 700])
        #expect(collection.statistics().count == 3)
        #expect(collection.statistics().map { $0.endDate.timeIntervalSince($0.startDate) } == [86400, 86400, 86400])
        #expect(collection.statistics(for: hours(2 * 24 + 23, after: monday))?.sumQuantity()?.doubleValue(for: .count()) == 4500)
        #expect(collection.sources().isEmpty)
    }

    @Test func thisWeeksStepsAsTheCollectionDescriptorPageWritesThem() async throws {
        // The HKStatisticsCollectionQueryDescriptor page's predicate has no options, so it matches a sample that
        // ends exactly at the week's start and one that reaches into it; neither opens an interval before the week,
        // and the one reaching in counts for its part inside the first day.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save([stepSample(500, at: hours(-1, after: monday), minutes: 60),
                                    stepSample(120, at: hours(-1.0 / 6, after: monday), minutes: 20),
                                    stepSample(1000, at: hours(9, after: monday)), stepSample(300, at: hours(30, after: monday))])
        let thisWeek = HKQuery.predicateForSamples(withStart: monday, end: hours(7 * 24, after: monday))
        let descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: steps, predicate: thisWeek),
                                                               options: .cumulativeSum, anchorDate: hours(7 * 24, after: monday),
                                                               intervalComponents: DateComponents(day: 1))
        let days = try await descriptor.result(for: healthStore).statistics()
        #expect(days.map(\.startDate) == [monday, hours(24, after: monday)])
        #expect(days.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [1060, 300])
    }

    @Test func enumeratingStopsWhenTheBlockSetsStop() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save((0..<5).map { stepSample(100, at: hours(Double($0) * 24 + 9, after: monday)) })
        let collection = try await healthStore.runCollectionQuery(
            steps, predicate: nil, options: .cumulativeSum, anchorDate: monday, intervalComponents: DateComponents(day: 1))
        var seen = 0
        collection.enumerateStatistics(from: monday, to: hours(4 * 24, after: monday)) { _, stop in
            seen += 1
            if seen == 2 { stop.pointee = true }
        }
        #expect(seen == 2)
    }

    @Test func weeklyTotalsAnchoredOnMondayWithTheCollectionDescriptor() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        // Two samples in the week of 11 March, one in the week of 18 March; the anchor is a Monday a year earlier.
        try await healthStore.save([stepSample(1000, at: hours(10, after: monday)), stepSample(2000, at: hours(6 * 24 + 22, after: monday)),
                                    stepSample(5000, at: hours(8 * 24, after: monday))])
        let anchor = try #require(calendar.date(byAdding: .weekOfYear, value: -52, to: monday))
        let descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: steps), options: .cumulativeSum,
                                                               anchorDate: anchor, intervalComponents: DateComponents(weekOfYear: 1))
        let collection = try await descriptor.result(for: healthStore)
        let weeks = collection.statistics()
        #expect(weeks.map(\.startDate) == [monday, hours(7 * 24, after: monday)])
        #expect(weeks.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [3000, 5000])
    }

    @Test func hourlyHeartRateAverageMinimumAndMaximum() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let readings: [(Double, Double)] = [(62, 8.0), (70, 8.5), (91, 9.25), (85, 9.75)]
        try await healthStore.save(readings.map { value, hour in
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value),
                             start: hours(hour, after: monday), end: hours(hour, after: monday))
        })
        let collection = try await healthStore.runCollectionQuery(
            heartRate, predicate: nil, options: [.discreteMin, .discreteMax, .discreteAverage], anchorDate: monday,
            intervalComponents: DateComponents(hour: 1))
        let hoursWithData = collection.statistics()
        #expect(hoursWithData.map(\.startDate) == [hours(8, after: monday), hours(9, after: monday)])
        #expect(hoursWithData.map { $0.minimumQuantity()?.doubleValue(for: bpm) } == [62, 85])
        #expect(hoursWithData.map { $0.maximumQuantity()?.doubleValue(for: bpm) } == [70, 91])
        for hour in hoursWithData {
            let average = try #require(hour.averageQuantity()).doubleValue(for: bpm)
            #expect(average >= hour.minimumQuantity()!.doubleValue(for: bpm))
            #expect(average <= hour.maximumQuantity()!.doubleValue(for: bpm))
        }
    }

    @Test func separatingStepsBySourceNamesEachApp() async throws {
        let device = try ScenarioDevice()
        let counter = try await store(device, app: ScenarioDevice.stepCounterApp)
        let coach = try await store(device, app: ScenarioDevice.coachApp)
        try await counter.save([stepSample(1000, at: hours(9, after: monday)), stepSample(250, at: hours(11, after: monday))])
        try await coach.save(stepSample(400, at: hours(15, after: monday)))

        let day = HKQuery.predicateForSamples(withStart: monday, end: hours(24, after: monday))
        let (found, error) = await counter.runStatisticsQuery(steps, predicate: day, options: [.cumulativeSum, .separateBySource])
        #expect(error == nil)
        let statistics = try #require(found)
        let sources = try #require(statistics.sources)
        #expect(Set(sources.map(\.bundleIdentifier)) == [ScenarioDevice.stepCounterApp, ScenarioDevice.coachApp])
        let bySource = Dictionary(uniqueKeysWithValues: sources.map {
            ($0.bundleIdentifier, statistics.sumQuantity(for: $0)?.doubleValue(for: .count()))
        })
        #expect(bySource[ScenarioDevice.stepCounterApp] == 1250)
        #expect(bySource[ScenarioDevice.coachApp] == 400)
        // The samples do not overlap, so the merged sum is their total.
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 1650)
    }

    @Test func mostRecentStepSampleOfACumulativeType() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save([stepSample(300, at: hours(9, after: monday)), stepSample(120, at: hours(17, after: monday), minutes: 5)])
        let (found, _) = await healthStore.runStatisticsQuery(steps, predicate: nil, options: [.mostRecent, .cumulativeSum])
        let statistics = try #require(found)
        #expect(statistics.mostRecentQuantity()?.doubleValue(for: .count()) == 120)
        #expect(statistics.mostRecentQuantityDateInterval() == DateInterval(start: hours(17, after: monday), duration: 300))
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 420)
    }

    @Test func durationCoveredByHeartRateSamples() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        // Two overlapping 30-minute readings and a separate 15-minute one: 45 + 15 minutes covered.
        let spans: [(Double, Double, Double)] = [(80, 8.0, 0.5), (90, 8.25, 0.5), (100, 10.0, 0.25)]
        try await healthStore.save(spans.map { value, start, length in
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value),
                             start: hours(start, after: monday), end: hours(start + length, after: monday))
        })
        let (found, _) = await healthStore.runStatisticsQuery(heartRate, predicate: nil, options: .duration)
        let statistics = try #require(found)
        #expect(statistics.duration()?.doubleValue(for: .minute()) == 60)
        #expect(statistics.averageQuantity() == nil)
    }

    @Test func aCumulativeOptionOnADiscreteTypeTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = HKStatisticsQuery(quantityType: HKQuantityType(.heartRate), quantitySamplePredicate: nil, options: .cumulativeSum) { _, _, _ in }
        }
    }

    @Test func aDiscreteOptionOnACumulativeTypeTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = HKStatisticsCollectionQuery(quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
                                            options: .discreteAverage, anchorDate: Date(), intervalComponents: DateComponents(day: 1))
        }
    }
}
