package import Foundation
import HealthDatabase
package import HealthKitModel

/// One read of workout effort relationships: those that gained a related sample after an anchor, and the anchor to
/// continue from (what ``HKWorkoutEffortRelationshipQuery`` delivers).
///
/// Every step is one storage call selective in SQL: the effort samples saved or moved after the anchor that are related
/// to a workout matching the query's predicate (or to one of its activities), then their parents and those workouts,
/// then the samples now related to each (workout, activity) pair found. Each pair becomes one relationship with every
/// sample related to it now, in the order of the pairs' oldest change.
package struct WorkoutEffortRelationships: @unchecked Sendable {
    /// The relationships, oldest change first.
    package var relationships: [HKWorkoutEffortRelationship]
    /// Where to continue from.
    package var anchor: HKQueryAnchor

    /// Reads the relationships of the workouts matching `predicate` that changed after `anchor`, as `option` asks.
    package static func read(after anchor: Int64, workouts predicate: NSPredicate?, option: HKWorkoutEffortRelationshipQueryOptions,
                             context: QueryContext) throws -> WorkoutEffortRelationships {
        let storage = context.storage
        let latest = try storage.latestChangePosition()
        let newAnchor = HKQueryAnchor(rawValue: max(latest, anchor))
        let effort = try context.filter(.types(WorkoutEffort.typeIdentifiers), types: WorkoutEffort.types)
        let workouts = try context.filter(types: [HKObjectType.workoutType()], predicate: predicate)
        let related = SampleFilter.or([.hasParent(workouts), .hasParent(.and([.kinds([.part]), .hasParent(workouts)]))])
        var parents: [UUID] = [], seen: Set<UUID> = []
        for case .saved(let record) in try storage.changes(after: anchor, through: latest, matching: .and([effort, related]), limit: nil).changes {
            if let parent = record.parent, seen.insert(parent).inserted { parents.append(parent) }
        }
        let pairs = try self.workouts(of: parents, matching: workouts, context: context)
        guard !pairs.isEmpty else { return WorkoutEffortRelationships(relationships: [], anchor: newAnchor) }
        let records = try storage.records(matching: .and([effort, .or(pairs.map { .parent($0.parent) })]), sort: [], limit: nil)
        var samples: [UUID: [HKSample]] = [:]
        for (record, sample) in zip(records, try QueryMapping.samples(from: records, storage: storage)) {
            if let parent = record.parent { samples[parent, default: []].append(sample) }
        }
        let relationships = pairs.map { pair in
            let activity = pair.workout.workoutActivities.first { WorkoutEffort.parent(of: pair.workout, activity: $0) == pair.parent }
            let all = samples[pair.parent] ?? []
            return HKWorkoutEffortRelationship(workout: pair.workout, activity: activity,
                                               samples: option == .mostRelevant ? mostRelevant(all) : all)
        }
        return WorkoutEffortRelationships(relationships: relationships, anchor: newAnchor)
    }

    /// The workout each of `parents` (workout or activity records) belongs to, for those workouts that match `filter`
    /// (already restricted to what the app may read); in the order of `parents`.
    private static func workouts(of parents: [UUID], matching filter: SampleFilter,
                                 context: QueryContext) throws -> [(parent: UUID, workout: HKWorkout)] {
        guard !parents.isEmpty else { return [] }
        let storage = context.storage
        var workoutOf: [UUID: UUID] = [:]
        for record in try storage.records(matching: .uuids(Set(parents)), sort: [], limit: nil, includePayload: false) {
            workoutOf[record.uuid] = record.kind == .workout ? record.uuid : record.parent
        }
        let records = try storage.records(matching: .and([.uuids(Set(workoutOf.values)), filter]), sort: [], limit: nil)
        var workouts: [UUID: HKWorkout] = [:]
        for case let workout as HKWorkout in try QueryMapping.samples(from: records, storage: storage) { workouts[workout.uuid] = workout }
        return parents.compactMap { parent in workoutOf[parent].flatMap { workouts[$0] }.map { (parent, $0) } }
    }

    /// The most relevant of `samples` (in the order they were related): the person's own rating
    /// (`workoutEffortScore`) before an estimate, and the one related last among equals.
    static func mostRelevant(_ samples: [HKSample]) -> [HKSample] {
        let rated = samples.last { $0.sampleType.identifier == HKQuantityTypeIdentifier.workoutEffortScore.rawValue }
        return (rated ?? samples.last).map { [$0] } ?? []
    }
}
