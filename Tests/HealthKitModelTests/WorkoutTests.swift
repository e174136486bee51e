import Foundation
import HealthKitModel
import Testing

@Suite("Workouts, workout events and activities")
struct WorkoutTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func event(_ type: HKWorkoutEventType, at offset: TimeInterval, duration: TimeInterval = 0) throws -> HKWorkoutEvent {
        try HKWorkoutEvent.checked(type: type, dateInterval: DateInterval(start: start + offset, duration: duration))
    }

    @Test func durationExcludesPausedAndMotionPausedTime() throws {
        let events = try [
            event(.pause, at: 300), event(.resume, at: 420),
            event(.lap, at: 500, duration: 100),
            event(.motionPaused, at: 1000), event(.motionResumed, at: 1030),
            event(.pause, at: 1700),
        ]
        let workout = try HKWorkout.checked(activityType: .cycling, start: start, end: start + 1800, workoutEvents: events)
        // 1800 s less 120 s paused, 30 s motion-paused, and the final 100 s paused until the end.
        #expect(workout.duration == 1550)
        #expect(workout.workoutEvents?.count == 6)
    }

    @Test func explicitDurationWins() throws {
        let workout = try HKWorkout.checked(activityType: .yoga, start: start, end: start + 3600, duration: 1200)
        #expect(workout.duration == 1200)
        #expect(throws: HKError.self) { _ = try HKWorkout.checked(activityType: .yoga, start: start, end: start + 10, duration: -1) }
    }

    @Test func eventsMustBeOrderedInsideTheWorkoutAndNotStartWithResume() throws {
        #expect(throws: HKError.self) {
            _ = try HKWorkout.checked(activityType: .running, start: start, end: start + 100,
                                      workoutEvents: [event(.pause, at: 50), event(.resume, at: 20)])
        }
        #expect(throws: HKError.self) {
            _ = try HKWorkout.checked(activityType: .running, start: start, end: start + 100, workoutEvents: [event(.marker, at: 150)])
        }
        #expect(throws: HKError.self) {
            _ = try HKWorkout.checked(activityType: .running, start: start, end: start + 100, workoutEvents: [event(.resume, at: 10)])
        }
    }

    @Test func onlyLapsAndSegmentsSpanTime() throws {
        _ = try event(.segment, at: 0, duration: 60)
        #expect(throws: HKError.self) { _ = try event(.pause, at: 0, duration: 60) }
    }

    @Test func deprecatedInitialisersFileTotalsUnderTheRightTypes() {
        let swim = HKWorkout(activityType: .swimming, start: start, end: start + 1800, workoutEvents: nil,
                             totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 300),
                             totalDistance: HKQuantity(unit: .meter(), doubleValue: 1500),
                             totalSwimmingStrokeCount: HKQuantity(unit: .count(), doubleValue: 900), device: nil, metadata: nil)
        #expect(swim.statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity()?.doubleValue(for: .meter()) == 1500)
        #expect(swim.statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity()?.doubleValue(for: .count()) == 900)
        #expect(swim.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 300)
        #expect(swim.statistics(for: HKQuantityType(.heartRate)) == nil)
        let ride = HKWorkout(activityType: .cycling, start: start, end: start + 60, duration: 0,
                             totalEnergyBurned: nil, totalDistance: HKQuantity(unit: .mile(), doubleValue: 1), metadata: nil)
        #expect(ride.duration == 60)
        #expect(ride.allStatistics.keys.contains(HKQuantityType(.distanceCycling)))
    }

    @Test func totalsMustFitTheirTypes() {
        let wrong = [HKQuantityType(.activeEnergyBurned): HKStatistics(
            quantityType: HKQuantityType(.activeEnergyBurned), startDate: start, endDate: start + 60,
            merged: .init(sum: HKQuantity(unit: .meter(), doubleValue: 5)))]
        #expect(throws: HKError.self) {
            _ = try HKWorkout.checked(activityType: .running, start: start, end: start + 60, statistics: wrong)
        }
    }

    @Test func workoutActivitiesCarryConfigurationAndDuration() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        let leg = HKWorkoutActivity(workoutConfiguration: configuration, start: start, end: start + 900, metadata: nil)
        #expect(leg.duration == 900)
        #expect(leg.workoutConfiguration.lapLength?.doubleValue(for: .meter()) == 25)
        let open = HKWorkoutActivity(workoutConfiguration: configuration, start: start, end: nil, metadata: nil)
        #expect(open.duration == 0 && open.endDate == nil)
    }

    @Test func aConfigurationCopyIsIndependent() throws {
        let pool = HKWorkoutConfiguration()
        pool.activityType = .swimming
        pool.swimmingLocationType = .pool
        pool.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        let copy = try #require(pool.copy() as? HKWorkoutConfiguration)
        #expect(copy !== pool)
        #expect(copy == pool)
        copy.activityType = .running
        copy.lapLength = nil
        #expect(pool.activityType == .swimming)
        #expect(pool.lapLength?.doubleValue(for: .meter()) == 25)
    }

    @Test func anActivityKeepsItsOwnConfiguration() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let activity = HKWorkoutActivity(workoutConfiguration: configuration, start: start, end: start + 60, metadata: nil)
        configuration.activityType = .running
        activity.workoutConfiguration.activityType = .rowing
        #expect(activity.workoutConfiguration.activityType == .cycling)
        #expect(activity.copy() as? HKWorkoutActivity === activity)
    }
}
