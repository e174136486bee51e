import Foundation
import HealthDatabase
import Testing
@testable import OpenHealthKit

/// The workout-activity predicates' filters and the activity records a workout maps to.
@Suite struct WorkoutActivityPredicateTests {
    typealias W = WorkoutActivityFixture

    @Test func activityFactoriesMarkTheirConditions() throws {
        #expect(try W.filter(HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling))
            == W.marked(.field("@activity.activityType", .equal, .number(13))))
        #expect(try W.filter(HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 1800))
            == W.marked(.field("@activity.duration", .greaterThan, .number(1800))))
        #expect(try W.filter(HKQuery.predicateForWorkoutActivities(start: W.date(0), end: W.date(60), options: .strictStartDate))
            == W.marked(.window(DateWindow(start: W.date(0), end: W.date(60), strictStart: true))))
        let sum = HKQuery.predicateForWorkoutActivities(operatorType: .greaterThanOrEqualTo, quantityType: W.distanceCycling,
                                                        sumQuantity: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 20))
        #expect(try W.filter(sum) == W.marked(.field("@activity.sum.HKQuantityTypeIdentifierDistanceCycling", .greaterThanOrEqual, .number(20_000))))
        let bpm = HKQuantity(unit: W.perMinute, doubleValue: 120)
        let canonical = bpm.doubleValue(for: W.heartRate.canonicalUnit)
        for (predicate, statistic) in [
            (HKQuery.predicateForWorkoutActivities(operatorType: .lessThan, quantityType: W.heartRate, minimumQuantity: bpm), "min"),
            (HKQuery.predicateForWorkoutActivities(operatorType: .lessThan, quantityType: W.heartRate, maximumQuantity: bpm), "max"),
            (HKQuery.predicateForWorkoutActivities(operatorType: .lessThan, quantityType: W.heartRate, averageQuantity: bpm), "average"),
        ] {
            #expect(try W.filter(predicate) == W.marked(.field("@activity.\(statistic).HKQuantityTypeIdentifierHeartRate", .lessThan, .number(canonical))))
        }
    }

    @Test func workoutsWithActivityNeedOneActivityMatchingEveryCondition() throws {
        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        let long = HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 1800)
        let both = NSCompoundPredicate(andPredicateWithSubpredicates: [cycling, long])
        let wrapped = HKQuery.predicateForWorkouts(activityPredicate: both)
        let expected = SampleFilter.hasChild(.and([.types([WorkoutActivityRecords.recordType]),
                                                   .and([try W.filter(cycling), try W.filter(long)])]))
        #expect(try W.filter(wrapped) == expected)
        #expect(try sampleFilter(from: wrapped) == expected)
        let notCycling = HKQuery.predicateForWorkouts(activityPredicate: NSCompoundPredicate(notPredicateWithSubpredicate: cycling))
        #expect(try W.filter(notCycling) == .hasChild(.and([.types([WorkoutActivityRecords.recordType]), .not(try W.filter(cycling))])))
    }

    @Test func bareActivityPredicatesAreRejectedByTheCheckedPath() throws {
        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        let mixed = NSCompoundPredicate(andPredicateWithSubpredicates: [HKQuery.predicateForWorkouts(with: .running), cycling])
        for predicate in [cycling, mixed, NSCompoundPredicate(notPredicateWithSubpredicate: cycling)] {
            #expect(throws: HKError.self) { try sampleFilter(from: predicate) }
        }
        let wrappedAndWorkout = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForWorkouts(with: .swimBikeRun), HKQuery.predicateForWorkouts(activityPredicate: cycling)])
        #expect(throws: Never.self) { try sampleFilter(from: wrappedAndWorkout) }
    }

    @Test func anActivityPredicateTheStoreCannotRunFailsTheQueryNotTheFactory() throws {
        let block = NSPredicate { _, _ in true }
        let wrapped = HKQuery.predicateForWorkouts(activityPredicate: block)
        #expect(throws: HKError.self) { try sampleFilter(from: wrapped) }
    }

    @Test func workoutMapsToOneChildRecordPerActivity() throws {
        let workout = try W.triathlon()
        let records = try ObjectMapping.records(from: workout)
        #expect(records.count == 4)
        let children = Array(records.dropFirst())
        #expect(children.allSatisfy { $0.kind == .part && $0.type == "HKWorkoutActivity" && $0.parent == workout.uuid })
        #expect(children.map(\.startDate) == workout.workoutActivities.map(\.startDate))
        #expect(children.map(\.endDate) == workout.workoutActivities.compactMap(\.endDate))
        #expect(children.map { $0.fields["@activity.activityType"] } == [.number(46), .number(13), .number(37)])
        #expect(children.map { $0.fields["@activity.duration"] } == [.number(1200), .number(3600), .number(2400)])
        #expect(children[1].fields["@activity.sum.HKQuantityTypeIdentifierDistanceCycling"] == .number(32_000))
        #expect(Set(children.map(\.uuid)).count == 3)
        #expect(!children.map(\.uuid).contains(workout.uuid))
        #expect(try ObjectMapping.records(from: workout).map(\.uuid) == records.map(\.uuid), "child UUIDs are stable")
        let other = try HKWorkout.checked(activityType: .swimBikeRun, start: workout.startDate, end: workout.endDate,
                                          workoutActivities: workout.workoutActivities)
        #expect(Set(try ObjectMapping.records(from: other).dropFirst().map(\.uuid)).isDisjoint(with: children.map(\.uuid)),
                "two workouts sharing activities get distinct records")
    }

    @Test func anActivityInProgressEndsWithItsWorkout() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .walking
        let open = HKWorkoutActivity(workoutConfiguration: configuration, start: W.date(0), end: nil, metadata: nil)
        let workout = try HKWorkout.checked(activityType: .walking, start: W.date(0), end: W.date(30), workoutActivities: [open])
        let child = try #require(try ObjectMapping.records(from: workout).last)
        #expect(child.endDate == W.date(30))
        let copy = try #require(try ObjectMapping.object(from: ObjectMapping.record(from: workout)) as? HKWorkout)
        #expect(copy.workoutActivities.first?.endDate == nil, "the payload keeps the activity as it was")
    }
}
