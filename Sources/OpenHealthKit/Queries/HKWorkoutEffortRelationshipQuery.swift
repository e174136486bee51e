public import Foundation
import HealthDatabase
public import HealthKitModel

/// Which related samples a workout effort relationship query returns (iOS 18).
public enum HKWorkoutEffortRelationshipQueryOptions: Int, Sendable, Hashable {
    /// Every sample related to each workout or activity.
    case `default` = 0
    /// Only the most relevant sample of each workout or activity: the person's own rating (`workoutEffortScore`)
    /// before an estimate (`estimatedWorkoutEffortScore`), and among those the one related last (OpenHealthKit's
    /// rule: HealthKit does not document one).
    case mostRelevant = 1
}

/// A long-running query for the workout effort samples related to workouts (iOS 18).
///
/// The predicate selects workouts (any workout predicate: `predicateForObject(with:)`, `predicateForSamples(withStart:
/// end:options:)`, `predicateForWorkouts(with:)`, ...; nil for every workout). The first call of the results handler
/// holds the relationships that gained a related sample after `anchor` (every relationship when nil), possibly none;
/// each later commit that relates a sample to a matching workout calls it again with the relationships it touched,
/// each with every sample related to it now, and a new anchor. A relationship is one workout, or one of its
/// activities, with its samples. Relations that end (unrelating, deleting) are not reported as such: the next report
/// of that workout or activity shows its samples as they are then. The query runs until ``HKHealthStore/stop(_:)``.
/// Workouts and samples the app may not read are left out, as everywhere.
open class HKWorkoutEffortRelationshipQuery: HKQuery, @unchecked Sendable {
    /// The results handler's signature: the query, the relationships, the new anchor, an error.
    public typealias ResultsHandler = @Sendable (HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?,
                                                 (any Error)?) -> Void

    /// The anchor the query reads after (nil: from the beginning) (OpenHealthKit extension).
    let anchor: HKQueryAnchor?
    /// Which samples each relationship holds (OpenHealthKit extension).
    let options: HKWorkoutEffortRelationshipQueryOptions
    private let resultsHandler: ResultsHandler

    /// A query for the relationships of the workouts matching `predicate` newer than `anchor`, as `options` asks.
    public init(predicate: NSPredicate?, anchor: HKQueryAnchor?, options: HKWorkoutEffortRelationshipQueryOptions,
                resultsHandler: @escaping ResultsHandler) {
        self.anchor = anchor
        self.options = options
        self.resultsHandler = resultsHandler
        super.init(objectType: HKObjectType.workoutType(), predicate: predicate)
    }

    package override func start(_ run: QueryRun) {
        let position = RunState(anchor?.rawValue ?? 0)
        guard deliver(after: position, run: run, always: true) else {
            execution.finish()
            return
        }
        ChangeFollower(run: run, after: position.value) { [self] _, _, _ in
            _ = deliver(after: position, run: run, always: false)
        }.start()
    }

    /// Reads the relationships after `position` and reports them (when there are some, or `always`); advances
    /// `position`. Returns false when the read failed (the error was reported).
    private func deliver(after position: RunState<Int64>, run: QueryRun, always: Bool) -> Bool {
        do {
            let read = try WorkoutEffortRelationships.read(after: position.value, workouts: predicate, option: options, context: run.context)
            position.value = read.anchor.rawValue
            if (always || !read.relationships.isEmpty) && !run.isCancelled { resultsHandler(self, read.relationships, read.anchor, nil) }
            return true
        } catch {
            resultsHandler(self, nil, nil, HKError.from(error))
            return false
        }
    }

    package override func fail(_ error: HKError) {
        resultsHandler(self, nil, nil, error)
    }
}
