// Correlations and workouts written the way HealthKit apps and Apple's workout samples write them:
// blood pressure and food entries, workout configurations and activities, pre-iOS 17 workout
// initialisers (deprecated, so those tests are marked deprecated too), lap and segment events.
import Foundation
import HealthKit
import Testing

// From the shape of Apple's "Building a workout app for iPhone and iPad" sample: a configuration derived
// from a finished workout's activity type and indoor flag.
extension HKWorkout {
    fileprivate var derivedConfigurationForTests: HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = workoutActivityType
        if let isIndoor = metadata?[HKMetadataKeyIndoorWorkout] as? Bool, isIndoor {
            configuration.locationType = .indoor
        } else {
            configuration.locationType = .outdoor
        }
        return configuration
    }
}

@Suite("Correlations and workouts as HealthKit apps build them")
struct CorrelationAndWorkoutUsageInApps {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    // MARK: Correlations

    @Test func bloodPressureReadingEnteredByTheUser() throws {
        let systolicType = HKQuantityType(.bloodPressureSystolic)
        let diastolicType = HKQuantityType(.bloodPressureDiastolic)
        let mmHg = HKUnit.millimeterOfMercury()
        let systolic = HKQuantitySample(type: systolicType, quantity: HKQuantity(unit: mmHg, doubleValue: 128), start: start, end: start)
        let diastolic = HKQuantitySample(type: diastolicType, quantity: HKQuantity(unit: mmHg, doubleValue: 84), start: start, end: start)
        let reading = HKCorrelation(type: HKCorrelationType(.bloodPressure), start: start, end: start,
                                    objects: [systolic, diastolic], metadata: [HKMetadataKeyWasUserEntered: true])
        let top = try #require(reading.objects(for: systolicType).first as? HKQuantitySample)
        let bottom = try #require(reading.objects(for: diastolicType).first as? HKQuantitySample)
        #expect(top.quantity.doubleValue(for: mmHg) == 128)
        #expect(bottom.quantity.doubleValue(for: mmHg) == 84)
        #expect(reading.correlationType == HKObjectType.correlationType(forIdentifier: .bloodPressure))
        #expect(reading.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
        #expect(reading.objects(for: HKQuantityType(.heartRate)).isEmpty)
    }

