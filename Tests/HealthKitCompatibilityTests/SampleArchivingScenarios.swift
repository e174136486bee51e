// Apps hand samples and workouts to a watch extension or keep a local cache by archiving them with NSKeyedArchiver
// (HKObject adopts NSSecureCoding). An object read back is equal to the original (same UUID) and keeps its values.
import Foundation
import HealthKit
import Testing

@Suite("Archiving samples with NSKeyedArchiver")
struct SampleArchivingScenarios {
    let start = Date(timeIntervalSince1970: 1_710_057_600)

    private func roundTrip<T: HKObject>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    @Test func aHeartRateSampleWithMetadataAndDevice() throws {
        let device = HKDevice(name: "Strap", manufacturer: "Acme", model: "S1", hardwareVersion: nil, firmwareVersion: nil,
                              softwareVersion: "2.1", localIdentifier: nil, udiDeviceIdentifier: nil)
        let sample = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 64),
                                      start: start, end: start, device: device,
                                      metadata: [HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.sedentary.rawValue,
                                                 HKMetadataKeyExternalUUID: "abc-1", HKMetadataKeyWasUserEntered: false])
        let restored = try roundTrip(sample)
        #expect(restored == sample)
        #expect(restored.quantityType == HKQuantityType(.heartRate))
        #expect(restored.quantity.doubleValue(for: HKUnit(from: "count/min")) == 64)
        #expect(restored.startDate == start && restored.endDate == start)
        #expect(restored.device == device)
        #expect(restored.sourceRevision.source == sample.sourceRevision.source)
        #expect(restored.metadata?[HKMetadataKeyExternalUUID] as? String == "abc-1")
        #expect(restored.metadata?[HKMetadataKeyHeartRateMotionContext] as? Int == 1)
        #expect(restored.metadata?[HKMetadataKeyWasUserEntered] as? Bool == false)
    }

    @Test func aNightOfSleepAsAnArchivedArray() throws {
        let stages: [HKCategoryValueSleepAnalysis] = [.asleepCore, .asleepDeep, .asleepREM]
        let samples = stages.enumerated().map { index, stage in
            HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: stage.rawValue,
                             start: start.addingTimeInterval(Double(index) * 1800), end: start.addingTimeInterval(Double(index + 1) * 1800))
        }
        let data = try NSKeyedArchiver.archivedData(withRootObject: samples as NSArray, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, HKCategorySample.self], from: data)
            as? [HKCategorySample])
        #expect(restored == samples)
        #expect(restored.map { HKCategoryValueSleepAnalysis(rawValue: $0.value) } == stages)
    }

    @Test func aBloodPressureCorrelationKeepsItsReadings() throws {
        let mmHg = HKUnit.millimeterOfMercury()
        let systolic = HKQuantitySample(type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: mmHg, doubleValue: 120),
                                        start: start, end: start)
        let diastolic = HKQuantitySample(type: HKQuantityType(.bloodPressureDiastolic), quantity: HKQuantity(unit: mmHg, doubleValue: 80),
                                         start: start, end: start)
        let reading = HKCorrelation(type: HKCorrelationType(.bloodPressure), start: start, end: start, objects: [systolic, diastolic])
        let restored = try roundTrip(reading)
        #expect(restored == reading)
        #expect(restored.objects == [systolic, diastolic])
        let restoredSystolic = restored.objects(for: HKQuantityType(.bloodPressureSystolic)).first as? HKQuantitySample
        #expect(restoredSystolic?.quantity.doubleValue(for: mmHg) == 120)
    }

    @Test func aFinishedWorkoutWithEventsActivitiesAndStatistics() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        let energy = HKQuantityType(.activeEnergyBurned), heartRate = HKQuantityType(.heartRate)
        try await healthStore.requestAuthorization(toShare: [.workoutType(), energy, heartRate], read: [])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        configuration.locationType = .outdoor
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: nil)
        try await builder.beginCollection(at: start)
        let leg = HKWorkoutConfiguration()
        leg.activityType = .cycling
        try await builder.addWorkoutActivity(HKWorkoutActivity(workoutConfiguration: leg, start: start,
                                                               end: start.addingTimeInterval(1800), metadata: nil))
        try await builder.addSamples([
            HKQuantitySample(type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 240), start: start,
                             end: start.addingTimeInterval(1800)),
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 128),
                             start: start.addingTimeInterval(60), end: start.addingTimeInterval(60)),
        ])
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .segment, dateInterval: DateInterval(start: start, duration: 600),
                                                           metadata: ["name": "warm-up"])])
        try await builder.endCollection(at: start.addingTimeInterval(1800))
        let workout = try #require(try await builder.finishWorkout())

        let restored = try roundTrip(workout)
        #expect(restored == workout)
        #expect(restored.workoutActivityType == .cycling)
        #expect(restored.duration == workout.duration)
        #expect(restored.startDate == workout.startDate && restored.endDate == workout.endDate)
        #expect(restored.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect(restored.workoutEvents == workout.workoutEvents)
        #expect(restored.workoutEvents?.first?.metadata?["name"] as? String == "warm-up")
        #expect(restored.statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 240)
        #expect(restored.statistics(for: heartRate)?.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")) == 128)
        #expect(restored.workoutActivities.map(\.uuid) == workout.workoutActivities.map(\.uuid))
        #expect(restored.workoutActivities.first?.workoutConfiguration.activityType == .cycling)
        #expect(restored.workoutActivities.first?.statistics(for: energy)?.sumQuantity()
                == workout.workoutActivities.first?.statistics(for: energy)?.sumQuantity())
    }

    @Test func statisticsSeparatedBySourceKeepTheirSources() throws {
        // HKStatistics adopts NSSecureCoding too; built here with OpenHealthKit's engine initialiser.
        let steps = HKQuantityType(.stepCount)
        let phone = HKSource(name: "Phone", bundleIdentifier: "com.example.phone")
        let statistics = HKStatistics(quantityType: steps, startDate: start, endDate: start.addingTimeInterval(3600),
                                      merged: .init(sum: HKQuantity(unit: .count(), doubleValue: 900)),
                                      bySource: [phone: .init(sum: HKQuantity(unit: .count(), doubleValue: 900))])
        let data = try NSKeyedArchiver.archivedData(withRootObject: statistics, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKStatistics.self, from: data))
        #expect(restored.quantityType == steps)
        #expect(restored.sources == [phone])
        #expect(restored.sumQuantity(for: phone)?.doubleValue(for: .count()) == 900)
        #expect(restored.sumQuantity()?.doubleValue(for: .count()) == 900)
        #expect(restored.averageQuantity() == nil)
    }
}
