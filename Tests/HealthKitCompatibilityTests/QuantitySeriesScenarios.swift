// Reading quantities with HKQuantitySeriesSampleQuery and its Swift concurrency descriptor, as the
// "HKQuantitySeriesSampleQuery" and "HKQuantitySeriesSampleQueryDescriptor" pages describe them: every quantity of
// the matching samples with its date interval, in ascending start date order, the sample on request.
import Foundation
import HealthKit
import Testing

@Suite("Quantity series scenarios: HKQuantitySeriesSampleQuery and its descriptor")
struct QuantitySeriesScenarios {
    /// 2024-03-10 08:00:00 UTC.
    let morning = Date(timeIntervalSince1970: 1_710_057_600)
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    private func store(_ device: ScenarioDevice) async throws -> HKHealthStore {
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: [heartRate], read: [heartRate])
        return healthStore
    }

    private func reading(_ value: Double, minute: Double) -> HKQuantitySample {
        let date = morning.addingTimeInterval(minute * 60)
        return HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date, end: date)
    }

    @Test func theClassicQueryDeliversEveryQuantityThenDone() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let saved = [reading(72, minute: 20), reading(64, minute: 0), reading(68, minute: 10)]
        try await healthStore.save(saved)

        let calls = Deliveries<(Double?, Date?, UUID?, Bool)>()
        let query = HKQuantitySeriesSampleQuery(quantityType: heartRate, predicate: nil) { _, quantity, interval, sample, done, error in
            #expect(error == nil)
            calls.append((quantity?.doubleValue(for: bpm), interval?.start, sample?.uuid, done))
        }
        query.includeSample = true
        healthStore.execute(query)
        #expect(await calls.wait(for: 3))
        let all = calls.all
        #expect(all.map(\.0) == [64, 68, 72])
        #expect(all.map(\.1) == [morning, morning.addingTimeInterval(600), morning.addingTimeInterval(1200)])
        #expect(all.map(\.2) == [saved[1].uuid, saved[2].uuid, saved[0].uuid])
        #expect(all.map(\.3) == [false, false, true])
    }

    @Test func nothingMatchingGivesOneDoneCall() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let calls = Deliveries<Bool>()
        healthStore.execute(HKQuantitySeriesSampleQuery(quantityType: heartRate, predicate: nil) { _, quantity, _, _, done, _ in
            #expect(quantity == nil)
            calls.append(done)
        })
        #expect(await calls.wait(for: 1))
        #expect(calls.all == [true])
    }

    @Test func theDescriptorYieldsQuantitiesAndIntervals() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save([reading(80, minute: 5), reading(75, minute: 1), reading(90, minute: 90)])
        let firstHour = HKQuery.predicateForSamples(withStart: morning, end: morning.addingTimeInterval(3600))
        let descriptor = HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: heartRate, predicate: firstHour),
                                                               options: .orderByQuantitySampleStartDate)
        var values: [Double] = []
        for try await result in descriptor.results(for: healthStore) {
            values.append(result.quantity.doubleValue(for: bpm))
            #expect(result.sample == nil)
            #expect(result.dateInterval.duration == 0)
        }
        #expect(values == [75, 80])
    }

    @Test func aSeriesBuilderSavesOneSampleWhoseQuantitiesTheQueryReads() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let builder = HKQuantitySeriesSampleBuilder(healthStore: healthStore, quantityType: heartRate, startDate: morning, device: nil)
        for (second, value) in [(0.0, 71.0), (5, 74), (10, 78), (15, 76)] {
            try builder.insert(HKQuantity(unit: bpm, doubleValue: value), for: DateInterval(start: morning.addingTimeInterval(second), duration: 5))
        }
        let finished = Deliveries<[HKQuantitySample]>()
        builder.finishSeries(metadata: [HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.sedentary.rawValue], endDate: nil) { samples, error in
            if let samples { finished.append(samples) } else { Issue.record("\(String(describing: error))") }
        }
        #expect(await finished.wait(for: 1))
        let series = try #require(finished.all.first?.first as? HKDiscreteQuantitySample)
        #expect(series.count == 4 && series.endDate == morning.addingTimeInterval(20))
        #expect(series.maximumQuantity.doubleValue(for: bpm) == 78 && series.averageQuantity.doubleValue(for: bpm) == 74.75)

        var values: [Double] = []
        let descriptor = HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .includeSample)
        for try await result in descriptor.results(for: healthStore) {
            values.append(result.quantity.doubleValue(for: bpm))
            #expect(result.sample?.uuid == series.uuid && result.dateInterval.duration == 5)
        }
        #expect(values == [71, 74, 78, 76])
    }
}

