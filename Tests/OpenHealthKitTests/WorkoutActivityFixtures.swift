import Foundation
import HealthDatabase
import Testing
@testable import OpenHealthKit

/// Multisport workouts for the workout-activity tests: a triathlon (swim 20 min, bike 60 min, run 40 min),
/// a duathlon (bike 20 min, run 60 min) and a plain run with no activities.
enum WorkoutActivityFixture {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let workoutType = HKObjectType.workoutType()
    static let distanceCycling = HKQuantityType(.distanceCycling)
    static let heartRate = HKQuantityType(.heartRate)
    static let perMinute = HKUnit(from: "count/min")

    static func date(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    /// One activity from `start` for `minutes`, with optional cycling distance (km) and heart-rate average/max.
    static func activity(_ type: HKWorkoutActivityType, from start: Double, minutes: Double, kilometres: Double? = nil,
                         heart: (average: Double, max: Double)? = nil) -> HKWorkoutActivity {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = type
        let begin = date(start), end = date(start + minutes)
        var statistics: [HKQuantityType: HKStatistics] = [:]
        if let kilometres {
            statistics[distanceCycling] = HKStatistics(quantityType: distanceCycling, startDate: begin, endDate: end,
                                                       merged: .init(sum: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: kilometres)))
        }
        if let heart {
            statistics[heartRate] = HKStatistics(quantityType: heartRate, startDate: begin, endDate: end, merged: .init(
                average: HKQuantity(unit: perMinute, doubleValue: heart.average), maximum: HKQuantity(unit: perMinute, doubleValue: heart.max)))
        }
        return HKWorkoutActivity(uuid: UUID(), configuration: configuration, start: begin, end: end, metadata: ["Leg": Int(type.rawValue)],
                                 events: [], statistics: statistics)
    }

    /// A workout spanning its activities (or `minutes` from `start` when it has none).
    static func workout(_ type: HKWorkoutActivityType, _ activities: [HKWorkoutActivity], start: Double = 0, minutes: Double = 30,
                        metadata: [String: Any]? = nil) throws -> HKWorkout {
        let begin = activities.first?.startDate ?? date(start)
        let end = activities.last?.endDate ?? date(start + minutes)
        return try HKWorkout.checked(activityType: type, start: begin, end: end, workoutActivities: activities, metadata: metadata)
    }

    static func triathlon(start: Double = 0) throws -> HKWorkout {
        try workout(.swimBikeRun, [activity(.swimming, from: start, minutes: 20),
                                   activity(.cycling, from: start + 20, minutes: 60, kilometres: 32, heart: (140, 171)),
                                   activity(.running, from: start + 80, minutes: 40, heart: (155, 180))])
    }

    static func duathlon(start: Double = 1000) throws -> HKWorkout {
        try workout(.swimBikeRun, [activity(.cycling, from: start, minutes: 20, kilometres: 9, heart: (150, 165)),
                                   activity(.running, from: start + 20, minutes: 60, heart: (160, 185))])
    }

    static func plainRun(start: Double = 2000) throws -> HKWorkout {
        try workout(.running, [], start: start, minutes: 45)
    }

    /// The UUIDs of the workouts a sample query with `predicate` returns.
    static func workouts(_ store: HKHealthStore, _ predicate: NSPredicate?) async throws -> Set<UUID> {
        Set(try await QueryFixture.samples(store, workoutType, predicate: predicate).map(\.uuid))
    }

    /// The filter of a factory predicate.
    static func filter(_ predicate: NSPredicate) throws -> SampleFilter {
        try #require(predicate as? SampleFilterPredicate).filter
    }

    /// An activity condition as the factories mark it.
    static func marked(_ condition: SampleFilter) -> SampleFilter {
        .and([.types([WorkoutActivityRecords.recordType]), condition])
    }
}