    @Test func foodEntryWithItsNutrients() {
        func nutrient(_ identifier: HKQuantityTypeIdentifier, _ unit: HKUnit, _ value: Double) -> HKQuantitySample {
            HKQuantitySample(type: HKQuantityType(identifier), quantity: HKQuantity(unit: unit, doubleValue: value),
                             start: start, end: start, metadata: [HKMetadataKeyFoodType: "Oatmeal"])
        }
        let nutrients: Set<HKSample> = [
            nutrient(.dietaryEnergyConsumed, .kilocalorie(), 250),
            nutrient(.dietaryProtein, .gram(), 12),
            nutrient(.dietaryCarbohydrates, .gram(), 30),
            nutrient(.dietaryFatTotal, .gram(), 9),
        ]
        let food = HKCorrelation(type: HKCorrelationType(.food), start: start, end: start, objects: nutrients,
                                 metadata: [HKMetadataKeyFoodType: "Oatmeal"])
        #expect(food.objects.count == 4)
        #expect(food.metadata?[HKMetadataKeyFoodType] as? String == "Oatmeal")
        let energy = food.objects(for: HKQuantityType(.dietaryEnergyConsumed))
            .compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .jouleUnit(with: .kilo)) }
        // 250 kcal × 4.184 kJ/kcal.
        #expect(energy == [1046])
        func grams(_ identifier: HKQuantityTypeIdentifier) -> Double {
            food.objects(for: HKQuantityType(identifier)).compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .gram()) }.reduce(0, +)
        }
        // Atwater factors: 4 kcal/g protein and carbohydrate, 9 kcal/g fat.
        #expect(grams(.dietaryProtein) * 4 + grams(.dietaryCarbohydrates) * 4 + grams(.dietaryFatTotal) * 9 == 249)
    }

    @Test func aCorrelationRejectsMembersItCannotHold() {
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 70),
                                         start: start, end: start)
        #expect(throws: HKError.self) {
            try HKCorrelation.checked(type: HKCorrelationType(.bloodPressure), start: start, end: start, objects: [heartRate])
        }
    }

    // MARK: Workout configurations, activities and events

    @Test func poolSwimConfigurationAsAWorkoutSessionIsSetUp() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.locationType = .indoor
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .yard(), doubleValue: 25)
        #expect(configuration.activityType == .swimming)
        #expect(configuration.swimmingLocationType == .pool)
        // 25 yd × 0.9144 = 22.86 m.
        #expect(abs((configuration.lapLength?.doubleValue(for: .meter()) ?? 0) - 22.86) < 1e-12)
        #expect(HKWorkoutSessionLocationType.outdoor.rawValue == 3)
        #expect(HKWorkoutSwimmingLocationType.openWater.rawValue == 2)
    }

    @Test func copyingAConfigurationGivesAnIndependentObject() throws {
        // HKWorkoutConfiguration adopts NSCopying in HealthKit and is mutable, so a copy must be a new object.
        let running = HKWorkoutConfiguration()
        running.activityType = .running
        running.locationType = .outdoor
        let copy = try #require(running.copy() as? HKWorkoutConfiguration)
        copy.locationType = .indoor
        #expect(running.locationType == .outdoor)
        #expect(running !== copy)
        #expect(copy.activityType == .running)
    }

    @Test func triathlonLegsAsWorkoutActivities() throws {
        func leg(_ type: HKWorkoutActivityType, _ from: Double, _ to: Double) -> HKWorkoutActivity {
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = type
            configuration.locationType = .outdoor
            if type == .swimming { configuration.swimmingLocationType = .openWater }
            return HKWorkoutActivity(workoutConfiguration: configuration, start: start.addingTimeInterval(from),
                                     end: start.addingTimeInterval(to), metadata: nil)
        }
        let legs = [leg(.swimming, 0, 1800), leg(.cycling, 1900, 5500), leg(.running, 5600, 8000)]
        #expect(legs.map(\.duration) == [1800, 3600, 2400])
        #expect(legs.map(\.workoutConfiguration.activityType) == [.swimming, .cycling, .running])
        #expect(legs[0].workoutConfiguration.swimmingLocationType == .openWater)
        #expect(legs[1].statistics(for: HKQuantityType(.distanceCycling)) == nil)
        let inProgress = HKWorkoutActivity(workoutConfiguration: HKWorkoutConfiguration(), start: start, end: nil, metadata: nil)
        #expect(inProgress.endDate == nil)
        #expect(inProgress.duration == 0)
        // OpenHealthKit extension: a workout holding the legs (HealthKit builds it with HKWorkoutBuilder).
        let race = try HKWorkout.checked(activityType: .swimBikeRun, start: start, end: start.addingTimeInterval(8000),
                                         workoutActivities: legs)
        #expect(race.workoutActivities.count == 3)
        #expect(race.duration == 8000)
    }

    @Test func lapAndSegmentEventsCarryTheirMetadata() {
        let lap = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: start, duration: 45),
                                 metadata: [HKMetadataKeySwimmingStrokeStyle: HKSwimmingStrokeStyle.freestyle.rawValue])
        let segment = HKWorkoutEvent(type: .segment, dateInterval: DateInterval(start: start, duration: 600), metadata: nil)
        let marker = HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: start.addingTimeInterval(30), duration: 0), metadata: nil)
        #expect(lap.dateInterval.duration == 45)
        #expect(HKSwimmingStrokeStyle(rawValue: lap.metadata?[HKMetadataKeySwimmingStrokeStyle] as? Int ?? 0) == .freestyle)
        #expect(segment.metadata == nil)
        #expect(marker.type == .marker)
        #expect(HKWorkoutEventType.pauseOrResumeRequest.rawValue == 8)
        // Only laps and segments may span time.
        #expect(throws: HKError.self) {
            try HKWorkoutEvent.checked(type: .pause, dateInterval: DateInterval(start: start, duration: 10))
        }
    }

    @Test @available(*, deprecated, message: "exercises HKWorkoutEvent(type:date:), deprecated in HealthKit")
    func instantaneousEventsTheOldWay() {
        let pause = HKWorkoutEvent(type: .pause, date: start)
        #expect(pause.date == start)
        #expect(pause.dateInterval.duration == 0)
    }

    // MARK: Workouts (initialisers deprecated in iOS 17)

    @Test @available(*, deprecated, message: "exercises HKWorkout initialisers deprecated in HealthKit")
    func outdoorRunWithPausesAndAutoPauses() {
        let events = [
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(900), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .motionPaused, dateInterval: DateInterval(start: start.addingTimeInterval(1800), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .motionResumed, dateInterval: DateInterval(start: start.addingTimeInterval(1860), duration: 0), metadata: nil),
        ]
        let run = HKWorkout(activityType: .running, start: start, end: start.addingTimeInterval(3600), workoutEvents: events,
                            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 520),
                            totalDistance: HKQuantity(unit: .mile(), doubleValue: 6.2),
                            metadata: [HKMetadataKeyIndoorWorkout: false, HKMetadataKeyAverageMETs: HKQuantity(unit: HKUnit(from: "kcal/hr·kg"), doubleValue: 9.8)])
        // 3600 s less 300 s paused and 60 s auto-paused.
        #expect(run.duration == 3240)
        #expect(run.workoutEvents?.count == 4)
        #expect(run.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 520)
        #expect(run.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .largeCalorie()) == 520)
        #expect(abs((run.totalDistance?.doubleValue(for: .meterUnit(with: .kilo)) ?? 0) - 6.2 * 1.609_34) < 1e-9)
        #expect(run.statistics(for: HKQuantityType(.distanceWalkingRunning)) != nil)
        #expect(run.derivedConfigurationForTests.locationType == .outdoor)
        #expect(run.derivedConfigurationForTests.activityType == .running)
        #expect(run.sampleType == HKObjectType.workoutType())
    }

    @Test @available(*, deprecated, message: "exercises HKWorkout initialisers deprecated in HealthKit")
    func indoorRideWithAnExplicitDurationAndWeather() {
        let ride = HKWorkout(activityType: .cycling, start: start, end: start.addingTimeInterval(5400), duration: 0,
                             totalEnergyBurned: HKQuantity(unit: .jouleUnit(with: .kilo), doubleValue: 2092),
                             totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 40),
                             metadata: [
                                 HKMetadataKeyIndoorWorkout: true,
                                 HKMetadataKeyWeatherTemperature: HKQuantity(unit: .degreeFahrenheit(), doubleValue: 68),
                                 HKMetadataKeyWeatherHumidity: HKQuantity(unit: .percent(), doubleValue: 55),
                                 HKMetadataKeyWeatherCondition: HKWeatherCondition.partlyCloudy.rawValue,
                                 HKMetadataKeyAverageSpeed: HKQuantity(unit: HKUnit(from: "m/s"), doubleValue: 7.4),
                             ])
        // A duration of 0 means the whole interval.
        #expect(ride.duration == 5400)
        // Distance is filed under the activity's distance type: cycling.
        #expect(ride.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity()?.doubleValue(for: .meter()) == 40_000)
        #expect(ride.statistics(for: HKQuantityType(.distanceWalkingRunning)) == nil)
        // 2092 kJ is 500 kcal.
        #expect(abs((ride.totalEnergyBurned?.doubleValue(for: .kilocalorie()) ?? 0) - 500) < 1e-9)
        #expect(ride.derivedConfigurationForTests.locationType == .indoor)
        let weather = ride.metadata?[HKMetadataKeyWeatherTemperature] as? HKQuantity
        #expect(abs((weather?.doubleValue(for: .degreeCelsius()) ?? 0) - 20) < 1e-9)
    }

    @Test @available(*, deprecated, message: "exercises HKWorkout initialisers deprecated in HealthKit")
    func poolSwimWithLapsAndStrokes() {
        let laps = (0..<4).map { index in
            HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: start.addingTimeInterval(Double(index) * 60), duration: 50),
                           metadata: [HKMetadataKeySwimmingStrokeStyle: HKSwimmingStrokeStyle.breaststroke.rawValue])
        }
        let swim = HKWorkout(activityType: .swimming, start: start, end: start.addingTimeInterval(240), workoutEvents: laps,
                             totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 40),
                             totalDistance: HKQuantity(unit: .meter(), doubleValue: 100),
                             totalSwimmingStrokeCount: HKQuantity(unit: .count(), doubleValue: 72), device: nil,
                             metadata: [HKMetadataKeyLapLength: HKQuantity(unit: .meter(), doubleValue: 25),
                                        HKMetadataKeySwimmingLocationType: HKWorkoutSwimmingLocationType.pool.rawValue])
        #expect(swim.duration == 240)
        #expect(swim.workoutEvents?.filter { $0.type == .lap }.count == 4)
        #expect(swim.totalSwimmingStrokeCount?.doubleValue(for: .count()) == 72)
        #expect(swim.statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity()?.doubleValue(for: .meter()) == 100)
        #expect(swim.totalDistance?.doubleValue(for: .yard()) ?? 0 > 109)
        #expect((swim.metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(for: .meter()) == 25)
    }

    @Test @available(*, deprecated, message: "exercises HKWorkout initialisers deprecated in HealthKit")
    func yogaWithoutTotals() {
        let yoga = HKWorkout(activityType: .yoga, start: start, end: start.addingTimeInterval(1800))
        #expect(yoga.duration == 1800)
        #expect(yoga.workoutEvents == nil)
        #expect(yoga.totalEnergyBurned == nil)
        #expect(yoga.totalDistance == nil)
        #expect(yoga.metadata == nil)
        #expect(yoga.allStatistics.isEmpty)
    }

    @Test func invalidWorkoutsAreRejectedByTheCheckedTwin() {
        let outOfOrder = [
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(900), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0), metadata: nil),
        ]
        #expect(throws: HKError.self) {
            try HKWorkout.checked(activityType: .running, start: start, end: start.addingTimeInterval(3600), workoutEvents: outOfOrder)
        }
        #expect(throws: HKError.self) {
            try HKWorkout.checked(activityType: .running, start: start, end: start.addingTimeInterval(-60))
        }
    }
}
